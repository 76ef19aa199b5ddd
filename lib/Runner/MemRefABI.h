//===- MemRefABI.h - tensor signatures of lowered functions -----*- C++ -*-===//
//
// Private to lib/Runner: which lowered functions the session may call, and
// which tensor types it can pass to them as memref descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_RUNNER_MEMREFABI_H
#define NORM_LIB_RUNNER_MEMREFABI_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace norm {
namespace runner {
/// Returns true if `func` is a public entry of a lowered module: defined,
/// public, external linkage, and not an `_mlir_ciface_` wrapper.
bool isPublicEntry(LLVM::LLVMFuncOp func);

/// Errors unless `type` is a ranked tensor of a supported element type. The
/// message starts with "has type ..." to follow "argument <i> ".
llvm::Error checkSupportedType(Type type);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_RUNNER_MEMREFABI_H
