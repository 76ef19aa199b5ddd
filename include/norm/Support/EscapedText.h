//===- EscapedText.h - user text quoted in messages, made printable -*- C++
//-*-===//
//
// Error messages quote text from the user's files and flags (a .npy dtype,
// an ONNX attribute or value name, a --input spec). Such text may hold NUL
// bytes and other control characters that would corrupt the terminal or
// the one-line message, or bytes that are not UTF-8; escapeForMessage
// writes each of them as \xNN.
// Header-only: the runner and the ONNX importer share it without a library
// between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_ESCAPEDTEXT_H
#define NORM_SUPPORT_ESCAPEDTEXT_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ConvertUTF.h"

#include <string>

namespace mlir {
namespace norm {

/// Returns `text` with each control character written as \xNN per byte (two
/// uppercase hex digits): the bytes below 0x20, 0x7f, and the UTF-8
/// encodings of U+0080 to U+009F (C1 controls, which terminals may act on);
/// each byte that does not belong to a valid UTF-8 sequence is written the
/// same way, so that the message stays valid UTF-8. Each backslash is
/// doubled, so that the escapes cannot be confused with the text. Other
/// characters (valid UTF-8 included) are kept.
inline std::string escapeForMessage(llvm::StringRef text) {
  std::string result;
  result.reserve(text.size());
  auto escapeBytes = [&](llvm::StringRef bytes) {
    for (unsigned char c : bytes) {
      result += "\\x";
      result += llvm::hexdigit(c >> 4);
      result += llvm::hexdigit(c & 15);
    }
  };
  for (size_t i = 0; i < text.size();) {
    unsigned char c = text[i];
    if (c == '\\') {
      result += "\\\\";
      ++i;
    } else if (c < 0x20 || c == 0x7f) {
      escapeBytes(text.substr(i, 1));
      ++i;
    } else if (c < 0x80) {
      result += static_cast<char>(c);
      ++i;
    } else {
      const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text.data() + i);
      const auto *end = reinterpret_cast<const llvm::UTF8 *>(text.end());
      size_t length = llvm::getNumBytesForUTF8(c);
      if (!llvm::isLegalUTF8Sequence(begin, end)) {
        escapeBytes(text.substr(i, 1));
        ++i;
        continue;
      }
      bool isC1Control =
          c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;
      if (isC1Control)
        escapeBytes(text.substr(i, length));
      else
        result.append(text.data() + i, length);
      i += length;
    }
  }
  return result;
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_ESCAPEDTEXT_H
