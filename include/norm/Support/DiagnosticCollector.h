//===- DiagnosticCollector.h - MLIR errors as one llvm::Error ---*- C++ -*-===//
//
// Collects the error diagnostics an MLIRContext emits while a tool lowers a
// module, and returns them as one llvm::Error line (norm-runner's JIT
// session, norm-compile). Header-only.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_DIAGNOSTICCOLLECTOR_H
#define NORM_SUPPORT_DIAGNOSTICCOLLECTOR_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>

namespace mlir {
namespace norm {

/// Collects the error diagnostics emitted on `context` while it is alive as
/// one-line "file:line:col: message" strings, "file: message" where the
/// location has no line (notes and warnings are dropped). An error already
/// collected, the same text at the same place, is kept once: norm-compile's
/// shape analysis lowers a copy of each function next to the function
/// itself, so an error of a norm op came twice.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error) {
            std::string message = format(diag);
            if (!llvm::is_contained(messages, message))
              messages.push_back(std::move(message));
          }
          return success();
        }) {}

  /// Returns an error "<what>: <diagnostics joined by '; '>".
  llvm::Error takeError(const llvm::Twine &what) {
    std::string joined = llvm::join(messages, "; ");
    messages.clear();
    if (joined.empty())
      return llvm::createStringError(what);
    return llvm::createStringError(what + ": " + joined);
  }

  /// Returns `err` with the collected diagnostics appended.
  llvm::Error takeError(llvm::Error err) {
    return takeError(llvm::toString(std::move(err)));
  }

private:
  static std::string format(Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    // Line 0 (the ONNX importer's and the bytecode reader's locations) is
    // no position in the file: the file name alone.
    if (auto loc = diag.getLocation()->findInstanceOf<FileLineColLoc>()) {
      os << loc.getFilename().getValue();
      if (loc.getLine() != 0)
        os << ':' << loc.getLine() << ':' << loc.getColumn();
      os << ": ";
    }
    std::string message = diag.str();
    os << message;
    // One-Shot Bufferize names neither the op nor a remedy.
    if (message == "op was not bufferized")
      os << " (the op at this location has no bufferization, e.g. an "
            "elementwise op on an unranked tensor: compute on ranked tensors "
            "with linalg ops such as linalg.add or linalg.map)";
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
  }

  llvm::SmallVector<std::string> messages;
  ScopedDiagnosticHandler handler;
};

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_DIAGNOSTICCOLLECTOR_H
