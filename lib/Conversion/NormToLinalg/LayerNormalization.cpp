//===- LayerNormalization.cpp - lower norm.layer_normalization to linalg --===//
//
// Over the normalized axes [axis, ..., r-1], with n their element count and
// C the stage-one type (f32 for f16/bf16/f32 X, f64 for f64 X), the shifted
// two-pass algorithm (Chan, Golub and LeVeque, "Algorithms for computing the
// sample variance", 1983), with K the slice's first element:
//
//   Q          = ReduceSum(K - X) / n          (K - mean: small where the
//                                               data share an offset)
//   D          = (K - X) - Q                   (-(X - mean))
//   Var        = ReduceSum(D * D) / n          (two passes, never E[x^2]-E^2;
//                                               summed in f64 for f32 C and
//                                               slices longer than 2048)
//   InvStdDev  = 1 / sqrt(Var + epsilon)
//   Mean       = High + Low,  High = K - Q rounded to C, Low = its rounding
//                error (exact)
//   Y          = ((X - High) - Low) * InvStdDev * Scale + B
//
// all in C, with one rounding of Y to X's type and of Mean (High + Low) and
// InvStdDev to the stash type U. Scale and B broadcast to X right-aligned.
// n = 0 gives Mean = InvStdDev = 0 / 0 = NaN.
//
// Shifting by K keeps the terms of the sums at the scale of the slice's
// spread, not of its offset, and Y takes the mean unrounded (High + Low):
// on data with a large common offset (f32 1000 + N(0, 1), f64 1e8 + N(0, 1))
// Y, Var and InvStdDev match the float64 reference within the plain
// tolerances of docs/semantics.md ("Offset data is not an excuse"). A
// constant slice gives Q = 0 and D = 0 exactly: Mean = K, Var = 0, Y = B,
// at any length and magnitude.
//
// A slice whose variance the rounding error of Q may distort by more than
// 2^-17 relatively (a first element far from the mean against the spread),
// or whose sums overflowed or hold a NaN or an infinity
// (buildNeedsExactStatistics in LayerNormalizationExact.cpp has the
// details), is recomputed by scalar loops in f64, the same algorithm: mean =
// K - ReduceSum(K - X) / n, Var = ReduceSum((X - mean)^2) / n around that
// unrounded mean, InvStdDev = 1 / sqrt(Var + epsilon), then High and Low
// from the f64 mean, and InvStdDev rounded once to C. Where the standard
// deviation exceeds 2^128 / sqrt(n) (2^1024 for f64 C), X - High could
// overflow C: such a slice takes High = 0 and Low = the mean, so that Y =
// X * InvStdDev - Mean * InvStdDev (buildCenteringParts). With epsilon 0
// (known here), a slice whose spread is so small that InvStdDev overflows C
// (+inf, f32 [1e-39, -1e-39]) would give Y = D * inf: Y's loop then takes
// X * S - High (one multiply-add) with a per-slice power of two S, 1 but in
// such slices, where High, Low and InvStdDev are scaled to match
// (buildScaledCentering); modules with another epsilon keep the
// subtraction.
//
// This file holds the pattern, Y and the stash results; the statistics are
// built in LayerNormalizationStatistics.cpp, the exact recomputation in
// LayerNormalizationExact.cpp, and the collapse of several normalized dims
// in CollapseLayerNormalization.cpp (LayerNormalization.h).
//
//===----------------------------------------------------------------------===//

#include "LayerNormalization.h"
#include "FloatArithmetic.h"
#include "LoweringContract.h"
#include "StructuredBuilders.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

//===----------------------------------------------------------------------===//
// Y, Mean and InvStdDev
//===----------------------------------------------------------------------===//

/// Returns the Mean result per slice, of the element type U of
/// `meanType`, from its parts High + Low in the stage-one type C: High
/// itself where U is C (it is the mean rounded once to C), the sum formed
/// in f64 (exact) and rounded once to U (createTruncF) for f32 C and a bf16
/// U, and High rounded to U for f64 C (High + Low rounds to High in f64).
static Value buildMeanResult(OpBuilder &b, Location loc, const MeanParts &mean,
                             RankedTensorType meanType) {
  auto u = cast<FloatType>(meanType.getElementType());
  auto c = cast<FloatType>(getElementTypeOrSelf(mean.high.getType()));
  if (u == c || c.isF64())
    return mean.high;
  FloatType f64 = b.getF64Type();
  return buildMap(b, loc, ValueRange{mean.high, mean.low}, u,
                  [&](OpBuilder &nb, Location nloc, ValueRange elements) {
                    Value sum = arith::AddFOp::create(
                        nb, nloc, convertToFloat(nb, nloc, elements[0], f64),
                        convertToFloat(nb, nloc, elements[1], f64));
                    return createTruncF(nb, nloc, sum, u);
                  });
}

/// Builds Y, Mean and InvStdDev, of types `yType`, `meanType` and
/// `invStdDevType`, of a LayerNormalization of `x` over its dims
/// [axis, rank), with Scale `scale` and the optional B `bias` broadcast to X
/// right-aligned: the per-slice shift K, two slice reductions (the shifted
/// sum, then the sum of squared deviations), per-slice maps for the mean's
/// parts and InvStdDev, and one elementwise op for Y (see the file comment
/// for the math). `resolved`: the dynamic sizes
/// of Scale and B are X's (no run-time broadcast to resolve).
static std::array<Value, 3>
buildLayerNormalization(OpBuilder &b, Location loc, Value x, Value scale,
                        Value bias, int64_t axis, APFloat epsilon, Type yType,
                        RankedTensorType meanType,
                        RankedTensorType invStdDevType, bool resolved,
                        const NormToLinalgOptions &options) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  auto elementType = cast<FloatType>(xType.getElementType());
  auto scaleType = cast<RankedTensorType>(scale.getType());
  auto biasType =
      bias ? cast<RankedTensorType>(bias.getType()) : RankedTensorType();
  int64_t rank = xType.getRank();

  // Stage-one type C.
  FloatType c = elementType.isF64() ? b.getF64Type() : b.getF32Type();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));

  // n = prod(d_axis, ..., d_{r-1}) in C
  SliceCount count = buildSliceCount(b, loc, x, reducedDims, c);
  // epsilon in C (exact: the attribute is f32)
  bool losesInfo;
  epsilon.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps = arith::ConstantFloatOp::create(b, loc, c, epsilon);

  // K, the shift: each slice's first element.
  Value shift = buildSliceShift(b, loc, x, axis, c);
  // Q = ReduceSum(K - X) / n, K's offset from the mean.
  Value offset = buildShiftOffset(b, loc, x, shift, axis, c, count, options);
  // SumSq = ReduceSum(D * D), D = (K - X) - Q
  Value sumSq = buildSumOfSquares(b, loc, x, shift, offset, axis, c, options);

  // Mean (as High + Low) and InvStdDev, with the exact recomputation of the
  // slices that need it (see the file comment): one scalar pass for the f64
  // mean, one for the variance around it. n in f64 (exact; C = f32 rounds a
  // dynamic n above 2^24).
  Value count64 = buildElementCount(b, loc, x, reducedDims, b.getF64Type());
  Value exactMean = buildExactMean(b, loc, x, axis, shift, offset, sumSq, count,
                                   count64, eps, options);
  Value invStdDev = buildInvStdDev(b, loc, x, axis, sumSq, shift, offset,
                                   exactMean, count, count64, eps, options);
  // The mean's parts, and those Y takes (High = 0 in a slice of a spread
  // near C's range: buildCenteringParts).
  MeanParts mean = buildMeanParts(b, loc, x, axis, shift, offset, sumSq,
                                  exactMean, count, count64, eps, options);
  MeanParts centering =
      buildCenteringParts(b, loc, x, axis, shift, offset, sumSq, exactMean,
                          invStdDev, mean, count, count64, eps, options);
  // Y's operands: these, or with epsilon 0 (known here) the scaled form,
  // which keeps Y finite where InvStdDev overflows C (buildScaledCentering;
  // its multiply-add costs Y's loop, so only there).
  Value yScale;
  Value yInvStdDev = invStdDev;
  if (epsilon.isZero()) {
    ScaledCentering scaled = buildScaledCentering(
        b, loc, x, axis, shift, offset, sumSq, exactMean, invStdDev, centering,
        count, count64, eps, options);
    yScale = scaled.scale;
    centering = {scaled.high, scaled.low};
    yInvStdDev = scaled.invStdDev;
  }

  // Y = ((X - High) - Low) * InvStdDev * Scale + B, rounded once to X's
  // type.
  // Their copies, where needed, marked as made once per call.
  Location copyLoc = getCopyLoopLoc(loc);
  scale = resolveRuntimeBroadcast(b, copyLoc, scale, x, axis, c, resolved);
  scaleType = cast<RankedTensorType>(scale.getType());
  if (bias) {
    bias = resolveRuntimeBroadcast(b, copyLoc, bias, x, axis, c, resolved);
    biasType = cast<RankedTensorType>(bias.getType());
  }
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  SmallVector<Value> inputs{x, centering.high, centering.low, yInvStdDev,
                            scale};
  SmallVector<AffineMap> maps{
      identity, keptMap, keptMap, keptMap,
      getRightAlignedBroadcastMap(ctx, rank, scaleType)};
  if (bias) {
    inputs.push_back(bias);
    maps.push_back(getRightAlignedBroadcastMap(ctx, rank, biasType));
  }
  if (yScale) {
    inputs.push_back(yScale);
    maps.push_back(keptMap);
  }
  maps.push_back(identity);
  Value init = tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, x),
                                       elementType);
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value normalized = buildNormalizedElement(
            nb, nloc, args[0], args[1], args[2], args[3], c,
            yScale ? args[inputs.size() - 1] : Value());
        // Y = Normalized * Scale (+ B), a fused multiply-add where the
        // target has one (one rounding fewer than the spec's chain).
        Value y = arith::MulFOp::create(nb, nloc, normalized,
                                        convertToFloat(nb, nloc, args[4], c),
                                        arith::FastMathFlags::contract);
        if (bias)
          y = arith::AddFOp::create(nb, nloc, y,
                                    convertToFloat(nb, nloc, args[5], c),
                                    arith::FastMathFlags::contract);
        linalg::YieldOp::create(nb, nloc,
                                createTruncF(nb, nloc, y, elementType));
      });

  Value y = castToType(b, loc, yOp.getResult(0), yType);
  Value meanResult = buildStatResult(
      b, loc, buildMeanResult(b, loc, mean, meanType), x, axis, meanType);
  Value invStdDevResult =
      buildStatResult(b, loc, invStdDev, x, axis, invStdDevType);
  return {y, meanResult, invStdDevResult};
}

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

namespace {

/// Lowers norm.layer_normalization to two row reductions (the shifted sum,
/// then the sum of squared deviations), per-row maps of the statistics, and
/// one fused elementwise op for Y (see the file comment for the math).
struct LayerNormalizationLowering
    : public OpConversionPattern<LayerNormalizationOp> {
  LayerNormalizationLowering(MLIRContext *context,
                             const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(LayerNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)) || failed(checkKnownSizes(op)))
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getX();
    Value scale = adaptor.getScale();
    Value bias = adaptor.getB();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 1)
      return rewriter.notifyMatchFailure(op, "expects X of rank >= 1");
    auto elementType = dyn_cast<FloatType>(xType.getElementType());
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "expects a float X");
    auto scaleType = dyn_cast<RankedTensorType>(scale.getType());
    auto biasType =
        bias ? dyn_cast<RankedTensorType>(bias.getType()) : RankedTensorType();
    int64_t rank = xType.getRank();
    if (!scaleType || scaleType.getRank() > rank ||
        (bias && (!biasType || biasType.getRank() > rank)))
      return rewriter.notifyMatchFailure(
          op, "expects Scale and B of rank <= rank(X)");
    auto meanType = dyn_cast<RankedTensorType>(op.getMean().getType());
    auto invStdDevType =
        dyn_cast<RankedTensorType>(op.getInvStdDev().getType());
    if (!meanType || !invStdDevType || meanType.getRank() != rank ||
        invStdDevType.getRank() != rank)
      return rewriter.notifyMatchFailure(
          op, "expects Mean and InvStdDev of rank(X)");
    int64_t axis = op.getNormalizedAxis();
    if (axis < 0 || axis >= rank)
      return rewriter.notifyMatchFailure(op, "axis out of range");

    // Two or more outer or normalized dims: lowered on X collapsed to
    // [O, n] (CollapseLayerNormalization.cpp; not for every Scale, B and X).
    FloatType c =
        elementType.isF64() ? rewriter.getF64Type() : rewriter.getF32Type();
    if (isCollapsibleToRows(rank, axis)) {
      if (std::optional<CollapsedLayerNormalization> collapsed =
              collapseLayerNormalizationOperands(rewriter, loc, x, scale, bias,
                                                 axis, c)) {
        Type u = meanType.getElementType();
        auto [y, mean, invStdDev] = buildLayerNormalization(
            rewriter, loc, collapsed->x, collapsed->scale, collapsed->bias,
            collapsed->axis, op.getEpsilon(), collapsed->x.getType(),
            collapsed->getStatType(u), collapsed->getStatType(u),
            /*resolved=*/true, options);
        rewriter.replaceOp(op, expandLayerNormalizationResults(
                                   rewriter, loc, x, axis, y, mean, invStdDev,
                                   op->getResultTypes()));
        return success();
      }
    }
    auto [y, mean, invStdDev] =
        buildLayerNormalization(rewriter, loc, x, scale, bias, axis,
                                op.getEpsilon(), op.getY().getType(), meanType,
                                invStdDevType, /*resolved=*/false, options);
    rewriter.replaceOp(op, {y, mean, invStdDev});
    return success();
  }

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateLayerNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<LayerNormalizationLowering>(patterns.getContext(), options);
}

Location mlir::norm::getCopyLoopLoc(Location loc) {
  MLIRContext *ctx = loc.getContext();
  return FusedLoc::get({loc}, StringAttr::get(ctx, kCopyLoopMarker), ctx);
}

Location mlir::norm::getFirstPassLoc(Location loc) {
  MLIRContext *ctx = loc.getContext();
  return FusedLoc::get({loc}, StringAttr::get(ctx, kFirstPassMarker), ctx);
}

Value mlir::norm::buildCenteredElement(OpBuilder &b, Location loc, Value x,
                                       Value high, FloatType c, Value scale) {
  Value element = convertToFloat(b, loc, x, c);
  if (!scale)
    return arith::SubFOp::create(b, loc, element, high);
  auto contract = arith::FastMathFlags::contract;
  return arith::SubFOp::create(
      b, loc, arith::MulFOp::create(b, loc, element, scale, contract), high,
      contract);
}

Value mlir::norm::buildNormalizedElement(OpBuilder &b, Location loc, Value x,
                                         Value high, Value low, Value invStdDev,
                                         FloatType c, Value scale) {
  Value centered = buildCenteredElement(b, loc, x, high, c, scale);
  Value rest = arith::MulFOp::create(b, loc, low, invStdDev);
  return arith::SubFOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, centered, invStdDev,
                            arith::FastMathFlags::contract),
      rest, arith::FastMathFlags::contract);
}
