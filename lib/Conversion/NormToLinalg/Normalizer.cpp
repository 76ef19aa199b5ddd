//===- Normalizer.cpp - lower norm.normalizer to linalg -------------------===//
//
// Each row (the last dim of [C] or [N, C]) is divided by
//   MAX: max(x)                 (signed maximum)
//   L1:  sum(|x|)
//   L2:  sqrt(sum(x * x))       (the sign of x is kept)
// and where that divisor is 0, Y = X. For i32/i64/f64 X all arithmetic runs
// in f64 (exact for i32 and |i64| < 2^53); the result is rounded once to
// f32. For f32 X the f32 fast path: MAX exactly in f32, L1/L2 sums in f32
// with an exact f64 fallback per row (ScaledNorms.h, buildGuardedF32PowerSum),
// and Y = (X * Scale) * Reciprocal in f32 (buildScaledReciprocal), within 1.5
// ulp of the correctly rounded quotient.
//
// Overflow: squares of i32/i64/f32 values lie in [2^-298, 2^256], so their
// f64 sums neither overflow nor underflow (the f32 fast path falls back to
// f64 where its sum may have). For f64 input, L1 and L2 use the
// max|x| scaling: m = max|x|, s = sum(|x / m|^p), Y = (x / m) / root(s);
// the divisor is 0 exactly where m is.
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "LoweringContract.h"
#include "ScaledNorms.h"
#include "StructuredBuilders.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

/// Returns S = ReduceSum(|X|^p) over `reducedDims`, accumulated in f64.
static Value buildF64PowerSum(OpBuilder &b, Location loc, Value input,
                              ArrayRef<int64_t> reducedDims, int64_t p) {
  FloatType f64 = b.getF64Type();
  return buildReduction(
      b, loc, input, /*sliceInputs=*/{}, reducedDims, b.getFloatAttr(f64, 0.0),
      [&](OpBuilder &nb, Location nloc, ValueRange elements,
          Value acc) -> Value {
        Value x = convertToFloat(nb, nloc, elements[0], f64);
        return createReassocAdd(nb, nloc, acc, createPowerTerm(nb, nloc, x, p));
      });
}

namespace {

/// Lowers norm.normalizer to a row reduction followed by an elementwise
/// guarded division (see the file comment for the types).
struct NormalizerLowering : public OpConversionPattern<NormalizerOp> {
  NormalizerLowering(MLIRContext *context, const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(NormalizerOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)) || failed(checkKnownSizes(op)))
      return failure();
    Location loc = op.getLoc();
    Value input = adaptor.getX();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType || (inputType.getRank() != 1 && inputType.getRank() != 2))
      return rewriter.notifyMatchFailure(op, "expects X of rank 1 or 2");
    Type inputElementType = inputType.getElementType();
    if (!isa<FloatType, IntegerType>(inputElementType))
      return rewriter.notifyMatchFailure(op, "expects float or integer X");
    auto resultType = dyn_cast<RankedTensorType>(op.getY().getType());
    auto resultElementType =
        resultType ? dyn_cast<FloatType>(resultType.getElementType())
                   : FloatType();
    if (!resultElementType)
      return rewriter.notifyMatchFailure(op, "expects a float result");
    StringRef mode = op.getNorm();
    if (mode != "MAX" && mode != "L1" && mode != "L2")
      return rewriter.notifyMatchFailure(op, "unknown norm mode");
    bool isMax = mode == "MAX";
    // The power of the L1/L2 norms (unused for MAX).
    int64_t p = mode == "L1" ? 1 : 2;

    FloatType f64 = rewriter.getF64Type();
    SmallVector<int64_t, 1> reducedDims{inputType.getRank() - 1};
    Value result;
    if (inputElementType.isF32() && resultElementType.isF32()) {
      // f32 X: the divisor per row in f32 where that is exact or safe, and
      // Y = (X * Scale) * Reciprocal in f32 (ScaledNorms.h).
      Value divisor;
      int64_t length = inputType.getShape().back();
      if (isMax) {
        // Divisor = ReduceMax(X) in f32, exact (signed; NaN propagates).
        divisor = buildF32RowMax(rewriter, loc, input);
      } else if (ShapedType::isDynamic(length) ||
                 length <= getMaxF32SumLength(options)) {
        // S = ReduceSum(|X|^p) in f32, with an exact f64 fallback per row.
        divisor = buildGuardedF32PowerSum(rewriter, loc, input, p,
                                          getMaxF32SumLength(options));
      } else {
        // S = ReduceSum(|X|^p) in f64 (long static rows).
        divisor = buildF64PowerSum(rewriter, loc, input, reducedDims, p);
      }
      // Divisor = max (MAX), S (L1) or sqrt(S) (L2)
      ScaledReciprocal factors = buildScaledReciprocal(
          rewriter, loc, divisor,
          [&](OpBuilder &b, Location nloc, Value d) -> Value {
            if (isMax)
              return arith::ExtFOp::create(b, nloc, f64, d);
            return createRoot(b, nloc, d, p);
          });
      // Y = Divisor == 0 ? X : (X * Scale) * Reciprocal
      result = buildSliceElementwise(
          rewriter, loc, input, {factors.scale, factors.reciprocal},
          reducedDims, resultElementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            return buildScaledF32Quotient(b, nloc, elements[0], elements[1],
                                          elements[2], elements[0]);
          });
    } else if (!isMax && inputElementType.isF64()) {
      // M = ReduceMax(|X|), S = ReduceSum(|X / M|^p)
      ScaledPowerSum norm =
          buildScaledPowerSum(rewriter, loc, input, reducedDims, p, f64);
      // Y = M == 0 ? X : (X / M) / root(S)
      result = buildSliceElementwise(
          rewriter, loc, input, {norm.maxAbs, norm.sum}, reducedDims,
          resultElementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            Value y = buildScaledQuotient(b, nloc, elements[0], elements[1],
                                          elements[2], p, elements[0]);
            return createTruncF(b, nloc, y, resultElementType);
          });
    } else {
      Value divisor;
      if (isMax) {
        // Divisor = ReduceMax(X) (signed; maximumf propagates NaN)
        divisor = buildReduction(
            rewriter, loc, input, /*sliceInputs=*/{}, reducedDims,
            rewriter.getFloatAttr(f64, APFloat::getInf(f64.getFloatSemantics(),
                                                       /*Negative=*/true)),
            [&](OpBuilder &b, Location nloc, ValueRange elements,
                Value acc) -> Value {
              Value x = convertToFloat(b, nloc, elements[0], f64);
              return arith::MaximumFOp::create(b, nloc, acc, x);
            });
      } else {
        // S = ReduceSum(|X|^p)
        divisor = buildF64PowerSum(rewriter, loc, input, reducedDims, p);
      }
      // Divisor = max (MAX), S (L1) or sqrt(S) (L2)
      // Y = Divisor == 0 ? X : X / Divisor (ordered compare: NaN stays NaN)
      result = buildSliceElementwise(
          rewriter, loc, input, divisor, reducedDims, resultElementType,
          [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
            Value x = convertToFloat(b, nloc, elements[0], f64);
            Value d = isMax ? elements[1] : createRoot(b, nloc, elements[1], p);
            Value zero = createFloatConstant(b, nloc, f64, 0.0);
            // For f32/i32/i64 input, X * (1 / Divisor) in f64: a per-slice
            // reciprocal (hoisted out of the row loop by LLVM) and a multiply
            // per element; |Divisor| >= 2^-149 here, so the reciprocal is
            // finite, and the extra f64 rounding is below the final f32
            // one. f64 input (MAX only here) keeps the division: 1 / a
            // subnormal f64 overflows.
            Value quotient;
            if (inputElementType.isF64()) {
              quotient = arith::DivFOp::create(b, nloc, x, d);
            } else {
              Value one = createFloatConstant(b, nloc, f64, 1.0);
              Value reciprocal = arith::DivFOp::create(b, nloc, one, d);
              quotient = arith::MulFOp::create(b, nloc, x, reciprocal);
            }
            Value isZero = arith::CmpFOp::create(
                b, nloc, arith::CmpFPredicate::OEQ, d, zero);
            Value y = arith::SelectOp::create(b, nloc, isZero, x, quotient);
            return createTruncF(b, nloc, y, resultElementType);
          });
    }
    rewriter.replaceOp(op, castToType(rewriter, loc, result, resultType));
    return success();
  }

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateNormalizerToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<NormalizerLowering>(patterns.getContext(), options);
}
