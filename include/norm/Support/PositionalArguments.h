//===- PositionalArguments.h - name a tool's extra arguments ----*- C++ -*-===//
//
// The tools take one positional argument, their input file. llvm::cl stops
// a command line with another one with "Too many positional arguments
// specified!" and "Can specify at most 1 positional arguments", which name
// neither argument: `norm-runner m.mlir extra.mlir` did not say which one it
// took for the input. findPositionalArguments finds them as llvm::cl does,
// and describeExtraArguments names the extra ones:
//
//   norm-runner: error: extra argument 'extra.mlir' after the input file
//   'm.mlir': norm-runner reads one input file
//
// (one line). Header-only: norm-opt and norm-translate share it with the
// NormRunner tools without a library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_POSITIONALARGUMENTS_H
#define NORM_SUPPORT_POSITIONALARGUMENTS_H

#include "norm/Support/EscapedText.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlir {
namespace norm {

/// Returns the indices in `argv` of the positional arguments of the command
/// line as llvm::cl finds them: "-", an argument that does not start with '-'
/// and is not the value of the option before it, and any argument after a
/// "--". An option takes the next argument as its value where it has none
/// after '=' and is registered as requiring one, or is named in
/// `valueOptions` (options that the driver registers only when it parses,
/// such as mlir-opt's -o). Returns std::nullopt where an argument starts
/// with '@' (a response file, which llvm::cl expands into arguments not seen
/// here), unless `responseFilesArePositional`.
inline std::optional<llvm::SmallVector<int>>
findPositionalArgumentIndices(int argc, const char *const *argv,
                              llvm::ArrayRef<llvm::StringRef> valueOptions = {},
                              bool responseFilesArePositional = false) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto requiresValue = [&](llvm::StringRef name) {
    if (llvm::is_contained(valueOptions, name))
      return true;
    auto option = options.find(name);
    return option != options.end() &&
           option->second->getValueExpectedFlag() == llvm::cl::ValueRequired;
  };
  llvm::SmallVector<int> positional;
  bool afterDashDash = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (!afterDashDash && !responseFilesArePositional && arg.starts_with("@"))
      return std::nullopt;
    if (!afterDashDash && arg == "--") {
      afterDashDash = true;
      continue;
    }
    if (!afterDashDash && arg.size() > 1 && arg.starts_with("-")) {
      llvm::StringRef name = arg.drop_front(arg.starts_with("--") ? 2 : 1);
      if (!name.contains('=') && requiresValue(name))
        ++i;
      continue;
    }
    positional.push_back(i);
  }
  return positional;
}

/// Returns the positional arguments themselves
/// (findPositionalArgumentIndices).
inline std::optional<llvm::SmallVector<llvm::StringRef>>
findPositionalArguments(int argc, const char *const *argv,
                        llvm::ArrayRef<llvm::StringRef> valueOptions = {}) {
  std::optional<llvm::SmallVector<int>> indices =
      findPositionalArgumentIndices(argc, argv, valueOptions);
  if (!indices)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> positional;
  for (int i : *indices)
    positional.push_back(argv[i]);
  return positional;
}

/// Returns "extra argument 'b' after the input file 'a': <toolName> reads
/// one input file" ("extra arguments 'b', 'c' ...") for the positional
/// arguments `positional` (at least two; the first is the input file).
inline std::string
describeExtraArguments(llvm::ArrayRef<llvm::StringRef> positional,
                       llvm::StringRef toolName) {
  std::string text =
      positional.size() > 2 ? "extra arguments " : "extra argument ";
  for (auto [i, arg] : llvm::enumerate(positional.drop_front()))
    text += (i ? ", '" : "'") + escapeForMessage(arg) + "'";
  return text + " after the input file '" +
         escapeForMessage(positional.front()) + "': " + toolName.str() +
         " reads one input file";
}

/// Returns true, after printing "<toolName>: error: extra argument ..."
/// (describeExtraArguments), where the command line `argv` has more than one
/// positional argument (findPositionalArguments with `valueOptions`). For a
/// driver that parses its command line itself (MlirOptMain,
/// mlirTranslateMain): call it once the options are registered.
inline bool
rejectExtraArguments(int argc, const char *const *argv,
                     llvm::StringRef toolName,
                     llvm::ArrayRef<llvm::StringRef> valueOptions = {}) {
  std::optional<llvm::SmallVector<llvm::StringRef>> positional =
      findPositionalArguments(argc, argv, valueOptions);
  if (!positional || positional->size() < 2)
    return false;
  llvm::WithColor::error(llvm::errs(), toolName)
      << describeExtraArguments(*positional, toolName) << "\n";
  return true;
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_POSITIONALARGUMENTS_H
