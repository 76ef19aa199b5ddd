//===- LoweringContract.cpp - NormToLinalgOptions helpers -----------------===//
//
// The loaded-dialects check and the partial sums of the lowering contract
// (LoweringContract.h).
//
//===----------------------------------------------------------------------===//

#include "LoweringContract.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace mlir::norm;

LogicalResult mlir::norm::checkDependentDialectsLoaded(Operation *op) {
  DialectRegistry registry;
  getNormToLinalgDependentDialects(registry);
  for (StringRef name : registry.getDialectNames()) {
    if (op->getContext()->getLoadedDialect(name))
      continue;
    return op->emitError("cannot lower '")
           << op->getName() << "': the '" << name
           << "' dialect is not loaded (a pass using the norm-to-linalg "
              "patterns must list getNormToLinalgDependentDialects in its "
              "getDependentDialects)";
  }
  return success();
}

int64_t mlir::norm::getF32PartialSums(const NormToLinalgOptions &options) {
  return llvm::bit_floor(std::max<uint32_t>(options.reductionPartialSums, 1));
}

int64_t mlir::norm::getReductionPartialSums(const NormToLinalgOptions &options,
                                            FloatType accType) {
  int64_t partialSums = getF32PartialSums(options);
  return accType.isF64() ? std::max<int64_t>(partialSums / 2, 1) : partialSums;
}
