//===- ImportInstanceNormalization.cpp - import ONNX InstanceNormalization ===//
//
// Importer::importInstanceNormalization: ONNX InstanceNormalization-6 and
// -22 (which only adds bf16) to norm.instance_normalization.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// InstanceNormalization-6/22 -> norm.instance_normalization: input, scale
/// and B of one type T (bf16 from opset 22 on), shapes left to the op
/// verifier (rank >= 3, scale and B of shape [C]).
LogicalResult Importer::importInstanceNormalization(const Node &node) {
  if (failed(checkArity(node, 3, 3, 1, 1)) ||
      failed(checkAttributes(node, {"epsilon"})))
    return failure();
  bool opset22 = node.opset >= 22;
  SmallVector<Type> allowed = {builder.getF16Type(), builder.getF32Type(),
                               builder.getF64Type()};
  if (opset22)
    allowed.push_back(builder.getBF16Type());
  StringRef opVersion =
      opset22 ? "InstanceNormalization-22" : "InstanceNormalization-6";
  SmallVector<Value> operands;
  SmallVector<RankedTensorType> types;
  if (failed(getTensorInputs(node, {"input", "scale", "B"}, allowed, opVersion,
                             /*oneType=*/true, operands, types)))
    return failure();
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  if (failed(epsilon))
    return failure();
  auto op = norm::InstanceNormalizationOp::create(
      builder, node.loc, operands[0].getType(), operands[0], operands[1],
      operands[2], builder.getF32FloatAttr(*epsilon));
  return defineOutputs(node, op->getResults());
}
