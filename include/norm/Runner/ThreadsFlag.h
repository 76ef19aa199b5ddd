//===- ThreadsFlag.h - the --threads flag of the norm tools ----*- C++ -*-===//

#ifndef NORM_RUNNER_THREADSFLAG_H
#define NORM_RUNNER_THREADSFLAG_H

#include "llvm/Support/Error.h"

namespace mlir {
namespace norm {
namespace runner {

/// Removes `--threads=N`, `-threads=N` and `--threads N` from `argv` (moving
/// the other arguments down and updating `argc`) and returns N, or 0 where
/// the flag is absent. It is read before llvm::cl parses the command line
/// because libLLVM registers an option named `threads` of its own.
/// Errors: a value that is not an integer from 1 to 4096.
llvm::Expected<unsigned> takeThreadsFlag(int &argc, char **argv);

/// Checks OMP_NUM_THREADS, which the OpenMP runtime reads when it starts
/// and which it does not reject cleanly (it may abort or hang): where set,
/// it must be numbers from 1 to 4096 separated by commas.
llvm::Error checkOpenMPThreadsEnvironment();

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_THREADSFLAG_H
