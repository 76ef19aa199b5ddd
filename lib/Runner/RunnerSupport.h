//===- RunnerSupport.h - error helpers of the runner library ----*- C++ -*-===//
//
// Private to lib/Runner: small helpers the runner's sources share to build
// their one-line error messages.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_RUNNER_RUNNERSUPPORT_H
#define NORM_LIB_RUNNER_RUNNERSUPPORT_H

#include "mlir/IR/Types.h"
#include "norm/Support/AbbreviatedList.h"
#include "norm/Support/EscapedText.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <limits>
#include <string>

namespace mlir {
namespace norm {
namespace runner {
/// The most elements a shape may have, its sizes other than 0 multiplied:
/// HostTensor::getNumElements bounds 8 bytes of each by int64_t.
constexpr int64_t kMaxNumElements = std::numeric_limits<int64_t>::max() / 8;
static_assert(kMaxNumElements == (int64_t(1) << 60) - 1);

/// Says what the element-count limit is, for errors about `what` ("its
/// sizes" or "the sizes").
inline std::string describeSizeLimit(llvm::StringRef what) {
  return ("the product of " + what + ", zeros left out, must be at most " +
          llvm::Twine(kMaxNumElements) + " (2^60 - 1)")
      .str();
}

/// Returns `err` with `prefix` put before its message; success stays success.
inline llvm::Error withPrefix(const Twine &prefix, llvm::Error err) {
  if (!err)
    return err;
  return llvm::createStringError(prefix + llvm::toString(std::move(err)));
}

/// Returns the MLIR spelling of `type` ("tensor<2x3xf32>") for a message,
/// a shape of many dims shortened (norm/Support/AbbreviatedList.h).
inline std::string typeToString(Type type) {
  return formatTypeForMessage(type);
}

/// Opens `path` for writing and calls `write` on it: the file is written
/// through (O_TRUNC, not a temporary renamed into place), so that a symlink's
/// target, a device, a FIFO or a hard-linked file is written where it is.
/// Checks the stream after closing it: a failed open, write or close is an
/// error naming the path and the reason. "-" is standard output, flushed
/// and left open.
inline llvm::Error
writeFileThrough(llvm::StringRef path,
                 llvm::function_ref<void(llvm::raw_ostream &)> write) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_None);
  if (!error) {
    write(os);
    // close() would close standard output itself ("-"), which the tool
    // writes to afterwards: flush it instead.
    if (path == "-")
      os.flush();
    else
      os.close();
    error = os.error();
  }
  // A stream destroyed with its error set is a fatal error: clear it.
  os.clear_error();
  if (error)
    return llvm::createStringError("cannot write '" + escapeForMessage(path) +
                                   "': " + error.message());
  return llvm::Error::success();
}

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_RUNNER_RUNNERSUPPORT_H
