//===- onnx-importer-fuzzer.cpp - fuzz the ONNX importer ------------------===//
//
// libFuzzer target: the input is the bytes of a `.onnx` file (a serialized
// ModelProto). It is imported with importONNXModel, the path of
// `norm-translate --import-onnx`, and, when the import succeeds, the module
// is lowered with the norm-to-llvm pipeline as `norm-opt --norm-to-llvm`
// would. Every input must give a module or one diagnostic; diagnostics are
// swallowed, only crashes, hangs and sanitizer reports count. Run by
// scripts/fuzz.sh.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "norm/InitAllNorm.h"
#include "norm/Pipelines/Pipelines.h"
#include "norm/Target/ONNX/ImportONNX.h"
#include "llvm/Support/MemoryBufferRef.h"
#include <cstdint>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // One context per input, as in norm-opt-fuzzer.cpp.
  DialectRegistry registry;
  norm::registerNormDialects(registry);
  norm::registerImportONNXDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler swallow(&context,
                                  [](Diagnostic &) { return success(); });
  llvm::MemoryBufferRef buffer(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.onnx");
  OwningOpRef<ModuleOp> module = norm::importONNXModel(buffer, &context);
  if (!module)
    return 0;
  PassManager pm(&context, ModuleOp::getOperationName());
  norm::buildNormToLLVMPipeline(pm, norm::NormToLLVMPipelineOptions());
  (void)pm.run(*module);
  return 0;
}
