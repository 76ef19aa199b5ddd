//===- Pipelines.h - norm-mlir pass pipelines -------------------*- C++ -*-===//

#ifndef NORM_PIPELINES_PIPELINES_H
#define NORM_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
namespace norm {

/// Options of the `norm-to-llvm` pipeline.
struct NormToLLVMPipelineOptions
    : public PassPipelineOptions<NormToLLVMPipelineOptions> {};

/// Builds the pipeline from a module with `norm` ops (or linalg on tensors)
/// to the LLVM dialect: norm -> linalg, bufferization with identity-layout
/// memrefs at function boundaries (results are heap-allocated and owned by
/// the caller), lowering of loops and vectors, and conversion to LLVM.
/// Public functions keep their original `function_type` in the
/// `norm.entry_signature` attribute so that runners can call the lowered
/// module. `pm` must be anchored on `builtin.module`.
void buildNormToLLVMPipeline(OpPassManager &pm,
                             const NormToLLVMPipelineOptions &options);

/// Registers `norm-to-llvm` as a pass pipeline.
void registerNormToLLVMPipeline();

} // namespace norm
} // namespace mlir

#endif // NORM_PIPELINES_PIPELINES_H
