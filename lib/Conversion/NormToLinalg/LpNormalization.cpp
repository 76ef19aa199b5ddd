//===- LpNormalization.cpp - lower norm.lp_normalization to linalg --------===//
//
// Y = X / ||X||_p along `axis`, with ||x||_1 = sum(|x|) and
// ||x||_2 = sqrt(sum(x * x)); a zero slice gives 0.
//
// No spurious overflow or underflow (docs: semantics.md):
// * f16: the sum runs in f32. |x| <= 65504 and the smallest subnormal is
//   2^-24, so every x * x lies in [2^-48, 2^32]: no f32 sum can overflow or
//   underflow. The result is rounded once from f32 to f16.
// * bf16, f32: the sum runs in f64 (squares of f32 values lie in
//   [2^-298, 2^256]); so does Y = X * (1 / Norm), rounded once to the
//   element type (f16: the same in f32).
// * f64: no wider type exists, so the slice is scaled by its maximum:
//   m = max|x|, s = sum(|x / m|^p) in [1, n], Y = (x / m) / root(s).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

namespace {

/// Lowers norm.lp_normalization to a reduction along the axis followed by an
/// elementwise, zero-guarded division (see the file comment for the
/// accumulation types).
struct LpNormalizationLowering : public OpConversionPattern<LpNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LpNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType || inputType.getRank() < 1)
      return rewriter.notifyMatchFailure(op, "expects a ranked input of "
                                             "rank >= 1");
    auto elementType = dyn_cast<FloatType>(inputType.getElementType());
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "expects a float element type");
    int64_t p = op.getP();
    if (p != 1 && p != 2)
      return rewriter.notifyMatchFailure(op, "expects p = 1 or p = 2");
    int64_t axis = op.getNormalizedAxis();
    if (axis < 0 || axis >= inputType.getRank())
      return rewriter.notifyMatchFailure(op, "axis out of range");
    SmallVector<int64_t, 1> reducedDims{axis};

    Value result;
    if (elementType.isF64()) {
      // M = ReduceMax(|X|), S = ReduceSum(|X / M|^p)
      ScaledPowerSum norm = buildScaledPowerSum(rewriter, loc, input,
                                                reducedDims, p, elementType);
      // Y = M == 0 ? 0 : (X / M) / root(S)
      result = buildSliceElementwise(
          rewriter, loc, input, {norm.maxAbs, norm.sum}, reducedDims,
          elementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            return buildScaledQuotient(b, nloc, elements[0], elements[1],
                                       elements[2], p, /*zeroResult=*/{});
          });
    } else {
      FloatType accType =
          elementType.isF16() ? rewriter.getF32Type() : rewriter.getF64Type();
      // S = ReduceSum(|X|^p) in the accumulator type
      Value sum = buildReduction(
          rewriter, loc, input, /*sliceInputs=*/{}, reducedDims,
          rewriter.getFloatAttr(accType, 0.0),
          [&](OpBuilder &b, Location nloc, ValueRange elements,
              Value acc) -> Value {
            Value x = convertToFloat(b, nloc, elements[0], accType);
            return createReassocAdd(b, nloc, acc,
                                    createPowerTerm(b, nloc, x, p));
          });
      if (axis != inputType.getRank() - 1) {
        // A leading or middle axis: the per-slice values vary along the
        // innermost loop, so 1 / Norm is computed once per slice into R by a
        // linalg.map (elementwise fusion, which works on linalg.generic
        // only, would put the square root and division back into Y's loop).
        // Y = S == 0 ? 0 : X * R
        Value init = tensor::EmptyOp::create(
            rewriter, loc, tensor::getMixedSizes(rewriter, loc, sum), accType);
        Value reciprocal =
            linalg::MapOp::create(
                rewriter, loc, ValueRange{sum}, init,
                [&](OpBuilder &b, Location nloc, ValueRange args) {
                  Value norm = createRoot(b, nloc, args[0], p);
                  Value one = createFloatConstant(b, nloc, accType, 1.0);
                  linalg::YieldOp::create(
                      b, nloc,
                      arith::DivFOp::create(b, nloc, one, norm).getResult());
                })
                .getResult()[0];
        result = buildSliceElementwise(
            rewriter, loc, input, {sum, reciprocal}, reducedDims, elementType,
            [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
              Value x = convertToFloat(b, nloc, elements[0], accType);
              Value zero = createFloatConstant(b, nloc, accType, 0.0);
              Value quotient = arith::MulFOp::create(b, nloc, x, elements[2]);
              Value isZero = arith::CmpFOp::create(
                  b, nloc, arith::CmpFPredicate::OEQ, elements[1], zero);
              Value y =
                  arith::SelectOp::create(b, nloc, isZero, zero, quotient);
              return createTruncF(b, nloc, y, elementType);
            });
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      // Norm = S (p = 1) or sqrt(S) (p = 2)
      // Y = Norm == 0 ? 0 : X / Norm (ordered compare: NaN stays NaN)
      result = buildSliceElementwise(
          rewriter, loc, input, sum, reducedDims, elementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            Value x = convertToFloat(b, nloc, elements[0], accType);
            Value norm = createRoot(b, nloc, elements[1], p);
            Value zero = createFloatConstant(b, nloc, accType, 0.0);
            // X * (1 / Norm): the reciprocal is per slice (LLVM hoists it out
            // of the row loop), a multiply per element is much cheaper than
            // a division. In the accumulator type it neither overflows nor
            // underflows (Norm >= 2^-149 for bf16/f32 in f64, >= 2^-24 for
            // f16 in f32) and differs from X / Norm by one rounding of the
            // wider type, below the final rounding to the element type.
            Value one = createFloatConstant(b, nloc, accType, 1.0);
            Value reciprocal = arith::DivFOp::create(b, nloc, one, norm);
            Value quotient = arith::MulFOp::create(b, nloc, x, reciprocal);
            Value isZero = arith::CmpFOp::create(
                b, nloc, arith::CmpFPredicate::OEQ, norm, zero);
            Value y = arith::SelectOp::create(b, nloc, isZero, zero, quotient);
            return createTruncF(b, nloc, y, elementType);
          });
    }
    rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
    return success();
  }
};

} // namespace

void mlir::norm::populateLpNormalizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LpNormalizationLowering>(patterns.getContext());
}
