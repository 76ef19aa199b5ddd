//===- ImportIdentity.cpp - import ONNX Identity --------------------------===//
//
// Importer::importIdentity: an ONNX Identity node (every ai.onnx opset)
// creates no op; its output names its input value.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// Identity (every ai.onnx opset): the output names the input value.
LogicalResult Importer::importIdentity(const Node &node) {
  if (failed(checkArity(node, 1, 1, 1, 1)) || failed(checkAttributes(node, {})))
    return failure();
  FailureOr<Value> input = getInput(node, 0, "input");
  if (failed(input))
    return failure();
  return defineOutputs(node, *input);
}
