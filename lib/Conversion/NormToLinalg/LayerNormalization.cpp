//===- LayerNormalization.cpp - lower norm.layer_normalization to linalg --===//
//
// Over the normalized axes [axis, ..., r-1], with n their element count and
// C the stage-one type (f32 for f16/bf16/f32 X, f64 for f64 X):
//
//   Mean       = ReduceSum(X) / n,  computed as  K + ReduceSum(X - K) / n
//   D          = X - Mean
//   Var        = ReduceSum(D * D) / n          (two passes, never E[x^2]-E^2)
//   InvStdDev  = 1 / sqrt(Var + epsilon)
//   Y          = D * InvStdDev * Scale + B
//
// all in C, with one rounding of Y to X's type and of Mean and InvStdDev to
// the stash type U. Scale and B broadcast to X right-aligned. n = 0 gives
// Mean = InvStdDev = 0 / 0 = NaN.
//
// K is the slice's first element (0 if it is not finite or |K| > 2^64), the
// shifted-data form of the sum (Chan, Golub and LeVeque, "Algorithms for
// computing the sample variance: analysis and recommendations", 1983): a
// constant slice then has an exact Mean (ReduceSum(X - K) = 0) and so
// Var = 0 and Y = B however long it is, which a plain f32 sum of n copies
// does not give; a near-constant slice gets a Mean whose error scales with
// its spread instead of with |Mean|. |K| <= 2^64 keeps X - K finite for
// every finite X. f16/bf16 slices of at most 2^13/2^16 elements need no
// shift (their constant slices already have exact f32 sums): there it is
// left out, or chosen at run time for a dynamic size.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

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
/// returned as is.
static Value materializeRuntimeBroadcast(OpBuilder &b, Location loc,
                                         Value operand, Value x, int64_t axis,
                                         FloatType c) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  int64_t offset = xType.getRank() - rank;
  bool broadcast = llvm::any_of(llvm::seq<int64_t>(0, rank), [&](int64_t i) {
    return type.isDynamicDim(i) && xType.getDimSize(offset + i) != 1;
  });
  bool convert = type.getElementType().getIntOrFloatBitWidth() < c.getWidth() &&
                 llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t i) {
                   return offset + i >= axis || type.getDimSize(i) == 1;
                 });
  if (!broadcast && !convert)
    return operand;

  // The broadcast shape: 1 where the operand has a static 1, X's size
  // elsewhere.
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < rank; ++i) {
    if (type.getDimSize(i) == 1)
      sizes.push_back(b.getIndexAttr(1));
    else
      sizes.push_back(tensor::getMixedSize(b, loc, x, offset + i));
  }
  // A tensor.generate, not a linalg.generic: elementwise fusion would fuse
  // a generic into the normalization, and the per-element select of the
  // index keeps LLVM from vectorizing that loop. This copy has X's trailing
  // size only and is made once per call.
  SmallVector<Value> dynamicSizes;
  SmallVector<int64_t> staticSizes;
  for (OpFoldResult size : sizes) {
    if (auto attr = dyn_cast<Attribute>(size)) {
      staticSizes.push_back(cast<IntegerAttr>(attr).getInt());
    } else {
      staticSizes.push_back(ShapedType::kDynamic);
      dynamicSizes.push_back(cast<Value>(size));
    }
  }
  auto resultType = RankedTensorType::get(
      staticSizes, convert ? Type(c) : type.getElementType());
  auto copy = tensor::GenerateOp::create(
      b, loc, resultType, dynamicSizes,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        // operand[i...] with i_k = 0 where the run-time size k is 1.
        SmallVector<Value> indices;
        for (int64_t i = 0; i < rank; ++i) {
          Value index = ivs[i];
          if (type.isDynamicDim(i)) {
            Value one = arith::ConstantIndexOp::create(nb, nloc, 1);
            Value zero = arith::ConstantIndexOp::create(nb, nloc, 0);
            Value size = tensor::DimOp::create(nb, nloc, operand, i);
            Value isOne = arith::CmpIOp::create(
                nb, nloc, arith::CmpIPredicate::eq, size, one);
            index = arith::SelectOp::create(nb, nloc, isOne, zero, index);
          }
          indices.push_back(index);
        }
        Value element =
            tensor::ExtractOp::create(nb, nloc, operand, indices).getResult();
        tensor::YieldOp::create(
            nb, nloc, convert ? convertToFloat(nb, nloc, element, c) : element);
      });
  return copy.getResult();
}

/// Returns the product of the sizes `dims` of `tensor` converted to `type`:
/// a constant where all are static, tensor.dim products otherwise.
static Value buildElementCount(OpBuilder &b, Location loc, Value tensor,
                               ArrayRef<int64_t> dims, FloatType type) {
  auto tensorType = cast<RankedTensorType>(tensor.getType());
  int64_t staticCount = 1;
  Value dynamicCount;
  for (int64_t dim : dims) {
    int64_t size = tensorType.getDimSize(dim);
    if (!ShapedType::isDynamic(size)) {
      staticCount *= size;
      continue;
    }
    Value dimSize = tensor::DimOp::create(b, loc, tensor, dim);
    dynamicCount = dynamicCount
                       ? arith::MulIOp::create(b, loc, dynamicCount, dimSize)
                       : dimSize;
  }
  if (!dynamicCount)
    return createFloatConstant(b, loc, type, static_cast<double>(staticCount));
  if (staticCount != 1)
    dynamicCount = arith::MulIOp::create(
        b, loc, dynamicCount,
        arith::ConstantIndexOp::create(b, loc, staticCount));
  Value count =
      arith::IndexCastOp::create(b, loc, b.getI64Type(), dynamicCount);
  return arith::UIToFPOp::create(b, loc, type, count);
}

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

/// Returns the shift K of each slice of `x` (the dims from `axis` on) in
/// type `c`: a tensor of the outer dims holding x[i..., 0, ..., 0], or 0
/// where that element is not finite or exceeds 2^64 in magnitude (so that
/// X - K cannot overflow), or where the slices are empty. It is a reduction
/// over the slice's first element only: x[..., 0:min(d, 1), ...] for each
/// normalized dim d, which is in bounds when d = 0 and then leaves K = 0.
static Value buildShift(OpBuilder &b, Location loc, Value x, int64_t axis,
                        FloatType c) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  // No element to read (a static 0 makes a slice's offset out of bounds).
  if (llvm::is_contained(xType.getShape(), 0))
    return createFilledTensor(b, loc, getKeptSizes(b, loc, x, reducedDims),
                              b.getFloatAttr(c, 0.0));
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  SmallVector<int64_t> firstShape(xType.getShape());
  for (int64_t i = axis; i < rank; ++i) {
    if (xType.isDynamicDim(i)) {
      sizes[i] =
          arith::MinUIOp::create(b, loc, cast<Value>(sizes[i]),
                                 arith::ConstantIndexOp::create(b, loc, 1))
              .getResult();
    } else {
      firstShape[i] = std::min<int64_t>(firstShape[i], 1);
      sizes[i] = b.getIndexAttr(firstShape[i]);
    }
  }
  auto firstType = RankedTensorType::get(firstShape, xType.getElementType());
  Value first = tensor::ExtractSliceOp::create(b, loc, firstType, x, offsets,
                                               sizes, strides);
  return buildReduction(
      b, loc, first, /*sliceInputs=*/{}, reducedDims, b.getFloatAttr(c, 0.0),
      [&](OpBuilder &nb, Location nloc, ValueRange elements,
          Value acc) -> Value {
        Value k = convertToFloat(nb, nloc, elements[0], c);
        // |K| <= 2^64 (false for inf and NaN)
        Value small =
            arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLE,
                                  math::AbsFOp::create(nb, nloc, k),
                                  createFloatConstant(nb, nloc, c, 0x1p64));
        return arith::SelectOp::create(nb, nloc, small, k, acc);
      });
}

/// Where the shift K is needed (see the file comment).
struct ShiftUse {
  /// Always: f32 and f64 X, and f16/bf16 slices statically longer than the
  /// limit below.
  bool always = false;
  /// Else, if set: an i1 that is true for slices longer than the limit
  /// (f16/bf16 X with a dynamic normalized size).
  Value condition;
};

/// Returns where `x`'s slices over `reducedDims` need the shift. An f16
/// (bf16) value is an integer of at most 11 (8) bits times a power of two,
/// so n copies of it and every partial sum of them are exact in f32 while
/// n <= 2^13 (2^16): a constant slice up to that length already has an
/// exact f32 Mean, and the shift would only cost a subtraction per element.
static ShiftUse getShiftUse(OpBuilder &b, Location loc, Value x,
                            ArrayRef<int64_t> reducedDims, Type elementType) {
  ShiftUse use;
  int64_t limit = elementType.isF16()    ? (1 << 13)
                  : elementType.isBF16() ? (1 << 16)
                                         : 0;
  if (limit == 0) {
    use.always = true;
    return use;
  }
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t staticCount = 1;
  Value dynamicCount;
  for (int64_t dim : reducedDims) {
    if (!xType.isDynamicDim(dim)) {
      staticCount *= xType.getDimSize(dim);
      continue;
    }
    Value size = tensor::DimOp::create(b, loc, x, dim);
    dynamicCount =
        dynamicCount ? arith::MulIOp::create(b, loc, dynamicCount, size) : size;
  }
  if (!dynamicCount) {
    use.always = staticCount > limit;
    return use;
  }
  // n > limit, without overflow: dynamicCount > limit / staticCount (a
  // static 0 makes every slice empty: no shift).
  if (staticCount == 0)
    return use;
  use.condition = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ugt, dynamicCount,
      arith::ConstantIndexOp::create(b, loc, limit / staticCount));
  return use;
}

namespace {

/// Lowers norm.layer_normalization to two row reductions (sum, then sum of
/// squared deviations), per-row Mean and InvStdDev maps, and one fused
/// elementwise op for Y (see the file comment for the math).
struct LayerNormalizationLowering
    : public OpConversionPattern<LayerNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LayerNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
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

    // Stage-one type C.
    FloatType c =
        elementType.isF64() ? rewriter.getF64Type() : rewriter.getF32Type();
    SmallVector<int64_t> reducedDims =
        llvm::to_vector(llvm::seq<int64_t>(axis, rank));
    TypedAttr zeroAttr = rewriter.getFloatAttr(c, 0.0);

    // n = prod(d_axis, ..., d_{r-1}) in C
    Value count = buildElementCount(rewriter, loc, x, reducedDims, c);
    // epsilon in C (exact: the attribute is f32)
    APFloat epsilon = op.getEpsilon();
    bool losesInfo;
    epsilon.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    Value eps = arith::ConstantFloatOp::create(rewriter, loc, c, epsilon);

    // Mean = K + ReduceSum(X - K) / n (see the file comment), or
    // ReduceSum(X) / n where the f32 sums of a constant slice are exact.
    Value mean;
    ShiftUse use = getShiftUse(rewriter, loc, x, reducedDims, elementType);
    if (use.always || use.condition) {
      Value shift = buildShift(rewriter, loc, x, axis, c);
      // With a run-time condition, both forms are kept apart by a select
      // on a loop-invariant i1, which LLVM unswitches: the unshifted loop
      // has no subtraction.
      auto choose = [&](OpBuilder &b, Location nloc, Value shifted,
                        Value plain) -> Value {
        if (use.always)
          return shifted;
        return arith::SelectOp::create(b, nloc, use.condition, shifted, plain);
      };
      Value sum = buildReduction(
          rewriter, loc, x, shift, reducedDims, zeroAttr,
          [&](OpBuilder &b, Location nloc, ValueRange elements,
              Value acc) -> Value {
            Value element = convertToFloat(b, nloc, elements[0], c);
            Value term = choose(
                b, nloc, arith::SubFOp::create(b, nloc, element, elements[1]),
                element);
            return createReassocAdd(b, nloc, acc, term);
          });
      mean = buildMap(
          rewriter, loc, ValueRange{sum, shift}, c,
          [&](OpBuilder &b, Location nloc, ValueRange elements) {
            Value m = arith::DivFOp::create(b, nloc, elements[0], count);
            return choose(b, nloc,
                          arith::AddFOp::create(b, nloc, elements[1], m), m);
          });
    } else {
      Value sum = buildReduction(
          rewriter, loc, x, /*sliceInputs=*/{}, reducedDims, zeroAttr,
          [&](OpBuilder &b, Location nloc, ValueRange elements,
              Value acc) -> Value {
            return createReassocAdd(b, nloc, acc,
                                    convertToFloat(b, nloc, elements[0], c));
          });
      mean =
          buildMap(rewriter, loc, sum, c,
                   [&](OpBuilder &b, Location nloc, ValueRange elements) {
                     return arith::DivFOp::create(b, nloc, elements[0], count);
                   });
    }
    // SumSq = ReduceSum(D * D), D = X - Mean
    Value sumSq = buildReduction(
        rewriter, loc, x, mean, reducedDims, zeroAttr,
        [&](OpBuilder &b, Location nloc, ValueRange elements,
            Value acc) -> Value {
          Value d = arith::SubFOp::create(
              b, nloc, convertToFloat(b, nloc, elements[0], c), elements[1]);
          // acc + D * D may be one fused multiply-add (one rounding fewer).
          Value square = arith::MulFOp::create(b, nloc, d, d,
                                               arith::FastMathFlags::contract);
          return arith::AddFOp::create(b, nloc, acc, square,
                                       arith::FastMathFlags::reassoc |
                                           arith::FastMathFlags::contract);
        });
    // InvStdDev = 1 / sqrt(SumSq / n + epsilon)
    Value invStdDev = buildMap(
        rewriter, loc, sumSq, c,
        [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
          Value var = arith::DivFOp::create(b, nloc, elements[0], count);
          Value stdDev = math::SqrtOp::create(
              b, nloc, arith::AddFOp::create(b, nloc, var, eps));
          return arith::DivFOp::create(
              b, nloc, createFloatConstant(b, nloc, c, 1.0), stdDev);
        });

    // Y = (X - Mean) * InvStdDev * Scale + B, rounded once to X's type.
    scale = materializeRuntimeBroadcast(rewriter, loc, scale, x, axis, c);
    scaleType = cast<RankedTensorType>(scale.getType());
    if (bias) {
      bias = materializeRuntimeBroadcast(rewriter, loc, bias, x, axis, c);
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
    Value init = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, x), elementType);
    auto yOp = linalg::GenericOp::create(
        rewriter, loc, init.getType(), inputs, init, maps,
        getReductionIteratorTypes(rank, /*reducedDims=*/{}),
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          // D = X - Mean
          Value d = arith::SubFOp::create(
              b, nloc, convertToFloat(b, nloc, args[0], c), args[1]);
          // Normalized = D * InvStdDev
          Value normalized = arith::MulFOp::create(b, nloc, d, args[2]);
          // Y = Normalized * Scale (+ B), a fused multiply-add where the
          // target has one (one rounding fewer than the spec's chain).
          Value y = arith::MulFOp::create(b, nloc, normalized,
                                          convertToFloat(b, nloc, args[3], c),
                                          arith::FastMathFlags::contract);
          if (bias)
            y = arith::AddFOp::create(b, nloc, y,
                                      convertToFloat(b, nloc, args[4], c),
                                      arith::FastMathFlags::contract);
          linalg::YieldOp::create(b, nloc,
                                  createTruncF(b, nloc, y, elementType));
        });

    Value y = castToType(rewriter, loc, yOp.getResult(0), op.getY().getType());
    Value meanResult = buildStashResult(rewriter, loc, mean, x, axis, meanType);
    Value invStdDevResult =
        buildStashResult(rewriter, loc, invStdDev, x, axis, invStdDevType);
    rewriter.replaceOp(op, {y, meanResult, invStdDevResult});
    return success();
  }
};

} // namespace

void mlir::norm::populateLayerNormalizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LayerNormalizationLowering>(patterns.getContext());
}
