//===- Compile.h - ahead-of-time kernels with a typed C header --*- C++ -*-===//
//
// What `norm-compile` does, as a library: lowers a module (norm dialect or
// linalg on tensors, or an ONNX model through the importer) with the
// norm-to-llvm pipeline for a given target, adds one C-callable wrapper per
// exported function, and writes an object file (or assembly, or LLVM IR)
// plus a C header declaring the wrappers. The C interface is fixed by
// docs/AOT.md:
//
//   int32_t f(const T0 *arg0, const int64_t *arg0_shape, ...,
//             T0 *result0, ...);
//
// returning 0 after writing the results into the caller's buffers, 1,
// without writing anything, when the shapes break the signature or a
// run-time rule of an op or give a tensor more bytes than int64_t holds, or
// 2 when a heap allocation fails. The object
// needs libc and libm (and libomp when built parallel), no symbol of MLIR or
// LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_COMPILE_COMPILE_H
#define NORM_COMPILE_COMPILE_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
namespace norm {

/// What compileKernels writes to its output file.
enum class EmitKind {
  /// A relocatable object file (ELF on Linux targets).
  Object,
  /// Target assembly.
  Assembly,
  /// Optimized LLVM IR (textual), after the wrappers were added.
  LLVMIR,
};

/// Options of compileKernels; the fields mirror norm-compile's flags.
struct CompileOptions {
  /// The input: a `.mlir` module, or an ONNX model (`.onnx`, read through
  /// the importer). "-" reads MLIR from stdin.
  std::string inputFile;
  /// Where the object (or assembly, or IR) goes; "-" is stdout.
  std::string outputFile;
  /// Where the C header goes; empty: the output file with extension `.h`
  /// (required when the output is stdout).
  std::string headerFile;
  /// LLVM target triple; empty: the host's (llvm::sys::getDefaultTargetTriple).
  std::string targetTriple;
  /// CPU as LLVM names it (`x86-64-v3`, `neoverse-v1`, ...), or `native`;
  /// empty: the host CPU and its features when the triple is the host's,
  /// else the target's generic CPU.
  std::string cpu;
  /// Extra target features, LLVM's `+a,-b` syntax.
  std::string features;
  /// Row loops on OpenMP threads (the object then needs libomp).
  bool parallel = true;
  /// Prepended to the name of every exported symbol.
  std::string prefix;
  /// Functions to export; empty: every public function of the module.
  std::vector<std::string> functions;
  /// What to write to outputFile.
  EmitKind emit = EmitKind::Object;
};

/// Compiles `options.inputFile` and writes the output and header files.
/// Errors are one line (`file:line:col: message` items of the diagnostics,
/// joined by "; "): an input that does not parse or lower, an unknown
/// triple, CPU or feature, an argument or result that is not a ranked tensor
/// of f16, bf16, f32, f64, i32 or i64, a result dimension that cannot be
/// derived from the argument shapes, a run-time check that depends on tensor
/// values, or compiled code that would need a symbol other than libc, libm
/// (and the OpenMP runtime when parallel).
llvm::Error compileKernels(const CompileOptions &options);

} // namespace norm
} // namespace mlir

#endif // NORM_COMPILE_COMPILE_H
