//===- ImportLayerNormalization.cpp - import ONNX LayerNormalization ------===//
//
// Importer::importLayerNormalization: ONNX LayerNormalization-17 to
// norm.layer_normalization, with the statistics' shape and stash type.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// LayerNormalization-17 -> norm.layer_normalization. Y has X's type; Mean and
/// InvStdDev have X's leading dims up to `axis`, then 1s, in the stash type.
LogicalResult Importer::importLayerNormalization(const Node &node) {
  if (failed(checkArity(node, 2, 3, 1, 3)) ||
      failed(checkAttributes(node, {"axis", "epsilon", "stash_type"})))
    return failure();
  SmallVector<Type> allowed = {builder.getF16Type(), builder.getBF16Type(),
                               builder.getF32Type(), builder.getF64Type()};
  FailureOr<Value> x = getInput(node, 0, "X");
  if (failed(x))
    return failure();
  FailureOr<RankedTensorType> xType =
      checkTensorInput(node, *x, "X", allowed, "LayerNormalization-17");
  if (failed(xType))
    return failure();
  FailureOr<Value> scale = getInput(node, 1, "Scale");
  if (failed(scale))
    return failure();
  // B is optional: absent, or given as "".
  Value b;
  if (node.proto.input_size() > 2 && !node.proto.input(2).empty()) {
    FailureOr<Value> bias = getInput(node, 2, "B");
    if (failed(bias))
      return failure();
    b = *bias;
  }
  // Scale and B share X's element type T; their shapes (unidirectionally
  // broadcastable to X) are left to the op verifier.
  for (auto [role, value] : {std::pair<StringRef, Value>{"Scale", *scale},
                             std::pair<StringRef, Value>{"B", b}}) {
    if (!value)
      continue;
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return node.emitError()
             << "input '" << role << "' has type " << value.getType()
             << "; the importer needs tensors of known rank";
    if (type.getElementType() != xType->getElementType())
      return node.emitError()
             << "input '" << role << "' has element type "
             << type.getElementType() << ", but 'X' has "
             << xType->getElementType()
             << " (LayerNormalization-17 takes one type T for X, Scale and B)";
  }

  FailureOr<int64_t> axis = getIntAttribute(node, "axis", -1);
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  FailureOr<int64_t> stashType = getIntAttribute(node, "stash_type", 1);
  if (failed(axis) || failed(epsilon) || failed(stashType) ||
      failed(checkAxis(node, *axis, xType->getRank(), "X")))
    return failure();
  Type stashElementType;
  if (*stashType == onnx::TensorProto_DataType_FLOAT)
    stashElementType = builder.getF32Type();
  else if (*stashType == onnx::TensorProto_DataType_BFLOAT16)
    stashElementType = builder.getBF16Type();
  else
    return node.emitError() << "attribute 'stash_type' = " << *stashType
                            << " is not supported: expected 1 (FLOAT) or 16 "
                               "(BFLOAT16)";

  RankedTensorType statsType = statisticsType(*xType, *axis, stashElementType);
  auto op = norm::LayerNormalizationOp::create(
      builder, node.loc, *xType, statsType, statsType, *x, *scale, b,
      builder.getI64IntegerAttr(*axis), builder.getF32FloatAttr(*epsilon),
      builder.getI64IntegerAttr(*stashType));
  return defineOutputs(node, op->getResults());
}
