//===- LayerNormalizationExact.cpp - LayerNorm f64 recomputation ----------===//
//
// Mean and InvStdDev per slice, with the exact recomputation in f64 (the
// shifted two-pass algorithm, scalar loops) of the rare slices whose
// statistics from the vector passes may be distorted (LayerNormalization.h;
// the math is in LayerNormalization.cpp's file comment).
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "LayerNormalization.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::norm;

//===----------------------------------------------------------------------===//
// The mean as High + Low
//===----------------------------------------------------------------------===//

/// Returns whether `value` is finite.
static Value buildIsFinite(OpBuilder &b, Location loc, Value value) {
  auto type = cast<FloatType>(value.getType());
  return arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, value),
      arith::ConstantOp::create(
          b, loc,
          b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics()))));
}

/// Returns High (`high`) or Low of the mean of a slice, both in the
/// stage-one type `c`, from the vector passes: High = K - Q, the mean
/// rounded once to C, and Low its exact rounding error (TwoSum of K and -Q,
/// Knuth: no assumption on their magnitudes; exact unless the difference
/// overflows, in which case Var0 = +inf and the slice is recomputed).
static Value buildVectorMeanPart(OpBuilder &b, Location loc, Value shift,
                                 Value offset, bool high) {
  Value difference = arith::SubFOp::create(b, loc, shift, offset);
  if (high)
    return difference;
  // Q' = K - High, K' = High + Q'.
  Value offsetPart = arith::SubFOp::create(b, loc, shift, difference);
  Value shiftPart = arith::AddFOp::create(b, loc, difference, offsetPart);
  return arith::SubFOp::create(
      b, loc, arith::SubFOp::create(b, loc, shift, shiftPart),
      arith::SubFOp::create(b, loc, offset, offsetPart));
}

/// Returns High (`high`) or Low of the recomputed f64 mean `mean64` in the
/// stage-one type `c`: High = RN(mean64), and Low the rest rounded to C for
/// f32 C (exact in f64), 0 where High is not finite (an infinite or NaN
/// mean: High + Low stays the mean) and for f64 C (the f64 mean is rounded
/// once already).
static Value buildExactMeanPart(OpBuilder &b, Location loc, Value mean64,
                                FloatType c, bool high) {
  Value highPart = createTruncF(b, loc, mean64, c);
  if (high)
    return highPart;
  Value zero = createFloatConstant(b, loc, c, 0.0);
  if (c.isF64())
    return zero;
  Value rest = arith::SubFOp::create(
      b, loc, mean64, convertToFloat(b, loc, highPart, b.getF64Type()));
  return arith::SelectOp::create(b, loc, buildIsFinite(b, loc, highPart),
                                 createTruncF(b, loc, rest, c), zero);
}

//===----------------------------------------------------------------------===//
// Which slices are recomputed
//===----------------------------------------------------------------------===//

/// Returns whether the slice's statistics from the vector passes (K, the
/// shift; Q = ReduceSum(K - X) / n, its offset from the mean; Var0 =
/// SumSq / n, around K - Q; all in C) need the exact recomputation (see
/// LayerNormalization.cpp's file comment), when
/// * 0 < Var0 and (k + 1)^2 * u^2 * (Var0 + Q^2) > 2^-17 * Var0, with u
///   the unit roundoff of C (2^-24 for f32, 2^-53 for f64; compared in f64,
///   where it cannot underflow): the error of Q may make Var0 more than
///   2^-17 too large relatively. Var0 exceeds the variance around the exact
///   mean by (K - Q - mean)^2, and |K - Q - mean| is at most
///   k * u * mean(|X - K|) (to first order, with the rounding of K - X)
///   plus u * |Q| for the division, with mean(|X - K|) <=
///   sqrt(Var + (mean - K)^2) and k = n - 1 for a sequential sum. With
///   `partialSums` L > 1 (getSlicePartialSums: the later pipeline splits the
///   sums of rows of 64 or more in at least L partial sums,
///   NormToLinalgOptions), k = n / L + log2(L), taken + 2 here, for such
///   rows. Only slices whose first element is far from their mean against
///   their spread take the recomputation, |Q| / sqrt(Var0) above about
///   2^15.5 / (k + 1) for f32 (f32 [1e6, 0, ..., 0] with n = 100000); a
///   large common offset costs nothing here (f32 [10000.0625, 10000,
///   10000] has Q = -0.0208333, exact). The rounding of SumSq itself is
///   bounded by buildSumOfSquares (f64 for long slices);
/// * Q^2 > 16 * Var0 (f32 C only): the first element lies more than 4 standard
///   deviations from the mean. The bound above keeps Var0 within 2^-17;
///   Y's error from Q's rounding, |Q| * (k + 1) * u * InvStdDev at worst,
///   grows with |Q| / sqrt(Var0), and measured on N(0, 1) rows whose first
///   element lies r standard deviations out (n = 256 to 16384) reached 1.2
///   to 2.8 of the f32 tolerance at r = 12 to 48 and 0.3 at r = 4 (a new
///   user's run: f32 [30000, N(0, 1) x 4095], Y 1.8 tolerances off). Such
///   first elements are rare in data without outliers (4 standard
///   deviations: 6e-5 of Gaussian rows);
/// * Var0 below the smallest normal number of C (2^-126 for f32, 2^-1022
///   for f64) with SumSq > 0 or 0 < max(|K|, |Q|) < 2^-50 (2^-480 in
///   f64): squares of D, SumSq or Var0 fell into C's subnormal range and
///   kept few of their bits, or underflowed to 0 (with epsilon 0, f32
///   [3e-23, -3e-23] has Var0 about 9e-46, a subnormal, and gave Y =
///   +-0.80 instead of +-1). Elsewhere SumSq = 0 means D = 0: a constant
///   slice, whose Q is 0 exactly (where |K| >= 2^-50, an element other
///   than K differs from K - Q by at least 2^-74, whose square does not
///   underflow to 0; 2^-532 in f64), or K = Q = 0: a zero slice, or one
///   that starts with 0 and sums to 0 exactly, of values whose squares all
///   underflowed (f32 [0, 1e-30, -1e-30]), whose variance, below C's least
///   subnormal, shows only against an epsilon `eps` below C's smallest
///   normal number (0 or an f32 subnormal): with such an epsilon, K = Q = 0
///   is recomputed too (zero slices included). Where Var0 is normal, the
///   squares that are subnormal are each off by at most half C's smallest
///   subnormal, which is under n * u of SumSq;
/// * Var0 = +inf: SumSq overflowed, from values spread beyond about 2^63
///   (f32 [1e19, -1e19] has Var 1e38 < FLT_MAX);
/// * Q = +-inf: the shifted sum overflowed (f32 [3e38, -3e38]: K - X is
///   +inf), or the slice holds an infinity, which the recomputation keeps;
/// * Q = NaN: the slice holds a NaN (kept), or its first element is
///   infinite, or partial sums overflowed to +inf and -inf (f32
///   [0, 1e38, -1e38, 3e38, -3e38]), or it is empty (n = 0, Q = 0 / 0; the
///   recomputation gives NaN too).
static Value buildNeedsExactStatistics(OpBuilder &b, Location loc, Value shift,
                                       Value offset, Value sumSq, Value var0,
                                       Value count64, Value eps,
                                       int64_t partialSums) {
  auto c = cast<FloatType>(offset.getType());
  FloatType f64 = b.getF64Type();
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(c, APFloat::getInf(c.getFloatSemantics())));
  Value zero = createFloatConstant(b, loc, c, 0.0);
  auto cmp = [&](arith::CmpFPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpFOp::create(b, loc, predicate, lhs, rhs).getResult();
  };
  auto any = [&](ArrayRef<Value> conditions) {
    Value result = conditions.front();
    for (Value condition : conditions.drop_front())
      result = arith::OrIOp::create(b, loc, result, condition);
    return result;
  };
  Value absOffset = math::AbsFOp::create(b, loc, offset);
  // (k + 1) * u, and (Var0 + Q^2) * ((k + 1) * u)^2 > 2^-17 * Var0.
  // k = n - 1 for n < 64, else n / L + log2(L) + 2 with L the fewest
  // partial sums of the reduction.
  auto constant = [&](double value) {
    return createFloatConstant(b, loc, f64, value);
  };
  double lanes = partialSums;
  Value k = arith::SubFOp::create(b, loc, count64, constant(1.0));
  if (partialSums > 1)
    k = arith::SelectOp::create(
        b, loc, cmp(arith::CmpFPredicate::OLT, count64, constant(64.0)), k,
        arith::AddFOp::create(
            b, loc,
            arith::MulFOp::create(b, loc, count64, constant(1.0 / lanes)),
            constant(std::log2(lanes) + 2.0)));
  Value bound = arith::MulFOp::create(
      b, loc, arith::AddFOp::create(b, loc, k, constant(1.0)),
      constant(c.isF64() ? 0x1p-53 : 0x1p-24));
  Value var64 = convertToFloat(b, loc, var0, f64);
  Value offset64 = convertToFloat(b, loc, offset, f64);
  Value offsetSquared = arith::MulFOp::create(b, loc, offset64, offset64);
  Value meanErrorBound = arith::MulFOp::create(
      b, loc, arith::AddFOp::create(b, loc, var64, offsetSquared),
      arith::MulFOp::create(b, loc, bound, bound));
  Value nearConstant = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::OGT, var0, zero),
      cmp(arith::CmpFPredicate::OGT, meanErrorBound,
          arith::MulFOp::create(b, loc, var64,
                                createFloatConstant(b, loc, f64, 0x1p-17))));
  // Q^2 > 16 Var0: the first element lies more than 4 standard deviations
  // from the mean, so that the terms K - X are mostly far larger than the
  // spread and the rounding of their sum shows in Y (see the function
  // comment).
  // Only for f32 C: the recomputation of an f64 slice rounds its mean to f64
  // once (Low = 0, buildExactMeanPart), which on offset data is further off
  // than the f64 vector passes, whose Q's rounding (k u |Q|, u = 2^-53) stays
  // far inside the f64 tolerance.
  Value farShift =
      c.isF64() ? Value()
                : cmp(arith::CmpFPredicate::OGT, offsetSquared,
                      arith::MulFOp::create(b, loc, var64, constant(16.0)));
  // max(|K|, |Q|): a NaN Q is caught below.
  Value magnitude = arith::MaxNumFOp::create(
      b, loc, math::AbsFOp::create(b, loc, shift), absOffset);
  // Var0 < the smallest normal number of C, and SumSq > 0 (squares or
  // their mean in C's subnormal range) or a magnitude where D * D may have
  // underflowed to 0.
  Value smallestNormal = arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(c, APFloat::getSmallestNormalized(c.getFloatSemantics())));
  // K = Q = 0 (magnitude 0) with squares that all underflowed to 0 is a
  // zero slice or one of tiny values whose sum is 0 (f32 [0, 1e-30,
  // -1e-30]); their variance, below C's smallest subnormal, matters only
  // against an epsilon below C's smallest normal number (0, or an f32
  // subnormal; 0 alone for f64 C, whose epsilon is an f32): there such
  // slices are recomputed too, zero slices included. A larger epsilon
  // leaves InvStdDev within 2^-25 relatively of 1 / sqrt(epsilon).
  APFloat epsilonValue(0.0);
  bool knownEpsilon = matchPattern(eps, m_ConstantFloat(&epsilonValue));
  bool tinyEpsilon =
      !knownEpsilon || epsilonValue < APFloat::getSmallestNormalized(
                                          epsilonValue.getSemantics());
  auto tinyMagnitude = [&]() {
    return cmp(arith::CmpFPredicate::OLT, magnitude,
               createFloatConstant(b, loc, c, c.isF64() ? 0x1p-480 : 0x1p-50));
  };
  Value underflowed = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::OLT, var0, smallestNormal),
      arith::OrIOp::create(
          b, loc, cmp(arith::CmpFPredicate::OGT, sumSq, zero),
          tinyEpsilon
              ? tinyMagnitude()
              : arith::AndIOp::create(
                    b, loc, cmp(arith::CmpFPredicate::OGT, magnitude, zero),
                    tinyMagnitude())
                    .getResult()));
  // Q = +-inf or NaN (unordered or >= inf): the shifted sum overflowed, the
  // slice holds an infinity or a NaN, or its partial sums overflowed to
  // +inf and -inf. An empty slice (Q = 0 / 0) is recomputed too, to NaN
  // again (buildShiftedMeanF64): this keeps one compare on every slice's
  // path (excluding empty slices here was measurably slower on short rows,
  // docs/numerics.md).
  SmallVector<Value> conditions{nearConstant};
  if (farShift)
    conditions.push_back(farShift);
  conditions.append({underflowed, cmp(arith::CmpFPredicate::OEQ, var0, inf),
                     cmp(arith::CmpFPredicate::UGE, absOffset, inf)});
  // Var0 + epsilon = +inf with both finite: InvStdDev would be 0 and Y = B
  // (f32 [9e18, -9e18] with epsilon 3.4e38: InvStdDev 4.87e-20). Possible
  // only where C's largest value plus epsilon rounds to inf (epsilon >=
  // 2^103 for f32 C, never for f64 C), so other modules test nothing more.
  APFloat largestSum = APFloat::getLargest(c.getFloatSemantics());
  bool losesInfo;
  APFloat epsilonInC = epsilonValue;
  epsilonInC.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                     &losesInfo);
  largestSum.add(epsilonInC, APFloat::rmNearestTiesToEven);
  if (!knownEpsilon || largestSum.isInfinity())
    conditions.push_back(cmp(arith::CmpFPredicate::OEQ,
                             arith::AddFOp::create(b, loc, var0, eps), inf));
  return any(conditions);
}

/// Inside a linalg.map over X's outer dims (the dims before `axis`): returns
/// `exact(outer indices)` for a slice of `x` whose statistics from the
/// vector passes (K = `shift`, Q = `offset`, `sumSq`, `var0`) need the exact
/// recomputation (buildNeedsExactStatistics), `vector` otherwise, through
/// an scf.if.
static Value buildIfNeedsExact(
    OpBuilder &b, Location loc, Value x, Value shift, Value offset, Value sumSq,
    Value var0, Value count64, Value eps, int64_t axis,
    const NormToLinalgOptions &options, Value vector,
    function_ref<Value(OpBuilder &, Location, ValueRange)> exact) {
  auto c = cast<FloatType>(offset.getType());
  Value needed =
      buildNeedsExactStatistics(b, loc, shift, offset, sumSq, var0, count64,
                                eps, getSlicePartialSums(x, axis, c, options));
  return buildSliceIf(
      b, loc, needed, axis, exact,
      [&](OpBuilder &, Location, ValueRange) { return vector; });
}

//===----------------------------------------------------------------------===//
// Mean and InvStdDev
//===----------------------------------------------------------------------===//

/// The factors of the deviations X - mean of an f64 slice in its exact
/// recomputation (buildDeviationScale): d = (X * half - mean * half) * scale.
struct DeviationScale {
  Value half, scale;
};

/// Inside the exact recomputation of the slice of `x` at `outer`: returns
/// `scale` = 1 / P, P the largest power of two not above max |X -
/// `mean64`| (2^-1022 where that is below 2^-1022), or 1 where it is not
/// finite: a factor that keeps the squares of the scaled deviations below
/// 4, without overflow for deviations beyond 2^511 or underflow below
/// 2^-511 (buildInvStdDev). `half` is 1, or 0.5 where X - mean itself
/// overflows f64 (a slice spanning more than DBL_MAX, [1e308, -1e308]):
/// then P is taken of max |X * 0.5 - mean * 0.5| (a second pass), exact but
/// for subnormal terms, far below such a spread.
static DeviationScale buildDeviationScale(OpBuilder &b, Location loc, Value x,
                                          ValueRange outer, int64_t axis,
                                          Value mean64) {
  FloatType f64 = b.getF64Type();
  auto maxDeviationOf = [&](OpBuilder &ob, Location oloc, Value half) {
    return buildSliceFoldF64(
        ob, oloc, x, outer, axis, createFloatConstant(ob, oloc, f64, 0.0),
        [&](OpBuilder &fb, Location floc, Value acc, Value element) {
          Value difference =
              half ? arith::SubFOp::create(
                         fb, floc,
                         arith::MulFOp::create(fb, floc, element, half),
                         arith::MulFOp::create(fb, floc, mean64, half))
                   : arith::SubFOp::create(fb, floc, element, mean64);
          // NaN propagates (arith.maximumf): a slice whose deviations are
          // NaN (a NaN, or infinities) gets P = NaN and the factor 1, so
          // that its InvStdDev is NaN (a NaN-dropping maximum gave P =
          // 2^-1022, epsilon / P^2 overflowed, and InvStdDev became
          // 1 / sqrt(epsilon)).
          Value d = math::AbsFOp::create(fb, floc, difference);
          return arith::MaximumFOp::create(fb, floc, acc, d).getResult();
        });
  };
  Value plain = maxDeviationOf(b, loc, Value());
  Value one = createFloatConstant(b, loc, f64, 1.0);
  Value overflowed = arith::AndIOp::create(
      b, loc,
      arith::XOrIOp::create(b, loc, buildIsFinite(b, loc, plain),
                            arith::ConstantIntOp::create(b, loc, 1, 1)),
      buildIsFinite(b, loc, mean64));
  Value half = arith::SelectOp::create(
      b, loc, overflowed, createFloatConstant(b, loc, f64, 0.5), one);
  Value maxDeviation =
      scf::IfOp::create(
          b, loc, overflowed,
          [&](OpBuilder &tb, Location tloc) {
            scf::YieldOp::create(
                tb, tloc,
                maxDeviationOf(tb, tloc,
                               createFloatConstant(tb, tloc, f64, 0.5)));
          },
          [&](OpBuilder &eb, Location eloc) {
            scf::YieldOp::create(eb, eloc, plain);
          })
          .getResult(0);
  // P: maxDeviation with its mantissa cleared.
  IntegerType i64 = b.getI64Type();
  Value exponentBits = arith::AndIOp::create(
      b, loc, arith::BitcastOp::create(b, loc, i64, maxDeviation),
      arith::ConstantOp::create(b, loc,
                                b.getIntegerAttr(i64, 0x7FF0000000000000)));
  // A subnormal or zero maximum has no exponent bits: P = 2^-1022 (its
  // deviations scale exactly to below 1). Never NaN (its mantissa is 0).
  Value power = arith::MaximumFOp::create(
      b, loc, arith::BitcastOp::create(b, loc, f64, exponentBits),
      createFloatConstant(b, loc, f64, 0x1p-1022));
  Value scaled = buildIsFinite(b, loc, power);
  return {half,
          arith::SelectOp::create(
              b, loc, scaled, arith::DivFOp::create(b, loc, one, power), one)};
}

/// Inside the exact recomputation (buildIfNeedsExact) of the slice of `x`
/// at `outer`: returns its mean in f64, K - ReduceSum(K - X) / n with K its
/// first element (0 if that is infinite, so that an infinity gives an
/// infinite mean as the reference's; 0 for an empty slice, whose mean is
/// then 0 / 0 = NaN).
static Value buildShiftedMeanF64(OpBuilder &b, Location loc, Value x,
                                 ValueRange outer, int64_t axis,
                                 Value count64) {
  FloatType f64 = b.getF64Type();
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<Value> first(outer);
  first.append(rank - axis, arith::ConstantIndexOp::create(b, loc, 0));
  // An empty slice (n = 0) has no first element: K = 0, and the mean is
  // 0 / 0 = NaN, as the vector passes' Q.
  Value nonEmpty =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, count64,
                            createFloatConstant(b, loc, f64, 0.0));
  auto ifOp = scf::IfOp::create(
      b, loc, nonEmpty,
      [&](OpBuilder &tb, Location tloc) {
        Value element = tensor::ExtractOp::create(tb, tloc, x, first);
        scf::YieldOp::create(tb, tloc, convertToFloat(tb, tloc, element, f64));
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc, createFloatConstant(eb, eloc, f64, 0.0));
      });
  Value k = ifOp.getResult(0);
  k = arith::SelectOp::create(b, loc, buildIsFinite(b, loc, k), k,
                              createFloatConstant(b, loc, f64, 0.0));
  Value offsetSum = buildSliceSumF64(
      b, loc, x, outer, axis, [&](OpBuilder &lb, Location lloc, Value element) {
        return arith::SubFOp::create(lb, lloc, k, element);
      });
  Value mean = arith::SubFOp::create(
      b, loc, k, arith::DivFOp::create(b, loc, offsetSum, count64));
  if (!getElementTypeOrSelf(x.getType()).isF64())
    return mean;
  // f64 X spanning more than DBL_MAX ([1e308, -1e308]): K - X or their sum
  // overflows. Then (a second pass) mean = (K * s - ReduceSum(K * s - X *
  // s) / n) / s with s = 2^-64: no term or partial sum overflows, and the
  // terms are exact but where X * s is subnormal, far below such a spread.
  // An infinity or NaN in X makes both sums non-finite: the plain mean.
  Value overflowed =
      arith::XOrIOp::create(b, loc, buildIsFinite(b, loc, offsetSum),
                            arith::ConstantIntOp::create(b, loc, 1, 1));
  return scf::IfOp::create(
             b, loc, overflowed,
             [&](OpBuilder &tb, Location tloc) {
               Value s = createFloatConstant(tb, tloc, f64, 0x1p-64);
               Value ks = arith::MulFOp::create(tb, tloc, k, s);
               Value scaledSum = buildSliceSumF64(
                   tb, tloc, x, outer, axis,
                   [&](OpBuilder &lb, Location lloc, Value element) {
                     return arith::SubFOp::create(
                         lb, lloc, ks,
                         arith::MulFOp::create(lb, lloc, element, s));
                   });
               Value scaledMean = arith::SubFOp::create(
                   tb, tloc, ks,
                   arith::DivFOp::create(tb, tloc, scaledSum, count64));
               Value result = arith::MulFOp::create(
                   tb, tloc, scaledMean,
                   createFloatConstant(tb, tloc, f64, 0x1p64));
               Value fallback = arith::SelectOp::create(
                   tb, tloc, buildIsFinite(tb, tloc, scaledSum), result, mean);
               scf::YieldOp::create(tb, tloc, fallback);
             },
             [&](OpBuilder &eb, Location eloc) {
               scf::YieldOp::create(eb, eloc, mean);
             })
      .getResult(0);
}

Value mlir::norm::buildExactMean(OpBuilder &b, Location loc, Value x,
                                 int64_t axis, Value shift, Value offset,
                                 Value sumSq, const SliceCount &count,
                                 Value count64, Value eps,
                                 const NormToLinalgOptions &options) {
  FloatType f64 = b.getF64Type();
  return buildSliceMap(
      b, loc, ValueRange{shift, offset, sumSq}, f64,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value var0 = divideByCount(nb, nloc, args[2], count);
        return buildIfNeedsExact(
            nb, nloc, x, args[0], args[1], args[2], var0, count64, eps, axis,
            options, createFloatConstant(nb, nloc, f64, 0.0),
            [&](OpBuilder &tb, Location tloc, ValueRange outer) -> Value {
              return buildShiftedMeanF64(tb, tloc, x, outer, axis, count64);
            });
      });
}

MeanParts mlir::norm::buildMeanParts(OpBuilder &b, Location loc, Value x,
                                     int64_t axis, Value shift, Value offset,
                                     Value sumSq, Value exactMean,
                                     const SliceCount &count, Value count64,
                                     Value eps,
                                     const NormToLinalgOptions &options) {
  auto c = cast<FloatType>(getElementTypeOrSelf(offset.getType()));
  auto part = [&](bool high) {
    return buildSliceMap(
        b, loc, ValueRange{shift, offset, sumSq, exactMean}, c,
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value var0 = divideByCount(nb, nloc, args[2], count);
          return buildIfNeedsExact(
              nb, nloc, x, args[0], args[1], args[2], var0, count64, eps, axis,
              options, buildVectorMeanPart(nb, nloc, args[0], args[1], high),
              [&](OpBuilder &tb, Location tloc, ValueRange) -> Value {
                return buildExactMeanPart(tb, tloc, args[3], c, high);
              });
        });
  };
  return {part(/*high=*/true), part(/*high=*/false)};
}

MeanParts mlir::norm::buildCenteringParts(
    OpBuilder &b, Location loc, Value x, int64_t axis, Value shift,
    Value offset, Value sumSq, Value exactMean, Value invStdDev,
    const MeanParts &mean, const SliceCount &count, Value count64, Value eps,
    const NormToLinalgOptions &options) {
  auto c = cast<FloatType>(getElementTypeOrSelf(offset.getType()));
  FloatType f64 = b.getF64Type();
  // C's largest finite magnitude is below 2^h: h = 128 for f32, 1024 for f64.
  int h = APFloat::semanticsMaxExponent(c.getFloatSemantics()) + 1;
  auto part = [&](bool high) {
    // The mean's part is an operand (not recomputed): norm-fuse-rows then
    // computes it in the row loop as a producer of Y, and writes it from
    // there where it is the Mean result too.
    return buildSliceMap(
        b, loc,
        ValueRange{shift, offset, sumSq, exactMean, invStdDev,
                   high ? mean.high : mean.low},
        c, [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value var0 = divideByCount(nb, nloc, args[2], count);
          return buildIfNeedsExact(
              nb, nloc, x, args[0], args[1], args[2], var0, count64, eps, axis,
              options, buildVectorMeanPart(nb, nloc, args[0], args[1], high),
              [&](OpBuilder &tb, Location tloc, ValueRange) -> Value {
                // A slice whose standard deviation is above 2^h / sqrt(n)
                // (InvStdDev * 2^(h/2) < sqrt(n) * 2^(-h/2), compared in
                // f64) takes High = 0 and Low = the mean rounded to C, so
                // that Y = (X - 0) * InvStdDev - Mean * InvStdDev: X - High
                // may exceed C's range only in such slices (f32 [3e38,
                // -3e38]; max |X - mean| <= sqrt(n - 1) * std), whose
                // |Mean| * InvStdDev is below sqrt(n), the same scale as
                // the terms' (docs/numerics.md, "LayerNorm range"). They are
                // all recomputed here: their squared deviations overflow C.
                auto power = [&](int exponent) {
                  return createFloatConstant(tb, tloc, f64,
                                             std::ldexp(1.0, exponent));
                };
                Value scaledInvStdDev = arith::MulFOp::create(
                    tb, tloc, convertToFloat(tb, tloc, args[4], f64),
                    power(h / 2));
                Value scaledRoot = arith::MulFOp::create(
                    tb, tloc, math::SqrtOp::create(tb, tloc, count64),
                    power(-h / 2));
                Value wide =
                    arith::CmpFOp::create(tb, tloc, arith::CmpFPredicate::OLT,
                                          scaledInvStdDev, scaledRoot);
                Value widePart = high ? createFloatConstant(tb, tloc, c, 0.0)
                                      : createTruncF(tb, tloc, args[3], c);
                return arith::SelectOp::create(tb, tloc, wide, widePart,
                                               args[5]);
              });
        });
  };
  return {part(/*high=*/true), part(/*high=*/false)};
}

Value mlir::norm::buildInvStdDev(OpBuilder &b, Location loc, Value x,
                                 int64_t axis, Value sumSq, Value shift,
                                 Value offset, Value exactMean,
                                 const SliceCount &count, Value count64,
                                 Value eps,
                                 const NormToLinalgOptions &options) {
  auto c = cast<FloatType>(getElementTypeOrSelf(sumSq.getType()));
  FloatType f64 = b.getF64Type();
  auto invStdDev = [](OpBuilder &nb, Location nloc, Value var, Value epsilon) {
    auto type = cast<FloatType>(var.getType());
    Value stdDev = math::SqrtOp::create(
        nb, nloc, arith::AddFOp::create(nb, nloc, var, epsilon));
    return arith::DivFOp::create(
               nb, nloc, createFloatConstant(nb, nloc, type, 1.0), stdDev)
        .getResult();
  };
  return buildSliceMap(
      b, loc, ValueRange{sumSq, shift, offset, exactMean}, c,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value var = divideByCount(nb, nloc, args[0], count);
        Value result = invStdDev(nb, nloc, var, eps);
        Value mean64 = args[3];
        return buildIfNeedsExact(
            nb, nloc, x, args[1], args[2], args[0], var, count64, eps, axis,
            options, result,
            [&](OpBuilder &tb, Location tloc, ValueRange outer) -> Value {
              // f64 X: the squares of deviations beyond about 2^511
              // overflow f64, those below about 2^-511 underflow (f64
              // [1e-200, -1e-200] with epsilon 0). Scale them by 1 / P, P
              // the power of two of max |X - mean| (exact: the sum, Var and
              // InvStdDev = (1 / P) / sqrt(Var / P^2 + epsilon / P^2) round
              // as without it, unless they overflow or underflow). Where
              // epsilon / P^2 overflows, Var < 4 * P^2 is below
              // 2^-1022 * epsilon and Var + epsilon rounds to epsilon:
              // InvStdDev = 1 / sqrt(epsilon). f32 X cannot overflow or
              // underflow here.
              DeviationScale deviation;
              Value scale;
              if (c.isF64()) {
                deviation =
                    buildDeviationScale(tb, tloc, x, outer, axis, mean64);
                // The factor of X - mean itself: half / P.
                scale = arith::MulFOp::create(tb, tloc, deviation.half,
                                              deviation.scale);
              }
              Value sumSq64 = buildSliceSumF64(
                  tb, tloc, x, outer, axis,
                  [&](OpBuilder &lb, Location lloc, Value element) {
                    Value d;
                    if (c.isF64()) {
                      // (X * half - mean * half) / P: X - mean where half
                      // is 1 (multiplications by 1 are exact).
                      d = arith::SubFOp::create(
                          lb, lloc,
                          arith::MulFOp::create(lb, lloc, element,
                                                deviation.half),
                          arith::MulFOp::create(lb, lloc, mean64,
                                                deviation.half));
                      d = arith::MulFOp::create(lb, lloc, d, deviation.scale);
                    } else {
                      d = arith::SubFOp::create(lb, lloc, element, mean64);
                    }
                    return arith::MulFOp::create(lb, lloc, d, d);
                  });
              Value var64 = arith::DivFOp::create(tb, tloc, sumSq64, count64);
              Value eps64 = convertToFloat(tb, tloc, eps, f64);
              if (!c.isF64())
                return createTruncF(tb, tloc, invStdDev(tb, tloc, var64, eps64),
                                    c);
              // (1 / P) / sqrt(Var / P^2 + epsilon / P^2)
              Value scaledEps = arith::MulFOp::create(
                  tb, tloc, arith::MulFOp::create(tb, tloc, eps64, scale),
                  scale);
              Value stdDev = math::SqrtOp::create(
                  tb, tloc, arith::AddFOp::create(tb, tloc, var64, scaledEps));
              Value scaledResult =
                  arith::DivFOp::create(tb, tloc, scale, stdDev);
              // Where epsilon / P^2 overflows: 1 / sqrt(0 * Var + epsilon),
              // the 0 * Var keeping the NaN of an empty slice's Var (0 / 0;
              // its maximum deviation is 0, P = 2^-1022): its InvStdDev is
              // NaN, not 1 / sqrt(epsilon).
              Value negligibleVar = arith::MulFOp::create(
                  tb, tloc, var64, createFloatConstant(tb, tloc, f64, 0.0));
              return arith::SelectOp::create(
                         tb, tloc, buildIsFinite(tb, tloc, scaledEps),
                         scaledResult,
                         invStdDev(tb, tloc, negligibleVar, eps64))
                  .getResult();
            });
      });
}

//===----------------------------------------------------------------------===//
// Y's scaled centering (epsilon = 0)
//===----------------------------------------------------------------------===//

/// Returns S, the factor of Y's scaled form (buildScaledCentering): 2^64 for
/// f32 C, 2^1000 for f64 C. In a slice whose true InvStdDev is above C's
/// range all values lie within 2 max |X - mean| <= 2 sqrt(n) std of each
/// other (n < 2^63), and two of them differ, so they are at most 2^p times
/// that (p C's precision): below 2^-71 for f32 C (std < 2^-128) and about
/// 2^-938 for f64 C (std < 2^-1024); X * S is exact and far from overflow.
/// Two values differ by at least C's smallest subnormal u, so std >= u / 2 /
/// sqrt(n): the true InvStdDev is below 2^182 for f32 and 2^1107 for f64, and
/// InvStdDev / S is finite (and above 2^64, 2^24 for f64). For f64 C the
/// scaled variance is above 2^-213, a normal number.
static double getCenteringScale(FloatType c) {
  return c.isF64() ? 0x1p1000 : 0x1p64;
}

/// Returns whether a slice takes Y's scaled form: its InvStdDev result
/// `invStdDev` is +inf and Y's InvStdDev / S `scaledInvStdDev` is finite
/// (buildScaledCentering sets it to `invStdDev` in every other slice).
static Value buildTakesScaledForm(OpBuilder &b, Location loc, Value invStdDev,
                                  Value scaledInvStdDev) {
  auto c = cast<FloatType>(invStdDev.getType());
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(c, APFloat::getInf(c.getFloatSemantics())));
  return arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, invStdDev, inf),
      buildIsFinite(b, loc, scaledInvStdDev));
}

ScaledCentering mlir::norm::buildScaledCentering(
    OpBuilder &b, Location loc, Value x, int64_t axis, Value shift,
    Value offset, Value sumSq, Value exactMean, Value invStdDev,
    const MeanParts &centering, const SliceCount &count, Value count64,
    Value eps, const NormToLinalgOptions &options) {
  auto c = cast<FloatType>(getElementTypeOrSelf(offset.getType()));
  FloatType f64 = b.getF64Type();
  double factor = getCenteringScale(c);
  auto constant = [&](OpBuilder &nb, Location nloc, FloatType type,
                      double value) {
    return createFloatConstant(nb, nloc, type, value);
  };
  // A per-slice map whose value is `plain(inputs)`, or in a slice that
  // buildIfNeedsExact recomputes `exact(K, inputs, outer indices)`: the
  // scalar passes run only there, and a slice whose InvStdDev overflows C is
  // always recomputed (Var0 is then below C's smallest normal number).
  using PlainFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;
  using ExactFn =
      function_ref<Value(OpBuilder &, Location, Value, ValueRange, ValueRange)>;
  auto perRecomputedSlice = [&](ValueRange inputs, PlainFn plain,
                                ExactFn exact) {
    SmallVector<Value> operands{shift, offset, sumSq};
    llvm::append_range(operands, inputs);
    return buildSliceMap(
        b, loc, operands, c,
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value var0 = divideByCount(nb, nloc, args[2], count);
          return buildIfNeedsExact(
              nb, nloc, x, args[0], args[1], args[2], var0, count64, eps, axis,
              options, plain(nb, nloc, args.drop_front(3)),
              [&](OpBuilder &tb, Location tloc, ValueRange outer) {
                return exact(tb, tloc, args[0], args.drop_front(3), outer);
              });
        });
  };

  // The scaled mean, mean * S, of a recomputed slice. f32 C: the f64 mean
  // (exactMean) times S, exact. f64 C: from Q * S = ReduceSum(K * S - X * S)
  // / n (a scalar pass; meanInput then holds Q * S), as K * S - Q * S, so
  // that it is not rounded to the subnormal grid of f64 as the f64 mean is
  // ([x, x + u, x + 3u] with x = 1.5 * 2^-1008 and u its ulp: the mean
  // x + 4u / 3 is u / 3 off in f64, a quarter of the standard deviation).
  Value meanInput = exactMean;
  if (c.isF64())
    meanInput = perRecomputedSlice(
        {},
        [&](OpBuilder &nb, Location nloc, ValueRange) {
          return constant(nb, nloc, c, 0.0);
        },
        [&](OpBuilder &tb, Location tloc, Value k, ValueRange,
            ValueRange outer) -> Value {
          Value s = constant(tb, tloc, f64, factor);
          Value shiftScaled = arith::MulFOp::create(tb, tloc, k, s);
          Value sum = buildSliceSumF64(
              tb, tloc, x, outer, axis,
              [&](OpBuilder &lb, Location lloc, Value element) {
                return arith::SubFOp::create(
                    lb, lloc, shiftScaled,
                    arith::MulFOp::create(lb, lloc, element, s));
              });
          return arith::DivFOp::create(tb, tloc, sum, count64);
        });
  // High (`high`) or Low of mean * S in C from K and `mean` (meanInput's
  // element): for f64 C, K * S - Q * S and its exact rounding error
  // (TwoSum); for f32 C, mean * S rounded to f32 and the rest rounded to f32.
  auto scaledMeanPart = [&](OpBuilder &nb, Location nloc, Value k, Value mean,
                            bool high) -> Value {
    Value s = constant(nb, nloc, f64, factor);
    if (c.isF64())
      return buildVectorMeanPart(
          nb, nloc, arith::MulFOp::create(nb, nloc, k, s), mean, high);
    Value scaled = arith::MulFOp::create(nb, nloc, mean, s);
    Value highPart = createTruncF(nb, nloc, scaled, c);
    if (high)
      return highPart;
    return createTruncF(
        nb, nloc,
        arith::SubFOp::create(nb, nloc, scaled,
                              convertToFloat(nb, nloc, highPart, f64)),
        c);
  };

  // Y's InvStdDev: InvStdDev / S from the slice's f64 variance (a scalar
  // pass around the scaled mean for f64 C, around the f64 mean for f32 C),
  // rounded once to C, where InvStdDev is +inf and that is finite (the
  // variance is above 0: not a constant slice); InvStdDev elsewhere.
  Value scaledInvStdDev = perRecomputedSlice(
      {invStdDev, meanInput},
      [](OpBuilder &, Location, ValueRange args) { return args[0]; },
      [&](OpBuilder &tb, Location tloc, Value k, ValueRange args,
          ValueRange outer) -> Value {
        Value s = constant(tb, tloc, f64, factor);
        Value high, low;
        if (c.isF64()) {
          high = scaledMeanPart(tb, tloc, k, args[1], /*high=*/true);
          low = scaledMeanPart(tb, tloc, k, args[1], /*high=*/false);
        }
        Value sumSq64 = buildSliceSumF64(
            tb, tloc, x, outer, axis,
            [&](OpBuilder &lb, Location lloc, Value element) {
              // f64 C: (X * S - High) - Low; f32 C: X - mean.
              Value d =
                  c.isF64()
                      ? arith::SubFOp::create(
                            lb, lloc,
                            arith::SubFOp::create(
                                lb, lloc,
                                arith::MulFOp::create(lb, lloc, element, s),
                                high),
                            low)
                      : arith::SubFOp::create(lb, lloc, element, args[1]);
              return arith::MulFOp::create(lb, lloc, d, d);
            });
        Value var = arith::DivFOp::create(tb, tloc, sumSq64, count64);
        Value inverse =
            arith::DivFOp::create(tb, tloc, constant(tb, tloc, f64, 1.0),
                                  math::SqrtOp::create(tb, tloc, var));
        // f64 C: 1 / sqrt(Var * S^2) is InvStdDev / S already.
        if (!c.isF64())
          inverse = createTruncF(
              tb, tloc,
              arith::MulFOp::create(tb, tloc, inverse,
                                    constant(tb, tloc, f64, 1.0 / factor)),
              c);
        return arith::SelectOp::create(
            tb, tloc, buildTakesScaledForm(tb, tloc, args[0], inverse), inverse,
            args[0]);
      });

  // S, High and Low: per-slice selects, without a recomputation of their
  // own (a slice that takes the scaled form was recomputed, so meanInput
  // holds its mean). `inputs` after InvStdDev and Y's InvStdDev; `plain`:
  // the value of the other slices.
  using SelectFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;
  auto part = [&](ValueRange inputs, SelectFn scaledValue, SelectFn plain) {
    SmallVector<Value> operands{invStdDev, scaledInvStdDev};
    llvm::append_range(operands, inputs);
    return buildSliceMap(
        b, loc, operands, c,
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          ValueRange rest = args.drop_front(2);
          return arith::SelectOp::create(
              nb, nloc, buildTakesScaledForm(nb, nloc, args[0], args[1]),
              scaledValue(nb, nloc, rest), plain(nb, nloc, rest));
        });
  };
  auto meanPart = [&](bool high) {
    return part(
        {shift, meanInput, high ? centering.high : centering.low},
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          return scaledMeanPart(nb, nloc, args[0], args[1], high);
        },
        [](OpBuilder &, Location, ValueRange args) { return args[2]; });
  };
  ScaledCentering result;
  result.scale = part(
      {},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        return constant(nb, nloc, c, factor);
      },
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        return constant(nb, nloc, c, 1.0);
      });
  result.high = meanPart(/*high=*/true);
  result.low = meanPart(/*high=*/false);
  result.invStdDev = scaledInvStdDev;
  return result;
}
