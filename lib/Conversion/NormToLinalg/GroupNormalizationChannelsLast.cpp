//===- GroupNormalizationChannelsLast.cpp - NHWC group normalization ------===//
//
// norm.group_normalization with `channels_last` (ONNX Runtime's
// com.microsoft.GroupNorm, docs/semantics.md): X [N, D1, ..., Dn, C], whose
// G groups of K = C / G channels are channel ranges of every pixel, so a
// group is not contiguous in X. X is never transposed or copied: the
// lowering is one scf.forall iteration per sample n, which
//
//   * takes K' (the group's first element, X[n, 0, ..., 0, g K]) per group,
//   * sums K' - X per channel over the pixels (a reduction whose innermost
//     dim is C, parallel: norm-vectorize-rows vectorizes it along C), then
//     the K channels of each group: Q = that sum / (K D1 ... Dn),
//   * sums ((K' - X) - Q)^2 the same way (SumSq),
//   * takes Mean = High + Low and InvStdDev from K', Q and SumSq with the
//     exact f64 recomputation of the groups that need it (LayerNormalization.h,
//     the builders of the NCHW lowering, on the view [1, G, D..., K] of the
//     sample; its tensor.extract reads are rewritten to read the sample),
//   * computes Y pixel by pixel: a linalg.map over each pixel's row [C] of
//     the sample, with the statistics repeated per channel (Low times
//     InvStdDev as one product per channel) and Scale and B converted to the
//     stage-one type once per sample (not in every row),
//     into that row of the loop's destination (buildPixelRows: Y is written
//     once, in place).
//
// The math is the NCHW lowering's (GroupNormalization.cpp's file comment):
// the shifted two-pass algorithm in the stage-one type, the sums of the
// shifted values and of the squares accumulated in f64 for f32 (as for any
// normalization over several dims; eight terms from eight slices of a
// spatial dim added in f32 per f64 addition, buildChannelSums), Y rounded
// once, ONNX Runtime's SiLU (`activation` = 1) applied before the rounding.
// The sample is read three times in one iteration (two sums, Y), so it stays
// in cache between them. The sums are in f64, so the exactness check of the
// mean counts their error as that of a sum in many partial sums
// (getSlicePartialSums): only groups whose first element is far from their
// mean against their spread take the scalar f64 recomputation.
// X [N, C] (no spatial dims) is the NCHW layout and takes that lowering.
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "GroupNormalization.h"
#include "LayerNormalization.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// Returns the per-group tensor `stat` [M, G] repeated over each group's K
/// channels: a copy [M, C] whose element [m, c] is stat[m, c / K], or with
/// `firstRowOnly` (M = 1) the row [C] whose element c is stat[0, c / K];
/// with a `factor` of the same shape as `stat`, the product
/// stat[m, c / K] * factor[m, c / K] instead. A tensor.generate, so that
/// elementwise fusion leaves it out of the loops that read it per channel
/// (their indexing maps stay projected permutations, which
/// norm-vectorize-rows vectorizes along C).
static Value repeatPerChannel(OpBuilder &b, Location loc, Value stat, Value k,
                              OpFoldResult channels, bool firstRowOnly,
                              Value factor = nullptr) {
  auto type = cast<RankedTensorType>(stat.getType());
  SmallVector<Value> dynamicSizes;
  std::optional<int64_t> staticChannels = getConstantIntValue(channels);
  if (!staticChannels)
    dynamicSizes.push_back(cast<Value>(channels));
  SmallVector<int64_t> shape;
  if (!firstRowOnly)
    shape.push_back(type.getDimSize(0));
  shape.push_back(staticChannels ? *staticChannels : ShapedType::kDynamic);
  auto copyType = RankedTensorType::get(shape, type.getElementType());
  return tensor::GenerateOp::create(
             b, loc, copyType, dynamicSizes,
             [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
               Value row = firstRowOnly
                               ? arith::ConstantIndexOp::create(nb, nloc, 0)
                               : ivs.front();
               Value group = arith::DivUIOp::create(nb, nloc, ivs.back(), k);
               Value element = tensor::ExtractOp::create(
                   nb, nloc, stat, ValueRange{row, group});
               if (factor)
                 element = arith::MulFOp::create(
                     nb, nloc, element,
                     tensor::ExtractOp::create(nb, nloc, factor,
                                               ValueRange{row, group}));
               tensor::YieldOp::create(nb, nloc, element);
             })
      .getResult();
}

/// Returns the [C] tensor `operand` (scale or B) converted to `c`: `operand`
/// itself where its elements are of type `c`, else a tensor.generate that
/// converts each element once per sample, so that the pixel rows read it in
/// `c` instead of converting it again in every row (a conversion is exact).
/// A tensor.generate, so that elementwise fusion leaves it out of the rows.
static Value convertChannels(OpBuilder &b, Location loc, Value operand,
                             FloatType c) {
  auto type = cast<RankedTensorType>(operand.getType());
  if (type.getElementType() == c)
    return operand;
  SmallVector<Value> dynamicSizes;
  if (type.isDynamicDim(0))
    dynamicSizes.push_back(tensor::DimOp::create(b, loc, operand, 0));
  return tensor::GenerateOp::create(
             b, loc, type.clone(c), dynamicSizes,
             [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
               tensor::YieldOp::create(
                   nb, nloc,
                   convertToFloat(
                       nb, nloc,
                       tensor::ExtractOp::create(nb, nloc, operand, ivs), c));
             })
      .getResult();
}

/// Returns `init` [1, D1, ..., Dn, C] with each pixel's row [C] replaced by
/// a linalg.map of `body` over that row of `x` (same shape) and the [C]
/// tensors `rows`: nested scf.for loops over the pixels. A linalg.map into
/// the destination's row, which elementwise fusion leaves alone (it would
/// give a linalg.generic a new tensor.empty destination, so that Y were
/// written to a temporary and copied); norm-vectorize-rows vectorizes it
/// along C.
static Value
buildPixelRows(OpBuilder &b, Location loc, Value x, Value init,
               ArrayRef<Value> rows,
               function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lowerBounds(rank - 2, zero), steps(rank - 2, one);
  SmallVector<Value> upperBounds;
  for (int64_t dim = 1; dim + 1 < rank; ++dim)
    upperBounds.push_back(getValueOrCreateConstantIndexOp(b, loc, sizes[dim]));
  auto rowType = RankedTensorType::get({xType.getDimSize(rank - 1)},
                                       xType.getElementType());
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lowerBounds, upperBounds, steps, ValueRange{init},
      [&](OpBuilder &nb, Location nloc, ValueRange ivs,
          ValueRange iterArgs) -> scf::ValueVector {
        SmallVector<OpFoldResult> offsets(rank, nb.getIndexAttr(0));
        for (auto [i, iv] : llvm::enumerate(ivs))
          offsets[i + 1] = iv;
        SmallVector<OpFoldResult> rowSizes(rank, nb.getIndexAttr(1));
        rowSizes.back() = sizes.back();
        SmallVector<OpFoldResult> strides(rank, nb.getIndexAttr(1));
        Value xRow = tensor::ExtractSliceOp::create(nb, nloc, rowType, x,
                                                    offsets, rowSizes, strides);
        Value yRow = tensor::ExtractSliceOp::create(
            nb, nloc, rowType, iterArgs[0], offsets, rowSizes, strides);
        SmallVector<Value> inputs{xRow};
        inputs.append(rows.begin(), rows.end());
        Value y =
            linalg::MapOp::create(
                nb, nloc, inputs, yRow,
                [&](OpBuilder &mb, Location mloc, ValueRange args) {
                  linalg::YieldOp::create(
                      mb, mloc, body(mb, mloc, args.take_front(inputs.size())));
                })
                .getResult()[0];
        return {tensor::InsertSliceOp::create(nb, nloc, y, iterArgs[0], offsets,
                                              rowSizes, strides)
                    .getResult()};
      });
  return nest.results.front();
}

/// Returns the per-group sums [M, G] of the per-channel sums `sums` [M, C]
/// (groups of K consecutive channels), reassociable.
static Value sumGroups(OpBuilder &b, Location loc, Value sums,
                       int64_t numGroups) {
  auto type = cast<RankedTensorType>(sums.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, sums);
  OpFoldResult k;
  if (type.isDynamicDim(1))
    k = arith::DivUIOp::create(
            b, loc, cast<Value>(sizes[1]),
            arith::ConstantIndexOp::create(b, loc, numGroups))
            .getResult();
  else
    k = b.getIndexAttr(type.getDimSize(1) / numGroups);
  int64_t staticK = type.isDynamicDim(1) ? ShapedType::kDynamic
                                         : type.getDimSize(1) / numGroups;
  Value view = tensor::ExpandShapeOp::create(
      b, loc,
      RankedTensorType::get({type.getDimSize(0), numGroups, staticK},
                            type.getElementType()),
      sums, ArrayRef<ReassociationIndices>{{0}, {1, 2}},
      ArrayRef<OpFoldResult>{sizes[0], b.getIndexAttr(numGroups), k});
  return buildReduction(
      b, loc, view, ValueRange{}, /*reducedDims=*/{2},
      b.getFloatAttr(type.getElementType(), -0.0),
      [&](OpBuilder &nb, Location nloc, ValueRange elements, Value acc) {
        return createReassocAdd(nb, nloc, acc, elements[0]);
      });
}

/// The number of slices of a sample along one spatial dim whose terms
/// buildChannelSums adds in f32 before one f64 addition.
static constexpr int64_t kPixelChunks = 8;

/// One step of a per-channel sum over the pixels in the stage-one type:
/// returns `partial` plus the term of the element `element` of X with the
/// per-channel values `perChannel`, or the term alone where `partial` is
/// null.
using PixelTermFn = function_ref<Value(OpBuilder &, Location, Value element,
                                       ValueRange perChannel, Value partial)>;

/// Returns the per-channel sums [M, C] in f64 of a term over the pixels of
/// `x` [M, D1, ..., Dn, C] (`perChannel`: [M, C] tensors the term reads),
/// for f32 C, with an eighth of the f64 work: the chunked spatial dim (the
/// first with a dynamic size or a static size of at least kPixelChunks) is
/// cut into kPixelChunks slices of h = size floordiv kPixelChunks, and one
/// reduction over [M, ..., h, ..., C] takes element i of every slice, adds
/// their terms in f32 (`term`) and that sum once to the f64 accumulator; the
/// rest of that dim (size mod kPixelChunks; all of X where no dim is
/// chunked) is added by a reduction of `tailBody`, each term in f64. The
/// error of each f64 term is then that of an f32 sum of kPixelChunks terms,
/// within kPixelChunks f32 roundings of the sum of their magnitudes, inside
/// what the exactness check of the mean allows for these sums
/// (getSlicePartialSums: 31 + n * 2^-29 roundings) and inside LayerNorm's
/// bound of 132 f32 roundings for sums of squares (docs/numerics.md). The
/// vector loop, along C, reads kPixelChunks streams of the sample and
/// converts and adds one f32 vector of sums to the f64 accumulators per
/// kPixelChunks vectors of X (the accumulators of all C channels do not fit
/// in registers: they are loaded and stored once per step).
static Value buildChannelSums(OpBuilder &b, Location loc, Value x,
                              ValueRange perChannel, PixelTermFn term,
                              ReductionBodyFn tailBody) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  FloatType f64 = b.getF64Type();
  SmallVector<int64_t> spatialDims =
      llvm::to_vector(llvm::seq<int64_t>(1, rank - 1));
  TypedAttr zero64 = b.getFloatAttr(f64, -0.0);
  std::optional<int64_t> chunkDim;
  if (!llvm::is_contained(xType.getShape(), 0))
    for (int64_t dim : spatialDims)
      if (xType.isDynamicDim(dim) || xType.getDimSize(dim) >= kPixelChunks) {
        chunkDim = dim;
        break;
      }
  if (!chunkDim)
    return buildReduction(b, loc, x, perChannel, spatialDims, zero64, tailBody);

  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  OpFoldResult size = sizes[*chunkDim];
  std::optional<int64_t> staticSize = getConstantIntValue(size);
  auto scaled = [&](OpFoldResult value, int64_t factor) -> OpFoldResult {
    if (std::optional<int64_t> constant = getConstantIntValue(value))
      return b.getIndexAttr(*constant * factor);
    return arith::MulIOp::create(b, loc, cast<Value>(value),
                                 arith::ConstantIndexOp::create(b, loc, factor))
        .getResult();
  };
  OpFoldResult chunk =
      staticSize
          ? OpFoldResult(b.getIndexAttr(*staticSize / kPixelChunks))
          : OpFoldResult(arith::DivUIOp::create(b, loc, cast<Value>(size),
                                                arith::ConstantIndexOp::create(
                                                    b, loc, kPixelChunks))
                             .getResult());
  auto slice = [&](OpFoldResult offset, OpFoldResult length) -> Value {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets[*chunkDim] = offset;
    SmallVector<OpFoldResult> sliceSizes(sizes);
    sliceSizes[*chunkDim] = length;
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    return tensor::ExtractSliceOp::create(b, loc, x, offsets, sliceSizes,
                                          strides);
  };
  SmallVector<Value> inputs;
  for (int64_t j = 0; j < kPixelChunks; ++j)
    inputs.push_back(slice(scaled(chunk, j), chunk));
  llvm::append_range(inputs, perChannel);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = getKeptDimsMap(ctx, rank, spatialDims);
  SmallVector<AffineMap> maps(kPixelChunks, identity);
  maps.append(perChannel.size() + 1, keptMap);
  Value init =
      createFilledTensor(b, loc, getKeptSizes(b, loc, x, spatialDims), zero64);
  Value sums =
      linalg::GenericOp::create(
          b, loc, init.getType(), inputs, init, maps,
          getReductionIteratorTypes(rank, spatialDims),
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            ValueRange channelArgs = args.drop_front(kPixelChunks).drop_back();
            Value partial;
            for (Value element : args.take_front(kPixelChunks))
              partial = term(nb, nloc, element, channelArgs, partial);
            linalg::YieldOp::create(
                nb, nloc,
                createReassocAdd(nb, nloc, args.back(),
                                 convertToFloat(nb, nloc, partial, f64)));
          })
          .getResult(0);
  if (staticSize && *staticSize % kPixelChunks == 0)
    return sums;
  OpFoldResult chunked = scaled(chunk, kPixelChunks);
  OpFoldResult tailLength =
      staticSize ? OpFoldResult(b.getIndexAttr(*staticSize % kPixelChunks))
                 : OpFoldResult(arith::SubIOp::create(b, loc, cast<Value>(size),
                                                      cast<Value>(chunked))
                                    .getResult());
  return buildReduction(b, loc, slice(chunked, tailLength), perChannel,
                        spatialDims, sums, tailBody);
}

/// Returns Y of the samples `x` [M, D1, ..., Dn, C] (n >= 1; one sample of
/// the op's X), written into `init`: the file comment's statistics and Y.
static Value buildSamples(RewriterBase &b, Location loc, Value x, Value scale,
                          Value bias, int64_t numGroups, APFloat epsilon,
                          FloatType c, bool silu, Value init,
                          const NormToLinalgOptions &options) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  FloatType f64 = b.getF64Type();
  // The sums run over several dims: in f64 for f32 C (LayerNormalization.h).
  FloatType acc = f64;

  // The grouped view [M, D..., G, K] and the transposed view [M, G, D..., K]
  // (rewritten away below) of the slices the builders take.
  Value grouped = expandChannelsLastGroups(b, loc, x, numGroups);
  SmallVector<int64_t> permutation{0, rank - 1};
  for (int64_t i = 1; i < rank - 1; ++i)
    permutation.push_back(i);
  permutation.push_back(rank);
  SmallVector<OpFoldResult> groupedSizes =
      tensor::getMixedSizes(b, loc, grouped);
  SmallVector<OpFoldResult> viewSizes;
  for (int64_t dim : permutation)
    viewSizes.push_back(groupedSizes[dim]);
  Value viewInit =
      tensor::EmptyOp::create(b, loc, viewSizes, xType.getElementType());
  auto view =
      linalg::TransposeOp::create(b, loc, grouped, viewInit, permutation);
  Value slices = view.getResult()[0];
  const int64_t axis = 2;
  SmallVector<int64_t> sliceDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank + 1));

  OpFoldResult channels = tensor::getMixedSize(b, loc, x, rank - 1);
  Value k = getValueOrCreateConstantIndexOp(b, loc, groupedSizes[rank]);
  SmallVector<int64_t> spatialDims =
      llvm::to_vector(llvm::seq<int64_t>(1, rank - 1));

  SliceCount count = buildSliceCount(b, loc, slices, sliceDims, c);
  Value count64 = buildElementCount(b, loc, slices, sliceDims, f64);
  bool losesInfo;
  epsilon.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps = arith::ConstantFloatOp::create(b, loc, c, epsilon);

  // K, the group's first element, per (m, g) and repeated per channel.
  Value shift = buildSliceShift(b, loc, slices, axis, c);
  Value shiftPerChannel = repeatPerChannel(b, loc, shift, k, channels,
                                           /*firstRowOnly=*/false);

  // The per-channel sums over the pixels: for f32 C with kPixelChunks terms
  // added in f32 per f64 addition (buildChannelSums), for f64 C in f64.
  auto channelSum = [&](ValueRange perChannel, PixelTermFn term,
                        ReductionBodyFn body) {
    if (c.isF32())
      return buildChannelSums(b, loc, x, perChannel, term, body);
    return buildReduction(b, loc, x, perChannel, spatialDims,
                          b.getFloatAttr(acc, -0.0), body);
  };
  auto contract = arith::FastMathFlags::contract;

  // Q = ReduceSum(K - X) / n: per channel over the pixels, then per group.
  Value channelSums = channelSum(
      shiftPerChannel,
      [&](OpBuilder &nb, Location nloc, Value element, ValueRange perChannel,
          Value partial) -> Value {
        Value shifted = arith::SubFOp::create(
            nb, nloc, perChannel[0], convertToFloat(nb, nloc, element, c));
        return partial ? arith::AddFOp::create(nb, nloc, partial, shifted)
                             .getResult()
                       : shifted;
      },
      [&](OpBuilder &nb, Location nloc, ValueRange elements, Value sum) {
        Value shifted = arith::SubFOp::create(
            nb, nloc, elements[1], convertToFloat(nb, nloc, elements[0], c));
        return createReassocAdd(nb, nloc, sum,
                                convertToFloat(nb, nloc, shifted, acc));
      });
  Value offset = buildSliceMap(
      b, loc, sumGroups(b, loc, channelSums, numGroups), c,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        return createTruncF(
            nb, nloc, arith::DivFOp::create(nb, nloc, args[0], count64), c);
      });
  Value offsetPerChannel = repeatPerChannel(b, loc, offset, k, channels,
                                            /*firstRowOnly=*/false);

  // SumSq = ReduceSum(((K - X) - Q)^2), D in C, the squares summed in f64
  // (for f32 C, kPixelChunks squares in f32 per f64 addition).
  Value channelSquares = channelSum(
      ValueRange{shiftPerChannel, offsetPerChannel},
      [&](OpBuilder &nb, Location nloc, Value element, ValueRange perChannel,
          Value partial) -> Value {
        Value d = arith::SubFOp::create(
            nb, nloc,
            arith::SubFOp::create(nb, nloc, perChannel[0],
                                  convertToFloat(nb, nloc, element, c)),
            perChannel[1]);
        Value square = arith::MulFOp::create(nb, nloc, d, d, contract);
        return partial
                   ? arith::AddFOp::create(nb, nloc, partial, square, contract)
                         .getResult()
                   : square;
      },
      [&](OpBuilder &nb, Location nloc, ValueRange elements, Value sum) {
        return buildSquaredDeviationSum(nb, nloc, elements[0], elements[1],
                                        elements[2], sum, c, acc);
      });
  Value sumSq =
      buildSliceMap(b, loc, sumGroups(b, loc, channelSquares, numGroups), c,
                    [&](OpBuilder &nb, Location nloc, ValueRange args) {
                      return createTruncF(nb, nloc, args[0], c);
                    });

  // Mean = High + Low and InvStdDev, with the exact f64 recomputation of
  // the groups that need it (reading X through the transposed view).
  Value exactMean = buildExactMean(b, loc, slices, axis, shift, offset, sumSq,
                                   count, count64, eps, options);
  Value invStdDev = buildInvStdDev(b, loc, slices, axis, sumSq, shift, offset,
                                   exactMean, count, count64, eps, options);
  MeanParts mean = buildMeanParts(b, loc, slices, axis, shift, offset, sumSq,
                                  exactMean, count, count64, eps, options);
  MeanParts centering =
      buildCenteringParts(b, loc, slices, axis, shift, offset, sumSq, exactMean,
                          invStdDev, mean, count, count64, eps, options);
  // Epsilon 0: Y's scaled form, finite where InvStdDev overflows C
  // (buildScaledCentering), with the factor S repeated per channel too.
  Value yScale;
  Value yInvStdDev = invStdDev;
  if (epsilon.isZero()) {
    ScaledCentering scaled = buildScaledCentering(
        b, loc, slices, axis, shift, offset, sumSq, exactMean, invStdDev,
        centering, count, count64, eps, options);
    centering = {scaled.high, scaled.low};
    yInvStdDev = scaled.invStdDev;
    yScale = scaled.scale;
  }
  readThroughPermutation(b, view, grouped);

  // Y over X, pixel by pixel, the statistics repeated per channel, with
  // Low * InvStdDev taken once per channel instead of in every pixel.
  SmallVector<Value> rows{
      repeatPerChannel(b, loc, centering.high, k, channels,
                       /*firstRowOnly=*/true),
      repeatPerChannel(b, loc, centering.low, k, channels,
                       /*firstRowOnly=*/true, /*factor=*/yInvStdDev),
      repeatPerChannel(b, loc, yInvStdDev, k, channels,
                       /*firstRowOnly=*/true),
      convertChannels(b, loc, scale, c), convertChannels(b, loc, bias, c)};
  if (yScale)
    rows.push_back(repeatPerChannel(b, loc, yScale, k, channels,
                                    /*firstRowOnly=*/true));
  return buildPixelRows(
      b, loc, x, init, rows,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        return buildGroupNormalizedElement(
            nb, nloc, args, c, silu, cast<FloatType>(xType.getElementType()),
            /*lowTimesInvStdDev=*/true, /*scaled=*/yScale != nullptr);
      });
}

/// Casts `x` [N, D1, ..., Dn, C], `scale` [C] and `bias` [C] to types that
/// agree on C: where any of the three has a static C, all take it. The op
/// may mix a static and a dynamic C (X [1, 2, 2, ?] with scale [8]), which
/// the linalg ops over a pixel's row [C] would reject; the op's run-time
/// checks (GroupNormalizationOp::generateRuntimeVerification) make the
/// sizes equal, so each tensor.cast only refines the type.
static void castToCommonChannels(OpBuilder &b, Location loc, Value &x,
                                 Value &scale, Value &bias) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t channels = xType.getShape().back();
  for (Value operand : {scale, bias})
    if (ShapedType::isDynamic(channels))
      channels = cast<RankedTensorType>(operand.getType()).getDimSize(0);
  if (ShapedType::isDynamic(channels))
    return;
  SmallVector<int64_t> shape(xType.getShape());
  shape.back() = channels;
  x = castToType(b, loc, x, xType.clone(shape));
  for (Value *operand : {&scale, &bias})
    *operand = castToType(
        b, loc, *operand,
        cast<RankedTensorType>(operand->getType()).clone({channels}));
}

Value mlir::norm::buildChannelsLastGroupNormalization(
    RewriterBase &b, Location loc, Value x, Value scale, Value bias,
    int64_t numGroups, APFloat epsilon, FloatType c, bool silu, Type yType,
    const NormToLinalgOptions &options) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  // X [N, C]: the NCHW layout.
  if (rank == 2)
    return buildGroupNormalization(b, loc, x, scale, bias, numGroups, epsilon,
                                   c, silu, /*yOverX=*/false, yType, options);

  // A rank above kMaxUncollapsedRank (StructuredBuilders.h): the same on X
  // collapsed to [N, D1 * ... * Dn, C], and Y expanded back. Not for a
  // slice of another tensor (its strided buffer could only be collapsed by
  // copying) or a static size 0.
  if (rank > kMaxUncollapsedRank && !isSliceView(x) &&
      !llvm::is_contained(xType.getShape(), 0)) {
    SmallVector<ReassociationIndices> reassociation{
        {0}, llvm::to_vector(llvm::seq<int64_t>(1, rank - 1)), {rank - 1}};
    Value collapsed = tensor::CollapseShapeOp::create(b, loc, x, reassociation);
    Value y = buildChannelsLastGroupNormalization(
        b, loc, collapsed, scale, bias, numGroups, epsilon, c, silu,
        RankedTensorType::get(
            cast<RankedTensorType>(collapsed.getType()).getShape(),
            cast<ShapedType>(yType).getElementType()),
        options);
    Value expanded = tensor::ExpandShapeOp::create(
        b, loc,
        RankedTensorType::get(xType.getShape(),
                              cast<ShapedType>(yType).getElementType()),
        y, reassociation, tensor::getMixedSizes(b, loc, x));
    return castToType(b, loc, expanded, yType);
  }

  castToCommonChannels(b, loc, x, scale, bias);
  xType = cast<RankedTensorType>(x.getType());

  // One iteration per sample: an scf.forall over N whose body reads the
  // sample X[n] ([1, D..., C]) for its statistics and Y.
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  Value init = tensor::EmptyOp::create(b, loc, sizes, xType.getElementType());
  auto loop = scf::ForallOp::create(b, loc, ArrayRef<OpFoldResult>{sizes[0]},
                                    ValueRange{init}, std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value n = loop.getInductionVar(0);
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets[0] = n;
    SmallVector<OpFoldResult> sampleSizes(sizes);
    sampleSizes[0] = b.getIndexAttr(1);
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    Value sample = tensor::ExtractSliceOp::create(b, loc, x, offsets,
                                                  sampleSizes, strides);
    // Y[n] is computed in place, in the loop's destination.
    Value destination = tensor::ExtractSliceOp::create(
        b, loc, loop.getRegionOutArgs()[0], offsets, sampleSizes, strides);
    Value y = buildSamples(b, loc, sample, scale, bias, numGroups, epsilon, c,
                           silu, destination, options);
    b.setInsertionPointToStart(loop.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(b, loc, y, loop.getRegionOutArgs()[0],
                                          offsets, sampleSizes, strides);
  }
  return castToType(b, loc, loop.getResult(0), yType);
}
