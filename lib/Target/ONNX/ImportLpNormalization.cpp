//===- ImportLpNormalization.cpp - import ONNX LpNormalization ------------===//
//
// Importer::importLpNormalization: ONNX LpNormalization-1 and -22 to
// norm.lp_normalization.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// LpNormalization-1 (opset 1-21) and -22 (adds bf16) ->
/// norm.lp_normalization.
LogicalResult Importer::importLpNormalization(const Node &node) {
  if (failed(checkArity(node, 1, 1, 1, 1)) ||
      failed(checkAttributes(node, {"axis", "p"})))
    return failure();
  int64_t sinceVersion = node.opset >= 22 ? 22 : 1;
  SmallVector<Type> allowed = {builder.getF16Type(), builder.getF32Type(),
                               builder.getF64Type()};
  if (sinceVersion >= 22)
    allowed.push_back(builder.getBF16Type());
  FailureOr<Value> input = getInput(node, 0, "input");
  if (failed(input))
    return failure();
  FailureOr<RankedTensorType> type =
      checkTensorInput(node, *input, "input", allowed,
                       "LpNormalization-" + Twine(sinceVersion) + " (opset " +
                           Twine(node.opset) + ")");
  if (failed(type))
    return failure();

  FailureOr<int64_t> axis = getIntAttribute(node, "axis", -1);
  FailureOr<int64_t> p = getIntAttribute(node, "p", 2);
  if (failed(axis) || failed(p) ||
      failed(checkAxis(node, *axis, type->getRank(), "input")))
    return failure();
  if (*p != 1 && *p != 2)
    return node.emitError()
           << "attribute 'p' = " << *p << " is not supported: expected 1 or 2";
  auto op = norm::LpNormalizationOp::create(builder, node.loc, *type, *input,
                                            builder.getI64IntegerAttr(*axis),
                                            builder.getI64IntegerAttr(*p));
  return defineOutputs(node, op->getResults());
}
