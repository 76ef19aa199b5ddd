//===- OutputErrors.h - write errors of a tool's output as one line -*- C++
//-*-===//
//
// MlirOptMain and mlirTranslateMain open their -o file as a ToolOutputFile
// and destroy it before returning; a raw_fd_ostream destroyed with a write
// error (a full disk, /dev/full) calls report_fatal_error ("LLVM ERROR: IO
// failure on output stream: ..."). installOutputErrorHandler turns that one
// fatal error into "<tool>: error: cannot write '<-o>': <reason>" (exit
// status 1, as report_fatal_error exits after the handler); every other
// fatal error is printed as LLVM prints it. Header-only: norm-opt and
// norm-translate share it without a library between them.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_OUTPUTERRORS_H
#define NORM_SUPPORT_OUTPUTERRORS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace norm {

/// Installs the fatal error handler described above for the tool named
/// `toolName` (a string that lives as long as the process).
inline void installOutputErrorHandler(const char *toolName) {
  llvm::install_fatal_error_handler(
      [](void *data, const char *reason, bool genCrashDiag) {
        llvm::StringRef text(reason);
        constexpr llvm::StringLiteral kIOFailure =
            "IO failure on output stream: ";
        llvm::raw_fd_ostream &errs = llvm::errs();
        if (genCrashDiag || !text.consume_front(kIOFailure)) {
          errs << "LLVM ERROR: " << reason << "\n";
          errs.flush();
          return;
        }
        // The -o option of MlirOptMain and mlirTranslateMain.
        std::string path = "-";
        auto &options = llvm::cl::getRegisteredOptions();
        auto it = options.find("o");
        if (it != options.end())
          if (auto *opt =
                  static_cast<llvm::cl::opt<std::string> *>(it->second))
            path = opt->getValue();
        errs << static_cast<const char *>(data) << ": error: cannot write '"
             << (path == "-" ? llvm::StringRef("<stdout>")
                             : llvm::StringRef(path))
             << "': " << text << "\n";
        errs.flush();
      },
      const_cast<char *>(toolName));
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_OUTPUTERRORS_H
