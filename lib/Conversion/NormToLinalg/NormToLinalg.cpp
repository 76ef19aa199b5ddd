//===- NormToLinalg.cpp - convert-norm-to-linalg pass ---------------------===//

#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "norm/Conversion/Passes.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"

namespace mlir {
namespace norm {
#define GEN_PASS_DEF_CONVERTNORMTOLINALGPASS
#include "norm/Conversion/Passes.h.inc"
} // namespace norm
} // namespace mlir

using namespace mlir;
using namespace mlir::norm;

void mlir::norm::populateNormToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  populateLpNormalizationToLinalgPatterns(patterns);
  populateNormalizerToLinalgPatterns(patterns);
  populateLayerNormalizationToLinalgPatterns(patterns);
}

namespace {
struct ConvertNormToLinalgPass
    : public norm::impl::ConvertNormToLinalgPassBase<ConvertNormToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<NormDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    populateNormToLinalgConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
