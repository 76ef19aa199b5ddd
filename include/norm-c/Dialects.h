//===- Dialects.h - C API of the norm dialect ---------------------*- C -*-===//
//
// The MLIR C API of norm-mlir, for C hosts and for other languages through
// their C FFI: the dialect handle, and registration of the dialects and
// passes. Link NormMLIR::NormMLIR-C (one shared library that also carries
// MLIR's core C API on top of libMLIR.so), see docs/embedding.md.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_C_DIALECTS_H
#define NORM_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Declares `MlirDialectHandle mlirGetDialectHandle__norm__(void)`: the
/// handle of the `norm` dialect. Insert it into a registry with
/// mlirDialectHandleInsertDialect, or register and load it into a context
/// with mlirDialectHandleRegisterDialect / mlirDialectHandleLoadDialect.
/// This adds the `norm` dialect only; use mlirRegisterNormDialects for the
/// dialects that its lowerings produce.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Norm, norm);

/// Inserts the `norm` dialect and the upstream dialects its lowerings
/// produce (func, linalg, tensor, arith, math, bufferization, memref, scf,
/// cf, vector, llvm) with their bufferization interface models into
/// `registry`. The C counterpart of mlir::norm::registerNormDialects.
MLIR_CAPI_EXPORTED void mlirRegisterNormDialects(MlirDialectRegistry registry);

/// Registers every norm pass that norm-opt has in the global pass registry:
/// the conversion (`convert-norm-to-linalg`), the dialect's transform
/// (`norm-record-entry-signatures`), the CPU codegen passes (`norm-fuse-rows`,
/// `norm-vectorize-rows`, ...; docs/Passes.md lists them all) and the
/// `norm-to-llvm` pipeline, so that mlirParsePassPipeline and
/// mlirOpPassManagerAddPipeline accept them. Idempotent. The C counterpart
/// of mlir::norm::registerNormPasses.
MLIR_CAPI_EXPORTED void mlirRegisterNormPasses(void);

#ifdef __cplusplus
}
#endif

#endif // NORM_C_DIALECTS_H
