//===- RuntimeCalls.h - C functions that norm-to-llvm calls -----*- C++ -*-===//
//
// Private to lib/Pipelines: the pass of norm-to-llvm that lowers the
// run-time checks (cf.assert) and keeps the C functions the lowered code
// calls apart from the module's own functions (RuntimeCalls.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_PIPELINES_RUNTIMECALLS_H
#define NORM_LIB_PIPELINES_RUNTIMECALLS_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace norm {

/// Creates `norm-to-llvm-runtime-calls`: lowers `cf.assert` to a call of
/// the module's `puts` and `abort` (declared as C declares them where
/// absent; their result type may differ), or of
/// `__norm_runtime_check_failed(const char *message)` where the module
/// defines either or declares it with other parameters; and fails, naming
/// the function, where a function of the module took the name of a C
/// function of the memref lowering (malloc, aligned_alloc, free, memrefCopy)
/// with another type. Runs after the memref lowering and scf -> cf, before
/// the conversions that lower cf.assert.
std::unique_ptr<Pass> createRuntimeCallsPass();

/// Registers `norm-to-llvm-runtime-calls`.
void registerRuntimeCallsPass();

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_PIPELINES_RUNTIMECALLS_H
