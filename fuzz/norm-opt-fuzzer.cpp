//===- norm-opt-fuzzer.cpp - fuzz parse -> verify -> lower ----------------===//
//
// libFuzzer target: the input is MLIR text. It is parsed (with the norm,
// func, arith, tensor and linalg dialects), verified, and, when valid,
// lowered with the norm-to-llvm pipeline, the path of
// `norm-opt --norm-to-llvm`. Diagnostics are swallowed; only crashes and
// sanitizer reports count. Run by scripts/fuzz.sh.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "norm/InitAllNorm.h"
#include "norm/Pipelines/Pipelines.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include <cstdint>
#include <memory>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // One context per input: attributes and types of earlier inputs must not
  // hide bugs (or accumulate without bound).
  DialectRegistry registry;
  norm::registerNormDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  ScopedDiagnosticHandler swallow(&context,
                                  [](Diagnostic &) { return success(); });

  // MLIR's lexer needs the NUL that MemoryBuffer puts after a file's text
  // (it finds the end of the input by reading it): parseSourceString on
  // libFuzzer's unterminated bytes reads past them (llvm-project#154462).
  // getMemBufferCopy adds the NUL, as norm-opt's file reading does.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return 0;
  PassManager pm(&context, ModuleOp::getOperationName());
  norm::buildNormToLLVMPipeline(pm, norm::NormToLLVMPipelineOptions());
  (void)pm.run(*module);
  return 0;
}
