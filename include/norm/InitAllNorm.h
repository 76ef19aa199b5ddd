//===- InitAllNorm.h - register norm-mlir components ------------*- C++ -*-===//
//
// Registration entry points for tools and compilers that embed norm-mlir
// (docs/embedding.md). Link NormMLIR::NormPipelines.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_INITALLNORM_H
#define NORM_INITALLNORM_H

namespace mlir {
class DialectRegistry;
namespace norm {

/// Inserts the norm dialect and the upstream dialects its lowerings produce
/// (func, linalg, tensor, arith, math, bufferization, memref, scf, cf,
/// vector, llvm) with their bufferization interface models into `registry`.
/// Adds to whatever `registry` already holds; calling it next to
/// mlir::registerAllDialects or more than once is fine. Append the registry
/// to an MLIRContext (or pass it to MlirOptMain) before parsing IR with
/// `norm` ops.
void registerNormDialects(DialectRegistry &registry);

/// Inserts what the norm-mlir tools parse and lower with into `registry`:
/// every upstream dialect, extension and interface model
/// (mlir::registerAllDialects, mlir::registerAllExtensions) and
/// registerNormDialects. norm-opt, norm-runner, norm-benchmark and
/// norm-compile all use it, so that a module that parses in one parses in
/// the others (an op the pipeline cannot lower is then its error,
/// "'tosa.abs' op was not lowered ...", not "Dialect `tosa' not found").
/// With libMLIR.so (the tools link it) it adds no code to a tool.
void registerNormToolDialects(DialectRegistry &registry);

/// Registers every norm pass in the global pass registry: the conversion
/// (`convert-norm-to-linalg`, include/norm/Conversion/Passes.td), the
/// dialect's transform (`norm-record-entry-signatures`,
/// include/norm/Dialect/Norm/Transforms/Passes.td), the CPU codegen passes
/// (`norm-fuse-rows`, `norm-vectorize-rows`, ...,
/// include/norm/Codegen/Passes.td; docs/Passes.md lists them all) and the
/// `norm-to-llvm` pass pipeline, so that textual pass pipelines
/// (mlir::parsePassPipeline, `--pass-pipeline`) can name them. Call it
/// exactly once at start-up, before parsing pipelines: MLIR's registry
/// rejects a second registration of the `norm-to-llvm` pipeline (fatal
/// error), so do not call it twice, nor next to registerNormToLLVMPipeline.
/// (mlirRegisterNormPasses of the C API may be called any number of times.)
void registerNormPasses();

} // namespace norm
} // namespace mlir

#endif // NORM_INITALLNORM_H
