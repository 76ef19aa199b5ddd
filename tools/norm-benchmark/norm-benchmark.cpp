//===- norm-benchmark.cpp - time a JIT-compiled function of a module ------===//
//
// Google Benchmark driver with norm-runner's arguments: compiles FILE with
// the default pipeline (JitSession), binds the --input tensors once and times
// calls of --function. An input SPEC without values ("16384x1024xf32") is
// filled with deterministic pseudo-random numbers. Reported per call: time,
// bytes moved (inputs read once + results written once; 0 where every
// result is empty) and GB/s (those bytes over the measured wall time, 1 GB =
// 1e9 bytes); the pipeline's compile time (lowering + LLVM codegen) is a
// counter too.
//
// --help lists norm-benchmark's own flags and then Google Benchmark's.
//
// Like norm-runner, it compiles and runs on the tool thread of
// norm/Runner/ToolMain.h: a fault of the compiled code is one error line.
//
// Timing excludes compilation and the page faults of first-touched result
// buffers: the compiled code allocates from a pool that reuses freed blocks
// of the same size (JitOptions::reuseAllocations), so every timed call gets
// result buffers already touched by the warm-up calls. The `faults/call`
// counter (minor page faults per timed call) shows it.
//
//===----------------------------------------------------------------------===//

#include "FilterRegex.h"

#include "norm/Runner/JitSession.h"
#include "norm/Runner/TensorSpec.h"
#include "norm/Runner/ToolFlags.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/StagedOutput.h"
#include "norm/Support/ToolVersion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>
#include <dlfcn.h>
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::norm::runner;
using mlir::norm::StagedOutput;
namespace cl = llvm::cl;

static cl::OptionCategory benchCategory("norm-benchmark options");

/// The module file, --function, --input, --vector-bits and --threads.
static ToolFlags
    flags(benchCategory,
          "Function to time (default: the only public function, else 'main')",
          "Argument, in order: a norm-runner SPEC, or SHAPExTYPE without "
          "values (e.g. 16384x1024xf32) for a pseudo-random fill");

namespace {
/// The parser of --name: a value of only whitespace is empty too (no
/// benchmark name is blank).
class NonBlankStringParser : public NonEmptyStringParser {
public:
  using NonEmptyStringParser::NonEmptyStringParser;
  bool parse(cl::Option &option, StringRef name, StringRef value,
             std::string &result) {
    return NonEmptyStringParser::parse(
        option, name, value.trim().empty() ? StringRef() : value, result);
  }
};
} // namespace

/// --name: the benchmark's name; empty (the flag absent) is the function
/// name. An empty or all-whitespace value is an error, as an empty --function
/// is.
static cl::opt<std::string, false, NonBlankStringParser>
    name("name", cl::desc("Benchmark name (default: the function name)"),
         cl::value_desc("string"), cl::cat(benchCategory));

/// Returns the next number of a 64-bit LCG, as a double in [-1, 1).
static double nextRandom(uint64_t &state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<double>(state >> 11) * 0x1.0p-52 - 1.0;
}

/// Fills `tensor` with values in [-2, 2) + 0.5 (a nonzero mean), seeded by
/// the argument index; integer tensors get those values times 1000, rounded.
static void fillRandom(HostTensor &tensor, uint64_t seed) {
  uint64_t state = seed * 0x9e3779b97f4a7c15ULL + 1;
  bool isFloat = isFloatElementType(tensor.getElementType());
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    double value = 2.0 * nextRandom(state) + 0.5;
    if (isFloat)
      tensor.setFloat(i, value);
    else
      tensor.setInt(i, std::llround(value * 1000));
  }
}

static llvm::Expected<HostTensor>
makeInput(StringRef spec, std::optional<ElementType> type, uint64_t seed) {
  if (spec.starts_with("@") || spec.contains('='))
    return parseTensorSpec(spec, type);
  llvm::Expected<TensorTypeSpec> tensorType = parseTensorType(spec);
  if (!tensorType)
    return tensorType.takeError();
  llvm::Expected<HostTensor> tensor =
      HostTensor::allocate(tensorType->elementType, tensorType->shape);
  if (!tensor)
    return tensor.takeError();
  fillRandom(*tensor, seed);
  return std::move(*tensor);
}

static constexpr const char *kOverview =
    "norm-benchmark: JIT-compile a module and time one of its functions\n\n"
    "  --threads=N   threads of the parallel loops (default: all cores)\n\n"
    "Google Benchmark's flags (--benchmark_*) are accepted too; --help lists "
    "them after norm-benchmark's.\n";

/// Returns true for the spellings of LLVM's help flag. Google Benchmark's
/// Initialize would take `--help` as its own, print only its flags and exit.
static bool isHelpFlag(StringRef arg) {
  if (!arg.consume_front("-"))
    return false;
  arg.consume_front("-");
  return arg == "help" || arg == "h";
}

/// Prints norm-benchmark's flags (llvm::cl), then Google Benchmark's.
static void printHelp(char *programName) {
  char *args[] = {programName, nullptr};
  cl::ParseCommandLineOptions(1, args, kOverview); // Program name, overview.
  cl::PrintHelpMessage(/*Hidden=*/false, /*Categorized=*/true);
  llvm::outs() << "\nGoogle Benchmark options (passed on to the benchmark "
                  "library):\n\n";
  llvm::outs().flush();
  benchmark::PrintDefaultHelp();
  std::fflush(stdout);
}

namespace {
/// What the value of a Google Benchmark flag must be.
enum class FlagValue {
  Any,
  FilterRegex,
  Bool,
  Color,
  Choice,
  Int,
  PositiveInt,
  PositiveSeconds,
  NonNegativeSeconds,
  KeyValuePairs,
};

/// A flag of Google Benchmark 1.7 (Debian's 1.7.1) and what it accepts.
struct BenchmarkFlag {
  StringLiteral name;
  FlagValue value;
  /// The accepted values of a Choice flag.
  ArrayRef<StringLiteral> choices = {};
};
} // namespace

static constexpr StringLiteral kFormats[] = {"console", "json", "csv"};
static constexpr StringLiteral kTimeUnits[] = {"ns", "us", "ms", "s"};

/// Google Benchmark's flags. The library misbehaves on many invalid values:
/// an unknown --benchmark_format, --benchmark_out_format or
/// --benchmark_time_unit and an empty --benchmark_color print its usage and
/// exit 0, a negative --benchmark_repetitions aborts with std::length_error,
/// 0 prints nothing, an unparsable number prints a warning and leaves the
/// flag to llvm::cl ("Unknown command line argument", a suggestion of
/// --vector-bits), and any word but false/no/off is a true boolean. Its
/// --benchmark_min_time takes seconds as a plain number; the "0.5s" of newer
/// releases is not accepted.
static const BenchmarkFlag kBenchmarkFlags[] = {
    {"benchmark_list_tests", FlagValue::Bool},
    {"benchmark_filter", FlagValue::FilterRegex},
    {"benchmark_min_time", FlagValue::PositiveSeconds},
    {"benchmark_min_warmup_time", FlagValue::NonNegativeSeconds},
    {"benchmark_repetitions", FlagValue::PositiveInt},
    {"benchmark_enable_random_interleaving", FlagValue::Bool},
    {"benchmark_report_aggregates_only", FlagValue::Bool},
    {"benchmark_display_aggregates_only", FlagValue::Bool},
    {"benchmark_format", FlagValue::Choice, kFormats},
    {"benchmark_out", FlagValue::Any},
    {"benchmark_out_format", FlagValue::Choice, kFormats},
    {"benchmark_color", FlagValue::Color},
    {"benchmark_counters_tabular", FlagValue::Bool},
    {"benchmark_perf_counters", FlagValue::Any},
    {"benchmark_context", FlagValue::KeyValuePairs},
    {"benchmark_time_unit", FlagValue::Choice, kTimeUnits},
    {"v", FlagValue::Int},
};

/// Returns true if `value` is a boolean spelling this tool accepts.
static bool isBool(StringRef value) {
  return llvm::is_contained(
      {"true", "false", "yes", "no", "on", "off", "1", "0", "t", "f", "y", "n"},
      value.lower());
}

/// The largest --benchmark_min_time and --benchmark_min_warmup_time, in
/// seconds: one day. The library times a function until it has run that
/// long (or 10^9 iterations), so an absurd value such as 1e308 ran for days
/// without a word; no measurement needs a day per benchmark.
static constexpr double kMaxSeconds = 86400;

/// Returns true if `value` is a number of seconds, positive or (with
/// `allowZero`) zero, and at most kMaxSeconds.
static bool isSeconds(StringRef value, bool allowZero) {
  double seconds;
  return !value.getAsDouble(seconds) && std::isfinite(seconds) &&
         (seconds > 0 || (allowZero && seconds == 0)) && seconds <= kMaxSeconds;
}

/// Returns true if `value` is a valid value of `flag`.
static bool isValidValue(const BenchmarkFlag &flag, StringRef value) {
  int32_t integer;
  switch (flag.value) {
  case FlagValue::Any:
    return true;
  case FlagValue::FilterRegex:
    return !mlir::norm::benchmark_tool::getFilterRegexError(value.str());
  case FlagValue::Bool:
    return isBool(value);
  case FlagValue::Color:
    return value == "auto" || isBool(value);
  case FlagValue::Choice:
    return llvm::is_contained(flag.choices, value);
  case FlagValue::Int:
    return !value.getAsInteger(10, integer);
  case FlagValue::PositiveInt:
    return !value.getAsInteger(10, integer) && integer > 0;
  case FlagValue::PositiveSeconds:
    return isSeconds(value, /*allowZero=*/false);
  case FlagValue::NonNegativeSeconds:
    return isSeconds(value, /*allowZero=*/true);
  case FlagValue::KeyValuePairs: {
    SmallVector<StringRef> pairs;
    value.split(pairs, ',');
    return llvm::all_of(pairs, [](StringRef pair) {
      auto [key, rest] = pair.split('=');
      return !key.empty() && pair.contains('=') && !rest.contains('=');
    });
  }
  }
  llvm_unreachable("unknown FlagValue");
}

/// Describes the values `flag` accepts, e.g. "ns, us, ms or s".
static std::string describeValues(const BenchmarkFlag &flag) {
  switch (flag.value) {
  case FlagValue::Any:
    return "any text";
  case FlagValue::FilterRegex:
    return "a valid regular expression (POSIX extended, as Google Benchmark "
           "reads it, optionally after a '-' that negates it)";
  case FlagValue::Bool:
    return "true or false (or 1, 0, yes, no, on, off)";
  case FlagValue::Color:
    return "auto, true or false";
  case FlagValue::Choice: {
    std::string text;
    for (auto [i, choice] : llvm::enumerate(flag.choices))
      text += (i == 0                         ? ""
               : i + 1 == flag.choices.size() ? " or "
                                              : ", ") +
              choice.str();
    return text;
  }
  case FlagValue::Int:
    return "a 32-bit integer";
  case FlagValue::PositiveInt:
    return "a positive 32-bit integer";
  case FlagValue::PositiveSeconds:
    return "a positive number of seconds without a unit (Google Benchmark "
           "1.7), at most 86400 (one day)";
  case FlagValue::NonNegativeSeconds:
    return "a number of seconds >= 0 without a unit, at most 86400 (one "
           "day)";
  case FlagValue::KeyValuePairs:
    return "KEY=VALUE pairs separated by commas";
  }
  llvm_unreachable("unknown FlagValue");
}

/// Says why `value` is invalid for `flag` where a message can say more than
/// describeValues(), e.g. ": Unexpected character within '[...]' in regular
/// expression" for a --benchmark_filter; empty otherwise.
static std::string describeInvalid(const BenchmarkFlag &flag, StringRef value) {
  if (flag.value != FlagValue::FilterRegex)
    return "";
  std::optional<std::string> error =
      mlir::norm::benchmark_tool::getFilterRegexError(value.str());
  return error ? ": " + *error : "";
}

/// Checks the Google Benchmark flags in `argv`, and the environment
/// variables (BENCHMARK_FORMAT, ...) from which the library takes the
/// defaults of those not given, against kBenchmarkFlags: an invalid value
/// or an unknown --benchmark_* flag is one error naming what was given and
/// what is accepted.
static llvm::Error checkBenchmarkFlags(int argc, char **argv) {
  llvm::SmallPtrSet<const BenchmarkFlag *, 4> given;
  for (StringRef arg : llvm::ArrayRef(argv + 1, argv + argc)) {
    // Google Benchmark's spellings: -name, --name, each with =VALUE (or
    // without a value for booleans).
    StringRef body = arg;
    if (!body.consume_front("-"))
      continue;
    body.consume_front("-");
    StringRef name = body.split('=').first, value = body.split('=').second;
    const BenchmarkFlag *flag =
        llvm::find_if(kBenchmarkFlags,
                      [&](const BenchmarkFlag &f) { return f.name == name; });
    if (flag == std::end(kBenchmarkFlags)) {
      if (name.starts_with("benchmark_"))
        return llvm::createStringError(
            "unknown Google Benchmark flag '--" + name +
            "'; --help lists the flags norm-benchmark accepts");
      continue;
    }
    given.insert(flag);
    bool hasValue = body.contains('=');
    if (!hasValue && flag->value == FlagValue::Bool)
      continue;
    if (!hasValue)
      return llvm::createStringError(
          "--" + flag->name + " needs a value: " + describeValues(*flag));
    if (!isValidValue(*flag, value))
      return llvm::createStringError(
          "--" + flag->name + " must be " + describeValues(*flag) +
          ", found '" + value + "'" + describeInvalid(*flag, value));
  }
  // The library reads a flag's default from the environment variable of its
  // upper-case name (BENCHMARK_TIME_UNIT); --v's variable V is left out, as
  // an invalid V is ignored.
  for (const BenchmarkFlag &flag : kBenchmarkFlags) {
    if (given.contains(&flag) || flag.name == "v")
      continue;
    std::string variable = flag.name.upper();
    const char *value = std::getenv(variable.c_str());
    if (value && !isValidValue(flag, value))
      return llvm::createStringError(
          "environment variable " + variable + " (the default of --" +
          flag.name + ") must be " + describeValues(flag) + ", found '" +
          value + "'" + describeInvalid(flag, value));
  }
  // The library counts hardware events through libpfm where it was built
  // with it (then libpfm is loaded with it); without, it prints
  // "Performance counters not supported." into its table's header and runs
  // without them.
  std::string counters;
  if (const char *value = std::getenv("BENCHMARK_PERF_COUNTERS"))
    counters = value;
  for (StringRef arg : llvm::ArrayRef(argv + 1, argv + argc)) {
    StringRef body = arg;
    if (body.consume_front("-") &&
        (body.consume_front("-benchmark_perf_counters=") ||
         body.consume_front("benchmark_perf_counters=")))
      counters = body.str();
  }
  if (!counters.empty()) {
    void *pfm = dlopen("libpfm.so.4", RTLD_LAZY | RTLD_NOLOAD);
    if (!pfm)
      return llvm::createStringError(
          "--benchmark_perf_counters='" + counters +
          "': this Google Benchmark library was built without performance "
          "counters (libpfm)");
    dlclose(pfm);
  }
  return llvm::Error::success();
}

/// Returns the file of --benchmark_out (or of BENCHMARK_OUT, its default)
/// in the command line `argv`, "" where there is none. Read before
/// benchmark::Initialize, which removes the flag from `argv`.
static std::string findBenchmarkOut(int argc, char **argv) {
  std::string path;
  if (const char *value = std::getenv("BENCHMARK_OUT"))
    path = value;
  for (StringRef arg : llvm::ArrayRef(argv + 1, argv + argc)) {
    StringRef body = arg;
    if (!body.consume_front("-"))
      continue;
    body.consume_front("-");
    if (body.consume_front("benchmark_out="))
      path = body.str();
  }
  return path;
}

namespace {
/// The file of --benchmark_out while the benchmark runs. A regular file (or
/// a path where there is none yet) is written by the library to a temporary
/// file in its directory, renamed over it only once the run succeeded
/// (keep): after a failure the file is as it was, or still absent. A device,
/// a FIFO or a socket (/dev/stdout, /dev/full) is written directly.
struct BenchmarkOut {
  /// The path given, "" without one.
  std::string path;
  /// The temporary file the library writes (norm/Support/StagedOutput.h);
  /// none for a direct write.
  std::optional<StagedOutput> staged;

  /// The path the library is to write: the temporary file, or the path.
  std::string getLibraryPath() const {
    return staged ? staged->getPath().str() : path;
  }

  /// Renames the temporary file over the target.
  llvm::Error keep() {
    if (!staged)
      return llvm::Error::success();
    llvm::Error err = staged->commit();
    staged.reset();
    return err;
  }
};
} // namespace

/// Prepares the file of --benchmark_out, `path`, for the library, which
/// reports a file it cannot open without the tool's name and ignores a
/// failed write, with exit status 0. A regular file or a new one gets a
/// temporary file in its directory (StagedOutput: a directory that is
/// missing or not writable, or a file that is not writable, is an error
/// now). A device or a FIFO is opened as the library will (truncated) and,
/// unless it is a pipe or a socket, gets one newline: a device that takes no
/// data (/dev/full) fails there.
static llvm::Expected<BenchmarkOut> prepareBenchmarkOut(StringRef path) {
  BenchmarkOut out;
  if (path.empty())
    return std::move(out);
  out.path = path.str();
  llvm::Expected<std::optional<StagedOutput>> staged =
      StagedOutput::stage(path, " (--benchmark_out)");
  if (!staged)
    return staged.takeError();
  if (*staged) {
    out.staged = std::move(*staged);
    return std::move(out);
  }
  auto cannotWrite = [&](std::error_code error) {
    return llvm::createStringError("cannot write '" + path +
                                   "' (--benchmark_out): " + error.message());
  };
  namespace fs = llvm::sys::fs;
  fs::file_status status;
  (void)fs::status(path, status);
  int fd;
  if (std::error_code error =
          fs::openFileForWrite(path, fd, fs::CD_CreateAlways))
    return cannotWrite(error);
  llvm::raw_fd_ostream stream(fd, /*shouldClose=*/true);
  fs::file_type type = status.type();
  if (type != fs::file_type::fifo_file && type != fs::file_type::socket_file) {
    stream << '\n';
    stream.flush();
  }
  if (std::error_code error = stream.error()) {
    stream.clear_error();
    return cannotWrite(error);
  }
  return std::move(out);
}

/// Checks that `path`, the file of --benchmark_out, is not the module file
/// or the file of an --input=@FILE (by any path or link), which the library
/// would replace.
static llvm::Error checkBenchmarkOutIsNoInput(StringRef path) {
  if (path.empty())
    return llvm::Error::success();
  if (std::optional<std::string> what = describeReadFile(
          path, flags.moduleFile,
          std::vector<std::string>(flags.inputs.begin(), flags.inputs.end()),
          /*expectedOutputs=*/{}))
    return llvm::createStringError("cannot write '" + path +
                                   "' (--benchmark_out): it is " + *what +
                                   ", which the results would replace");
  return llvm::Error::success();
}

static int fail(llvm::Error err) {
  llvm::WithColor::error(llvm::errs(), "norm-benchmark")
      << llvm::toString(std::move(err)) << '\n';
  return 1;
}

static int runTool(int &argc, char **argv) {
  cl::HideUnrelatedOptions(benchCategory);
  if (llvm::any_of(llvm::ArrayRef(argv + 1, argv + argc),
                   [](const char *arg) { return isHelpFlag(arg); })) {
    printHelp(argv[0]);
    return 0;
  }
  if (llvm::Error err = flags.takeThreads(argc, argv))
    return fail(std::move(err));
  if (llvm::Error err = checkBenchmarkFlags(argc, argv))
    return fail(std::move(err));
  std::string benchmarkOutPath = findBenchmarkOut(argc, argv);
  // The library opens the file of --benchmark_out a second time, truncated:
  // where it is standard output, the console report written through
  // std::cout overwrites its start (a file) or mixes with it (a pipe).
  if (!benchmarkOutPath.empty() && writesStandardOutput(benchmarkOutPath))
    return fail(llvm::createStringError(
        "cannot write '" + benchmarkOutPath +
        "' (--benchmark_out): it is standard output, where the console "
        "report goes; use --benchmark_format=json (or csv) to have the "
        "report on standard output in that format"));
  // prepareBenchmarkOut writes a device or a descriptor's name (/dev/stdin)
  // at once, before the module and input flags are parsed: the regular file
  // standard input is redirected from (--benchmark_out=/dev/stdin < m.mlir)
  // is refused first.
  if (!benchmarkOutPath.empty())
    if (std::optional<std::string> what =
            describeReadFile(benchmarkOutPath, /*moduleFile=*/"",
                             /*inputs=*/{}, /*expectedOutputs=*/{}))
      return fail(llvm::createStringError(
          "cannot write '" + benchmarkOutPath + "' (--benchmark_out): it is " +
          *what + ", which the results would replace"));
  llvm::Expected<BenchmarkOut> benchmarkOut =
      prepareBenchmarkOut(benchmarkOutPath);
  if (!benchmarkOut)
    return fail(benchmarkOut.takeError());
  // The library writes the path of benchmarkOut (a temporary file): every
  // --benchmark_out is replaced by one with that path, last (it also
  // overrides BENCHMARK_OUT).
  std::string libraryOutFlag =
      "--benchmark_out=" + benchmarkOut->getLibraryPath();
  std::vector<char *> arguments;
  for (char *arg : llvm::ArrayRef(argv, argv + argc)) {
    StringRef body = arg;
    if (body.consume_front("-") && (body.consume_front("-benchmark_out=") ||
                                    body.consume_front("benchmark_out=")))
      continue;
    arguments.push_back(arg);
  }
  if (!benchmarkOutPath.empty())
    arguments.push_back(libraryOutFlag.data());
  argc = static_cast<int>(arguments.size());
  arguments.push_back(nullptr);
  argv = arguments.data();
  benchmark::Initialize(&argc, argv);
  // What llvm::cl refuses is one line "norm-benchmark: error: ...".
  if (!parseToolCommandLine(argc, argv, kOverview, "norm-benchmark"))
    return 1;
  if (llvm::Error err = checkBenchmarkOutIsNoInput(benchmarkOutPath))
    return fail(std::move(err));

  if (llvm::Error err = checkStandardInputReaders(
          flags.moduleFile,
          std::vector<std::string>(flags.inputs.begin(), flags.inputs.end()),
          {}))
    return fail(std::move(err));

  // A pipe or device (/dev/zero) is read to at most 2 GiB, not without end.
  mlir::norm::noteModuleFromTerminal("norm-benchmark", flags.moduleFile);
  auto source = mlir::norm::readInputFile(flags.moduleFile,
                                          mlir::norm::kModuleLimitReason);
  if (!source)
    return fail(source.takeError());
  JitOptions options;
  options.numThreads = flags.threads;
  options.reuseAllocations = true;
  llvm::Expected<unsigned> vectorBits = flags.getVectorBits();
  if (!vectorBits)
    return fail(vectorBits.takeError());
  options.vectorBits = *vectorBits;
  options.verifyEach = flags.verifyEach;
  options.entryFunction = flags.function;
  auto session = JitSession::create(std::move(*source), options);
  if (!session)
    return fail(session.takeError());
  llvm::Expected<std::string> functionName =
      (*session)->resolveFunctionName(flags.function);
  if (!functionName)
    return fail(functionName.takeError());
  llvm::Expected<FunctionType> signature =
      (*session)->getSignature(*functionName);
  if (!signature)
    return fail(signature.takeError());
  if (flags.inputs.size() != signature->getNumInputs())
    return fail(
        llvm::createStringError("function '" + *functionName + "' takes " +
                                llvm::Twine(signature->getNumInputs()) +
                                " input(s), but --input was given " +
                                llvm::Twine(flags.inputs.size()) + " time(s)"));

  std::vector<HostTensor> args;
  double bytes = 0;
  for (auto [index, spec] : llvm::enumerate(flags.inputs)) {
    auto tensorType = cast<RankedTensorType>(signature->getInput(index));
    llvm::Expected<HostTensor> tensor = makeInput(
        spec, getElementTypeFromMlir(tensorType.getElementType()), index);
    if (!tensor)
      return fail(llvm::createStringError("input " + llvm::Twine(index) + ": " +
                                          llvm::toString(tensor.takeError())));
    bytes += tensor->getSizeInBytes();
    args.push_back(std::move(*tensor));
  }
  if (llvm::Error err = (*session)->checkThreadResources())
    return fail(std::move(err));
  // Until the benchmarks ran, a fault is the module's (ToolMain.h).
  std::optional<RunningModuleCode> running;
  running.emplace(*functionName);
  // Result sizes: call once through the checked path (this also warms up).
  auto results = (*session)->call(*functionName, args);
  if (!results)
    return fail(results.takeError());
  double resultBytes = 0;
  for (const HostTensor &result : *results)
    resultBytes += result.getSizeInBytes();
  // Results that are all empty (an X of 0 rows) were computed from nothing:
  // the call reads no input either (not Scale or B, which are read per row),
  // so it moves 0 bytes, not the sizes of its inputs.
  bytes = !results->empty() && resultBytes == 0 ? 0 : bytes + resultBytes;
  results->clear();

  auto prepared = (*session)->prepare(*functionName, args);
  if (!prepared)
    return fail(prepared.takeError());
  PreparedCall &call = **prepared;
  for (int i = 0; i < 3; ++i)
    call.invoke();

  double loweringMs = (*session)->getLoweringSeconds() * 1e3;
  double codegenMs = (*session)->getCodegenSeconds() * 1e3;
  // The threads the parallel loops run on, as the OpenMP runtime has them
  // (--threads, else OMP_NUM_THREADS, else all cores, at most
  // OMP_THREAD_LIMIT; 1 without parallel loops). Before, it was --threads
  // or OMP_NUM_THREADS as given: OMP_THREAD_LIMIT=1 --threads=2 ran on one
  // thread and reported 2.
  unsigned numThreads = (*session)->getThreadCount();
  std::string benchName = name.empty() ? *functionName : name;
  benchmark::RegisterBenchmark(benchName.c_str(), [&](benchmark::State &state) {
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    auto start = std::chrono::steady_clock::now();
    for (auto _ : state)
      call.invoke();
    std::chrono::duration<double> seconds =
        std::chrono::steady_clock::now() - start;
    getrusage(RUSAGE_SELF, &after);
    state.counters["faults/call"] =
        double(after.ru_minflt - before.ru_minflt) / state.iterations();
    state.counters["bytes"] = bytes;
    // The rate as a plain number: a kIsRate counter would print as
    // "GB/s=12.3/s" (Google Benchmark appends "/s"), and SetBytesProcessed
    // would add a second rate, bytes_per_second, in binary units.
    state.counters["GB/s"] =
        seconds.count() > 0
            ? bytes * double(state.iterations()) / seconds.count() / 1e9
            : 0.0;
    state.counters["compile_ms"] = loweringMs + codegenMs;
    state.counters["threads"] = numThreads;
  })->UseRealTime();
  benchmark::AddCustomContext("compile_ms",
                              std::to_string(loweringMs + codegenMs));
  benchmark::AddCustomContext("lowering_ms", std::to_string(loweringMs));
  benchmark::AddCustomContext("codegen_ms", std::to_string(codegenMs));
  // A --benchmark_filter that matches nothing runs nothing: an error, so
  // that scripts do not take an empty run for a measurement.
  size_t ran = benchmark::RunSpecifiedBenchmarks();
  running.reset();
  benchmark::Shutdown();
  if (ran == 0) {
    // UseRealTime() appends "/real_time" to the name the filter matches.
    llvm::errs() << "norm-benchmark: error: no benchmark ran (the benchmark "
                    "is named '"
                 << benchName
                 << "/real_time' where --benchmark_filter matches it)\n";
    return 1;
  }
  // Only now does the report replace the file of --benchmark_out.
  if (llvm::Error err = benchmarkOut->keep())
    return fail(std::move(err));
  return 0;
}

int main(int argc, char **argv) {
  mlir::norm::addNormVersionPrinter();
  return runToolMain("norm-benchmark", [&] { return runTool(argc, argv); });
}
