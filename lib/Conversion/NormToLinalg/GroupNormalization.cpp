//===- GroupNormalization.cpp - lower norm.group_normalization to linalg --===//
//
// X [N, C, D1, ..., Dn] with G groups of K = C / G consecutive channels
// (docs/semantics.md, GroupNormalization; InstanceNormalization is G = C,
// K = 1). X is viewed as [N, G, K, D1, ..., Dn] (tensor.expand_shape; X
// itself for InstanceNormalization) and that view as the rows
// [N * G, K * D1 * ... * Dn] (tensor.collapse_shape): one row per (n, group),
// contiguous in X. The rows get the statistics of the LayerNormalization
// lowering (LayerNormalization.h), the shifted two-pass algorithm with the
// exact f64 recomputation of the rows that need it, in the stage-one type C
// (f32, or f64 for f64 X and GroupNormalization's stash_type 11):
//
//   K'         = the row's first element
//   Q          = ReduceSum(K' - X) / n
//   Var        = ReduceSum(((K' - X) - Q)^2) / n       (two passes)
//   InvStdDev  = 1 / sqrt(Var + epsilon)
//   Mean       = High + Low                            (unrounded: High is
//                                                       K' - Q rounded to C,
//                                                       Low its rest)
//
// and Y is one elementwise op over the rows with K apart,
// [N * G, K, D1 * ... * Dn] ([N * C, D1 * ... * Dn] for InstanceNormalization),
// reading the statistics per row straight from their reductions, so that
// norm-fuse-rows computes the statistics and Y of each row in one threaded
// loop, and scale and B as per-row copies [N * G, K] (made once per call by
// a tensor.generate), then reshaped back to X's shape
// (buildRowsGroupNormalization); or, where Y has an elementwise consumer,
// over X itself (C static: the statistics at (n, c floordiv K), scale and B
// per channel, so that the consumer fuses into Y's loop) or over the grouped
// view [N, G, K, D...] (C dynamic; also for an X that is a slice of another
// tensor, whose strided buffer bufferization could only collapse by
// copying):
//
//   Y = ((X - High) - Low) * InvStdDev * scale[c] + B[c]
//
// in C, rounded once to X's type (with ONNX Runtime's fused SiLU applied in
// C before the rounding, `activation` = 1; for f32 C its exp is a
// polynomial of arith ops that vectorizes, buildSiLU). `channels_last`
// (NHWC) is lowered in GroupNormalizationChannelsLast.cpp. The Mean inside
// X - Mean carries its rounding error, so offset data (1e4 + N(0, 0.01))
// matches the float64 reference within the plain tolerances; a constant group
// gives Y = B. An empty group (n = 0) has NaN statistics and no element of Y;
// an X that has no element whatever its dynamic sizes (hasNoElements) gives
// Y without any loop, in either layout.
//
//===----------------------------------------------------------------------===//

#include "GroupNormalization.h"
#include "FloatArithmetic.h"
#include "LayerNormalization.h"
#include "LoweringContract.h"
#include "StructuredBuilders.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::norm;

/// Returns `size` (a static size or ShapedType::kDynamic) divided by
/// `divisor`, dynamic where `size` is.
static int64_t divideStatic(int64_t size, int64_t divisor) {
  return ShapedType::isDynamic(size) ? ShapedType::kDynamic : size / divisor;
}

Value mlir::norm::expandChannels(OpBuilder &b, Location loc, Value operand,
                                 int64_t numGroups) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t channels = type.getDimSize(0);
  OpFoldResult k;
  if (ShapedType::isDynamic(channels)) {
    Value size = tensor::DimOp::create(b, loc, operand, 0);
    k = arith::DivUIOp::create(
            b, loc, size, arith::ConstantIndexOp::create(b, loc, numGroups))
            .getResult();
  } else {
    k = b.getIndexAttr(channels / numGroups);
  }
  auto viewType = RankedTensorType::get(
      {numGroups, divideStatic(channels, numGroups)}, type.getElementType());
  return tensor::ExpandShapeOp::create(
      b, loc, viewType, operand, ArrayRef<ReassociationIndices>{{0, 1}},
      ArrayRef<OpFoldResult>{b.getIndexAttr(numGroups), k});
}

/// Returns whether `x` is a tensor.extract_slice of another tensor, directly
/// or through tensor.cast.
static bool isSliceOfTensor(Value x) {
  while (auto cast = x.getDefiningOp<tensor::CastOp>())
    x = cast.getSource();
  return x.getDefiningOp<tensor::ExtractSliceOp>() != nullptr;
}

/// Returns the [N, G, K, D1, ..., Dn] view of `x` [N, C, D1, ..., Dn].
static Value expandGroups(OpBuilder &b, Location loc, Value x,
                          int64_t numGroups) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<OpFoldResult> xSizes = tensor::getMixedSizes(b, loc, x);
  SmallVector<OpFoldResult> sizes{xSizes[0], b.getIndexAttr(numGroups)};
  SmallVector<int64_t> shape{xType.getDimSize(0), numGroups,
                             divideStatic(xType.getDimSize(1), numGroups)};
  if (xType.isDynamicDim(1))
    sizes.push_back(arith::DivUIOp::create(
                        b, loc, cast<Value>(xSizes[1]),
                        arith::ConstantIndexOp::create(b, loc, numGroups))
                        .getResult());
  else
    sizes.push_back(b.getIndexAttr(xType.getDimSize(1) / numGroups));
  SmallVector<ReassociationIndices> reassociation{{0}, {1, 2}};
  for (int64_t i = 2; i < rank; ++i) {
    sizes.push_back(xSizes[i]);
    shape.push_back(xType.getDimSize(i));
    reassociation.push_back({i + 1});
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, xType.getElementType()), x,
      reassociation, sizes);
}

/// Returns SiLU(`y`) = y / (1 + exp(-y)) for an f32 `y` in arith ops that
/// vectorize (math.exp of a vector becomes one libm call per lane), with few
/// multiply-adds, which bound SiLU's loop. With x = -y: x is clamped to
/// [-87, 133], k = x log2(e) is rounded to the nearest integer by adding
/// 1.5 * 2^23 + 127 - d (whose low bits are then k - d + 127, the biased
/// exponent of 2^(k-d)), r = x - k ln(2), and exp(r) is a degree-5 minimax
/// polynomial on |r| <= ln(2) / 2 (relative error 7.5e-8): exp(x) =
/// 2^k exp(r), relative error about 2e-7 (docs/numerics.md).
///
/// 2^k overflows f32 for k >= 128 (y below -88.37), where SiLU(y) is still
/// a normal or subnormal number (y = -90: -7.37e-38). So where y < -44
/// (k >= 63), d = 64 and the quotient is (y f) / (f + exp(r) 2^(k-64)) with
/// f = 2^-64; elsewhere d = 0, f = 1: y / (1 + exp(r) 2^k). Scaling by f is
/// exact on these normal numbers, so that the value is bit for bit
/// y / (1 + 2^k exp(r)) wherever that has no overflow (the lowering before
/// this form; y >= -88.37), and there is no overflow up to k = 191. The
/// clamp at y = -133 gives k = 192, 2^(k-64) = +inf and SiLU(y) = -0 for y
/// below -132.74 (the reference rounds to -0 in f32 below y = -111), and
/// SiLU(-inf) = -inf / inf = NaN, as in the float64 reference's
/// y / (1 + exp(-y)).
///
/// The steps are taken on y, without negating it: the clamp of y to
/// [-133, 87] is -clamp(x), t = y (-log2(e)) + magic, s = -r = y + k ln(2)
/// (the Cody-Waite steps negated), and the polynomial is evaluated at s with
/// the coefficients of odd degree negated, whose step j gives (-1)^j times
/// the step at r. Rounding is symmetric, so every value is the one the steps
/// on x give (bit for bit, fused or not). The clamp is two integer min ops
/// on y's bits (which order the non-negative floats as signed integers and
/// the negative ones, reversed, as unsigned integers); a NaN y comes out as
/// 87 or -133, and y f keeps the NaN. exp(r) 2^(k-d) is exact (a normal
/// number: k - d >= -126 only where r > 0) or +inf, so that the denominator
/// rounds once, fused or not.
static Value buildSiLUF32(OpBuilder &b, Location loc, Value y, bool keepTiny) {
  FloatType f32 = b.getF32Type();
  IntegerType i32 = b.getI32Type();
  auto constant = [&](double value) {
    return createFloatConstant(b, loc, f32, value);
  };
  auto intConstant = [&](float value) {
    return arith::ConstantIntOp::create(
        b, loc, i32, static_cast<int64_t>(llvm::bit_cast<int32_t>(value)));
  };
  auto i32Constant = [&](int64_t value) {
    return arith::ConstantIntOp::create(b, loc, i32, value);
  };
  // Products and sums that may become fused multiply-adds where the target
  // has them: each fused step rounds once instead of twice, within the
  // bound above.
  auto contract = arith::FastMathFlags::contract;
  auto mul = [&](Value lhs, Value rhs) -> Value {
    return arith::MulFOp::create(b, loc, lhs, rhs, contract);
  };
  auto add = [&](Value lhs, Value rhs) -> Value {
    return arith::AddFOp::create(b, loc, lhs, rhs, contract);
  };
  // Below x = -87, 2^k would leave the normal range; x = 133 gives k = 192,
  // 2^(k-64) = +inf. Without the scaling (!keepTiny), x = 89 gives k = 128,
  // 2^k = +inf, and SiLU(y) = -0 below y = -88.37.
  Value bits = arith::BitcastOp::create(b, loc, i32, y);
  bits = arith::MinSIOp::create(b, loc, bits, intConstant(87.0f));
  bits = arith::MinUIOp::create(b, loc, bits,
                                intConstant(keepTiny ? -133.0f : -89.0f));
  Value clamped = arith::BitcastOp::create(b, loc, f32, bits);
  // Where y < -44 (k >= 63), the 2^k below is 2^(k-64) and a factor f =
  // 2^-64 scales y and the 1; elsewhere (k <= 127) f = 1. The choice need
  // not follow k exactly, so that it is one compare of y, made early.
  Value large =
      keepTiny ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                             y, constant(-44.0)))
               : Value(arith::ConstantIntOp::create(b, loc, 0, 1));
  // t = k + magic with magic = 1.5 * 2^23 + 127 - d, d = 64 where y < -44,
  // else 0 (an f32 of that magnitude is an integer, and both magics are in
  // the same binade), so that k = t - magic exactly and the low 9 bits of t
  // are k - d + 127 in [1, 255] (255: the exponent field of +inf).
  Value magic = arith::SelectOp::create(b, loc, large,
                                        constant(12582912.0 + 127.0 - 64.0),
                                        constant(12582912.0 + 127.0));
  Value t = add(mul(clamped, constant(-1.44269504088896341)), magic);
  Value k = arith::SubFOp::create(b, loc, t, magic);
  // s = -r = k ln(2) - x in two steps (Cody and Waite): k * 0.693359375 is
  // exact, so that s is accurate with or without fused multiply-adds.
  Value s = add(mul(k, constant(0.693359375)), clamped);
  s = add(mul(k, constant(-2.12194440e-4)), s);
  // Minimax for the relative error of exp on |r| <= ln(2) / 2, Horner in
  // s = -r.
  Value p = constant(-8.297630585730076e-3);
  for (double coefficient :
       {4.19154167175293e-2, -1.6667574644088745e-1, 4.9998894333839417e-1,
        -9.999997019767761e-1, 1.0000001192092896})
    p = add(mul(p, s), constant(coefficient));
  Value factor =
      arith::SelectOp::create(b, loc, large, constant(0x1p-64), constant(1.0));
  // 2^(k-d): the low bits of t moved into the exponent field.
  Value scale = arith::BitcastOp::create(
      b, loc, f32,
      arith::ShLIOp::create(b, loc, arith::BitcastOp::create(b, loc, i32, t),
                            i32Constant(23)));
  Value denominator = add(mul(p, scale), factor);
  Value numerator = arith::MulFOp::create(b, loc, y, factor);
  return arith::DivFOp::create(b, loc, numerator, denominator);
}

/// Returns SiLU(`y`) = y / (1 + exp(-y)) for a float `y` of another type
/// than f32 (f64) with math.exp. Where exp(-y) would overflow (y below
/// -floor(ln(max)), f64: -709), it is y / (1 + E^2) with E = exp(-y / 2),
/// taken as (y / E) / (1 / E + E), each quotient a normal number down to
/// y = -2 ln(max) (f64: -1419.5), below that -0; y = -inf gives -inf / inf =
/// NaN, as the float64 reference's y / (1 + exp(-y)). Elsewhere the value is
/// y / (1 + exp(-y)) as before, with one math.exp per element either way.
static Value buildSiLUWithMathExp(OpBuilder &b, Location loc, Value y) {
  auto type = cast<FloatType>(y.getType());
  auto constant = [&](double value) {
    return createFloatConstant(b, loc, type, value);
  };
  double threshold = -std::floor(std::log(
      APFloat::getLargest(type.getFloatSemantics()).convertToDouble()));
  Value one = constant(1.0);
  Value large = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, y,
                                      constant(threshold));
  Value negY = arith::NegFOp::create(b, loc, y);
  Value argument = arith::SelectOp::create(
      b, loc, large, arith::MulFOp::create(b, loc, negY, constant(0.5)), negY);
  Value e = math::ExpOp::create(b, loc, argument);
  Value usual =
      arith::DivFOp::create(b, loc, y, arith::AddFOp::create(b, loc, one, e));
  Value split = arith::DivFOp::create(
      b, loc, arith::DivFOp::create(b, loc, y, e),
      arith::AddFOp::create(b, loc, arith::DivFOp::create(b, loc, one, e), e));
  return arith::SelectOp::create(b, loc, large, split, usual);
}

Value mlir::norm::buildSiLU(OpBuilder &b, Location loc, Value y,
                            FloatType resultType) {
  auto type = cast<FloatType>(y.getType());
  if (!type.isF32())
    return buildSiLUWithMathExp(b, loc, y);
  // Where exp(-y) overflows f32 (y < -88.37), |SiLU(y)| < 4e-37: a result
  // type whose half smallest subnormal is above that (f16: 3e-8) rounds it
  // to -0 either way, so it skips the scaling that keeps such values.
  double halfSmallest =
      APFloat::getSmallest(resultType.getFloatSemantics()).convertToDouble() /
      2;
  return buildSiLUF32(b, loc, y, /*keepTiny=*/halfSmallest < 4e-37);
}

/// Returns the longest row whose sum of squared deviations an f32 statistic
/// accumulates in f32 under `options`, as LayerNormalization does
/// (LayerNormalization.h, buildSumOfSquares): L * (132 - log2 L) elements for
/// L partial sums.
static int64_t getMaxF32SumOfSquaresLength(const NormToLinalgOptions &options,
                                           FloatType f32) {
  int64_t partialSums = getReductionPartialSums(options, f32);
  return partialSums * (132 - llvm::Log2_64(partialSums));
}

/// Returns ReduceSum(((K - X) - Q)^2) per row of `rows` [R, m] (K =
/// `shift`, Q = `offset`, per row, in C), each square and the sum in `acc`.
static Value buildRowSquaredDeviationSum(OpBuilder &b, Location loc, Value rows,
                                         Value shift, Value offset, FloatType c,
                                         FloatType acc) {
  return buildReduction(
      b, loc, rows, ValueRange{shift, offset}, /*reducedDims=*/{1},
      b.getFloatAttr(acc, -0.0),
      [&](OpBuilder &nb, Location nloc, ValueRange elements, Value sum) {
        return buildSquaredDeviationSum(nb, nloc, elements[0], elements[1],
                                        elements[2], sum, c, acc);
      });
}

/// Returns SumSq = ReduceSum(D^2), D = (K - X) - Q, per row of `rows` [R, n]
/// for f32 C (K = `shift`, Q = `offset`, per row), accumulated in f64 as
/// LayerNormalization does for long rows (buildSumOfSquares) and rounded once
/// to f32, with fewer f64 operations (buildChunkedSum): each f64 term is the
/// f32 sum of kSumChunks nonnegative squares, within about 2 * kSumChunks *
/// 2^-24 of its exact value relatively, far inside LayerNorm's bound of
/// 132 * 2^-24 for f32 sums of squares (docs/numerics.md); the f64 additions
/// add less than n * 2^-53. The tail (n mod kSumChunks elements) is summed
/// as LayerNorm's, each square in f64. `length` (n, or 0 where the caller
/// sums the row otherwise) is the part of each row summed here.
static Value buildChunkedSumOfSquares(OpBuilder &b, Location loc, Value rows,
                                      OpFoldResult length, Value shift,
                                      Value offset, FloatType c) {
  return buildChunkedSum(
      b, loc, rows, length, ValueRange{shift, offset},
      [&](OpBuilder &nb, Location nloc, Value x, ValueRange perRow) -> Value {
        Value d = arith::SubFOp::create(
            nb, nloc,
            arith::SubFOp::create(nb, nloc, perRow[0],
                                  convertToFloat(nb, nloc, x, c)),
            perRow[1]);
        return arith::MulFOp::create(nb, nloc, d, d,
                                     arith::FastMathFlags::contract);
      },
      [&](Value tail) {
        return buildRowSquaredDeviationSum(b, loc, tail, shift, offset, c,
                                           b.getF64Type());
      });
}

/// Returns SumSq per row of `rows` [R, n] (buildSumOfSquares's result) for
/// f32 C where a row may be longer than LayerNorm's f32 sums of squares go
/// (getMaxF32SumOfSquaresLength): the f64 accumulation of
/// buildChunkedSumOfSquares for the long rows; for a dynamic n, as LayerNorm
/// does, also an f32 sum over X[..., 0:n] for short rows, each reduction over
/// a prefix of the row that is empty when the other one is taken.
static Value buildLongRowsSumOfSquares(OpBuilder &b, Location loc, Value rows,
                                       Value shift, Value offset, FloatType c,
                                       const NormToLinalgOptions &options) {
  auto rowsType = cast<RankedTensorType>(rows.getType());
  auto round = [&](OpBuilder &nb, Location nloc, Value sum64) {
    return createTruncF(nb, nloc, sum64, c);
  };
  if (!rowsType.isDynamicDim(1))
    return buildSliceMap(
        b, loc,
        buildChunkedSumOfSquares(b, loc, rows,
                                 b.getIndexAttr(rowsType.getDimSize(1)), shift,
                                 offset, c),
        c, [&](OpBuilder &nb, Location nloc, ValueRange args) {
          return round(nb, nloc, args[0]);
        });
  Value length = tensor::DimOp::create(b, loc, rows, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value isLong = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ugt, length,
      arith::ConstantIndexOp::create(b, loc,
                                     getMaxF32SumOfSquaresLength(options, c)));
  Value shortRows = buildPrefixSlice(
      b, loc, rows, 1,
      arith::SelectOp::create(b, loc, isLong, zero, length).getResult());
  Value sum32 =
      buildRowSquaredDeviationSum(b, loc, shortRows, shift, offset, c, c);
  Value sum64 = buildChunkedSumOfSquares(
      b, loc, rows,
      arith::SelectOp::create(b, loc, isLong, length, zero).getResult(), shift,
      offset, c);
  return buildSliceMap(b, loc, ValueRange{sum32, sum64}, c,
                       [&](OpBuilder &nb, Location nloc, ValueRange args) {
                         return arith::SelectOp::create(
                                    nb, nloc, isLong, round(nb, nloc, args[1]),
                                    args[0])
                             .getResult();
                       });
}

GroupStatistics
mlir::norm::buildGroupStatistics(OpBuilder &b, Location loc, Value slices,
                                 int64_t axis, APFloat epsilon, FloatType c,
                                 const NormToLinalgOptions &options) {
  int64_t rank = cast<RankedTensorType>(slices.getType()).getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  SliceCount count = buildSliceCount(b, loc, slices, reducedDims, c);
  bool losesInfo;
  epsilon.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps = arith::ConstantFloatOp::create(b, loc, c, epsilon);
  Value shift = buildSliceShift(b, loc, slices, axis, c);
  Value offset =
      buildShiftOffset(b, loc, slices, shift, axis, c, count, options);
  // f32 rows that may be longer than LayerNorm's f32 sums of squares go:
  // its f64 accumulation with fewer f64 operations
  // (buildLongRowsSumOfSquares).
  auto slicesType = cast<RankedTensorType>(slices.getType());
  int64_t length = slicesType.getDimSize(axis);
  bool longRows = c.isF32() && rank == 2 && axis == 1 &&
                  !llvm::is_contained(slicesType.getShape(), 0) &&
                  (ShapedType::isDynamic(length) ||
                   length > getMaxF32SumOfSquaresLength(options, c));
  Value sumSq =
      longRows
          ? buildLongRowsSumOfSquares(b, loc, slices, shift, offset, c, options)
          : buildSumOfSquares(b, loc, slices, shift, offset, axis, c, options);
  Value count64 =
      buildElementCount(b, loc, slices, reducedDims, b.getF64Type());
  Value exactMean = buildExactMean(b, loc, slices, axis, shift, offset, sumSq,
                                   count, count64, eps, options);
  Value invStdDev = buildInvStdDev(b, loc, slices, axis, sumSq, shift, offset,
                                   exactMean, count, count64, eps, options);
  MeanParts mean = buildMeanParts(b, loc, slices, axis, shift, offset, sumSq,
                                  exactMean, count, count64, eps, options);
  MeanParts centering =
      buildCenteringParts(b, loc, slices, axis, shift, offset, sumSq, exactMean,
                          invStdDev, mean, count, count64, eps, options);
  if (!epsilon.isZero())
    return {centering.high, centering.low, invStdDev};
  // Epsilon 0: Y's scaled form, finite where InvStdDev overflows C.
  ScaledCentering scaled = buildScaledCentering(
      b, loc, slices, axis, shift, offset, sumSq, exactMean, invStdDev,
      centering, count, count64, eps, options);
  return {scaled.high, scaled.low, scaled.invStdDev, scaled.scale};
}

Value mlir::norm::buildGroupNormalizedElement(OpBuilder &b, Location loc,
                                              ValueRange elements, FloatType c,
                                              bool silu, FloatType t,
                                              bool lowTimesInvStdDev,
                                              bool scaled) {
  Value normalized;
  Value scale = scaled ? elements[6] : Value();
  if (lowTimesInvStdDev) {
    // buildNormalizedElement's steps with its product Low * InvStdDev given.
    auto contract = arith::FastMathFlags::contract;
    Value centered =
        buildCenteredElement(b, loc, elements[0], elements[1], c, scale);
    normalized = arith::SubFOp::create(
        b, loc, arith::MulFOp::create(b, loc, centered, elements[3], contract),
        elements[2], contract);
  } else {
    normalized = buildNormalizedElement(b, loc, elements[0], elements[1],
                                        elements[2], elements[3], c, scale);
  }
  Value y = arith::MulFOp::create(b, loc, normalized,
                                  convertToFloat(b, loc, elements[4], c),
                                  arith::FastMathFlags::contract);
  y = arith::AddFOp::create(b, loc, y, convertToFloat(b, loc, elements[5], c),
                            arith::FastMathFlags::contract);
  if (silu)
    y = buildSiLU(b, loc, y, t);
  return createTruncF(b, loc, y, t);
}

Value mlir::norm::buildGroupNormalizedY(OpBuilder &b, Location loc,
                                        Value domain,
                                        const GroupStatistics &stats,
                                        AffineMap statMap, Value scale,
                                        Value bias, AffineMap channelMap,
                                        FloatType c, bool silu, Value init) {
  MLIRContext *ctx = b.getContext();
  auto domainType = cast<RankedTensorType>(domain.getType());
  auto t = cast<FloatType>(domainType.getElementType());
  int64_t rank = domainType.getRank();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  if (!init)
    init = tensor::EmptyOp::create(b, loc,
                                   tensor::getMixedSizes(b, loc, domain), t);
  SmallVector<Value> inputs{domain,          stats.high, stats.low,
                            stats.invStdDev, scale,      bias};
  SmallVector<AffineMap> maps{identity,   statMap,    statMap, statMap,
                              channelMap, channelMap, identity};
  bool scaled = static_cast<bool>(stats.scale);
  if (scaled) {
    inputs.push_back(stats.scale);
    maps.insert(maps.end() - 1, statMap);
  }
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc,
                                buildGroupNormalizedElement(
                                    nb, nloc, args.take_front(inputs.size()), c,
                                    silu, t,
                                    /*lowTimesInvStdDev=*/false, scaled));
      });
  return yOp.getResult(0);
}

/// Returns the per-row copy of the [C] tensor `operand` (scale or B) for Y
/// over the rows of the grouped view (buildRowsGroupNormalization): [N * G,
/// K] with element (r, k) = operand[(r mod G) * K + k] for `numGroups` G, or
/// [N * C] with element r = operand[r mod C] without groups (C = `k`). A
/// tensor.generate (N * C elements, made once per call), not a linalg op:
/// elementwise fusion would pull its index arithmetic into Y's loop. The
/// elements are converted to the computation type `c` (exactly: C is at
/// least as wide as the operand's type), so that Y's loop reads them with a
/// plain broadcast instead of converting them in each step. The caller
/// passes the location of a per-call copy (getCopyLoopLoc).
static Value buildRowChannels(OpBuilder &b, Location loc, Value operand,
                              OpFoldResult numRows,
                              std::optional<int64_t> numGroups, OpFoldResult k,
                              FloatType c) {
  SmallVector<OpFoldResult> sizes{numRows};
  if (numGroups)
    sizes.push_back(k);
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
  Value kValue = getValueOrCreateConstantIndexOp(b, loc, k);
  auto type = RankedTensorType::get(shape, c);
  return tensor::GenerateOp::create(
      b, loc, type, dynamicSizes,
      [&](OpBuilder &nb, Location nloc, ValueRange indices) {
        Value channel;
        if (numGroups) {
          Value group = arith::RemUIOp::create(
              nb, nloc, indices[0],
              arith::ConstantIndexOp::create(nb, nloc, *numGroups));
          channel = arith::AddIOp::create(
              nb, nloc, arith::MulIOp::create(nb, nloc, group, kValue),
              indices[1]);
        } else {
          channel = arith::RemUIOp::create(nb, nloc, indices[0], kValue);
        }
        tensor::YieldOp::create(
            nb, nloc,
            convertToFloat(
                nb, nloc, tensor::ExtractOp::create(nb, nloc, operand, channel),
                c));
      });
}

/// Returns Y of a normalization of `x` [N, C, D1, ..., Dn] (not a slice of
/// another tensor; the arguments of buildGroupNormalization) computed over
/// the rows that the statistics reduce: [N * G, K, D1 * ... * Dn] with
/// groups (K = C / G; [N * G, K] for X of rank 2), [N * C, D1 * ... * Dn]
/// without, reading the statistics at (d0) and scale and B as per-row
/// copies (buildRowChannels); then reshaped to X's shape. Y then reads the
/// per-row statistics straight from their reductions, so that norm-fuse-rows
/// makes the reductions and Y one loop over the rows (threads): each row is
/// read from memory once, and Y is written in the same loop.
static Value buildRowsGroupNormalization(OpBuilder &b, Location loc, Value x,
                                         Value scale, Value bias,
                                         std::optional<int64_t> numGroups,
                                         APFloat epsilon, FloatType c,
                                         bool silu,
                                         const NormToLinalgOptions &options) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  Value grouped = numGroups ? expandGroups(b, loc, x, *numGroups) : x;
  auto groupedType = cast<RankedTensorType>(grouped.getType());
  int64_t groupedRank = groupedType.getRank();

  // The rows [N * G, K * D1 * ... * Dn] of the statistics.
  SmallVector<ReassociationIndices> rowsReassociation{{0, 1}, {}};
  for (int64_t i = 2; i < groupedRank; ++i)
    rowsReassociation[1].push_back(i);
  Value rows =
      tensor::CollapseShapeOp::create(b, loc, grouped, rowsReassociation);
  GroupStatistics stats =
      buildGroupStatistics(b, loc, rows, /*axis=*/1, epsilon, c, options);

  // Y's domain: the rows with K apart from the spatial dims, [N * G, K, D]
  // (the rows themselves without groups or spatial dims).
  Value domain = rows;
  SmallVector<ReassociationIndices> domainReassociation = rowsReassociation;
  if (numGroups && groupedRank > 3) {
    domainReassociation = {{0, 1}, {2}, {}};
    for (int64_t i = 3; i < groupedRank; ++i)
      domainReassociation[2].push_back(i);
    domain =
        tensor::CollapseShapeOp::create(b, loc, grouped, domainReassociation);
  }
  int64_t rank = cast<RankedTensorType>(domain.getType()).getRank();
  SmallVector<OpFoldResult> groupedSizes =
      tensor::getMixedSizes(b, loc, grouped);
  OpFoldResult numRows = tensor::getMixedSize(b, loc, rows, 0);
  OpFoldResult k = numGroups ? groupedSizes[2] : groupedSizes[1];
  Location copyLoc = getCopyLoopLoc(loc);
  Value scaleRows =
      buildRowChannels(b, copyLoc, scale, numRows, numGroups, k, c);
  Value biasRows = buildRowChannels(b, copyLoc, bias, numRows, numGroups, k, c);
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  AffineMap statMap = AffineMap::get(rank, 0, d0, ctx);
  AffineMap channelMap =
      numGroups ? AffineMap::get(rank, 0, {d0, getAffineDimExpr(1, ctx)}, ctx)
                : statMap;
  Value y = buildGroupNormalizedY(b, loc, domain, stats, statMap, scaleRows,
                                  biasRows, channelMap, c, silu);

  // Back to X's shape: the grouped shape, then C = G * K.
  auto t = cast<FloatType>(xType.getElementType());
  y = tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(groupedType.getShape(), t), y,
      domainReassociation, groupedSizes);
  if (numGroups) {
    SmallVector<ReassociationIndices> reassociation{{0}, {1, 2}};
    for (int64_t i = 3; i < groupedRank; ++i)
      reassociation.push_back({i});
    y = tensor::CollapseShapeOp::create(b, loc, y, reassociation);
  }
  return y;
}

Value mlir::norm::buildGroupNormalization(OpBuilder &b, Location loc, Value x,
                                          Value scale, Value bias,
                                          std::optional<int64_t> numGroups,
                                          APFloat epsilon, FloatType c,
                                          bool silu, bool yOverX, Type yType,
                                          const NormToLinalgOptions &options) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t channels = xType.getDimSize(1);
  bool viewY = numGroups && (ShapedType::isDynamic(channels) || !yOverX);

  // Y over the grouped view with several spatial dims: X collapsed to
  // [N, C, D1 * ... * Dn] first, so that Y's innermost loop runs over all of
  // a channel's D1 * ... * Dn contiguous elements, not over Dn alone (a
  // short, masked vector loop for a small W). The statistics are the same
  // (their rows collapse the spatial dims anyway). So too, on either path,
  // for a rank above kMaxUncollapsedRank (StructuredBuilders.h) without a
  // static size 0. Not for a slice of another tensor, whose strided buffer
  // bufferization could only collapse by copying.
  bool highRank = xType.getRank() > kMaxUncollapsedRank &&
                  !llvm::is_contained(xType.getShape(), 0);
  if (((yOverX && viewY) || highRank) && xType.getRank() > 3 &&
      !isSliceOfTensor(x)) {
    SmallVector<ReassociationIndices> reassociation{{0}, {1}, {}};
    for (int64_t i = 2; i < xType.getRank(); ++i)
      reassociation.back().push_back(i);
    Value collapsed = tensor::CollapseShapeOp::create(b, loc, x, reassociation);
    Value y = buildGroupNormalization(b, loc, collapsed, scale, bias, numGroups,
                                      epsilon, c, silu, yOverX,
                                      collapsed.getType(), options);
    Value expanded = tensor::ExpandShapeOp::create(
        b, loc, xType, y, reassociation, tensor::getMixedSizes(b, loc, x));
    return castToType(b, loc, expanded, yType);
  }

  // Without an elementwise consumer to fuse: Y over the rows of the
  // statistics, in their loop (buildRowsGroupNormalization).
  if (!yOverX && !isSliceOfTensor(x))
    return castToType(b, loc,
                      buildRowsGroupNormalization(b, loc, x, scale, bias,
                                                  numGroups, epsilon, c, silu,
                                                  options),
                      yType);

  // The grouped view: [N, G, K, D...], or X itself ([N, C, D...], one
  // group per channel).
  Value grouped = numGroups ? expandGroups(b, loc, x, *numGroups) : x;
  auto groupedType = cast<RankedTensorType>(grouped.getType());

  // The rows [N * G, K * D1 * ... * Dn], one per (n, group).
  SmallVector<ReassociationIndices> rowsReassociation{{0, 1}, {}};
  for (int64_t i = 2; i < groupedType.getRank(); ++i)
    rowsReassociation[1].push_back(i);
  Value rows =
      tensor::CollapseShapeOp::create(b, loc, grouped, rowsReassociation);

  // The statistics of the rows (LayerNormalization.h), axis 1.
  GroupStatistics rowStats =
      buildGroupStatistics(b, loc, rows, /*axis=*/1, epsilon, c, options);

  // The statistics as [N, G].
  SmallVector<OpFoldResult> groupedSizes =
      tensor::getMixedSizes(b, loc, grouped);
  auto statType = RankedTensorType::get(
      {groupedType.getDimSize(0), groupedType.getDimSize(1)}, c);
  auto expandStat = [&](Value stat) -> Value {
    return tensor::ExpandShapeOp::create(
        b, loc, statType, stat, ArrayRef<ReassociationIndices>{{0, 1}},
        ArrayRef<OpFoldResult>{groupedSizes[0], groupedSizes[1]});
  };
  GroupStatistics stats{expandStat(rowStats.high), expandStat(rowStats.low),
                        expandStat(rowStats.invStdDev)};
  if (rowStats.scale)
    stats.scale = expandStat(rowStats.scale);

  // Y = ((X - High) - Low) * InvStdDev * scale + B, rounded once to X's
  // type: over the grouped view, with scale and B as [G, K], whose
  // statistics are per slice of its outer dims (norm-fuse-rows fuses the
  // passes of each group); with `yOverX` and a static C over X itself, the
  // group of channel c being c floordiv K, so that an elementwise consumer
  // of Y fuses into its loop. InstanceNormalization (K = 1): over X.
  Value domain = x;
  AffineExpr d0 = getAffineDimExpr(0, ctx), d1 = getAffineDimExpr(1, ctx);
  AffineExpr group = d1;
  if (viewY) {
    domain = grouped;
    scale = expandChannels(b, loc, scale, *numGroups);
    bias = expandChannels(b, loc, bias, *numGroups);
  } else if (numGroups && channels / *numGroups > 1) {
    group = d1.floorDiv(channels / *numGroups);
  }
  int64_t rank = cast<RankedTensorType>(domain.getType()).getRank();
  AffineMap statMap = AffineMap::get(rank, 0, {d0, group}, ctx);
  AffineMap channelMap =
      viewY ? AffineMap::get(rank, 0, {d1, getAffineDimExpr(2, ctx)}, ctx)
            : AffineMap::get(rank, 0, d1, ctx);
  Value y = buildGroupNormalizedY(b, loc, domain, stats, statMap, scale, bias,
                                  channelMap, c, silu);
  if (viewY) {
    SmallVector<ReassociationIndices> reassociation{{0}, {1, 2}};
    for (int64_t i = 3; i < rank; ++i)
      reassociation.push_back({i});
    y = tensor::CollapseShapeOp::create(b, loc, y, reassociation);
  }
  return castToType(b, loc, y, yType);
}

/// Returns whether every X of type `xType` that the op accepts has no
/// element, so that Y is known without computing anything:
/// * a static size 0;
/// * a dynamic C with `numGroups` so large that any C it divides other than
///   0 (so at least `numGroups`) would make X, or the per-group statistics
///   (up to 8 bytes each), hold more bytes than int64 counts: with the
///   run-time check of the op (C divisible by num_groups), C is then 0. The
///   lowering's static shapes ([N * G] statistics) could not even be built.
static bool hasNoElements(RankedTensorType xType, int64_t channelDim,
                          int64_t numGroups) {
  if (llvm::is_contained(xType.getShape(), 0))
    return true;
  if (!xType.isDynamicDim(channelDim))
    return false;
  std::optional<int64_t> bytes = llvm::checkedMul<int64_t>(
      numGroups, std::max<int64_t>(
                     8, llvm::divideCeil(xType.getElementTypeBitWidth(), 8)));
  for (int64_t size : xType.getShape())
    if (bytes && !ShapedType::isDynamic(size))
      bytes = llvm::checkedMul<int64_t>(*bytes, size);
  return !bytes;
}

namespace {

/// Lowers norm.group_normalization (see the file comment).
struct GroupNormalizationLowering
    : public OpConversionPattern<GroupNormalizationOp> {
  GroupNormalizationLowering(MLIRContext *context,
                             const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(GroupNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)) || failed(checkKnownSizes(op)))
      return failure();
    Value x = adaptor.getX();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 2 ||
        !isa<FloatType>(xType.getElementType()))
      return rewriter.notifyMatchFailure(op, "expects a float X of rank >= 2");
    for (Value operand : {adaptor.getScale(), adaptor.getB()}) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getRank() != 1)
        return rewriter.notifyMatchFailure(op, "expects scale and B of rank 1");
    }
    int64_t numGroups = op.getNumGroups();
    if (numGroups < 1)
      return rewriter.notifyMatchFailure(op, "expects num_groups >= 1");
    int64_t channelDim = op.getChannelsLast() ? xType.getRank() - 1 : 1;
    if (!xType.isDynamicDim(channelDim) &&
        xType.getDimSize(channelDim) % numGroups != 0)
      return rewriter.notifyMatchFailure(op,
                                         "expects C divisible by num_groups");
    if (op.getActivationKind() != 0 && op.getActivationKind() != 1)
      return rewriter.notifyMatchFailure(op, "expects activation 0 or 1");
    if (hasNoElements(xType, channelDim, numGroups)) {
      // Y has no element: X's shape, nothing computed.
      Value y = tensor::EmptyOp::create(
          rewriter, op.getLoc(),
          tensor::getMixedSizes(rewriter, op.getLoc(), x),
          xType.getElementType());
      rewriter.replaceOp(
          op, castToType(rewriter, op.getLoc(), y, op.getY().getType()));
      return success();
    }
    bool silu = op.getActivationKind() == 1;
    FloatType c = xType.getElementType().isF64() || op.getStashType() == 11
                      ? rewriter.getF64Type()
                      : rewriter.getF32Type();
    // Y over X where its one user is an elementwise linalg op (a SiLU, an
    // add) that can fuse into Y's loop (see the file comment).
    bool yOverX = false;
    if (op->hasOneUse())
      if (auto user = dyn_cast<linalg::GenericOp>(*op->user_begin()))
        yOverX = user.getNumLoops() == user.getNumParallelLoops();
    if (op.getChannelsLast()) {
      Value y = buildChannelsLastGroupNormalization(
          rewriter, op.getLoc(), x, adaptor.getScale(), adaptor.getB(),
          numGroups, op.getEpsilon(), c, silu, op.getY().getType(), options);
      rewriter.replaceOp(op, y);
      return success();
    }
    Value y = buildGroupNormalization(
        rewriter, op.getLoc(), x, adaptor.getScale(), adaptor.getB(), numGroups,
        op.getEpsilon(), c, silu, yOverX, op.getY().getType(), options);
    rewriter.replaceOp(op, y);
    return success();
  }

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateGroupNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<GroupNormalizationLowering>(patterns.getContext(), options);
}
