//===- GroupNormalizationChannelsLast.cpp - NHWC group normalization ------===//
//
// norm.group_normalization with `channels_last` (ONNX Runtime's
// com.microsoft.GroupNorm, docs/semantics.md): X [N, D1, ..., Dn, C], whose
// G groups of K = C / G channels are channel ranges of every pixel, so a
// group is not contiguous in X. X is viewed as [N, D1, ..., Dn, G, K]
// (tensor.expand_shape), and the statistics of GroupNormalization.cpp
// (buildGroupStatistics: the shifted two-pass algorithm with the exact f64
// recomputation, the same math as the NCHW lowering) are taken per (n, g)
// over (D1, ..., Dn, K). They are built on a transposed view
// [N, G, D1, ..., Dn, K] of the grouped X, whose users are then rewritten to
// read the grouped X itself through the permutation (indexing maps,
// tensor.extract indices, tensor.dim dims): X is never transposed or
// copied. The sums over several dims are sequential, and for f32 those of
// the shifted values and of the squared deviations accumulate in f64
// (LayerNormalization.h).
//
// Y is one elementwise op over X itself where C is static (the statistics
// read at (n, c floordiv K), scale and B at c), so that an elementwise
// consumer fuses into it and norm-fuse-rows tiles it by sample; over the
// grouped view where C is dynamic. ONNX Runtime's SiLU (`activation` = 1) is
// applied to Y in the stage-one type before the one rounding.
//
//===----------------------------------------------------------------------===//

#include "GroupNormalization.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::norm;

/// Returns the [N, D1, ..., Dn, G, K] view of `x` [N, D1, ..., Dn, C].
static Value expandChannelsLastGroups(OpBuilder &b, Location loc, Value x,
                                      int64_t numGroups) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  SmallVector<int64_t> shape(xType.getShape().drop_back());
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t i = 0; i + 1 < rank; ++i)
    reassociation.push_back({i});
  reassociation.push_back({rank - 1, rank});
  int64_t channels = xType.getDimSize(rank - 1);
  OpFoldResult k;
  if (ShapedType::isDynamic(channels))
    k = arith::DivUIOp::create(
            b, loc, cast<Value>(sizes.back()),
            arith::ConstantIndexOp::create(b, loc, numGroups))
            .getResult();
  else
    k = b.getIndexAttr(channels / numGroups);
  sizes.back() = b.getIndexAttr(numGroups);
  sizes.push_back(k);
  shape.push_back(numGroups);
  shape.push_back(ShapedType::isDynamic(channels) ? ShapedType::kDynamic
                                                  : channels / numGroups);
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, xType.getElementType()), x,
      reassociation, sizes);
}

/// Rewrites every user of `view`, the result of a linalg.transpose of
/// `source`, to read `source` itself: a linalg.generic input through its
/// indexing map composed with the permutation, tensor.extract at the
/// permuted indices, tensor.dim of a constant dim at the permuted dim. Erases
/// the transpose when no other user is left (a user of another kind keeps
/// it: correct, at the cost of a copy).
static void readThroughPermutation(RewriterBase &b, linalg::TransposeOp view,
                                   Value source) {
  OpBuilder::InsertionGuard guard(b);
  ArrayRef<int64_t> permutation = view.getPermutation();
  Value result = view.getResult()[0];
  for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
    Operation *user = use.getOwner();
    if (auto generic = dyn_cast<linalg::GenericOp>(user)) {
      if (!generic.isDpsInput(&use))
        continue;
      // view[i] is source[permutation[i]]: the source map's result
      // permutation[i] is the view map's result i.
      AffineMap map = generic.getMatchingIndexingMap(&use);
      SmallVector<AffineExpr> exprs(map.getNumResults());
      for (auto [i, dim] : llvm::enumerate(permutation))
        exprs[dim] = map.getResult(i);
      SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
      maps[use.getOperandNumber()] = AffineMap::get(
          map.getNumDims(), map.getNumSymbols(), exprs, b.getContext());
      b.modifyOpInPlace(generic, [&] {
        use.set(source);
        generic.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
      });
      continue;
    }
    // In place: a conversion rewriter replaces uses only at its end.
    if (auto extract = dyn_cast<tensor::ExtractOp>(user)) {
      SmallVector<Value> indices(permutation.size());
      for (auto [i, dim] : llvm::enumerate(permutation))
        indices[dim] = extract.getIndices()[i];
      b.modifyOpInPlace(extract, [&] {
        extract.getTensorMutable().assign(source);
        extract.getIndicesMutable().assign(indices);
      });
      continue;
    }
    if (auto dimOp = dyn_cast<tensor::DimOp>(user)) {
      std::optional<int64_t> dim = dimOp.getConstantIndex();
      if (!dim)
        continue;
      b.setInsertionPoint(dimOp);
      Value index =
          arith::ConstantIndexOp::create(b, dimOp.getLoc(), permutation[*dim]);
      b.modifyOpInPlace(dimOp, [&] {
        dimOp.getSourceMutable().assign(source);
        dimOp.getIndexMutable().assign(index);
      });
    }
  }
  if (result.use_empty()) {
    Operation *init = view.getDpsInits()[0].getDefiningOp();
    b.eraseOp(view);
    if (init && init->use_empty())
      b.eraseOp(init);
  }
}

Value mlir::norm::buildChannelsLastGroupNormalization(
    RewriterBase &b, Location loc, Value x, Value scale, Value bias,
    int64_t numGroups, APFloat epsilon, FloatType c, bool silu, Type yType,
    const NormToLinalgOptions &options) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();

  // The grouped view [N, D1, ..., Dn, G, K] (rank + 1 dims), and the slices
  // [N, G, D1, ..., Dn, K] the statistics are taken over: the grouped view
  // itself when there are no spatial dims, else a transposed view that is
  // rewritten away below.
  Value grouped = expandChannelsLastGroups(b, loc, x, numGroups);
  Value slices = grouped;
  linalg::TransposeOp view;
  SmallVector<int64_t> permutation{0, rank - 1};
  for (int64_t i = 1; i < rank - 1; ++i)
    permutation.push_back(i);
  permutation.push_back(rank);
  if (rank > 2) {
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, grouped);
    SmallVector<OpFoldResult> viewSizes;
    for (int64_t dim : permutation)
      viewSizes.push_back(sizes[dim]);
    Value init = tensor::EmptyOp::create(
        b, loc, viewSizes,
        cast<RankedTensorType>(grouped.getType()).getElementType());
    view = linalg::TransposeOp::create(b, loc, grouped, init, permutation);
    slices = view.getResult()[0];
  }
  GroupStatistics stats =
      buildGroupStatistics(b, loc, slices, /*axis=*/2, epsilon, c, options);
  if (view)
    readThroughPermutation(b, view, grouped);

  // Y over X ([N, D..., C]) where C is static, else over the grouped view.
  int64_t channels = xType.getDimSize(rank - 1);
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  Value y;
  if (!ShapedType::isDynamic(channels)) {
    AffineExpr channel = getAffineDimExpr(rank - 1, ctx);
    AffineExpr group = channels / numGroups > 1
                           ? channel.floorDiv(channels / numGroups)
                           : channel;
    y = buildGroupNormalizedY(
        b, loc, x, stats, AffineMap::get(rank, 0, {d0, group}, ctx), scale,
        bias, AffineMap::get(rank, 0, channel, ctx), c, silu);
  } else {
    AffineExpr group = getAffineDimExpr(rank - 1, ctx);
    AffineExpr k = getAffineDimExpr(rank, ctx);
    y = buildGroupNormalizedY(
        b, loc, grouped, stats, AffineMap::get(rank + 1, 0, {d0, group}, ctx),
        expandChannels(b, loc, scale, numGroups),
        expandChannels(b, loc, bias, numGroups),
        AffineMap::get(rank + 1, 0, {group, k}, ctx), c, silu);
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t i = 0; i + 1 < rank; ++i)
      reassociation.push_back({i});
    reassociation.push_back({rank - 1, rank});
    y = tensor::CollapseShapeOp::create(b, loc, y, reassociation);
  }
  return castToType(b, loc, y, yType);
}
