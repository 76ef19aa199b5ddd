//===- ImportNormalizer.cpp - import ONNX Normalizer ----------------------===//
//
// Importer::importNormalizer: ai.onnx.ml Normalizer-1 to norm.normalizer.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormOps.h"
#include "norm/Support/EscapedText.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// ai.onnx.ml Normalizer-1 -> norm.normalizer; Y is f32 of X's shape.
LogicalResult Importer::importNormalizer(const Node &node) {
  if (failed(checkArity(node, 1, 1, 1, 1)) ||
      failed(checkAttributes(node, {"norm"})))
    return failure();
  SmallVector<Type> allowed = {builder.getF32Type(), builder.getF64Type(),
                               builder.getI32Type(), builder.getI64Type()};
  FailureOr<Value> x = getInput(node, 0, "X");
  if (failed(x))
    return failure();
  FailureOr<RankedTensorType> type =
      checkTensorInput(node, *x, "X", allowed, "Normalizer-1");
  if (failed(type))
    return failure();
  if (type->getRank() != 1 && type->getRank() != 2)
    return node.emitError() << "input 'X' has rank " << type->getRank()
                            << ", but Normalizer takes [C] or [N, C]";
  FailureOr<std::string> norm = getStringAttribute(node, "norm", "MAX");
  if (failed(norm))
    return failure();
  if (*norm != "MAX" && *norm != "L1" && *norm != "L2")
    return node.emitError()
           << "attribute 'norm' = \"" << norm::escapeForMessage(*norm)
           << "\" is not supported: expected \"MAX\", "
              "\"L1\" or \"L2\"";
  auto op = norm::NormalizerOp::create(
      builder, node.loc,
      RankedTensorType::get(type->getShape(), builder.getF32Type()), *x,
      builder.getStringAttr(*norm));
  return defineOutputs(node, op->getResults());
}
