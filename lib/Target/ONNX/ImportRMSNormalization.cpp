//===- ImportRMSNormalization.cpp - import ONNX RMSNormalization ----------===//
//
// Importer::importRMSNormalization: ONNX RMSNormalization-23 to
// norm.rms_normalization, and Importer::importRMSNormalizationNode, which
// ONNX Runtime's SimplifiedLayerNormalization (ImportSimplifiedLayer-
// Normalization.cpp) shares: the types, the attributes and the shape of
// InvStdDev.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

LogicalResult Importer::importRMSNormalizationNode(const Node &node,
                                                   StringRef opVersion) {
  if (failed(checkAttributes(node, {"axis", "epsilon", "stash_type"})))
    return failure();
  SmallVector<Type> allowed = {builder.getF16Type(), builder.getBF16Type(),
                               builder.getF32Type(), builder.getF64Type()};
  FailureOr<Value> x = getInput(node, 0, "X");
  if (failed(x))
    return failure();
  FailureOr<RankedTensorType> xType =
      checkTensorInput(node, *x, "X", allowed, opVersion);
  if (failed(xType))
    return failure();
  // Scale has its own type V (Y's), and a shape (unidirectionally
  // broadcastable to X) that the op verifier checks.
  FailureOr<Value> scale = getInput(node, 1, "scale");
  if (failed(scale))
    return failure();
  FailureOr<RankedTensorType> scaleType =
      checkTensorInput(node, *scale, "scale", allowed, opVersion);
  if (failed(scaleType))
    return failure();

  FailureOr<int64_t> axis = getIntAttribute(node, "axis", -1);
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  FailureOr<int64_t> stashType = getIntAttribute(node, "stash_type", 1);
  if (failed(axis) || failed(epsilon) || failed(stashType) ||
      failed(checkAxis(node, *axis, xType->getRank(), "X")))
    return failure();
  Type stashElementType;
  switch (*stashType) {
  case onnx::TensorProto_DataType_FLOAT:
    stashElementType = builder.getF32Type();
    break;
  case onnx::TensorProto_DataType_FLOAT16:
    stashElementType = builder.getF16Type();
    break;
  case onnx::TensorProto_DataType_DOUBLE:
    stashElementType = builder.getF64Type();
    break;
  case onnx::TensorProto_DataType_BFLOAT16:
    stashElementType = builder.getBF16Type();
    break;
  default:
    return node.emitError() << "attribute 'stash_type' = " << *stashType
                            << " is not supported: expected 1 (FLOAT), 10 "
                               "(FLOAT16), 11 (DOUBLE) or 16 (BFLOAT16)";
  }

  // Y: X's shape, Scale's element type. InvStdDev: X's leading dims up to
  // `axis`, then 1s, in the stash type.
  auto yType =
      RankedTensorType::get(xType->getShape(), scaleType->getElementType());
  RankedTensorType statsType = statisticsType(*xType, *axis, stashElementType);
  auto op = norm::RMSNormalizationOp::create(
      builder, node.loc, yType, statsType, *x, *scale,
      builder.getI64IntegerAttr(*axis), builder.getF32FloatAttr(*epsilon),
      builder.getI64IntegerAttr(*stashType));
  return defineOutputs(node, op->getResults());
}

/// RMSNormalization-23 -> norm.rms_normalization, whose InvStdDev the ONNX
/// operator does not return.
LogicalResult Importer::importRMSNormalization(const Node &node) {
  if (failed(checkArity(node, 2, 2, 1, 1)))
    return failure();
  return importRMSNormalizationNode(node, "RMSNormalization-23");
}
