//===- ImportGroupNorm.cpp - import ONNX Runtime's GroupNorm --------------===//
//
// Importer::importGroupNorm: ONNX Runtime's com.microsoft.GroupNorm
// (version 1, onnxruntime/core/graph/contrib_ops/diffusion_defs.cc) to
// norm.group_normalization (docs/semantics.md, GroupNormalization):
// `groups` is num_groups, `channels_last` = 1 (ONNX Runtime's default, X
// [N, H, W, C]) sets the op's `channels_last`, `activation` = 1 (SiLU) its
// `activation`, so that the SiLU is applied in f32 before the one rounding
// of Y. gamma and beta (type M) of f16 with an f32 X are widened exactly
// (arith.extf); f32 gamma and beta with an f16 X are an error: the op takes
// them in X's type, and rounding them to f16 would change Y. gamma and beta
// of different types are an error (ONNX Runtime's schema: one type M).
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// GroupNorm-1 -> norm.group_normalization: X (T) and gamma, beta (one
/// type M), each f16 or f32; groups and activation required (0 or 1),
/// channels_last 0 or 1 (default 1), epsilon (default 1e-5). Shapes are left
/// to the op verifier (rank >= 2, gamma and beta [C], C divisible by groups).
LogicalResult Importer::importGroupNorm(const Node &node) {
  StringRef opVersion = "GroupNorm-1";
  if (failed(checkArity(node, 3, 3, 1, 1)) ||
      failed(checkAttributes(
          node, {"activation", "channels_last", "epsilon", "groups"})))
    return failure();
  for (StringRef name : {"groups", "activation"})
    if (!findAttribute(node, name))
      return node.emitError() << "attribute '" << name << "' is required";
  FailureOr<int64_t> groups = getIntAttribute(node, "groups", 0);
  FailureOr<int64_t> activation = getIntAttribute(node, "activation", 0);
  FailureOr<int64_t> channelsLast = getIntAttribute(node, "channels_last", 1);
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  if (failed(groups) || failed(activation) || failed(channelsLast) ||
      failed(epsilon))
    return failure();
  if (*groups < 1)
    return node.emitError() << "attribute 'groups' = " << *groups
                            << " is out of range: expected a value >= 1";
  if (*activation != 0 && *activation != 1)
    return node.emitError() << "attribute 'activation' = " << *activation
                            << " is not supported: expected 0 (none) or 1 "
                               "(SiLU)";
  if (*channelsLast != 0 && *channelsLast != 1)
    return node.emitError()
           << "attribute 'channels_last' = " << *channelsLast
           << " is not supported: expected 0 (NCHW) or 1 (NHWC)";

  SmallVector<Type> allowed = {builder.getF16Type(), builder.getF32Type()};
  SmallVector<Value> operands;
  SmallVector<RankedTensorType> types;
  // A named array: roles[] names gamma and beta in the messages below.
  static constexpr StringLiteral roles[] = {"X", "gamma", "beta"};
  if (failed(getTensorInputs(node, roles, allowed, opVersion,
                             /*oneType=*/false, operands, types)))
    return failure();
  // ONNX Runtime's schema gives gamma and beta one type variable M.
  if (types[1].getElementType() != types[2].getElementType())
    return node.emitError()
           << "input 'beta' has element type " << types[2].getElementType()
           << ", but 'gamma' has " << types[1].getElementType() << ": "
           << opVersion << " takes gamma and beta of one type M";
  Type t = types[0].getElementType();
  for (int index : {1, 2}) {
    Type m = types[index].getElementType();
    if (m == t)
      continue;
    if (m.isF32())
      return node.emitError()
             << "input '" << roles[index] << "' has element type " << m
             << ", but 'X' has " << t
             << ": norm.group_normalization takes gamma and beta of X's "
                "type, and rounding them to f16 would change Y (f16 gamma "
                "and beta with an f32 X are widened exactly)";
    operands[index] = arith::ExtFOp::create(
        builder, node.loc, types[index].clone(t), operands[index]);
  }

  auto op = norm::GroupNormalizationOp::create(
      builder, node.loc, types[0], operands[0], operands[1], operands[2],
      builder.getI64IntegerAttr(*groups), builder.getF32FloatAttr(*epsilon),
      builder.getI64IntegerAttr(1),
      *channelsLast ? builder.getUnitAttr() : UnitAttr(),
      *activation ? builder.getI64IntegerAttr(*activation) : IntegerAttr());
  return defineOutputs(node, op->getResults());
}
