//===- LoweringContract.h - NormToLinalgOptions helpers ---------*- C++ -*-===//
//
// What the patterns read from the lowering contract (NormToLinalg.h):
// the check that the dialects they create are loaded, the check of the
// sizes known at compile time against the ops' size rules, and the number of
// partial sums that NormToLinalgOptions guarantees for a reduction, on
// which the accuracy bounds of the f32 sums rest.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_LOWERINGCONTRACT_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_LOWERINGCONTRACT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
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

/// The size of dim `dim` of the tensor `value` known at compile time: its
/// static size, the static size of the source of a chain of tensor.casts,
/// or a constant that ValueBoundsConstraintSet derives from the producers
/// (a tensor.extract_slice or tensor.empty of constant size). These are the
/// sizes that canonicalization after the lowering may fold into the types
/// of the linalg ops it creates. std::nullopt where none is known.
std::optional<int64_t> getKnownSize(Value value, int64_t dim);

/// Emits an error on `op` (a norm op) and fails if one of the size rules of
/// its run-time checks fails on the sizes known at compile time
/// (norm::verifyKnownSizes with getKnownSize): a Scale of 3 elements cast to
/// tensor<?xf32> for X [2, 4]. Lowered, such an op would become linalg ops
/// whose static sizes disagree once canonicalization folds the cast into
/// them, which the verifier rejects; the run-time check would fail on every
/// execution anyway.
LogicalResult checkKnownSizes(Operation *op);

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
