//===- LoweringContract.h - NormToLinalgOptions helpers ---------*- C++ -*-===//
//
// What the patterns read from the lowering contract (NormToLinalg.h):
// the check that the dialects they create are loaded, and the number of
// partial sums that NormToLinalgOptions guarantees for a reduction, on
// which the accuracy bounds of the f32 sums rest.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_LOWERINGCONTRACT_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_LOWERINGCONTRACT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

namespace mlir {
class Operation;
namespace norm {

/// Emits an error on `op` and fails if one of the dialects the patterns
/// create (getNormToLinalgDependentDialects) is not loaded: a pattern must
/// not create ops of an unloaded dialect, and must not lower differently
/// without them.
LogicalResult checkDependentDialectsLoaded(Operation *op);

/// The number of partial sums, L, that `options` guarantees for a
/// reassociated reduction in `accType` over an innermost dim of 64 or more
/// elements: reductionPartialSums for f32 (rounded down to a power of two),
/// half of it for f64, at least 1.
int64_t getReductionPartialSums(const NormToLinalgOptions &options,
                                FloatType accType);

/// Returns L of getReductionPartialSums for f32.
int64_t getF32PartialSums(const NormToLinalgOptions &options);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_LOWERINGCONTRACT_H
