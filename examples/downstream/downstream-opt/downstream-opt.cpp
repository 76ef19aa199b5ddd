//===- downstream-opt.cpp - an opt tool of a compiler embedding norm ------===//
//
// mlir-opt with everything upstream plus norm-mlir, as a compiler that
// embeds norm-mlir would set it up (docs/embedding.md):
//
//  * the norm dialect and the dialects its lowerings produce
//    (mlir::norm::registerNormDialects);
//  * the norm passes and the `norm-to-llvm` pipeline
//    (mlir::norm::registerNormPasses), so pass pipeline strings read the
//    same here as in norm-opt;
//  * `downstream-lower-norm`: this compiler's own conversion pass, which
//    runs norm's lowering patterns (populateNormToLinalgConversionPatterns,
//    default NormToLinalgOptions: the exact result whatever pipeline
//    follows) together with its own target;
//  * `downstream-to-llvm`: this compiler's own pipeline, built with
//    buildNormToLLVMPipeline and NormToLLVMPipelineOptions.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/DialectConversion.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/InitAllNorm.h"
#include "norm/Pipelines/Pipelines.h"

using namespace mlir;

namespace {
/// Lowers every norm op in a function with norm's patterns, inside a
/// conversion whose target is this compiler's: here, anything but norm is
/// legal; a real compiler would add its own patterns to the same set.
struct LowerNormPass
    : public PassWrapper<LowerNormPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerNormPass)

  StringRef getArgument() const final { return "downstream-lower-norm"; }
  StringRef getDescription() const final {
    return "Lower norm ops with norm-mlir's patterns in our own conversion";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    // The dialects norm's patterns create.
    norm::getNormToLinalgDependentDialects(registry);
  }

  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<norm::NormDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    norm::populateNormToLinalgConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

int main(int argc, char **argv) {
  registerAllPasses();
  norm::registerNormPasses();
  PassRegistration<LowerNormPass>();
  // This compiler's pipeline: its own steps around norm's. The options are
  // norm's (NormToLLVMPipelineOptions). registerNormToLLVMPipelineVariant
  // rather than PassPipelineRegistration: nested in an op other than
  // builtin.module the pipeline is then a parse error, not an abort.
  norm::registerNormToLLVMPipelineVariant(
      "downstream-to-llvm",
      "Lower norm ops with downstream-lower-norm, then with norm-to-llvm",
      [](OpPassManager &pm, const norm::NormToLLVMPipelineOptions &options) {
        pm.addNestedPass<func::FuncOp>(std::make_unique<LowerNormPass>());
        norm::buildNormToLLVMPipeline(pm, options);
      });

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  norm::registerNormDialects(registry);

  return asMainReturnCode(MlirOptMain(
      argc, argv, "downstream compiler embedding norm\n", registry));
}
