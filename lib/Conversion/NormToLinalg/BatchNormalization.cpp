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
// Per channel, powers of two F1 and F2 keep the intermediate values finite
// and normal where Y is:
//
//   Y = ((X * F1 - input_mean * F1) * A2 + B / F2) * F2,   A2 = A / (F1 * F2)
//
// * X - input_mean can exceed P's largest value where X and input_mean are
//   near it with opposite signs (f32 X = 3e38, input_mean = -3e38) while
//   (X - input_mean) * A is finite: F1 = 1/2 where |input_mean| reaches half
//   an ulp of P's largest value (2^103 for f32, 2^970 for f64: below it no X
//   of P rounds to infinity against it) and |A2| stays below 2^emax.
// * A itself can overflow P (scale 3e38, input_var 0.25) or fall below its
//   normal range (scale 1e-30, input_var 1e30: A = 1e-45 keeps one bit)
//   where Y is finite and normal: there A is formed as
//   (scale * 2^-k) / sqrt(input_var + epsilon) with F2 = 2^k, or as
//   (scale * 2^k) / sqrt(input_var + epsilon) with F1 = 2^-k (k = 100 for
//   f32, 600 for f64: scale * 2^-+k stays normal in those cases, and A2 is
//   normal). f16 X, whose |X| * 2^k stays far below f32's largest value,
//   takes F1 = 2^k where A overflows and no F2: its Y loop, bound by the
//   f16 conversions, keeps its operation count.
// Each factor and each scaled term is exact (a subnormal X * F1 loses only
// bits far below Y's ulp), so Y has the roundings of the unscaled formula
// wherever that is finite; in a channel with F1 = F2 = 1 the same operations
// and values as without the factors (the final * 1 is exact).
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

/// The per-channel operands of Y in `p` (see the file comment): F1,
/// input_mean * F1, A2 = A / (F1 * F2), B / F2 and F2 (null for f16 X,
/// whose channels where A overflows take F1 = 2^k instead).
struct ChannelTerms {
  Value factor, scaledMean, scaledA, scaledShift, outerFactor;
};

/// Returns the ChannelTerms of one channel from its input_mean `m`, scale
/// `scale`, input_var `var` and B `bias`, all in `p`, and epsilon `eps` in
/// `p`; with `outer` false, without F2 (see ChannelTerms).
static ChannelTerms buildScalarTerms(OpBuilder &b, Location loc, Value m,
                                     Value scale, Value var, Value bias,
                                     Value eps, FloatType p, bool outer) {
  const llvm::fltSemantics &sem = p.getFloatSemantics();
  int maxExponent = APFloat::semanticsMaxExponent(sem);
  int precision = APFloat::semanticsPrecision(sem);
  int k = p.isF64() ? 600 : 100;
  auto power = [&](int exponent) -> Value {
    return arith::ConstantFloatOp::create(
        b, loc, p,
        scalbn(APFloat::getOne(sem), exponent, APFloat::rmNearestTiesToEven));
  };
  auto select = [&](Value condition, Value ifTrue, Value ifFalse) -> Value {
    return arith::SelectOp::create(b, loc, condition, ifTrue, ifFalse);
  };
  auto compare = [&](arith::CmpFPredicate predicate, Value lhs,
                     Value rhs) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, lhs, rhs);
  };
  Value one = createFloatConstant(b, loc, p, 1.0);
  Value zero = createFloatConstant(b, loc, p, 0.0);
  Value inf =
      createFloatConstant(b, loc, p, std::numeric_limits<double>::infinity());
  auto all = [&](ArrayRef<Value> conditions) {
    Value result = conditions.front();
    for (Value condition : conditions.drop_front())
      result = arith::AndIOp::create(b, loc, result, condition);
    return result;
  };
  // sqrt(input_var + epsilon); where the sum of a finite input_var and
  // epsilon exceeds P (f32 input_var near FLT_MAX, epsilon 1e32), as
  // 2 * sqrt(input_var / 4 + epsilon / 4).
  Value sum = arith::AddFOp::create(b, loc, var, eps);
  Value root = select(
      all({compare(arith::CmpFPredicate::OEQ, sum, inf),
           compare(arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, var),
                   inf)}),
      arith::MulFOp::create(
          b, loc, createFloatConstant(b, loc, p, 2.0),
          math::SqrtOp::create(
              b, loc,
              arith::AddFOp::create(
                  b, loc,
                  arith::MulFOp::create(b, loc, var,
                                        createFloatConstant(b, loc, p, 0.25)),
                  arith::MulFOp::create(
                      b, loc, eps, createFloatConstant(b, loc, p, 0.25))))),
      math::SqrtOp::create(b, loc, sum));
  auto ratio = [&](Value numerator) -> Value {
    return arith::DivFOp::create(b, loc, numerator, root);
  };
  // A in P, and the channels where it overflows or leaves the normal range
  // with a finite, nonzero root (a root of 0 or inf makes A infinite or 0
  // as the formula does; NaN operands compare false: F1 = F2 = 1, IEEE
  // arithmetic).
  Value a = ratio(scale);
  Value absA = math::AbsFOp::create(b, loc, a);
  Value rootRegular = all({compare(arith::CmpFPredicate::OGT, root, zero),
                           compare(arith::CmpFPredicate::OLT, root, inf)});
  Value overflow =
      all({compare(arith::CmpFPredicate::OEQ, absA, inf), rootRegular});
  Value underflow =
      all({compare(arith::CmpFPredicate::OLT, absA,
                   power(APFloat::semanticsMinExponent(sem))),
           compare(arith::CmpFPredicate::ONE, scale, zero), rootRegular});
  Value aNormal = select(
      overflow, ratio(arith::MulFOp::create(b, loc, scale, power(-k))), a);
  // F1 = 1/2 where X - input_mean could overflow and A2 = 2 A stays finite.
  Value halve = arith::AndIOp::create(
      b, loc,
      compare(arith::CmpFPredicate::OGE, math::AbsFOp::create(b, loc, m),
              power(maxExponent - precision)),
      compare(arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, aNormal),
              power(maxExponent)));
  ChannelTerms terms;
  terms.factor =
      select(underflow, power(-k),
             select(halve, createFloatConstant(b, loc, p, 0.5), one));
  if (!outer) {
    // f16 X: |X| * 2^k is at most 2^(16 + k), far from overflow, so the
    // channels where A overflows scale X and input_mean up instead, where
    // input_mean * 2^k is finite (elsewhere |input_mean| >= 2^(emax - k) >
    // 65504 and every finite X - input_mean times A overflows: A itself).
    Value scaleUp =
        all({overflow,
             compare(arith::CmpFPredicate::OLT,
                     math::AbsFOp::create(
                         b, loc, arith::MulFOp::create(b, loc, m, power(k))),
                     inf)});
    terms.factor = select(scaleUp, power(k), terms.factor);
    terms.scaledMean = arith::MulFOp::create(b, loc, m, terms.factor);
    terms.scaledA = select(
        underflow, ratio(arith::MulFOp::create(b, loc, scale, power(k))),
        select(scaleUp, aNormal,
               select(overflow, a,
                      arith::MulFOp::create(
                          b, loc, aNormal,
                          select(halve, createFloatConstant(b, loc, p, 2.0),
                                 one)))));
    terms.scaledShift = bias;
    return terms;
  }
  terms.scaledMean = arith::MulFOp::create(b, loc, m, terms.factor);
  terms.scaledA =
      select(underflow, ratio(arith::MulFOp::create(b, loc, scale, power(k))),
             arith::MulFOp::create(
                 b, loc, aNormal,
                 select(halve, createFloatConstant(b, loc, p, 2.0), one)));
  terms.outerFactor = select(overflow, power(k), one);
  terms.scaledShift =
      arith::MulFOp::create(b, loc, bias, select(overflow, power(-k), one));
  return terms;
}

/// Returns the ChannelTerms of the [C] tensors `mean`, `scale`, `var` and
/// `bias` (any float types, converted exactly to `p`), each a [C] tensor of
/// one linalg.generic.
static ChannelTerms buildChannelTerms(OpBuilder &b, Location loc, Value mean,
                                      Value scale, Value var, Value bias,
                                      Value eps, FloatType p, bool outer) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, mean);
  int numTerms = outer ? 5 : 4;
  SmallVector<Value, 5> inits;
  for (int i = 0; i < numTerms; ++i)
    inits.push_back(tensor::EmptyOp::create(b, loc, sizes, p));
  AffineMap identity = b.getMultiDimIdentityMap(1);
  auto op = linalg::GenericOp::create(
      b, loc, ValueRange(inits).getTypes(), ValueRange{mean, scale, var, bias},
      inits, SmallVector<AffineMap>(4 + numTerms, identity),
      getReductionIteratorTypes(1, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        auto in = [&](int i) { return convertToFloat(nb, nloc, args[i], p); };
        ChannelTerms terms = buildScalarTerms(nb, nloc, in(0), in(1), in(2),
                                              in(3), eps, p, outer);
        SmallVector<Value, 5> results{terms.factor, terms.scaledMean,
                                      terms.scaledA, terms.scaledShift};
        if (outer)
          results.push_back(terms.outerFactor);
        linalg::YieldOp::create(nb, nloc, results);
      });
  return ChannelTerms{op.getResult(0), op.getResult(1), op.getResult(2),
                      op.getResult(3), outer ? op.getResult(4) : Value()};
}

/// Returns ((X * F1 - input_mean * F1) * A2 + B / F2) * F2 in `p`, rounded
/// once to `t`, for the element `x` of X and the channel's `terms` (Y of the
/// file comment).
static Value buildChannelY(OpBuilder &b, Location loc, Value x,
                           const ChannelTerms &terms, FloatType p,
                           FloatType t) {
  Value centered = arith::SubFOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, convertToFloat(b, loc, x, p), terms.factor,
                            arith::FastMathFlags::contract),
      terms.scaledMean, arith::FastMathFlags::contract);
  Value y = arith::MulFOp::create(b, loc, centered, terms.scaledA,
                                  arith::FastMathFlags::contract);
  y = arith::AddFOp::create(b, loc, y, terms.scaledShift,
                            arith::FastMathFlags::contract);
  if (terms.outerFactor)
    y = arith::MulFOp::create(b, loc, y, terms.outerFactor);
  return createTruncF(b, loc, y, t);
}

/// Returns Y (the file comment) from the per-channel `channelTerms`,
/// rounded once to X's type, for `x` [N, C, D1, ..., Dn] (n >= 1), as [N, C,
/// D1, ..., Dn]: X viewed as the rows [N * C, D1 * ... * Dn], one channel plane
/// each, and Y built by an scf.forall over the rows (threads; each iteration
/// streams its contiguous plane of X into that of Y) whose body reads the
/// channel's terms and writes its row by a linalg.map into the destination's
/// row (in place).
static Value buildChannelRows(OpBuilder &b, Location loc, Value x,
                              const ChannelTerms &channelTerms) {
  auto p = cast<FloatType>(getElementTypeOrSelf(channelTerms.factor.getType()));
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
    auto channelValue = [&](Value operand) -> Value {
      return tensor::ExtractOp::create(b, loc, operand, channel);
    };
    ChannelTerms terms{channelValue(channelTerms.factor),
                       channelValue(channelTerms.scaledMean),
                       channelValue(channelTerms.scaledA),
                       channelValue(channelTerms.scaledShift),
                       channelTerms.outerFactor
                           ? channelValue(channelTerms.outerFactor)
                           : Value()};
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
                  nb, nloc, buildChannelY(nb, nloc, args[0], terms, p, t));
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
  // f16 X takes no outer factor (ChannelTerms).
  bool outer = !t.isF16();

  // Rows of whole channel planes: [N, C, D1, ..., Dn] -> [N * C, D1 * ...
  // * Dn], Y one row per scf.forall iteration (threads).
  if (rank > 2 && !isSliceOfTensor(x) && !x.getDefiningOp<linalg::LinalgOp>() &&
      !hasShortPlanes(xType, /*minElements=*/16))
    return castToType(
        b, loc,
        buildChannelRows(
            b, loc, x,
            buildChannelTerms(b, loc, mean, scale, var, bias, eps, p, outer)),
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

  // Y = ((X * F1 - input_mean * F1) * A2 + B / F2) * F2, rounded once to T,
  // with the per-channel terms of the file comment.
  ChannelTerms terms =
      buildChannelTerms(b, loc, mean, scale, var, bias, eps, p, outer);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap channel =
      AffineMap::get(rank, /*symbolCount=*/0, getAffineDimExpr(1, ctx), ctx);
  Value init =
      tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, source), t);
  SmallVector<Value> inputs{source, terms.factor, terms.scaledMean,
                            terms.scaledA, terms.scaledShift};
  if (outer)
    inputs.push_back(terms.outerFactor);
  SmallVector<AffineMap> maps(inputs.size(), channel);
  maps.front() = identity;
  maps.push_back(identity);
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        ChannelTerms element{args[1], args[2], args[3], args[4],
                             outer ? args[5] : Value()};
        linalg::YieldOp::create(
            nb, nloc, buildChannelY(nb, nloc, args[0], element, p, t));
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
    if (failed(checkDependentDialectsLoaded(op)) || failed(checkKnownSizes(op)))
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
