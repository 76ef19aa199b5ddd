//===- AbbreviatedList.h - shapes and lists kept short in messages -*- C++
//-*-===//
//
// Error messages quote shapes and value lists that come from the user's
// files (a .pb with 100000 dims, an ONNX graph output declared with as many);
// printed in full they would make one error line hundreds of kilobytes
// long. These helpers print such a list as its first kListedHead elements,
// "...", and its last one, and say how many there are. Header-only: the
// runner, the ONNX tensor decoder and the importer share it without a
// library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_ABBREVIATEDLIST_H
#define NORM_SUPPORT_ABBREVIATEDLIST_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace norm {

/// The longest list a message shows in full.
inline constexpr size_t kMaxListedElements = 10;
/// How many leading elements a longer list shows before "...".
inline constexpr size_t kListedHead = 8;

/// Returns true if printAbbreviatedList shortens a list of `size` elements.
inline bool isAbbreviated(size_t size) { return size > kMaxListedElements; }

/// Prints `values` separated by `separator`, each with `printValue`. A list
/// longer than kMaxListedElements is shortened to its first kListedHead
/// elements, "...", and its last one (the caller says how many there are,
/// e.g. with formatRankSuffix).
template <typename T, typename PrintFn>
void printAbbreviatedList(llvm::raw_ostream &os, llvm::ArrayRef<T> values,
                          llvm::StringRef separator, PrintFn printValue) {
  if (!isAbbreviated(values.size())) {
    llvm::interleave(values, os, printValue, separator);
    return;
  }
  llvm::interleave(values.take_front(kListedHead), os, printValue, separator);
  os << separator << "..." << separator;
  printValue(values.back());
}

/// Returns " (rank N)" for a shape of `rank` dims that printAbbreviatedList
/// shortens, and "" otherwise.
inline std::string formatRankSuffix(size_t rank) {
  if (!isAbbreviated(rank))
    return "";
  return (" (rank " + llvm::Twine(rank) + ")").str();
}

/// Formats the sizes `dims` as "2x3x?" (a negative size is dynamic),
/// shortened as printAbbreviatedList does ("1x1x1x1x1x1x1x1x...x1").
inline std::string formatDims(llvm::ArrayRef<int64_t> dims,
                              llvm::StringRef separator = "x") {
  std::string text;
  llvm::raw_string_ostream os(text);
  printAbbreviatedList(os, dims, separator, [&](int64_t dim) {
    if (dim < 0)
      os << '?';
    else
      os << dim;
  });
  return text;
}

/// Formats `type` as MLIR prints it, in single quotes with `quote` (as
/// MLIR diagnostics quote types), except that a ranked tensor type of more
/// than kMaxListedElements dims is shortened:
/// "tensor<1x1x1x1x1x1x1x1x...x1xf32> (rank 100000)".
inline std::string formatTypeForMessage(Type type, bool quote = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::StringRef quoteText = quote ? "'" : "";
  os << quoteText;
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !isAbbreviated(tensorType.getRank())) {
    os << type << quoteText;
    return text;
  }
  os << "tensor<" << formatDims(tensorType.getShape()) << 'x'
     << tensorType.getElementType();
  if (Attribute encoding = tensorType.getEncoding())
    os << ", " << encoding;
  os << '>' << quoteText << formatRankSuffix(tensorType.getRank());
  return text;
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_ABBREVIATEDLIST_H
