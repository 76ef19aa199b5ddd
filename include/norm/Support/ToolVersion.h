//===- ToolVersion.h - norm-mlir's version in --version ---------*- C++ -*-===//
//
// The tools' --version prints LLVM's version (llvm::cl) and then
// norm-mlir's, "norm-mlir version <NORM_MLIR_VERSION>". Header-only:
// norm-translate shares it without the runner library.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_SUPPORT_TOOLVERSION_H
#define NORM_SUPPORT_TOOLVERSION_H

#include "norm/Version.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace norm {

/// Makes llvm::cl's --version print "norm-mlir version <NORM_MLIR_VERSION>"
/// after LLVM's version. Call it once in main, before the command line is
/// parsed.
inline void addNormVersionPrinter() {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "norm-mlir version " NORM_MLIR_VERSION "\n";
  });
}

} // namespace norm
} // namespace mlir

#endif // NORM_SUPPORT_TOOLVERSION_H
