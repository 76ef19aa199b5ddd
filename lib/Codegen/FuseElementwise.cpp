//===- FuseElementwise.cpp - norm-fuse-elementwise pass -------------------===//
//
// Upstream linalg-fuse-elementwise-ops without its reshape propagation (see
// Passes.td): elementwise producer-consumer fusion and the canonicalizations
// that pass runs with it.
//
// Remarks (category norm-fuse-elementwise): Fused at each consumer a producer
// is fused into; NotFused (missed) at each consumer left with a fusable
// producer that has other uses.
//
//===----------------------------------------------------------------------===//

#include "norm/Codegen/Passes.h"

#include "Remarks.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "norm/Codegen/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;

static constexpr StringLiteral kPass = "norm-fuse-elementwise";

namespace {
struct FuseElementwisePass
    : public norm::impl::FuseElementwisePassBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    // Fuse a producer only into its single consumer (no recomputation).
    linalg::ControlFusionFn singleUse = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    // The same decision, for the elementwise fusion (which calls it for the
    // operands that linalg::areElementwiseOpsFusable accepts), with remarks.
    linalg::ControlFusionFn fuseSingleUse = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      if (!producer || !producer->hasOneUse())
        return false;
      norm::remarkPassed(fusedOperand->getOwner(), kPass, "Fused",
                         "its single-use producer of operand {0} fused into "
                         "it",
                         fusedOperand->getOperandNumber());
      return true;
    };
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseSingleUse);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    ctx->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(
        patterns);
    // As upstream: top-down for compile time, and a module on which the
    // patterns do not converge is left as they leave it (not an error).
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);

    // The producers left unfused for having other uses.
    if (norm::remarksEnabled(ctx))
      getOperation()->walk([&](linalg::GenericOp consumer) {
        for (OpOperand &operand : consumer->getOpOperands()) {
          Operation *producer = operand.get().getDefiningOp();
          if (!linalg::areElementwiseOpsFusable(&operand) ||
              producer->hasOneUse())
            continue;
          norm::remarkMissed(
              consumer, kPass, "NotFused",
              "the producer of operand {0} has other uses: fusing it would "
              "compute it again in each consumer",
              operand.getOperandNumber());
        }
      });
  }
};
} // namespace
