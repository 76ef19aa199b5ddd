//===- ToolFlags.cpp - flags shared by norm-runner and norm-benchmark -----===//
//
// The llvm::cl options of ToolFlags, the --threads flag, which is read
// from argv before llvm::cl (libLLVM has an option named `threads`), and the
// checks of what the OpenMP runtime is given: thread counts, stack sizes,
// and the memory their threads need.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/ToolFlags.h"
#include "norm/Support/EscapedText.h"
#include "norm/Support/PositionalArguments.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

bool runner::parseToolCommandLine(int argc, const char *const *argv,
                                  StringRef overview, StringRef toolName) {
  // llvm::cl writes the errors of an option's value (Option::error) to
  // llvm::errs() whatever stream it is given, so stderr itself is captured
  // into a temporary file while it parses; llvm::errs() is unbuffered.
  std::FILE *capture = std::tmpfile();
  int savedStderr = capture ? dup(STDERR_FILENO) : -1;
  if (savedStderr < 0 || dup2(fileno(capture), STDERR_FILENO) < 0) {
    if (savedStderr >= 0)
      close(savedStderr);
    if (capture)
      std::fclose(capture);
    // Not captured: llvm::cl's own lines.
    return cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs());
  }
  bool parsed =
      cl::ParseCommandLineOptions(argc, argv, overview, &llvm::errs());
  dup2(savedStderr, STDERR_FILENO);
  close(savedStderr);
  std::string text;
  std::rewind(capture);
  char buffer[4096];
  for (size_t size; (size = std::fread(buffer, 1, sizeof(buffer), capture));)
    text.append(buffer, size);
  std::fclose(capture);
  if (parsed) {
    llvm::errs() << text; // Not an error: whatever llvm::cl wrote.
    return true;
  }
  // llvm::cl begins each line with the program name (argv[0]'s file name).
  StringRef programPrefix =
      argc > 0 ? llvm::sys::path::filename(argv[0]) : StringRef();
  SmallVector<StringRef> lines;
  StringRef(text).split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  // llvm::cl's two lines on an extra positional argument name neither
  // argument: one naming them takes their place.
  std::optional<SmallVector<StringRef>> positional =
      findPositionalArguments(argc, argv);
  bool named = positional && positional->size() > 1;
  std::string extra =
      named ? describeExtraArguments(*positional, toolName) : std::string();
  std::string message;
  for (StringRef line : lines) {
    line = line.trim();
    if (line.consume_front(programPrefix))
      line = line.drop_while([](char c) { return c == ':' || c == ' '; });
    if (named && line == "Too many positional arguments specified!")
      line = extra;
    else if (named && line.starts_with("Can specify at most "))
      continue;
    if (line.empty())
      continue;
    if (!message.empty())
      message += "; ";
    message += line;
  }
  if (message.empty())
    message = "invalid command line";
  llvm::WithColor::error(llvm::errs(), toolName) << message << '\n';
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
                 cl::value_desc("bits"), cl::cat(category)),
      verifyEach("verify-each",
                 cl::desc("Verify the module after each pass of the lowering "
                          "(as norm-opt does), naming the pass that breaks "
                          "it; by default the lowered module is verified "
                          "once"),
                 cl::init(false), cl::cat(category)) {}

llvm::Error runner::ToolFlags::takeThreads(int &argc, char **argv) {
  llvm::Expected<unsigned> flag = takeThreadsFlag(argc, argv);
  if (!flag)
    return flag.takeError();
  threads = *flag;
  if (llvm::Error err = checkOpenMPStackSizeEnvironment())
    return err;
  // The OpenMP runtime reads OMP_NUM_THREADS when it starts, whatever count
  // the tool sets afterwards (a huge count exhausts memory, an unparsable
  // one gets a warning): --threads replaces the variable before the runtime
  // is loaded, so that what the environment held does not matter.
  if (threads != 0) {
    setenv("OMP_NUM_THREADS", std::to_string(threads).c_str(),
           /*overwrite=*/1);
    return llvm::Error::success();
  }
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

/// Returns true where reading `path` reads this process's standard input:
/// "-", or a path to the pipe, socket or device that descriptor 0 is
/// (/dev/stdin, /dev/fd/0). A regular file can be read more than once.
static bool readsStandardInput(StringRef path) {
  if (path == "-")
    return true;
  struct stat input, file;
  if (fstat(STDIN_FILENO, &input) != 0 || S_ISREG(input.st_mode) ||
      stat(std::string(path).c_str(), &file) != 0)
    return false;
  return input.st_dev == file.st_dev && input.st_ino == file.st_ino;
}

bool runner::writesStandardOutput(StringRef path) {
  if (path == "-")
    return true;
  struct stat output, file;
  if (fstat(STDOUT_FILENO, &output) != 0 ||
      stat(std::string(path).c_str(), &file) != 0)
    return false;
  return output.st_dev == file.st_dev && output.st_ino == file.st_ino;
}

llvm::Error
runner::checkStandardInputReaders(StringRef moduleFile,
                                  ArrayRef<std::string> inputs,
                                  ArrayRef<std::string> expectedOutputs) {
  bool moduleReadsInput = readsStandardInput(moduleFile);
  // The first reader of an '@' SPEC.
  std::optional<std::string> reader;
  for (auto [flag, specs] : {std::pair("input", inputs),
                             std::pair("expected-output", expectedOutputs)}) {
    for (auto [index, spec] : llvm::enumerate(specs)) {
      StringRef path = spec;
      if (!path.consume_front("@") || !readsStandardInput(path))
        continue;
      std::string name = (llvm::Twine(flag) + " " + llvm::Twine(index)).str();
      std::string quoted = "'" + escapeForMessage(spec) + "'";
      if (moduleReadsInput)
        return llvm::createStringError(
            name + ": " + quoted +
            " reads standard input, which the module is read from: give "
            "the module as a file");
      if (reader)
        return llvm::createStringError(
            name + ": " + quoted + " reads standard input, which " + *reader +
            " reads already: standard input can be read once");
      reader = name;
    }
  }
  return llvm::Error::success();
}

std::optional<std::string>
runner::describeReadFile(StringRef path, StringRef moduleFile,
                         ArrayRef<std::string> inputs,
                         ArrayRef<std::string> expectedOutputs) {
  auto isFile = [&](StringRef other) {
    bool same = false;
    return !llvm::sys::fs::equivalent(path, other, same) && same;
  };
  if (moduleFile != "-" && isFile(moduleFile))
    return std::string("the module file");
  for (auto [flag, specs] : {std::pair("input", inputs),
                             std::pair("expected-output", expectedOutputs)})
    for (auto [index, spec] : llvm::enumerate(specs))
      if (StringRef(spec).starts_with("@") &&
          isFile(StringRef(spec).drop_front()))
        return ("the file of " + llvm::Twine(flag) + " " + llvm::Twine(index))
            .str();
  // Standard input redirected from a regular file (`< m.mlir`): "-" and
  // "@-" read that file, which no path above names. Writing over it is
  // refused also where nothing reads standard input: it is surely a mistake.
  struct stat input, file;
  if (fstat(STDIN_FILENO, &input) != 0 || !S_ISREG(input.st_mode) ||
      stat(std::string(path).c_str(), &file) != 0 ||
      input.st_dev != file.st_dev || input.st_ino != file.st_ino)
    return std::nullopt;
  if (moduleFile == "-")
    return std::string("the module file (standard input)");
  for (auto [flag, specs] : {std::pair("input", inputs),
                             std::pair("expected-output", expectedOutputs)})
    for (auto [index, spec] : llvm::enumerate(specs))
      if (spec == "@-")
        return ("the file of " + llvm::Twine(flag) + " " + llvm::Twine(index) +
                " (standard input)")
            .str();
  return std::string("the file standard input is redirected from");
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
                                     mlir::norm::escapeForMessage(value) + "'");
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

/// The variables the OpenMP runtime (libomp) reads a thread's stack size
/// from, in its order of precedence: it uses the first one defined (even if
/// empty) and ignores the others with a warning.
static const char *const kStackSizeVariables[] = {
    "KMP_STACKSIZE", "GOMP_STACKSIZE", "OMP_STACKSIZE"};

/// Parses a stack size as libomp does: an integer, then optionally a unit
/// B, K, M, G or T (any case, with an optional trailing B: "4mb"), K where
/// absent; blanks around the parts. Returns bytes, or std::nullopt for
/// anything else, zero, or a size that overflows 64 bits.
static std::optional<uint64_t> parseStackSize(StringRef text) {
  StringRef rest = text.trim();
  unsigned long long count;
  if (llvm::consumeUnsignedInteger(rest, 10, count) || count == 0)
    return std::nullopt;
  rest = rest.trim();
  uint64_t unit = 1024;
  if (!rest.empty()) {
    switch (llvm::toLower(rest.front())) {
    case 'b':
      unit = 1;
      break;
    case 'k':
      unit = uint64_t(1) << 10;
      break;
    case 'm':
      unit = uint64_t(1) << 20;
      break;
    case 'g':
      unit = uint64_t(1) << 30;
      break;
    case 't':
      unit = uint64_t(1) << 40;
      break;
    default:
      return std::nullopt;
    }
    rest = rest.drop_front();
    if (unit != 1 && !rest.empty() && llvm::toLower(rest.front()) == 'b')
      rest = rest.drop_front();
    if (!rest.trim().empty())
      return std::nullopt;
  }
  return llvm::checkedMulUnsigned<uint64_t>(count, unit);
}

llvm::Error runner::checkOpenMPStackSizeEnvironment() {
  for (const char *name : kStackSizeVariables) {
    // An empty value means unset, as for OMP_NUM_THREADS.
    const char *value = std::getenv(name);
    if (value && *value && !parseStackSize(value))
      return llvm::createStringError(
          llvm::Twine(name) + "='" + mlir::norm::escapeForMessage(value) +
          "' is not a stack size: expected a positive integer with an "
          "optional unit B, K, M, G or T (default K), e.g. '16M'");
  }
  return llvm::Error::success();
}

namespace {
/// The stack size of libomp's threads and where it comes from.
struct OpenMPStackSize {
  uint64_t bytes;
  /// Where the size comes from: "KMP_STACKSIZE=1G", or the stack limit.
  std::string source;
  /// What to make smaller: the variable the size comes from, or
  /// OMP_STACKSIZE where none is set.
  std::string variable;
};
} // namespace

/// Returns the stack size of libomp's threads as libomp chooses it: the
/// size of the first stack size variable defined, in its order of
/// precedence, else (also where that one is empty) the stack limit
/// (ulimit -s) up to 64 MiB.
static OpenMPStackSize getOpenMPStackSize() {
  const char *defined = nullptr;
  for (const char *name : kStackSizeVariables) {
    const char *value = std::getenv(name);
    if (!value)
      continue;
    if (std::optional<uint64_t> size = parseStackSize(value))
      return {*size, (llvm::Twine(name) + "=" + value).str(), name};
    defined = name;
    break;
  }
  // No variable, or an empty one, which libomp replaces by its default:
  // setting that one (the others are ignored) changes the size.
  OpenMPStackSize result{uint64_t(64) << 20, "the stack limit, ulimit -s",
                         defined ? defined : "OMP_STACKSIZE"};
  struct rlimit limit;
  if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    result.bytes = std::min<uint64_t>(limit.rlim_cur, result.bytes);
  return result;
}

llvm::Error runner::checkOpenMPThreadResources(unsigned threads) {
  if (threads <= 1)
    return llvm::Error::success();
  OpenMPStackSize stack = getOpenMPStackSize();
  uint64_t stackSize = stack.bytes;
  // Map each worker's stack as the thread library does (read-write, private,
  // not touched), plus room for the runtime's per-thread data, then unmap.
  unsigned workers = threads - 1;
  std::optional<uint64_t> mapSize =
      llvm::checkedAddUnsigned<uint64_t>(stackSize, uint64_t(1) << 20);
  std::vector<void *> mapped;
  mapped.reserve(workers);
  while (mapSize && mapped.size() < workers) {
    void *stack = mmap(nullptr, *mapSize, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED)
      break;
    mapped.push_back(stack);
  }
  size_t fitted = mapped.size();
  for (void *stack : mapped)
    munmap(stack, *mapSize);
  if (fitted == workers)
    return llvm::Error::success();
  return llvm::createStringError(
      "cannot start " + llvm::Twine(threads) + " OpenMP threads: only " +
      llvm::Twine(fitted) + " of the " + llvm::Twine(workers) +
      " worker stacks of " + llvm::Twine(stackSize) + " bytes (" +
      stack.source +
      ") fit in the memory this process may map; use fewer threads "
      "(--threads, OMP_NUM_THREADS) or a smaller " +
      stack.variable);
}
