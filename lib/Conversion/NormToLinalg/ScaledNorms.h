//===- ScaledNorms.h - Lp norms without overflow ----------------*- C++ -*-===//
//
// What LpNormalization and Normalizer share: the max|x| scaled Lp norm
// that keeps f64 sums from overflowing or underflowing, and the f32 fast
// paths (an f32 power sum with an exact f64 fallback per slice, quotients
// by scaled reciprocals, an exact row maximum).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_SCALEDNORMS_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_SCALEDNORMS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

namespace mlir {
namespace norm {

//===----------------------------------------------------------------------===//
// Scaled Lp norm
//===----------------------------------------------------------------------===//

/// The two per-slice reductions of an Lp norm computed without overflow or
/// underflow: maxAbs = max(|x|) and sum = sum(|x / maxAbs|^p).
struct ScaledPowerSum {
  Value maxAbs;
  Value sum;
};

/// Builds the reductions of ScaledPowerSum over `reducedDims` of `input`,
/// converting its elements to `computeType` first.
ScaledPowerSum buildScaledPowerSum(OpBuilder &b, Location loc, Value input,
                                   ArrayRef<int64_t> reducedDims, int64_t p,
                                   FloatType computeType);

/// Builds the scalar x / ||x||_p from the ScaledPowerSum values of x's slice
/// (all of one float type):
///   m == 0   -> zeroResult (0 where null)
///   m == inf -> x / m            (as x / inf: 0, or NaN for infinite x)
///   else     -> (x / m) / root(s)
/// A NaN in the slice makes m NaN, and the last branch gives NaN.
Value buildScaledQuotient(OpBuilder &b, Location loc, Value x, Value maxAbs,
                          Value sum, int64_t p, Value zeroResult);

//===----------------------------------------------------------------------===//
// f32 fast paths (LpNormalization, Normalizer)
//===----------------------------------------------------------------------===//

/// Longest slice whose sum(|x|^p) buildGuardedF32PowerSum accumulates in
/// f32 under `options`: the worst-case relative error of an f32 sum of n
/// nonnegative terms in L partial sums, (n / L + log2 L) * 2^-24, stays
/// within 68 * 2^-24 = 4e-6 (n <= L * (68 - log2 L): 1024 at L = 16, 68 for
/// a sequential sum), so that the norm, and the result, stay within 5e-6 of
/// the float64 reference, half of the f32 tolerance (rtol 1e-5).
int64_t getMaxF32SumLength(const NormToLinalgOptions &options);

/// Returns per-slice S = sum(|x|^p) (p = 1 or 2) over the innermost dim of
/// the f32 tensor `input`, as f64 values: an f32 reduction (reassociated,
/// vectorizable) whose result is used where it is safe, and an exact f64
/// loop over the slice (scf.for in a linalg.map over the slices) where it is
/// not: S not in [2^-100, 2^100] (p = 2: squares may have underflowed or
/// overflowed), S not finite (p = 1), or a slice longer than `maxLength`
/// (getMaxF32SumLength; a dynamic size: the f32 reduction then covers no
/// elements). The caller handles static sizes above `maxLength`.
Value buildGuardedF32PowerSum(OpBuilder &b, Location loc, Value input,
                              int64_t p, int64_t maxLength);

/// The per-slice factors of buildScaledF32Quotient: x / d = (x * scale) *
/// reciprocal, with scale = 2^k (|d| * scale in [0.5, 1), k clamped to
/// [-126, 127]) and reciprocal = 1 / (d * scale) rounded once to f32, so
/// that neither factor overflows or underflows for any d of f32 or integer
/// data (f64 d in [2^-149, 2^200]). scale is 0 where d == 0; a NaN or
/// infinite d gives scale 1 and reciprocal NaN or 0 (x / inf). Where
/// 2^-64 <= |d| <= 2^64, scale is 1 and reciprocal 1 / d (an scf.if per
/// slice skips the exponent arithmetic): the same quotients where they are
/// at least 2^-125, rounded once instead of twice below.
struct ScaledReciprocal {
  Value scale;
  Value reciprocal;
};

/// Builds the two per-slice f32 tensors of ScaledReciprocal from the
/// per-slice tensor `divisor`, each by a linalg.map (not a linalg.generic:
/// elementwise fusion would move them into the per-element loop).
/// `toDivisor` maps an element of `divisor` to d as f64 (e.g. the square
/// root of a sum); null: the element converted to f64.
/// `scalarLoops`: tensor.generate ops instead (scalar loops after
/// bufferization, left alone by norm-vectorize-rows), for factors computed
/// outside any slice loop, where they are few and vectorizing them costs
/// compile time. `withScale` false: only the reciprocal is built (scale is
/// null), for callers that have shown x * scale * reciprocal to equal
/// x * reciprocal for their data.
ScaledReciprocal buildScaledReciprocal(
    OpBuilder &b, Location loc, Value divisor,
    function_ref<Value(OpBuilder &, Location, Value)> toDivisor,
    bool scalarLoops = false, bool withScale = true);

/// Returns the per-slice signed maximum over the innermost dim of the f32
/// tensor `input` (an f32 tensor of the other dims), exactly, NaN where the
/// slice has a NaN, -inf for an empty slice. Computed with integer max
/// reductions (arith.maxsi, which LLVM's loop vectorizer and linalg
/// vectorize; arith.maximumf becomes compare/select code that LLVM leaves
/// scalar): of the keys of X, ordered as the floats (-inf < ... < -0 < +0 <
/// ... < +inf), and of |X|'s bits, which exceed +inf's for a NaN of either
/// sign.
Value buildF32RowMax(OpBuilder &b, Location loc, Value input);

/// Returns the f32 x / d from the ScaledReciprocal elements of x's slice:
/// scale == 0 (d == 0) -> zeroResult, else (x * scale) * reciprocal. At most
/// about 1.5 ulp from the correctly rounded quotient.
Value buildScaledF32Quotient(OpBuilder &b, Location loc, Value x, Value scale,
                             Value reciprocal, Value zeroResult);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_SCALEDNORMS_H
