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
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace norm {
namespace runner {
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

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_LIB_RUNNER_RUNNERSUPPORT_H
