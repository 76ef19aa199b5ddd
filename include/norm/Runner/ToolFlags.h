//===- ToolFlags.h - flags shared by the runner tools -----------*- C++ -*-===//
//
// The command-line flags both runner tools take, defined once (as IREE's
// run_module flags are): the module file, --function, --input,
// --vector-bits and --threads. Each tool constructs one ToolFlags, which
// registers the llvm::cl options in the tool's category with the tool's
// wording of --function and --input; flags of one tool only stay in it.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_TOOLFLAGS_H
#define NORM_RUNNER_TOOLFLAGS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
namespace norm {
namespace runner {

/// The parser of a string flag that must not be empty (`--function=`
/// would otherwise mean "not given").
class NonEmptyStringParser : public llvm::cl::parser<std::string> {
public:
  using llvm::cl::parser<std::string>::parser;
  /// Returns true, after llvm::cl's error, when `value` is empty.
  bool parse(llvm::cl::Option &option, StringRef name, StringRef value,
             std::string &result);
};

/// The flags norm-runner and norm-benchmark share. Construct one object with
/// static storage duration before llvm::cl::ParseCommandLineOptions runs.
class ToolFlags {
public:
  /// Registers the options in `category`; `functionHelp` and `inputHelp` are
  /// the help texts of --function and --input.
  ToolFlags(llvm::cl::OptionCategory &category, StringRef functionHelp,
            StringRef inputHelp);

  /// Removes --threads from argv (takeThreadsFlag) into `threads` and checks
  /// the OpenMP stack size variables (checkOpenMPStackSizeEnvironment). With
  /// --threads, sets OMP_NUM_THREADS to it (whatever it held: the OpenMP
  /// runtime reads the variable when it starts); without, removes an empty
  /// OMP_NUM_THREADS from the environment (the runtime fails an assertion on
  /// it) and checks the variable (checkOpenMPThreadsEnvironment). Call it
  /// before llvm::cl parses the command line, and before the OpenMP runtime
  /// starts.
  llvm::Error takeThreads(int &argc, char **argv);

  /// Returns --vector-bits, or 0 where it is absent (the host's width).
  /// Errors unless it is 128, 256 or 512.
  llvm::Expected<unsigned> getVectorBits() const;

  /// The module file (positional); "-" reads stdin.
  llvm::cl::opt<std::string> moduleFile;
  /// --function: the function to run; empty (the flag absent) picks the
  /// only public function, else `main`. An empty value is an error.
  llvm::cl::opt<std::string, false, NonEmptyStringParser> function;
  /// --input: one SPEC per function argument, in order.
  llvm::cl::list<std::string> inputs;
  /// --vector-bits; read it through getVectorBits().
  llvm::cl::opt<unsigned> vectorBits;
  /// --verify-each: verify the module after each pass of the lowering
  /// (JitOptions::verifyEach).
  llvm::cl::opt<bool> verifyEach;
  /// --threads=N after takeThreads(); 0 where the flag is absent.
  unsigned threads = 0;
};

/// Removes `--threads=N`, `-threads=N` and `--threads N` from `argv` (moving
/// the other arguments down and updating `argc`) and returns N, or 0 where
/// the flag is absent. It is read before llvm::cl parses the command line
/// because libLLVM registers an option named `threads` of its own.
/// Errors: a value that is not an integer from 1 to 4096.
llvm::Expected<unsigned> takeThreadsFlag(int &argc, char **argv);

/// Checks OMP_NUM_THREADS, which the OpenMP runtime reads when it starts
/// and which it does not reject cleanly (it may abort or hang): where set
/// and not empty, it must be numbers from 1 to 4096 separated by commas. An
/// empty value counts as unset.
llvm::Error checkOpenMPThreadsEnvironment();

/// Checks OMP_STACKSIZE, KMP_STACKSIZE and GOMP_STACKSIZE, the stack size
/// of the OpenMP runtime's threads, which the runtime ignores with a warning
/// where it cannot parse them: where set and not empty, each must be a
/// positive integer with an optional unit B, K, M, G or T (K where absent),
/// as the runtime reads it.
llvm::Error checkOpenMPStackSizeEnvironment();

/// Errors unless the OpenMP runtime can start `threads` threads: the stacks
/// of its `threads - 1` workers (the size of the first of KMP_STACKSIZE,
/// GOMP_STACKSIZE and OMP_STACKSIZE that is set, else the stack limit up to
/// 64 MiB, as the runtime chooses) must fit in the memory this process may
/// map, which `ulimit -v` and the size of the address space bound. The
/// runtime aborts with a stack dump when it cannot create a thread; the
/// message here says what to lower, naming the variable the size came from.
llvm::Error checkOpenMPThreadResources(unsigned threads);

/// Checks the readers of standard input: an '@-' SPEC of `inputs` or
/// `expectedOutputs` reads a .npy image from it, which one of them only can
/// do, and none where the module is read from it (`moduleFile` "-"). A path
/// to the pipe, socket or device that standard input is (/dev/stdin) counts
/// as '-'. The errors name the flag and its index ("input 1: '@-' reads
/// standard input, which input 0 reads already: ...").
llvm::Error checkStandardInputReaders(StringRef moduleFile,
                                      ArrayRef<std::string> inputs,
                                      ArrayRef<std::string> expectedOutputs);

/// Returns true where writing `path` writes this process's standard output:
/// "-", or a path to the file descriptor 1 is, the same device and inode
/// (/dev/stdout, /dev/fd/1, /proc/self/fd/1, or the file standard output was
/// redirected to, by any path or link). A second open of such a file would
/// write from its start over what the standard output stream writes (or
/// truncate it): the tools write it through that one stream, in order.
bool writesStandardOutput(StringRef path);

/// Returns which file the tool reads `path` is, the same file by any path or
/// link (llvm::sys::fs::equivalent): "the module file" (`moduleFile`, unless
/// "-"), "the file of input N" or "the file of expected-output N" (an
/// '@FILE' SPEC of `inputs` or `expectedOutputs`); where standard input is
/// redirected from the regular file `path` is, "the module file (standard
/// input)" or "the file of input N (standard input)" for a "-" or "@-"
/// reader, else "the file standard input is redirected from"; std::nullopt
/// where it is none of them. A result written to such a path would replace
/// what the tool reads.
std::optional<std::string>
describeReadFile(StringRef path, StringRef moduleFile,
                 ArrayRef<std::string> inputs,
                 ArrayRef<std::string> expectedOutputs);

/// Parses the command line as llvm::cl::ParseCommandLineOptions does
/// (`--help` and `--version` still print and exit), but reports what
/// llvm::cl refuses (an unknown flag, a bad or missing value, extra
/// positional arguments) as one line "`toolName`: error: ...", llvm::cl's
/// lines joined with "; ", instead of its own lines without "error:". Extra
/// positional arguments are named ("extra argument 'b.mlir' after the input
/// file 'a.mlir': <tool> reads one input file"; PositionalArguments.h).
/// Returns false after such an error; the tool then exits with status 1.
bool parseToolCommandLine(int argc, const char *const *argv, StringRef overview,
                          StringRef toolName);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_TOOLFLAGS_H
