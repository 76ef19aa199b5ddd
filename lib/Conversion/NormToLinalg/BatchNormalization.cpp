//===- BatchNormalization.cpp - lower norm.batch_normalization to linalg --===//
//
// Inference BatchNormalization (docs/semantics.md, BatchNormalization): for
// X [N, C, D1, ..., Dn] and the per-channel operands scale, B (T1),
// input_mean and input_var (T2), in the computation type P (f64 when any
// operand is f64, f32 otherwise):
//
//   A[c] = scale[c] / sqrt(input_var[c] + epsilon)     (per channel, in P)
//   Y    = (X - input_mean[c]) * A[c] + B[c]           (rounded once to T)
//
// A is a per-channel linalg.map over [C], made once per call. X of rank
// >= 3 is viewed as the rows [N * C, D1 * ... * Dn], one contiguous channel
// plane each, and Y is built by an scf.forall over the rows whose body reads
// the channel's input_mean, A and B as scalars and writes its row by a
// linalg.map (buildChannelRows): the forall is the loop that the pipeline
// runs on threads, over all N * C planes (a plain elementwise op gets no
// parallel loop), and the map's innermost loop runs over a whole plane, not
// over Dn alone (a short Dn such as 56 would be one partial vector step per
// row). Planes statically shorter than 16 elements, X of rank 2, an X
// that is a slice of another tensor (a strided buffer, which bufferization
// could only collapse by copying) and an X computed by a linalg op (an
// elementwise producer, which elementwise fusion computes in Y's loop
// instead of writing it out) keep one elementwise linalg.generic over
// X (collapsed to [N, C, D1 * ... * Dn] for rank > 3) that reads the [C]
// operands with the map (n, c, d) -> (c). Every operand is converted exactly to
// P (P is at least as wide as each of them); the arithmetic has the roundings
// of P only, and Y is rounded once to X's type. X - input_mean is formed before
// the multiply, never folded into B - input_mean * A, so that data with a
// large offset (X near a large mean) keeps its digits. epsilon is the f32
// attribute converted exactly to P.
//
// X - input_mean can exceed P's largest finite value where X and input_mean
// are near it with opposite signs (f32 [3e38] with input_mean -3e38) while
// (X - input_mean) * A is finite. Per channel, a power of two F (1, or 1/2
// where |input_mean| reaches half an ulp of P's largest value, the least
// |input_mean| whose difference with some X of P can round to infinity, and
// |A| < 2^(emax of P), so that A / F stays finite) scales the difference:
//
//   Y = (X * F - input_mean * F) * (A / F) + B[c]
//
// X * F is exact (a subnormal X loses at most its last bit where
// |input_mean| >= 2^103, far below the difference's ulp), input_mean * F and
// A / F are exact, so Y has the roundings of the unscaled formula wherever
// that does not overflow: with F = 1 the same operations and values as
// before.
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "LoweringContract.h"
#include "StructuredBuilders.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

/// Returns whether `x` is a tensor.extract_slice of another tensor, directly
/// or through tensor.cast (a strided buffer, which bufferization could only
/// collapse by copying).
static bool isSliceOfTensor(Value x) {
  while (auto cast = x.getDefiningOp<tensor::CastOp>())
    x = cast.getSource();
  return x.getDefiningOp<tensor::ExtractSliceOp>() != nullptr;
}

/// Returns whether the channel planes D1 * ... * Dn of X of type `xType` are
/// statically known to be shorter than `minElements`.
static bool hasShortPlanes(RankedTensorType xType, int64_t minElements) {
  int64_t plane = 1;
  for (int64_t d = 2; d < xType.getRank(); ++d) {
    if (xType.isDynamicDim(d))
      return false;
    plane *= xType.getDimSize(d);
    if (plane >= minElements)
      return false;
  }
  return true;
}

/// The per-channel operands of Y in `p` (see the file comment): F (1 or 1/2),
/// input_mean * F and A * (1 / F).
struct ChannelTerms {
  Value factor, scaledMean, scaledA;
};

/// Returns the ChannelTerms of one channel from its input_mean `m` and A
/// `a`, both in `p`.
static ChannelTerms buildScalarTerms(OpBuilder &b, Location loc, Value m,
                                     Value a, FloatType p) {
  const llvm::fltSemantics &sem = p.getFloatSemantics();
  int maxExponent = APFloat::semanticsMaxExponent(sem);
  int precision = APFloat::semanticsPrecision(sem);
  // Half an ulp of P's largest finite value, 2^(emax - precision) (2^103
  // for f32, 2^970 for f64), and 2^emax (2^127, 2^1023).
  APFloat halfUlpOfMax = scalbn(APFloat::getOne(sem), maxExponent - precision,
                                APFloat::rmNearestTiesToEven);
  APFloat twoToEmax =
      scalbn(APFloat::getOne(sem), maxExponent, APFloat::rmNearestTiesToEven);
  // NaN operands compare false: F = 1.
  Value bigMean = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OGE, math::AbsFOp::create(b, loc, m),
      arith::ConstantFloatOp::create(b, loc, p, halfUlpOfMax));
  Value finiteRatio = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, a),
      arith::ConstantFloatOp::create(b, loc, p, twoToEmax));
  Value scaled = arith::AndIOp::create(b, loc, bigMean, finiteRatio);
  Value one = createFloatConstant(b, loc, p, 1.0);
  ChannelTerms terms;
  terms.factor = arith::SelectOp::create(
      b, loc, scaled, createFloatConstant(b, loc, p, 0.5), one);
  terms.scaledMean = arith::MulFOp::create(b, loc, m, terms.factor);
  terms.scaledA = arith::MulFOp::create(
      b, loc, a,
      arith::SelectOp::create(b, loc, scaled,
                              createFloatConstant(b, loc, p, 2.0), one));
  return terms;
}

/// Returns the ChannelTerms of the [C] tensors `mean` (any float type,
/// converted exactly to `p`) and `a` (A, in `p`), each a [C] tensor of one
/// linalg.generic.
static ChannelTerms buildChannelTerms(OpBuilder &b, Location loc, Value mean,
                                      Value a, FloatType p) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, a);
  SmallVector<Value, 3> inits;
  for (int i = 0; i < 3; ++i)
    inits.push_back(tensor::EmptyOp::create(b, loc, sizes, p));
  AffineMap identity = b.getMultiDimIdentityMap(1);
  auto op = linalg::GenericOp::create(
      b, loc, ValueRange(inits).getTypes(), ValueRange{mean, a}, inits,
      SmallVector<AffineMap>(5, identity),
      getReductionIteratorTypes(1, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        ChannelTerms terms = buildScalarTerms(
            nb, nloc, convertToFloat(nb, nloc, args[0], p), args[1], p);
        linalg::YieldOp::create(
            nb, nloc,
            ValueRange{terms.factor, terms.scaledMean, terms.scaledA});
      });
  return ChannelTerms{op.getResult(0), op.getResult(1), op.getResult(2)};
}

/// Returns (X * `factor` - `scaledMean`) * `scaledA` + `shift` in `p`, rounded
/// once to `t`, for the element `x` of X (Y of the file comment).
static Value buildChannelY(OpBuilder &b, Location loc, Value x, Value factor,
                           Value scaledMean, Value scaledA, Value shift,
                           FloatType p, FloatType t) {
  Value centered = arith::SubFOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, convertToFloat(b, loc, x, p), factor,
                            arith::FastMathFlags::contract),
      scaledMean, arith::FastMathFlags::contract);
  Value y = arith::MulFOp::create(b, loc, centered, scaledA,
                                  arith::FastMathFlags::contract);
  y = arith::AddFOp::create(b, loc, y, shift, arith::FastMathFlags::contract);
  return createTruncF(b, loc, y, t);
}

/// Returns Y = (X - `mean`[c]) * `a`[c] + `bias`[c] in `p`, rounded once to
/// X's type, for `x` [N, C, D1, ..., Dn] (n >= 1), as [N, C, D1, ..., Dn]:
/// X viewed as the rows [N * C, D1 * ... * Dn], one channel plane each, and
/// Y built by an scf.forall over the rows (threads; each iteration streams
/// its contiguous plane of X into that of Y) whose body reads the channel's
/// three scalars and writes its row by a linalg.map into the destination's
/// row (in place).
static Value buildChannelRows(OpBuilder &b, Location loc, Value x, Value mean,
                              Value a, Value bias, FloatType p) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto t = cast<FloatType>(xType.getElementType());
  SmallVector<ReassociationIndices> reassociation{{0, 1}, {}};
  for (int64_t d = 2; d < xType.getRank(); ++d)
    reassociation[1].push_back(d);
  Value rows = tensor::CollapseShapeOp::create(b, loc, x, reassociation);
  auto rowsType = cast<RankedTensorType>(rows.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, rows);
  Value channels = getValueOrCreateConstantIndexOp(
      b, loc, tensor::getMixedSize(b, loc, x, 1));
  Value yInit = tensor::EmptyOp::create(b, loc, sizes, t);
  auto forall = scf::ForallOp::create(b, loc, ArrayRef<OpFoldResult>{sizes[0]},
                                      ValueRange{yInit},
                                      /*mapping=*/std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(forall.getTerminator());
    Value row = forall.getInductionVar(0);
    Value channel = arith::RemUIOp::create(b, loc, row, channels);
    auto channelValue = [&](Value operand) {
      return convertToFloat(
          b, loc, tensor::ExtractOp::create(b, loc, operand, channel), p);
    };
    ChannelTerms terms =
        buildScalarTerms(b, loc, channelValue(mean),
                         tensor::ExtractOp::create(b, loc, a, channel), p);
    Value shift = channelValue(bias);
    SmallVector<OpFoldResult> offsets{row, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> rowSizes{b.getIndexAttr(1), sizes[1]};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    int64_t plane = rowsType.getDimSize(1);
    Value xRow = tensor::ExtractSliceOp::create(
        b, loc, RankedTensorType::get({plane}, t), rows, offsets, rowSizes,
        strides);
    Value dest = tensor::ExtractSliceOp::create(
        b, loc, RankedTensorType::get({plane}, t),
        forall.getRegionIterArgs()[0], offsets, rowSizes, strides);
    Value yRow =
        linalg::MapOp::create(
            b, loc, ValueRange{xRow}, dest,
            [&](OpBuilder &nb, Location nloc, ValueRange args) {
              linalg::YieldOp::create(
                  nb, nloc,
                  buildChannelY(nb, nloc, args[0], terms.factor,
                                terms.scaledMean, terms.scaledA, shift, p, t));
            })
            .getResult()[0];
    b.setInsertionPointToStart(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(b, loc, yRow,
                                          forall.getRegionIterArgs()[0],
                                          offsets, rowSizes, strides);
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(xType.getShape(), t), forall.getResult(0),
      reassociation, tensor::getMixedSizes(b, loc, x));
}

/// Builds Y of type `yType` for a BatchNormalization of `x` with the [C]
/// operands `scale`, `bias`, `mean` and `var` in the computation type `p`
/// (see the file comment).
static Value buildBatchNormalization(OpBuilder &b, Location loc, Value x,
                                     Value scale, Value bias, Value mean,
                                     Value var, APFloat epsilon, FloatType p,
                                     Type yType) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  auto t = cast<FloatType>(xType.getElementType());
  int64_t rank = xType.getRank();

  bool losesInfo;
  epsilon.convert(p.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps = arith::ConstantFloatOp::create(b, loc, p, epsilon);

  // A[c] = scale[c] / sqrt(input_var[c] + epsilon), in P.
  Value a =
      buildMap(b, loc, ValueRange{scale, var}, p,
               [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                 Value v = convertToFloat(nb, nloc, args[1], p);
                 Value root = math::SqrtOp::create(
                     nb, nloc, arith::AddFOp::create(nb, nloc, v, eps));
                 return arith::DivFOp::create(
                     nb, nloc, convertToFloat(nb, nloc, args[0], p), root);
               });

  // Rows of whole channel planes: [N, C, D1, ..., Dn] -> [N * C, D1 * ...
  // * Dn], Y one row per scf.forall iteration (threads).
  if (rank > 2 && !isSliceOfTensor(x) && !x.getDefiningOp<linalg::LinalgOp>() &&
      !hasShortPlanes(xType, /*minElements=*/16))
    return castToType(b, loc, buildChannelRows(b, loc, x, mean, a, bias, p),
                      yType);

  // [N, C, D1, ..., Dn] -> [N, C, D1 * ... * Dn].
  SmallVector<OpFoldResult> xSizes = tensor::getMixedSizes(b, loc, x);
  Value source = x;
  if (rank > 3) {
    SmallVector<ReassociationIndices> reassociation{{0}, {1}, {}};
    for (int64_t d = 2; d < rank; ++d)
      reassociation[2].push_back(d);
    source = tensor::CollapseShapeOp::create(b, loc, x, reassociation);
    rank = 3;
  }

  // Y = (X * F - input_mean * F) * (A / F) + B[c], rounded once to T, with
  // F, input_mean * F and A / F per channel (the file comment).
  ChannelTerms terms = buildChannelTerms(b, loc, mean, a, p);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap channel =
      AffineMap::get(rank, /*symbolCount=*/0, getAffineDimExpr(1, ctx), ctx);
  Value init =
      tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, source), t);
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(),
      ValueRange{source, terms.factor, terms.scaledMean, terms.scaledA, bias},
      init,
      ArrayRef<AffineMap>{identity, channel, channel, channel, channel,
                          identity},
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(
            nb, nloc,
            buildChannelY(nb, nloc, args[0], args[1], args[2], args[3],
                          convertToFloat(nb, nloc, args[4], p), p, t));
      });
  Value y = yOp.getResult(0);
  if (source != x)
    y = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(xType.getShape(), t), y,
        cast<tensor::CollapseShapeOp>(source.getDefiningOp())
            .getReassociationIndices(),
        xSizes);
  return castToType(b, loc, y, yType);
}

namespace {

/// Lowers norm.batch_normalization to a per-channel map and one elementwise
/// op over X (see the file comment).
struct BatchNormalizationLowering
    : public OpConversionPattern<BatchNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BatchNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)))
      return failure();
    Value x = adaptor.getX();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 2 ||
        !isa<FloatType>(xType.getElementType()))
      return rewriter.notifyMatchFailure(op, "expects a float X of rank >= 2");
    SmallVector<Value> channelOperands{adaptor.getScale(), adaptor.getB(),
                                       adaptor.getInputMean(),
                                       adaptor.getInputVar()};
    bool anyF64 = xType.getElementType().isF64();
    for (Value operand : channelOperands) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getRank() != 1 ||
          !isa<FloatType>(type.getElementType()))
        return rewriter.notifyMatchFailure(
            op, "expects float scale, B, input_mean and input_var of rank 1");
      anyF64 |= type.getElementType().isF64();
    }
    FloatType p = anyF64 ? rewriter.getF64Type() : rewriter.getF32Type();
    Value y = buildBatchNormalization(rewriter, op.getLoc(), x,
                                      channelOperands[0], channelOperands[1],
                                      channelOperands[2], channelOperands[3],
                                      op.getEpsilon(), p, op.getY().getType());
    rewriter.replaceOp(op, y);
    return success();
  }
};

} // namespace

void mlir::norm::populateBatchNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &) {
  patterns.add<BatchNormalizationLowering>(patterns.getContext());
}
