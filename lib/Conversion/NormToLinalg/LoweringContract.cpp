//===- LoweringContract.cpp - NormToLinalgOptions helpers -----------------===//
//
// The loaded-dialects check, the check of the sizes known at compile time
// and the partial sums of the lowering contract (LoweringContract.h).
//
//===----------------------------------------------------------------------===//

#include "LoweringContract.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

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

std::optional<int64_t> mlir::norm::getKnownSize(Value value, int64_t dim) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || dim < 0 || dim >= type.getRank())
    return std::nullopt;
  if (!type.isDynamicDim(dim))
    return type.getDimSize(dim);
  // What canonicalization folds into the consumers of a cast (linalg ops,
  // tensor.cast chains), found without any interface model.
  // Unranked casts in the chain are looked through (canonicalization folds
  // ranked -> unranked -> ranked casts too); a source of another rank ends
  // the search (the chain's own run-time check fails).
  for (auto castOp = value.getDefiningOp<tensor::CastOp>(); castOp;
       castOp = castOp.getSource().getDefiningOp<tensor::CastOp>()) {
    auto sourceType = dyn_cast<RankedTensorType>(castOp.getSource().getType());
    if (!sourceType)
      continue;
    if (sourceType.getRank() != type.getRank())
      break;
    if (!sourceType.isDynamicDim(dim))
      return sourceType.getDimSize(dim);
  }
  // Sizes fixed by constants further up (a tensor.extract_slice of constant
  // size, which canonicalization makes static and a tensor.cast): where the
  // context has the ValueBoundsOpInterface models (registerNormDialects and
  // registerAllExtensions register them).
  FailureOr<int64_t> size = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::EQ,
      ValueBoundsConstraintSet::Variable(value, dim));
  if (failed(size))
    return std::nullopt;
  return *size;
}

LogicalResult mlir::norm::checkKnownSizes(Operation *op) {
  return verifyKnownSizes(op, getKnownSize);
}

int64_t mlir::norm::getF32PartialSums(const NormToLinalgOptions &options) {
  return llvm::bit_floor(std::max<uint32_t>(options.reductionPartialSums, 1));
}

int64_t mlir::norm::getReductionPartialSums(const NormToLinalgOptions &options,
                                            FloatType accType) {
  int64_t partialSums = getF32PartialSums(options);
  return accType.isF64() ? std::max<int64_t>(partialSums / 2, 1) : partialSums;
}
