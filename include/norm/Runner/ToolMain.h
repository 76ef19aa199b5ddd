//===- ToolMain.h - run a tool on a fixed stack, report faults --*- C++ -*-===//
//
// How norm-opt, norm-runner and norm-benchmark run their work: on a thread
// whose stack they choose (MLIR's parser, verifier and printer recurse once
// per nesting level of the input, so the default 8 MiB stack limits how
// deeply an input may nest), with fault handlers that turn what would be a
// crash with LLVM's "PLEASE submit a bug report" banner into one error line
// and exit status 1 where the cause is the user's input:
//
// * a stack overflow of that thread: the input nests too deeply, or, while
//   compiled code runs, the module recursed without bound;
// * any fault while a module's compiled code runs (RunningModuleCode): the
//   module read or wrote out of bounds, divided by zero, trapped.
//
// Faults elsewhere are bugs of the tools and keep LLVM's crash report.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_TOOLMAIN_H
#define NORM_RUNNER_TOOLMAIN_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace norm {
namespace runner {

/// The stack size of the thread runToolMain runs a tool on, in bytes. The
/// compiled code of norm-runner and norm-benchmark runs on it as well, so it
/// also bounds the recursion depth of a module.
constexpr unsigned kToolStackSize = 64u << 20;

/// Runs `body` on a thread with a kToolStackSize-byte stack and returns its
/// result (the tool's exit status). First opens /dev/null on each closed
/// standard descriptor (norm/Support/StandardStreams.h). Installs, for the
/// whole process, the handlers of SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP and
/// SIGABRT that report a stack overflow of that thread ("<toolName>: error: out
/// of stack space ...") and any fault while a RunningModuleCode is alive as one
/// error line, then exit with status 1; other faults go on to the handlers
/// installed before (LLVM's crash report). A write to a closed pipe (SIGPIPE)
/// ends the process with _exit(EX_IOERR), skipping exit-time destructors that
/// may wait for a lock the interrupted thread holds (llvm::InitLLVM's default
/// handler calls exit): construct llvm::InitLLVM with
/// InstallPipeSignalExitHandler = false. LLVM's fatal errors
/// (llvm::report_fatal_error) are "<toolName>: error: LLVM stopped with a
/// fatal error: <reason>", exit status 1. Call it from main, after
/// llvm::InitLLVM if the tool uses it. Where the thread cannot be created (no
/// memory for its stack), `body` runs on the calling thread. After `body`,
/// flushes llvm::outs(), std::cout and C's stdout: where standard output
/// could not be written, prints "<toolName>: error: cannot write '<stdout>':
/// <reason>" (the errno of the write that failed, such as "No space left on
/// device" for /dev/full; std::cout writes through a buffer of runToolMain's
/// that keeps it) and returns 1.
int runToolMain(StringRef toolName, llvm::function_ref<int()> body);

/// Returns the `toolName` runToolMain was given, or "" before it runs (the
/// prefix of errors that the compiled code's run-time support reports).
StringRef getToolName();

/// For a forked child process that runs code which may crash on purpose
/// (norm/Runner/BytecodeCheck.h): from now on, a fault other than a stack
/// overflow of the tool thread terminates the process by its signal (the
/// default action), so that its parent sees the signal. The handlers
/// installed before runToolMain's (LLVM's crash report, a sanitizer's
/// report) no longer run in this process. Not async-signal-safe; call it
/// before the code that may fault.
void terminateOnFaults();

/// While an object of this class is alive, a fault in any thread is
/// reported as a run-time fault of the module's function `function`
/// ("<tool>: error: function 'NAME' faulted at run time: SIGSEGV (...)"),
/// and a stack overflow of the tool thread as unbounded recursion of it.
/// Scope it around calls of compiled code. Objects do not nest.
class RunningModuleCode {
public:
  explicit RunningModuleCode(StringRef function);
  ~RunningModuleCode();
  RunningModuleCode(const RunningModuleCode &) = delete;
  RunningModuleCode &operator=(const RunningModuleCode &) = delete;
};

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_TOOLMAIN_H
