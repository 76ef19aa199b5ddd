//===- LayerNormalization.cpp - lower norm.layer_normalization to linalg --===//
//
// Over the normalized axes [axis, ..., r-1], with n their element count and
// C the stage-one type (f32 for f16/bf16/f32 X, f64 for f64 X):
//
//   Mean       = ReduceSum(X) / n
//   D          = X - Mean
//   Var        = ReduceSum(D * D) / n          (two passes, never E[x^2]-E^2;
//                                               summed in f64 for f32 C and
//                                               slices longer than 2048)
//   InvStdDev  = 1 / sqrt(Var + epsilon)
//   Y          = D * InvStdDev * Scale + B
//
// all in C, with one rounding of Y to X's type and of Mean and InvStdDev to
// the stash type U. Scale and B broadcast to X right-aligned. n = 0 gives
// Mean = InvStdDev = 0 / 0 = NaN.
//
// A slice whose variance the rounding error of its Mean may distort by
// more than 2^-17 relatively (constant and nearly constant slices, and
// slices whose mean is large against their spread), or whose sum or sum of
// squares overflowed (buildNeedsExactStatistics in
// LayerNormalizationExact.cpp has the details), is recomputed by scalar
// loops in f64, as the shifted two-pass algorithm (Chan, Golub and
// LeVeque, "Algorithms for computing the sample variance", 1983): with K
// its first element,
//   Mean = K + ReduceSum(X - K) / n,   Var = ReduceSum((X - Mean)^2) / n,
//   InvStdDev = 1 / sqrt(Var + epsilon),
// all in f64, then Mean and InvStdDev rounded once to C. A constant slice
// then has Mean = K exactly, Var = 0 and Y = B, however long it is; a plain
// f32 sum of n copies of a value is inexact, and the tiny D = X - Mean it
// leaves is amplified by 1 / sqrt(epsilon).
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
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

//===----------------------------------------------------------------------===//
// Scale and B
//===----------------------------------------------------------------------===//

/// Returns the indexing map of `operand` (Scale or B) in the loop nest over
/// X of rank `rank`, broadcasting right-aligned: a static size-1 dim is read
/// at index 0, any other dim (equal to X's, or dynamic and taken as equal)
/// follows X's loop.
static AffineMap getBroadcastMap(MLIRContext *ctx, int64_t rank,
                                 RankedTensorType operandType) {
  int64_t offset = rank - operandType.getRank();
  SmallVector<AffineExpr> exprs;
  for (auto [i, size] : llvm::enumerate(operandType.getShape())) {
    if (size == 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(offset + i, ctx));
  }
  return AffineMap::get(rank, /*symbolCount=*/0, exprs, ctx);
}

/// Resolves run-time broadcasting of Scale or B, and converts a 16-bit
/// operand to the stage-two type `c` once per call instead of once per row.
/// A dynamic size of `operand` may be 1 or X's size at run time (the op's
/// runtime verification rejects anything else), which no indexing map can
/// express; such operands are first copied into a tensor of X's trailing
/// sizes, reading index 0 where the run-time size is 1. f16/bf16 operands
/// that do not vary over X's dims before `axis` (the usual [C] Scale, at
/// most as large as a slice) are copied as `c` values. Other operands are
/// returned as is. `resolved`: the operand's dynamic sizes are known to be
/// X's (collapseLayerNormalizationOperands made it), so at most the
/// conversion is left to do.
static Value materializeRuntimeBroadcast(OpBuilder &b, Location loc,
                                         Value operand, Value x, int64_t axis,
                                         FloatType c, bool resolved) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  int64_t offset = xType.getRank() - rank;
  bool broadcast =
      !resolved && llvm::any_of(llvm::seq<int64_t>(0, rank), [&](int64_t i) {
        return type.isDynamicDim(i) && xType.getDimSize(offset + i) != 1;
      });
  bool convert = type.getElementType().getIntOrFloatBitWidth() < c.getWidth() &&
                 llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t i) {
                   return offset + i >= axis || type.getDimSize(i) == 1;
                 });
  if (!broadcast && !convert)
    return operand;
  return buildBroadcastCopy(b, loc, operand, x, offset, /*keepUnitDims=*/true,
                            /*runtimeOnes=*/broadcast,
                            convert ? c
                                    : cast<FloatType>(type.getElementType()));
}

//===----------------------------------------------------------------------===//
// Y, Mean and InvStdDev
//===----------------------------------------------------------------------===//

/// Rounds the per-row statistic `stat` (the outer dims of X, type C) to `U`
/// and expands it to `resultType`: [d0, ..., d(axis-1), 1, ..., 1].
static Value buildStashResult(OpBuilder &b, Location loc, Value stat, Value x,
                              int64_t axis, RankedTensorType resultType) {
  auto u = cast<FloatType>(resultType.getElementType());
  auto statType = cast<RankedTensorType>(stat.getType());
  if (statType.getElementType() != u)
    stat = buildMap(b, loc, stat, u,
                    [&](OpBuilder &nb, Location nloc, ValueRange elements) {
                      return createTruncF(nb, nloc, elements[0], u);
                    });

  int64_t rank = resultType.getRank();
  // The last outer dim (if any) absorbs the trailing unit dims.
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t i = 0; i < axis; ++i)
    reassociation.push_back({i});
  if (axis > 0)
    for (int64_t i = axis; i < rank; ++i)
      reassociation.back().push_back(i);

  SmallVector<OpFoldResult> outputShape =
      getKeptSizes(b, loc, x, llvm::to_vector(llvm::seq<int64_t>(axis, rank)));
  SmallVector<int64_t> staticShape(statType.getShape());
  for (int64_t i = axis; i < rank; ++i) {
    outputShape.push_back(b.getIndexAttr(1));
    staticShape.push_back(1);
  }
  auto expandedType = RankedTensorType::get(staticShape, u);
  Value expanded = tensor::ExpandShapeOp::create(b, loc, expandedType, stat,
                                                 reassociation, outputShape);
  return castToType(b, loc, expanded, resultType);
}

/// Builds Y, Mean and InvStdDev, of types `yType`, `meanType` and
/// `invStdDevType`, of a LayerNormalization of `x` over its dims
/// [axis, rank), with Scale `scale` and the optional B `bias` broadcast to X
/// right-aligned: two slice reductions (sum, then sum of squared
/// deviations), per-slice Mean and InvStdDev maps, and one elementwise op
/// for Y (see the file comment for the math). `resolved`: the dynamic sizes
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
  TypedAttr zeroAttr = b.getFloatAttr(c, 0.0);

  // n = prod(d_axis, ..., d_{r-1}) in C
  SliceCount count = buildSliceCount(b, loc, x, reducedDims, c);
  // epsilon in C (exact: the attribute is f32)
  bool losesInfo;
  epsilon.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps = arith::ConstantFloatOp::create(b, loc, c, epsilon);

  // Sum = ReduceSum(X)
  Value sum = buildReduction(
      b, loc, x, /*sliceInputs=*/{}, reducedDims, zeroAttr,
      [&](OpBuilder &nb, Location nloc, ValueRange elements,
          Value acc) -> Value {
        return createReassocAdd(nb, nloc, acc,
                                convertToFloat(nb, nloc, elements[0], c));
      });
  // Mean0 = Sum / n (a linalg.map: its scf.if must not be fused into the
  // per-element body of SumSq)
  Value mean0 = buildSliceMap(
      b, loc, sum, c, [&](OpBuilder &nb, Location nloc, ValueRange elements) {
        return divideByCount(nb, nloc, elements[0], count);
      });
  // SumSq = ReduceSum(D * D), D = X - Mean0
  Value sumSq = buildSumOfSquares(b, loc, x, mean0, axis, c, options);

  // Mean and InvStdDev, with the exact recomputation of the slices that
  // need it (constant and nearly constant slices, see the file comment).
  // n in f64 (exact; C = f32 rounds a dynamic n above 2^24).
  Value count64 = buildElementCount(b, loc, x, reducedDims, b.getF64Type());
  Value mean =
      buildExactMean(b, loc, x, axis, mean0, sumSq, count, count64, options);
  Value invStdDev = buildInvStdDev(b, loc, x, axis, sumSq, mean0, count,
                                   count64, eps, options);

  // Y = (X - Mean) * InvStdDev * Scale + B, rounded once to X's type.
  scale = materializeRuntimeBroadcast(b, loc, scale, x, axis, c, resolved);
  scaleType = cast<RankedTensorType>(scale.getType());
  if (bias) {
    bias = materializeRuntimeBroadcast(b, loc, bias, x, axis, c, resolved);
    biasType = cast<RankedTensorType>(bias.getType());
  }
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  SmallVector<Value> inputs{x, mean, invStdDev, scale};
  SmallVector<AffineMap> maps{identity, keptMap, keptMap,
                              getBroadcastMap(ctx, rank, scaleType)};
  if (bias) {
    inputs.push_back(bias);
    maps.push_back(getBroadcastMap(ctx, rank, biasType));
  }
  maps.push_back(identity);
  Value init = tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, x),
                                       elementType);
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        // D = X - Mean
        Value d = arith::SubFOp::create(
            b, nloc, convertToFloat(nb, nloc, args[0], c), args[1]);
        // Normalized = D * InvStdDev
        Value normalized = arith::MulFOp::create(nb, nloc, d, args[2]);
        // Y = Normalized * Scale (+ B), a fused multiply-add where the
        // target has one (one rounding fewer than the spec's chain).
        Value y = arith::MulFOp::create(nb, nloc, normalized,
                                        convertToFloat(nb, nloc, args[3], c),
                                        arith::FastMathFlags::contract);
        if (bias)
          y = arith::AddFOp::create(nb, nloc, y,
                                    convertToFloat(nb, nloc, args[4], c),
                                    arith::FastMathFlags::contract);
        linalg::YieldOp::create(nb, nloc,
                                createTruncF(nb, nloc, y, elementType));
      });

  Value y = castToType(b, loc, yOp.getResult(0), yType);
  Value meanResult = buildStashResult(b, loc, mean, x, axis, meanType);
  Value invStdDevResult =
      buildStashResult(b, loc, invStdDev, x, axis, invStdDevType);
  return {y, meanResult, invStdDevResult};
}

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

namespace {

/// Lowers norm.layer_normalization to two row reductions (sum, then sum of
/// squared deviations), per-row Mean and InvStdDev maps, and one fused
/// elementwise op for Y (see the file comment for the math).
struct LayerNormalizationLowering
    : public OpConversionPattern<LayerNormalizationOp> {
  LayerNormalizationLowering(MLIRContext *context,
                             const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(LayerNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)))
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

    // Two or more normalized dims: lowered on X collapsed to [O, n]
    // (CollapseLayerNormalization.cpp; not for every Scale, B and X).
    FloatType c =
        elementType.isF64() ? rewriter.getF64Type() : rewriter.getF32Type();
    if (rank - axis >= 2) {
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
