//===- BytecodeCheck.h - read MLIR bytecode in a child process --*- C++ -*-===//
//
// MLIR 22's bytecode reader trusts its input: a corrupted `.mlirbc` file
// (flipped or truncated bytes) can make it read out of bounds, abort on an
// impossible SmallVector size, corrupt the heap, or run without bound. The
// tools therefore parse bytecode input in a forked child process, with
// limits on its CPU time, wall-clock time and address space, which hands
// the module back as MLIR text; a child that does not come back is one
// error line ("corrupted MLIR bytecode") and exit status 1. Textual MLIR is
// parsed as before: its parser checks every token. See docs/AOT.md,
// "Corrupted input".
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_BYTECODECHECK_H
#define NORM_RUNNER_BYTECODECHECK_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/MemoryBuffer.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;

namespace norm {
namespace runner {

/// Parses the MLIR bytecode `buffer` (mlir::isBytecode) with `context` (its
/// dialects and options) in a forked child process, and returns the module
/// the child printed as MLIR text (generic form, with locations), for the
/// caller to parse instead: the calling process never runs the bytecode
/// reader, whose damage to the heap may only show later. The child has
/// limits of CPU time (10 s plus 1 s per 16 MiB of input), wall-clock time
/// (ten times that) and address space (its parent's plus 1 GiB plus 64
/// times the input size), and writes nothing itself. Where its parse fails,
/// emits its error diagnostics (with their notes) on `context`; where it
/// crashes, reports a fatal error or an allocation failure, or exceeds a
/// limit, emits "corrupted MLIR bytecode: ..." at the buffer's name; then
/// returns failure.
FailureOr<std::string> readBytecodeInChildProcess(llvm::MemoryBufferRef buffer,
                                                  MLIRContext *context);

/// parseSourceFile<ModuleOp>(sourceMgr, context) on the main buffer of
/// `sourceMgr`; where it is MLIR bytecode, through
/// readBytecodeInChildProcess. Returns null after error diagnostics.
OwningOpRef<ModuleOp> parseModuleCheckingBytecode(llvm::SourceMgr &sourceMgr,
                                                  MLIRContext *context);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_BYTECODECHECK_H
