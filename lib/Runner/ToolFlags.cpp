//===- ToolFlags.cpp - flags shared by norm-runner and norm-benchmark -----===//
//
// The llvm::cl options of ToolFlags, and the --threads flag, which is read
// from argv before llvm::cl (libLLVM has an option named `threads`).
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/ToolFlags.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdlib>

namespace cl = llvm::cl;
using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;

bool runner::NonEmptyStringParser::parse(cl::Option &option, StringRef name,
                                         StringRef value, std::string &result) {
  if (value.empty())
    return option.error("the value is empty: give one, or leave the flag "
                        "out for its default");
  result = value.str();
  return false;
}

runner::ToolFlags::ToolFlags(cl::OptionCategory &category,
                             StringRef functionHelp, StringRef inputHelp)
    : moduleFile(cl::Positional, cl::desc("<module file, or - for stdin>"),
                 cl::init("-"), cl::cat(category)),
      function("function", cl::desc(functionHelp), cl::value_desc("name"),
               cl::cat(category)),
      inputs("input", cl::desc(inputHelp), cl::value_desc("spec"),
             cl::cat(category)),
      vectorBits("vector-bits",
                 cl::desc("Vector register width of the compiled code in "
                          "bits: 128, 256 or 512 (default: the host's)"),
                 cl::value_desc("bits"), cl::cat(category)) {}

llvm::Error runner::ToolFlags::takeThreads(int &argc, char **argv) {
  llvm::Expected<unsigned> flag = takeThreadsFlag(argc, argv);
  if (!flag)
    return flag.takeError();
  threads = *flag;
  if (threads != 0)
    return llvm::Error::success();
  // An empty OMP_NUM_THREADS means unset, but the runtime would read it as
  // no threads and fail an assertion: remove it before the runtime starts.
  if (const char *value = std::getenv("OMP_NUM_THREADS"); value && !*value)
    unsetenv("OMP_NUM_THREADS");
  return checkOpenMPThreadsEnvironment();
}

llvm::Expected<unsigned> runner::ToolFlags::getVectorBits() const {
  if (!vectorBits.getNumOccurrences())
    return 0;
  if (vectorBits != 128 && vectorBits != 256 && vectorBits != 512)
    return llvm::createStringError(
        "--vector-bits must be 128, 256 or 512, got " +
        llvm::Twine(vectorBits.getValue()));
  return vectorBits.getValue();
}

llvm::Expected<unsigned> runner::takeThreadsFlag(int &argc, char **argv) {
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

llvm::Error runner::checkOpenMPThreadsEnvironment() {
  // An empty value means unset (ToolFlags::takeThreads removes it).
  const char *value = std::getenv("OMP_NUM_THREADS");
  if (!value || !*value)
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
