//===- EscapedText.h - user text quoted in messages, made printable -*- C++
//-*-===//
//
// Error messages quote text from the user's files and flags (a .npy dtype,
// an ONNX attribute or value name, a --input spec). Such text may hold NUL
// bytes and other control characters that would corrupt the terminal or
// the one-line message; escapeForMessage writes each of them as \xNN.
// Header-only: the runner and the ONNX importer share it without a library
// between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_ESCAPEDTEXT_H
#define NORM_SUPPORT_ESCAPEDTEXT_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace norm {

/// Returns `text` with each control byte (below 0x20, and 0x7f) written as
/// \xNN (two uppercase hex digits) and each backslash doubled, so that the
/// escapes cannot be confused with the text; other bytes (UTF-8 included)
/// are kept.
inline std::string escapeForMessage(llvm::StringRef text) {
  std::string result;
  result.reserve(text.size());
  for (unsigned char c : text) {
    if (c == '\\') {
      result += "\\\\";
    } else if (c < 0x20 || c == 0x7f) {
      result += "\\x";
      result += llvm::hexdigit(c >> 4);
      result += llvm::hexdigit(c & 15);
    } else {
      result += static_cast<char>(c);
    }
  }
  return result;
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_ESCAPEDTEXT_H
