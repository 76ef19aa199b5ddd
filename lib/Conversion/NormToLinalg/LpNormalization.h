//===- LpNormalization.h - the LpNormalization lowering ---------*- C++ -*-===//
//
// What LpNormalization.cpp (the pattern) takes from
// LpNormalizationOuterAxes.cpp: the sums, per-slice reciprocals and
// quotients of a normalization over an axis other than the innermost one.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_LPNORMALIZATION_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_LPNORMALIZATION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace norm {

/// Rows of X added per step of a reduction over a non-innermost axis: enough
/// independent loads per step to hide their latency, few enough to keep the
/// accumulators in registers (8 was measured faster than 4 and 16).
constexpr int64_t kRowsPerStep = 8;

/// Returns S = sum of term(x) over `axis`, which is not the innermost axis:
/// the loop along `axis` is outside the one along the innermost axis, so
/// every step of it loads and stores the whole row of partial sums (one
/// accumulator per slice). kRowsPerStep rows are added per step instead
/// (that many strided views of X), which divides that load/store traffic by
/// kRowsPerStep; the first rows % kRowsPerStep rows are reduced by a plain
/// reduction whose result initializes the other one. The order of the
/// additions changes, not the accumulation type. Only for shapes without a
/// static zero size (the caller checks; tensor.extract_slice rejects a
/// static offset outside a static dim even for an empty slice). `dest`, if
/// set, is the tensor (of the result's shape) to accumulate into, e.g. a
/// loop's destination slice; it is zeroed first. `wholeSteps`: the caller
/// guarantees that the rows are a multiple of kRowsPerStep, and the plain
/// reduction is left out (less code to compile).
Value buildMultiRowAxisSum(
    OpBuilder &b, Location loc, Value input, int64_t axis, FloatType accType,
    function_ref<Value(OpBuilder &, Location, Value)> term, Value dest = {},
    bool wholeSteps = false);

/// Returns R = 1 / Norm per slice (Norm = S or sqrt(S) from the per-slice
/// sums `sum`) in `accType`, by a linalg.map (elementwise fusion, which
/// works on linalg.generic only, would put the square root and division
/// back into Y's loop). A zero slice is the one where R = 1 / 0 = +inf
/// (S = +inf gives R = 0 and S = NaN gives R = NaN).
Value buildReciprocalNorm(OpBuilder &b, Location loc, Value sum, int64_t p,
                          FloatType accType);

/// Returns y = R == +inf ? 0 : x * R in `accType`, rounded once to
/// `elementType`, for an element x of X and its slice's R
/// (buildReciprocalNorm).
Value buildReciprocalQuotient(OpBuilder &b, Location loc, Value x,
                              Value reciprocal, FloatType accType,
                              FloatType elementType);

/// Returns Y = X / ||X||_p over axis 0 of the f32/f16/bf16 tensor `input`
/// of rank >= 2 without static zero sizes, viewed as [A, Q] (the trailing
/// dims collapsed): S by buildChunkedLeadingSum in `accType`, per-column
/// factors by linalg.map, then Y in an scf.forall over the rows (threads),
/// each row one contiguous stream of X and of Y:
/// * f32: Y = (X * Scale) * Reciprocal in f32 (ScaledNorms.h,
///   ScaledReciprocal);
/// * f16/bf16: R = 1 / Norm in `accType`, Y = R == +inf ? 0 : X * R
///   rounded once (R = +inf marks a zero column).
Value buildLeadingAxisLpNorm(OpBuilder &b, Location loc, Value input, int64_t p,
                             FloatType elementType, FloatType accType);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_LPNORMALIZATION_H
