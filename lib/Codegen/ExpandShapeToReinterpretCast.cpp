//===- ExpandShapeToReinterpretCast.cpp - norm-expand-shape-to-... --------===//
//
// MLIR 22's expand-strided-metadata crashes on a memref.expand_shape that
// splits one dim into several dynamic ones. Between identity layouts the
// expanded view is fully determined by its sizes, so it is rewritten here
// as a memref.reinterpret_cast with row-major strides (see Passes.td).
// Remarks: Rewritten (passed), NotRewritten (missed, with the layout).
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_EXPANDSHAPETOREINTERPRETCASTPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-expand-shape-to-reinterpret-cast";

namespace {
/// memref.expand_shape (identity layouts) -> memref.reinterpret_cast with
/// offset 0, the output shape as sizes and its row-major strides.
struct ExpandShapeToReinterpretCast
    : public OpRewritePattern<memref::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    MemRefType sourceType = op.getSrcType();
    MemRefType resultType = op.getResultType();
    if (!sourceType.getLayout().isIdentity() ||
        !resultType.getLayout().isIdentity()) {
      norm::remarkMissed(op, kPass, "NotRewritten",
                         "{0} layout is not the identity: left to "
                         "expand-strided-metadata",
                         sourceType.getLayout().isIdentity() ? "the result's"
                                                             : "the source's");
      return rewriter.notifyMatchFailure(op, "expects identity layouts");
    }
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
    int64_t rank = resultType.getRank();
    // Row-major strides: stride[i] = size[i + 1] * ... * size[rank - 1],
    // static where the result type's stride is static.
    auto [staticStrides, staticOffset] = resultType.getStridesAndOffset();
    (void)staticOffset;
    SmallVector<OpFoldResult> strides(rank);
    Value running = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t i = rank - 1; i >= 0; --i) {
      if (ShapedType::isDynamic(staticStrides[i]))
        strides[i] = running;
      else
        strides[i] = rewriter.getIndexAttr(staticStrides[i]);
      if (i > 0)
        running = arith::MulIOp::create(
            rewriter, loc, running,
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes[i]));
    }
    for (int64_t i = 0; i < rank; ++i)
      if (!resultType.isDynamicDim(i))
        sizes[i] = rewriter.getIndexAttr(resultType.getDimSize(i));
    norm::remarkPassed(
        op, kPass, "Rewritten",
        "rewritten as a memref.reinterpret_cast with row-major strides");
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, resultType, op.getSrc(), rewriter.getIndexAttr(0), sizes, strides);
    return success();
  }
};

struct ExpandShapeToReinterpretCastPass
    : public norm::impl::ExpandShapeToReinterpretCastPassBase<
          ExpandShapeToReinterpretCastPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandShapeToReinterpretCast>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
