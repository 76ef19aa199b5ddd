//===- ImportSkipSimplifiedLayerNormalization.cpp - ORT's Skip RMS norm ---===//
//
// Importer::importSkipSimplifiedLayerNormalization: ONNX Runtime's
// com.microsoft.SkipSimplifiedLayerNormalization (version 1) to the sum
// input + skip (+ bias) of ImportSkipLayerNormalization.cpp feeding
// norm.rms_normalization over the last axis (docs/semantics.md,
// RMSNormalization and ONNX Runtime's spellings).
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// SkipSimplifiedLayerNormalization (input, skip, gamma, optional bias in
/// slot 3) -> (output, optional mean, optional inv_std_var, optional
/// input_skip_bias_sum): RMSNormalization of input + skip (+ bias) over the
/// last axis with gamma as scale. inv_std_var is InvStdDev (f32, last
/// dimension 1); mean, which RMS normalization does not have, is zeros of
/// that type, as ONNX Runtime's current CPU kernel writes it.
LogicalResult
Importer::importSkipSimplifiedLayerNormalization(const Node &node) {
  StringRef opName = "SkipSimplifiedLayerNormalization";
  if (failed(checkArity(node, 3, 4, 1, 4)))
    return failure();
  FailureOr<SkipOperands> operands =
      importSkipOperands(node, opName, /*betaIndex=*/-1, /*biasIndex=*/3);
  if (failed(operands))
    return failure();
  auto sumType = cast<RankedTensorType>(operands->sum.getType());
  RankedTensorType statsType =
      statisticsType(sumType, -1, builder.getF32Type());
  auto op = norm::RMSNormalizationOp::create(
      builder, node.loc, sumType, statsType, operands->sum, operands->gamma,
      builder.getI64IntegerAttr(-1), builder.getF32FloatAttr(operands->epsilon),
      builder.getI64IntegerAttr(onnx::TensorProto_DataType_FLOAT));

  // mean: built only where the node asks for it.
  Value mean;
  if (node.proto.output_size() > 1 && !node.proto.output(1).empty()) {
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(builder, node.loc, operands->sum);
    sizes.back() = builder.getIndexAttr(1);
    Value empty = tensor::EmptyOp::create(builder, node.loc, sizes,
                                          statsType.getElementType());
    Value zero = arith::ConstantOp::create(builder, node.loc,
                                           builder.getF32FloatAttr(0.0f));
    mean = linalg::FillOp::create(builder, node.loc, ValueRange{zero},
                                  ValueRange{empty})
               .getResult(0);
  }
  Value results[] = {op->getResult(0), mean, op->getResult(1), operands->sum};
  return defineOutputs(node, results);
}
