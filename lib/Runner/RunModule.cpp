//===- RunModule.cpp - the norm-runner driver -----------------------------===//

#include "norm/Runner/RunModule.h"

#include "RunnerSupport.h"

#include "norm/Runner/JitSession.h"
#include "norm/Runner/NpyIO.h"
#include "norm/Runner/TensorCompare.h"
#include "norm/Runner/TensorProtoIO.h"
#include "norm/Runner/TensorSpec.h"
#include "norm/Runner/ToolFlags.h"
#include "norm/Runner/ToolMain.h"
#include "norm/Support/EscapedText.h"
#include "norm/Support/InputFiles.h"
#include "norm/Support/StagedOutput.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <utility>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

namespace {
/// An --output=@FILE result staged in a temporary file (stageOutputFile), to
/// be renamed over FILE once every output was written.
struct StagedResult {
  /// The index of the result.
  size_t index = 0;
  StagedOutput output;
};
} // namespace

/// Writes an --output=@FILE result with `write` to a temporary file beside
/// `path` (StagedOutput, norm/Support/StagedOutput.h); returns none where
/// StagedOutput writes `path` directly (a device, a FIFO or a socket, the
/// name of an open descriptor (/dev/stdout), an existing file in a directory
/// where no file can be created). A missing or unwritable directory, an
/// unwritable file, a directory, or a failed write (a full disk) is an error
/// naming `path`, and nothing is left behind.
static llvm::Expected<std::optional<StagedOutput>>
stageOutputFile(StringRef path, llvm::function_ref<void(raw_ostream &)> write) {
  llvm::Expected<std::optional<StagedOutput>> staged =
      StagedOutput::stage(path);
  if (!staged || !*staged)
    return staged;
  llvm::raw_fd_ostream stream((*staged)->getFD(), /*shouldClose=*/false);
  write(stream);
  stream.flush();
  std::error_code error = stream.error();
  stream.clear_error();
  if (error)
    return createStringError("cannot write '" + escapeForMessage(path) +
                             "': " + error.message());
  return staged;
}

/// Errors unless a repeated flag was given `count` times or not at all.
static llvm::Error checkFlagCount(StringRef flag, size_t given, size_t count,
                                  StringRef function) {
  if (given == 0 || given == count)
    return llvm::Error::success();
  return createStringError("function '" + escapeForMessage(function) +
                           "' has " + Twine(count) + " result(s), but --" +
                           flag + " was given " + Twine(given) + " time(s)");
}

/// Whether the output files `a` and `b` (paths of --output=@PATH) are one
/// file that the second write would replace: the same existing file (also
/// through symbolic or hard links), or, where neither exists yet, the same
/// name in the same directory, the directories compared as files (a linked
/// directory; `..` after a symbolic link names the link target's parent, so
/// paths are never compared as text after removing `..`). An existing file
/// that is not a regular file (a device such as /dev/null, a FIFO) is written
/// through twice and is never reported.
static bool outputsShareFile(StringRef a, StringRef b) {
  namespace fs = llvm::sys::fs;
  namespace path = llvm::sys::path;
  fs::file_status status;
  if (!fs::status(a, status) && fs::exists(status) &&
      !fs::is_regular_file(status))
    return false;
  bool same = false;
  if (!fs::equivalent(a, b, same))
    return same;
  if (fs::exists(a) || fs::exists(b))
    return false;
  if (path::filename(a) != path::filename(b))
    return false;
  auto directory = [](StringRef file) {
    SmallString<256> result(file);
    // On failure (no current directory) the relative path is compared.
    (void)fs::make_absolute(result);
    path::remove_dots(result, /*remove_dot_dot=*/false);
    return SmallString<256>(path::parent_path(result));
  };
  SmallString<256> directoryA = directory(a), directoryB = directory(b);
  return directoryA == directoryB ||
         (!fs::equivalent(directoryA, directoryB, same) && same);
}

llvm::Expected<int> runner::runModule(const RunOptions &options,
                                      raw_ostream &os) {
  // NaN compares false: `tolerance >= 0` rejects it with the negatives.
  // inf is a tolerance (every finite value matches; docs/Runner.md).
  for (auto [flag, tolerance] :
       {std::pair("--atol", options.atol), std::pair("--rtol", options.rtol)})
    if (tolerance && !(*tolerance >= 0.0))
      return createStringError(
          Twine(flag) + " must be a number >= 0 (or inf), got '" +
          formatShortestFloat(llvm::APFloat(*tolerance)) + "'");

  if (llvm::Error err = checkStandardInputReaders(
          options.moduleFile, options.inputs, options.expectedOutputs))
    return std::move(err);

  noteModuleFromTerminal(getToolName(), options.moduleFile);
  // A pipe or device (/dev/zero) is read to at most 2 GiB, not without end.
  auto source = readInputFile(options.moduleFile, kModuleLimitReason);
  if (!source)
    return source.takeError();
  JitOptions jitOptions;
  jitOptions.vectorBits = options.vectorBits;
  jitOptions.verifyEach = options.verifyEach;
  jitOptions.entryFunction = options.function;
  auto session = JitSession::create(std::move(*source), jitOptions);
  if (!session)
    return session.takeError();
  llvm::Expected<std::string> function =
      (*session)->resolveFunctionName(options.function);
  if (!function)
    return function.takeError();
  llvm::Expected<FunctionType> signature = (*session)->getSignature(*function);
  if (!signature)
    return signature.takeError();

  // Parse and check everything before running.
  if (options.inputs.size() != signature->getNumInputs())
    return createStringError("function '" + escapeForMessage(*function) +
                             "' takes " + Twine(signature->getNumInputs()) +
                             " input(s), but --input was given " +
                             Twine(options.inputs.size()) + " time(s)");
  SmallVector<HostTensor> inputs;
  for (auto [index, spec] : llvm::enumerate(options.inputs)) {
    auto type = cast<RankedTensorType>(signature->getInput(index));
    auto input =
        parseTensorSpec(spec, getElementTypeFromMlir(type.getElementType()));
    if (!input)
      return withPrefix("input " + Twine(index) + ": ", input.takeError());
    if (llvm::Error err = checkTensorMatchesType(*input, type))
      return withPrefix("input " + Twine(index) + ": ", std::move(err));
    inputs.push_back(std::move(*input));
  }
  size_t numResults = signature->getNumResults();
  if (llvm::Error err = checkFlagCount("output", options.outputs.size(),
                                       numResults, *function))
    return std::move(err);
  for (auto [index, output] : llvm::enumerate(options.outputs)) {
    if (output != "-" &&
        (!StringRef(output).starts_with("@") || output.size() == 1))
      return createStringError(
          "output " + Twine(index) +
          ": expected '-', '@FILE.npy' or '@FILE.pb', got '" +
          escapeForMessage(output) + "'");
    // An output naming the module, an input file or an expected-output file
    // would replace it.
    if (output == "-")
      continue;
    StringRef path = StringRef(output).drop_front();
    // Standard output may take any number of results, in order, by any
    // spelling.
    if (writesStandardOutput(path))
      continue;
    if (std::optional<std::string> what = describeReadFile(
            path, options.moduleFile, options.inputs, options.expectedOutputs))
      return createStringError("output " + Twine(index) + ": '" +
                               escapeForMessage(path) + "' is " + *what +
                               ": write the result to another file");
    // Two outputs naming one file: the second result would replace the
    // first.
    for (size_t earlier = 0; earlier < index; ++earlier) {
      StringRef other = options.outputs[earlier];
      if (!other.consume_front("@") || writesStandardOutput(other) ||
          !outputsShareFile(other, path))
        continue;
      if (other == path)
        return createStringError("output " + Twine(earlier) + " and output " +
                                 Twine(index) + " both write '" +
                                 escapeForMessage(path) +
                                 "': write each result to its own file");
      return createStringError(
          "output " + Twine(earlier) + " ('" + escapeForMessage(other) +
          "') and output " + Twine(index) + " ('" + escapeForMessage(path) +
          "') write the same file: write each result to its own file");
    }
  }
  if (llvm::Error err =
          checkFlagCount("expected-output", options.expectedOutputs.size(),
                         numResults, *function))
    return std::move(err);
  SmallVector<HostTensor> expectedOutputs;
  for (auto [index, spec] : llvm::enumerate(options.expectedOutputs)) {
    auto type = cast<RankedTensorType>(signature->getResult(index));
    auto expected =
        parseTensorSpec(spec, getElementTypeFromMlir(type.getElementType()));
    if (!expected)
      return withPrefix("expected-output " + Twine(index) + ": ",
                        expected.takeError());
    expectedOutputs.push_back(std::move(*expected));
  }

  if (llvm::Error err = (*session)->checkThreadResources())
    return std::move(err);
  llvm::Expected<SmallVector<HostTensor>> results = [&] {
    RunningModuleCode running(*function);
    return (*session)->call(*function, inputs);
  }();
  if (!results)
    return results.takeError();
  // What the function printed through C stdio comes before the results.
  std::fflush(stdout);

  // Print or write the results. A regular file (or a new one) is written
  // to a temporary file first (stageOutputFile), renamed over it only once
  // every output was written: an output that fails leaves the others'
  // files as they were, or absent. Standard output, devices and FIFOs are
  // written in result order, before the renames; every output that names
  // standard output (writesStandardOutput), text or binary, goes through
  // `os`.
  bool printAll = options.outputs.empty() && options.expectedOutputs.empty();
  SmallVector<bool> toStandardOutput;
  for (size_t index = 0; index < results->size(); ++index) {
    StringRef output = options.outputs.empty()
                           ? StringRef(printAll ? "-" : "")
                           : StringRef(options.outputs[index]);
    toStandardOutput.push_back(output.consume_front("@") &&
                               writesStandardOutput(output));
  }
  SmallVector<StagedResult> staged;
  auto writeResult = [](StringRef path, const HostTensor &result) {
    return isTensorProtoPath(path) ? writeTensorProtoFile(path, result)
                                   : writeNpyFile(path, result);
  };
  for (auto [index, result] : llvm::enumerate(*results)) {
    StringRef output = options.outputs.empty()
                           ? StringRef(printAll ? "-" : "")
                           : StringRef(options.outputs[index]);
    if (!output.consume_front("@") || toStandardOutput[index])
      continue;
    llvm::Expected<std::optional<StagedOutput>> stage =
        stageOutputFile(output, [&, &result = result](raw_ostream &stream) {
          if (isTensorProtoPath(output))
            writeTensorProto(stream, result);
          else
            writeNpy(stream, result);
        });
    if (!stage)
      return withPrefix("output " + Twine(index) + ": ", stage.takeError());
    if (*stage)
      staged.push_back(StagedResult{index, std::move(**stage)});
  }
  for (auto [index, result] : llvm::enumerate(*results)) {
    StringRef output = options.outputs.empty()
                           ? StringRef(printAll ? "-" : "")
                           : StringRef(options.outputs[index]);
    if (output == "-") {
      result.print(os);
      os << '\n';
    } else if (toStandardOutput[index]) {
      if (isTensorProtoPath(output.drop_front()))
        writeTensorProto(os, result);
      else
        writeNpy(os, result);
    } else if (output.consume_front("@") &&
               !llvm::any_of(staged,
                             [&, index = index](const StagedResult &stage) {
                               return stage.index == index;
                             })) {
      if (llvm::Error err = writeResult(output, result))
        return withPrefix("output " + Twine(index) + ": ", std::move(err));
    }
  }
  for (StagedResult &stage : staged)
    if (llvm::Error err = stage.output.commit())
      return withPrefix("output " + Twine(stage.index) + ": ", std::move(err));

  // Compare with the expected outputs.
  for (auto [index, expected] : llvm::enumerate(expectedOutputs)) {
    const HostTensor &actual = (*results)[index];
    if (llvm::Error err = checkSameType(actual, expected))
      return withPrefix("expected-output " + Twine(index) + ": ",
                        std::move(err));
    Tolerance tolerance = getDefaultTolerance(actual.getElementType());
    tolerance.atol = options.atol.value_or(tolerance.atol);
    tolerance.rtol = options.rtol.value_or(tolerance.rtol);
    std::optional<ElementMismatch> mismatch =
        findFirstMismatch(actual, expected, tolerance);
    if (!mismatch) {
      os << "[SUCCESS] result[" << index << "]: " << actual.getTypeString()
         << '\n';
      continue;
    }
    os << "[FAILED] result[" << index << "]: element at index [";
    printAbbreviatedList(os, ArrayRef<int64_t>(mismatch->index), ", ",
                         [&](int64_t i) { os << i; });
    os << "]" << formatRankSuffix(mismatch->index.size()) << ": actual "
       << mismatch->actual << ", expected " << mismatch->expected << " (atol "
       << formatShortestFloat(llvm::APFloat(tolerance.atol)) << ", rtol "
       << formatShortestFloat(llvm::APFloat(tolerance.rtol)) << ")\n";
    return 1;
  }
  return 0;
}
