//===- InstanceNormalization.cpp - lower norm.instance_normalization ------===//
//
// InstanceNormalization is GroupNormalization with one group per channel
// (docs/semantics.md, InstanceNormalization): the rows are X [N, C, D...]
// collapsed to [N * C, D1 * ... * Dn], with the statistics of the
// LayerNormalization lowering, in f32 (f64 for f64 input), and Y rounded
// once (GroupNormalization.cpp's file comment has the math).
//
//===----------------------------------------------------------------------===//

#include "GroupNormalization.h"
#include "LoweringContract.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

namespace {

/// Lowers norm.instance_normalization through buildGroupNormalization.
struct InstanceNormalizationLowering
    : public OpConversionPattern<InstanceNormalizationOp> {
  InstanceNormalizationLowering(MLIRContext *context,
                                const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(InstanceNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)) || failed(checkKnownSizes(op)))
      return failure();
    Value x = adaptor.getInput();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 3 ||
        !isa<FloatType>(xType.getElementType()))
      return rewriter.notifyMatchFailure(op,
                                         "expects a float input of rank >= 3");
    for (Value operand : {adaptor.getScale(), adaptor.getB()}) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getRank() != 1)
        return rewriter.notifyMatchFailure(op, "expects scale and B of rank 1");
    }
    FloatType c = xType.getElementType().isF64() ? rewriter.getF64Type()
                                                 : rewriter.getF32Type();
    // Y over X where its one user is an elementwise linalg op that can fuse
    // into Y's loop, else over the rows of the statistics.
    bool yOverX = false;
    if (op->hasOneUse())
      if (auto user = dyn_cast<linalg::GenericOp>(*op->user_begin()))
        yOverX = user.getNumLoops() == user.getNumParallelLoops();
    Value y = buildGroupNormalization(
        rewriter, op.getLoc(), x, adaptor.getScale(), adaptor.getB(),
        /*numGroups=*/std::nullopt, op.getEpsilon(), c, /*silu=*/false, yOverX,
        op.getOutput().getType(), options);
    rewriter.replaceOp(op, y);
    return success();
  }

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateInstanceNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<InstanceNormalizationLowering>(patterns.getContext(), options);
}
