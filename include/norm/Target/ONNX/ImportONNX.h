//===- ImportONNX.h - ONNX model to MLIR importer ---------------*- C++ -*-===//
//
// Reads an ONNX ModelProto (the binary protobuf of a `.onnx` file) and builds
// a module holding one `func.func @main` whose body uses the norm dialect.
// docs/Importer.md describes the mapping, the naming scheme and the limits.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_TARGET_ONNX_IMPORTONNX_H
#define NORM_TARGET_ONNX_IMPORTONNX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace mlir {
class DialectRegistry;
class MLIRContext;

namespace norm {

/// Imports the serialized ONNX model in `buffer` (its identifier is used as
/// the file name in locations and diagnostics). Loads the dialects it emits
/// (builtin, func, arith, norm) into `context`. The returned module has passed
/// the verifier. On any error, emits one diagnostic on `context` and returns
/// a null module.
OwningOpRef<ModuleOp> importONNXModel(llvm::MemoryBufferRef buffer,
                                      MLIRContext *context);

/// Inserts the dialects importONNXModel emits into `registry`.
void registerImportONNXDialects(DialectRegistry &registry);

/// Registers the `import-onnx` translation (for mlir-translate-style drivers
/// such as norm-translate).
void registerImportONNXTranslation();

} // namespace norm
} // namespace mlir

#endif // NORM_TARGET_ONNX_IMPORTONNX_H
