//===- NormToLinalg.cpp - convert-norm-to-linalg pass ---------------------===//
//
// The pass and the entry points of NormToLinalg.h that gather the per-op
// pattern sets (one file per op in this directory).
//
//===----------------------------------------------------------------------===//

#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

#include "LoweringContract.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "norm/Conversion/Passes.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_CONVERTNORMTOLINALGPASS
#include "norm/Conversion/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;
using namespace mlir::norm;

void mlir::norm::getNormToLinalgDependentDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, linalg::LinalgDialect,
                  math::MathDialect, scf::SCFDialect, tensor::TensorDialect>();
}

void mlir::norm::populateNormToLinalgConversionPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  populateLpNormalizationToLinalgPatterns(patterns, options);
  populateNormalizerToLinalgPatterns(patterns, options);
  populateLayerNormalizationToLinalgPatterns(patterns, options);
  populateRMSNormalizationToLinalgPatterns(patterns, options);
  populateBatchNormalizationToLinalgPatterns(patterns, options);
  populateInstanceNormalizationToLinalgPatterns(patterns, options);
  populateGroupNormalizationToLinalgPatterns(patterns, options);
}

/// The largest `reduction-partial-sums`, 2^16: far more partial sums than a
/// vectorized loop keeps in registers (norm-vectorize-rows: at most 16
/// registers of 16 f32 lanes). The option promises what the later pipeline
/// keeps; no pipeline keeps more.
static constexpr uint32_t kMaxPartialSums = 1u << 16;

namespace {
struct ConvertNormToLinalgPass
    : public norm::impl::ConvertNormToLinalgPassBase<ConvertNormToLinalgPass> {
  using Base::Base;

  /// Rejects a `reduction-partial-sums` outside its range (Passes.td): the
  /// pass fails before it runs, with the option, its value, the range and
  /// why.
  LogicalResult initialize(MLIRContext *context) override {
    if (reductionPartialSums < 1 || reductionPartialSums > kMaxPartialSums)
      return emitError(UnknownLoc::get(context))
             << "convert-norm-to-linalg: reduction-partial-sums must be 1 "
                "(none assumed) to "
             << kMaxPartialSums
             << " (2^16, far more than norm-vectorize-rows keeps: at most "
                "16 registers of 16 f32 lanes), got "
             << static_cast<uint32_t>(reductionPartialSums);
    return success();
  }

  void runOnOperation() override {
    // Sizes known at compile time that break an op's size rules: one error
    // per op, before the conversion, which would add "failed to legalize"
    // to each (the patterns check them too, for other drivers).
    bool knownSizesHold = true;
    getOperation()->walk([&](Operation *op) {
      if (isa_and_nonnull<NormDialect>(op->getDialect()) &&
          failed(checkKnownSizes(op)))
        knownSizesHold = false;
    });
    if (!knownSizesHold)
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addIllegalDialect<NormDialect>();
    // The messages of run-time checks stay until norm-to-llvm lowers the
    // checks (norm-to-llvm-runtime-calls).
    target.addLegalOp<CheckMessageOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    NormToLinalgOptions options;
    options.reductionPartialSums = reductionPartialSums;
    RewritePatternSet patterns(&getContext());
    populateNormToLinalgConversionPatterns(patterns, options);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
