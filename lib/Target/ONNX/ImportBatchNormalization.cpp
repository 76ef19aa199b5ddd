//===- ImportBatchNormalization.cpp - import ONNX BatchNormalization ------===//
//
// Importer::importBatchNormalization: ONNX BatchNormalization-15 in inference
// mode to norm.batch_normalization (docs/semantics.md, BatchNormalization).
// Training mode (training_mode = 1, or the running_mean / running_var
// outputs) is an import error: norm-mlir compiles inference.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// BatchNormalization-15 -> norm.batch_normalization. X (T), scale and B
/// (T1), input_mean and input_var (T2), each type one of bf16, f16, f32,
/// f64; Y has X's type. momentum only matters in training and is ignored.
LogicalResult Importer::importBatchNormalization(const Node &node) {
  if (failed(checkArity(node, 5, 5, 1, 3)) ||
      failed(checkAttributes(node, {"epsilon", "momentum", "training_mode"})))
    return failure();
  FailureOr<int64_t> trainingMode = getIntAttribute(node, "training_mode", 0);
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  FailureOr<float> momentum = getFloatAttribute(node, "momentum", 0.9f);
  if (failed(trainingMode) || failed(epsilon) || failed(momentum))
    return failure();
  if (*trainingMode != 0)
    return node.emitError()
           << "attribute 'training_mode' = " << *trainingMode
           << " is not supported: norm-mlir compiles inference "
              "(training_mode = 0, the statistics given as input_mean and "
              "input_var)";
  int usedOutputs =
      llvm::count_if(node.proto.output(),
                     [](const std::string &name) { return !name.empty(); });
  if (usedOutputs != 1 || node.proto.output(0).empty())
    return node.emitError()
           << "asks for " << usedOutputs
           << " outputs, but norm-mlir compiles inference: only 'Y' (the "
              "outputs running_mean and running_var exist in training mode)";

  SmallVector<Type> allowed = {builder.getF16Type(), builder.getBF16Type(),
                               builder.getF32Type(), builder.getF64Type()};
  SmallVector<Value> operands;
  SmallVector<RankedTensorType> types;
  if (failed(getTensorInputs(node,
                             {"X", "scale", "B", "input_mean", "input_var"},
                             allowed, "BatchNormalization-15",
                             /*oneType=*/false, operands, types)))
    return failure();
  auto op = norm::BatchNormalizationOp::create(
      builder, node.loc, types[0], operands[0], operands[1], operands[2],
      operands[3], operands[4], builder.getF32FloatAttr(*epsilon));
  return defineOutputs(node, op->getResults());
}
