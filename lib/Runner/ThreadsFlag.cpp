//===- ThreadsFlag.cpp - the --threads flag of the norm tools ------------===//

#include "norm/Runner/ThreadsFlag.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdlib>

llvm::Expected<unsigned> mlir::norm::runner::takeThreadsFlag(int &argc,
                                                             char **argv) {
  unsigned threads = 0;
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    llvm::StringRef value;
    if (!arg.consume_front("--threads") && !arg.consume_front("-threads")) {
      argv[out++] = argv[i];
      continue;
    }
    if (arg.consume_front("=")) {
      value = arg;
    } else if (arg.empty() && i + 1 < argc) {
      value = argv[++i];
    } else {
      // Another flag that starts with "threads", or a trailing --threads:
      // left to llvm::cl.
      argv[out++] = argv[i];
      continue;
    }
    if (value.getAsInteger(10, threads) || threads == 0 || threads > 4096)
      return llvm::createStringError("--threads needs a number from 1 to "
                                     "4096, found '" +
                                     value + "'");
  }
  argc = out;
  return threads;
}

llvm::Error mlir::norm::runner::checkOpenMPThreadsEnvironment() {
  const char *value = std::getenv("OMP_NUM_THREADS");
  if (!value)
    return llvm::Error::success();
  llvm::SmallVector<llvm::StringRef> counts;
  llvm::StringRef(value).split(counts, ',');
  for (llvm::StringRef count : counts) {
    unsigned threads;
    if (count.trim().getAsInteger(10, threads) || threads == 0 ||
        threads > 4096)
      return llvm::createStringError(
          llvm::Twine("OMP_NUM_THREADS='") + value +
          "' is not a thread count: expected numbers from 1 to 4096, "
          "separated by commas");
  }
  return llvm::Error::success();
}
