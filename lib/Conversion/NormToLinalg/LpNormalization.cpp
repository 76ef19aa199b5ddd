//===- LpNormalization.cpp - lower norm.lp_normalization to linalg --------===//
//
// Y = X / ||X||_p along `axis`, with ||x||_1 = sum(|x|) and
// ||x||_2 = sqrt(sum(x * x)); a zero slice gives 0.
//
// No spurious overflow or underflow (docs/semantics.md):
// * f16: the sum runs in f32. |x| <= 65504 and the smallest subnormal is
//   2^-24, so every x * x lies in [2^-48, 2^32]: no f32 sum can overflow or
//   underflow. The result is rounded once from f32 to f16.
// * f32 over the innermost axis (the fast path): the sum runs in f32, and a
//   slice whose f32 sum may have lost accuracy (p = 2: outside [2^-100,
//   2^100]; p = 1: not finite; a dynamic length above 1024) is summed again
//   in f64 (ScaledNorms.h, buildGuardedF32PowerSum); static slices longer than
//   1024 are summed in f64. Y = (X * Scale) * Reciprocal in f32 with
//   per-slice factors that neither overflow nor underflow
//   (buildScaledReciprocal).
// * bf16, and f32 over other axes: the sum runs in f64 (squares of f32
//   values lie in [2^-298, 2^256]); so does Y = X * (1 / Norm), rounded once
//   to the element type.
// * f64: no wider type exists, so the slice is scaled by its maximum:
//   m = max|x|, s = sum(|x / m|^p) in [1, n], Y = (x / m) / root(s).
//
//===----------------------------------------------------------------------===//

#include "LpNormalization.h"
#include "FloatArithmetic.h"
#include "LoweringContract.h"
#include "ScaledNorms.h"
#include "StructuredBuilders.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

namespace {

/// Lowers norm.lp_normalization to a reduction along the axis followed by an
/// elementwise, zero-guarded division (see the file comment for the
/// accumulation types).
struct LpNormalizationLowering : public OpConversionPattern<LpNormalizationOp> {
  LpNormalizationLowering(MLIRContext *context,
                          const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {
    // A high-rank op is rewritten into one of rank <= 3, which this pattern
    // lowers in turn.
    setHasBoundedRewriteRecursion();
  }

  LogicalResult
  matchAndRewrite(LpNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)))
      return failure();
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
    int64_t rank = inputType.getRank();
    // X with a size known to be 0 (static, or static in the source of a
    // tensor.cast that canonicalization folds into the lowering's ops): Y
    // has no elements, so X itself is Y. The loops below would slice such a
    // dim at static offsets, which the verifier rejects even for slices of
    // size 0 (docs/Development.md).
    if (llvm::any_of(llvm::seq<int64_t>(0, rank), [&](int64_t dim) {
          return getKnownSize(input, dim) == std::optional<int64_t>(0);
        })) {
      rewriter.replaceOp(op, castToType(rewriter, loc, input, op.getType()));
      return success();
    }
    // The same op on X viewed as [d0 * ... * d(axis-1), d_axis,
    // d(axis+1) * ... * d(r-1)] (empty groups left out), lowered by this
    // pattern in turn; Y is expanded back. Wherever that has fewer dims than
    // X: two or more dims before or after the axis. X [batch, sequence,
    // hidden] with axis -1 becomes rows, one loop over them for the row
    // passes of the pipeline (as LayerNormalization's and RMSNormalization's
    // X, isCollapsibleToRows), and the tiling of the later stages sees at
    // most three dims whatever X's rank (docs/Development.md, "Compile time
    // and rank").
    SmallVector<ReassociationIndices> groups;
    if (axis > 0)
      groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, axis)));
    groups.push_back({axis});
    if (axis + 1 < rank)
      groups.push_back(llvm::to_vector(llvm::seq<int64_t>(axis + 1, rank)));
    if (static_cast<int64_t>(groups.size()) < rank && !isSliceView(input) &&
        !llvm::is_contained(inputType.getShape(), 0)) {
      Value collapsed =
          tensor::CollapseShapeOp::create(rewriter, loc, input, groups);
      Value y = LpNormalizationOp::create(
          rewriter, loc, collapsed,
          rewriter.getI64IntegerAttr(axis > 0 ? 1 : 0),
          rewriter.getI64IntegerAttr(p));
      Value expanded = tensor::ExpandShapeOp::create(
          rewriter, loc, inputType, y, groups,
          tensor::getMixedSizes(rewriter, loc, input));
      rewriter.replaceOp(op, castToType(rewriter, loc, expanded, op.getType()));
      return success();
    }
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
      auto term = [&](OpBuilder &b, Location nloc, Value element) -> Value {
        Value x = convertToFloat(b, nloc, element, accType);
        return createPowerTerm(b, nloc, x, p);
      };
      ArrayRef<int64_t> shape = inputType.getShape();
      if (axis == 0 && inputType.getRank() >= 2 &&
          !llvm::is_contained(shape, 0) &&
          (inputType.getRank() == 2 ||
           llvm::none_of(shape.drop_front(), ShapedType::isDynamic) ||
           llvm::all_of(shape.drop_front(), ShapedType::isDynamic))) {
        // The leading axis: per-column sums in parallel row chunks, then Y
        // row by row. Trailing dims are collapsed into one, all static or
        // all dynamic (the expand_shape of Y into several dynamic dims needs
        // norm-expand-shape-to-reinterpret-cast): with one dynamic and
        // static ones (?x?x64) bufferization copies partial sums through
        // memref.copy (a call of the runtime's generic memrefCopy, which
        // norm-runner resolves but other JITs may not). Those shapes keep
        // the general path below.
        result = buildLeadingAxisLpNorm(rewriter, loc, input, p, elementType,
                                        accType);
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      if (axis != inputType.getRank() - 1) {
        // S = ReduceSum(|X|^p) in the accumulator type, kRowsPerStep rows
        // per step unless the static shape has no full step or is empty.
        bool multiRow =
            !llvm::is_contained(shape, 0) &&
            (ShapedType::isDynamic(shape[axis]) || shape[axis] >= kRowsPerStep);
        Value sum = multiRow
                        ? buildMultiRowAxisSum(rewriter, loc, input, axis,
                                               accType, term)
                        : buildReduction(
                              rewriter, loc, input, /*sliceInputs=*/{},
                              reducedDims, rewriter.getFloatAttr(accType, 0.0),
                              [&](OpBuilder &b, Location nloc,
                                  ValueRange elements, Value acc) -> Value {
                                return createReassocAdd(
                                    b, nloc, acc, term(b, nloc, elements[0]));
                              });
        // A middle axis (or a leading one that the path above does not
        // take): the per-slice values vary along the innermost loop, so
        // R = 1 / Norm is computed once per slice
        // (buildReciprocalNorm). Y's loop reads R only, not S too: one f64
        // side stream instead of two (with two, the per-column arrays of a
        // 4096-column X no longer fit in L1).
        // Y = R == +inf ? 0 : X * R
        Value reciprocal = buildReciprocalNorm(rewriter, loc, sum, p, accType);
        result = buildSliceElementwise(
            rewriter, loc, input, reciprocal, reducedDims, elementType,
            [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
              return buildReciprocalQuotient(b, nloc, elements[0], elements[1],
                                             accType, elementType);
            });
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      if (elementType.isF32()) {
        // S = ReduceSum(|X|^p): in f32 with an exact f64 fallback per slice
        // (ScaledNorms.h, buildGuardedF32PowerSum), or in f64 for static slices
        // longer than getMaxF32SumLength(options).
        int64_t length = inputType.getShape()[axis];
        int64_t maxLength = getMaxF32SumLength(options);
        Value sum;
        if (ShapedType::isDynamic(length) || length <= maxLength) {
          sum = buildGuardedF32PowerSum(rewriter, loc, input, p, maxLength);
        } else {
          sum = buildReduction(rewriter, loc, input, /*sliceInputs=*/{},
                               reducedDims, rewriter.getFloatAttr(accType, 0.0),
                               [&](OpBuilder &b, Location nloc,
                                   ValueRange elements, Value acc) -> Value {
                                 return createReassocAdd(
                                     b, nloc, acc, term(b, nloc, elements[0]));
                               });
        }
        // Norm = S (p = 1) or sqrt(S) (p = 2), in f64; per slice, the f32
        // factors of Y = (X * Scale) * Reciprocal (ScaledNorms.h).
        ScaledReciprocal factors = buildScaledReciprocal(
            rewriter, loc, sum,
            [&](OpBuilder &b, Location nloc, Value s) -> Value {
              return createRoot(b, nloc, s, p);
            });
        // Y = Norm == 0 ? 0 : (X * Scale) * Reciprocal, in f32
        result = buildSliceElementwise(
            rewriter, loc, input, {factors.scale, factors.reciprocal},
            reducedDims, elementType,
            [&](OpBuilder &b, Location nloc, ValueRange elements) -> Value {
              return buildScaledF32Quotient(b, nloc, elements[0], elements[1],
                                            elements[2], /*zeroResult=*/{});
            });
        rewriter.replaceOp(op, castToType(rewriter, loc, result, op.getType()));
        return success();
      }
      // S = ReduceSum(|X|^p) in the accumulator type
      Value sum = buildReduction(
          rewriter, loc, input, /*sliceInputs=*/{}, reducedDims,
          rewriter.getFloatAttr(accType, 0.0),
          [&](OpBuilder &b, Location nloc, ValueRange elements,
              Value acc) -> Value {
            return createReassocAdd(b, nloc, acc, term(b, nloc, elements[0]));
          });
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

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateLpNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<LpNormalizationLowering>(patterns.getContext(), options);
}
