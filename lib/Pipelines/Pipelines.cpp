//===- Pipelines.cpp - norm-to-llvm pass pipeline -------------------------===//

#include "norm/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "norm/Conversion/Passes.h"

using namespace mlir;

void mlir::norm::buildNormToLLVMPipeline(
    OpPassManager &pm, const NormToLLVMPipelineOptions &options) {
  // Keep the tensor signature of public functions for runners.
  pm.addPass(createRecordEntrySignaturesPass());
  // Check at run time what the verifiers cannot check on dynamic sizes
  // (cf.assert; norm-runner reports a failed check as an error).
  if (options.runtimeVerification)
    pm.addPass(createGenerateRuntimeVerificationPass());
  // norm -> linalg on tensors, then fuse elementwise producers into their
  // consumers.
  pm.addNestedPass<func::FuncOp>(createConvertNormToLinalgPass());
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // One loop nest per op: the elementwise tail tiled by slice (scf.forall),
  // its reductions fused in, so X is streamed from memory once.
  pm.addNestedPass<func::FuncOp>(createFuseRowsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Tensors -> buffers. Function results become caller-owned allocations
  // with identity layouts. The slice loop runs sequentially (scf.for); the
  // per-slice temporaries (a few scalars) are hoisted out of it and
  // allocated once per call; the rest is freed.
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addNestedPass<func::FuncOp>(createForallToForLoopPass());
  pm.addNestedPass<func::FuncOp>(bufferization::createBufferLoopHoistingPass());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createPromoteBuffersToStackPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  // Returned arguments and constants leave bufferization.clone behind.
  pm.addPass(createConvertBufferizationToMemRefPass());

  // Inner loops. Reductions carry fastmath<reassoc>, so LLVM's loop
  // vectorizer vectorizes them at -O3 with partial sums per lane.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());

  // bf16 <-> f32 conversions as integer arithmetic, so that code JITs on
  // x86 CPUs without AVX512-BF16 (no __truncsfbf2 from libgcc needed).
  arith::ArithExpandOpsPassOptions expandOptions;
  expandOptions.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(
      arith::createArithExpandOpsPass(expandOptions));

  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());

  // To the LLVM dialect.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::norm::registerNormToLLVMPipeline() {
  PassPipelineRegistration<NormToLLVMPipelineOptions>(
      "norm-to-llvm",
      "Lower norm ops (or linalg on tensors) to the LLVM dialect: "
      "convert-norm-to-linalg, fusion, bufferization, loops, LLVM",
      buildNormToLLVMPipeline);
}
