//===- NormToLinalg.cpp - convert-norm-to-linalg pass ---------------------===//
//
// The pass and the entry points of NormToLinalg.h that gather the per-op
// pattern sets (one file per op in this directory).
//
//===----------------------------------------------------------------------===//

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

void mlir::norm::getNormToLinalgDependentDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, linalg::LinalgDialect,
                  math::MathDialect, scf::SCFDialect, tensor::TensorDialect>();
}

void mlir::norm::populateNormToLinalgConversionPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  populateLpNormalizationToLinalgPatterns(patterns, options);
  populateNormalizerToLinalgPatterns(patterns, options);
  populateLayerNormalizationToLinalgPatterns(patterns, options);
}

namespace {
struct ConvertNormToLinalgPass
    : public norm::impl::ConvertNormToLinalgPassBase<ConvertNormToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<NormDialect>();
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
