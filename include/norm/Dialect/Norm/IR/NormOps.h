//===- NormOps.h - norm dialect operations ----------------------*- C++ -*-===//
//
// The norm ops (see NormOps.td), and the check of their size rules on sizes
// known at compile time (verifyKnownSizes).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_DIALECT_NORM_IR_NORMOPS_H
#define NORM_DIALECT_NORM_IR_NORMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"

#define GET_OP_CLASSES
#include "norm/Dialect/Norm/IR/NormOps.h.inc"

namespace mlir::norm {

/// The size of dim `dim` of the tensor `value` where it is known at compile
/// time, else std::nullopt.
using KnownSizeFn =
    function_ref<std::optional<int64_t>(Value value, int64_t dim)>;

/// Checks the size rules that the run-time checks of `op` test
/// (generateRuntimeVerification: a Scale size that is 1 or X's, a static
/// result size that is X's, C a multiple of num_groups) on the sizes that
/// `knownSize` gives: at least the static sizes of the types, which the
/// verifier has checked, and sizes a caller derives from the producers of
/// the operands (the source of a tensor.cast), which a verifier must not
/// look at. A rule that fails on them fails on every execution: emits an
/// error on `op` with the run-time check's message and the sizes (`'norm.
/// layer_normalization' op dimension 0 of 'Scale' is 3, expected 4
/// (dimension 1 of 'X') or 1`) and fails. Succeeds for ops without such
/// rules (LpNormalization) and ops of other dialects.
LogicalResult verifyKnownSizes(Operation *op, KnownSizeFn knownSize);

} // namespace mlir::norm

#endif // NORM_DIALECT_NORM_IR_NORMOPS_H
