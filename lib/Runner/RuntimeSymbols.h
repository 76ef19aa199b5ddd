//===- RuntimeSymbols.h - what JIT-compiled code links against --*- C++ -*-===//
//
// Private to lib/Runner: the libraries a compiled module's external
// functions are resolved from (the process, libomp, MLIR's C runner
// utilities), and the functions the session interposes on the module's
// `puts`, `abort`, `malloc` and `free`.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_RUNNER_RUNTIMESYMBOLS_H
#define NORM_LIB_RUNNER_RUNTIMESYMBOLS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace mlir {
class ExecutionEngine;
namespace norm {
namespace runner {
/// Returns true if the LLVM-dialect `module` has OpenMP ops or calls the
/// OpenMP runtime's API (norm-openmp-cleanup asks omp_get_max_threads): then
/// its calls start the runtime's threads. (omp ops become __kmpc_* calls only
/// in the translation to LLVM IR.)
bool moduleUsesOpenMP(ModuleOp module);

/// Makes every function that the LLVM-dialect `module` declares and uses
/// resolvable: loads the process's own symbols (libc, libm), libomp if the
/// module has OpenMP ops or calls the OpenMP API (then sets its thread count
/// unless `numThreads` is 0), and MLIR's C runner utilities for the rest
/// (memrefCopy). Errors name the library that cannot be loaded or the first
/// function no library provides, and a module that defines `malloc` or
/// `free` (the runner provides them).
llvm::Error loadRuntimeLibraries(ModuleOp module, unsigned numThreads);

/// Routes the failure paths of the lowered `cf.assert`s in the LLVM-dialect
/// `module` (a `puts` of an `assert_msg` global, then `abort`, then
/// `llvm.unreachable`) to a function of the runner's own, so that the
/// module's own `puts` and `abort` keep their meaning. Call it after lowering,
/// before the module is compiled.
void routeRuntimeCheckFailures(ModuleOp module);

/// Binds the compiled code's failed run-time checks (routed by
/// routeRuntimeCheckFailures) to one error line with the check's message and
/// exit status 1, its `abort` (unless `module` defines one) to one error line
/// saying the module called it and exit status 1, and its `malloc` to an
/// allocator that exits with one error line when memory runs out. With
/// `reuseAllocations`, `malloc` and `free` also keep freed blocks for reuse
/// by allocations of the same size (JitOptions::reuseAllocations).
void registerRuntimeSymbols(ExecutionEngine &engine, bool reuseAllocations,
                            ModuleOp module);

/// A `free` of the compiled code's buffers.
using FreeFunction = void (*)(void *);

/// Returns the function that frees the result buffers of code whose
/// symbols registerRuntimeSymbols bound with `reuseAllocations`.
FreeFunction getResultFreeFunction(bool reuseAllocations);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_RUNNER_RUNTIMESYMBOLS_H
