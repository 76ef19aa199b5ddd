//===- FloatArithmetic.h - scalar float ops of the lowerings ----*- C++ -*-===//
//
// Scalar float conversions with a single rounding, the reassociable add
// of the reductions, constants, and the term and root of an Lp norm.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_FLOATARITHMETIC_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_FLOATARITHMETIC_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace norm {

/// Converts a float or signed-integer scalar to the float type `type`:
/// sitofp for integers, exact extf for narrower floats (f16/bf16 -> f64 goes
/// through f32), and a single rounding (createTruncF) for wider floats.
Value convertToFloat(OpBuilder &b, Location loc, Value value, FloatType type);

/// Rounds the float `value` once to the narrower float type `type`. f64 ->
/// f16/bf16 is done as a round-to-odd to f32 followed by arith.truncf to the
/// 16-bit type, which equals one correct rounding and avoids the compiler-rt
/// calls (no f64 -> bf16 expansion exists in arith-expand).
Value createTruncF(OpBuilder &b, Location loc, Value value, FloatType type);

/// Returns `lhs + rhs` with fastmath<reassoc>, so that LLVM may reorder (and
/// vectorize) the reduction it is part of.
Value createReassocAdd(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// Returns the float constant `value` of type `type`.
Value createFloatConstant(OpBuilder &b, Location loc, FloatType type,
                          double value);

/// Returns |x| (p = 1) or x * x (p = 2): one term of sum(|x|^p).
Value createPowerTerm(OpBuilder &b, Location loc, Value x, int64_t p);

/// Returns s (p = 1) or sqrt(s) (p = 2): the Lp norm from sum(|x|^p).
Value createRoot(OpBuilder &b, Location loc, Value sum, int64_t p);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_FLOATARITHMETIC_H
