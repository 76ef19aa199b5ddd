//===- ImportGroupNormalization.cpp - import ONNX GroupNormalization ------===//
//
// Importer::importGroupNormalization: ONNX GroupNormalization-18 and -21 to
// norm.group_normalization (docs/semantics.md, GroupNormalization). Opset
// 18's scale and B have shape [num_groups]: each group's value is repeated
// C / num_groups times (a tensor.generate), as ONNX's 18 -> 21 version
// converter does, to the [C] operands of opset 21.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// Returns the [C] tensor whose element c is `grouped`[c / (C / G)], for the
/// [G] tensor `grouped` and X [N, C, ...] `x` (C = dim 1, dynamic or not).
/// A dynamic C that G does not divide is norm.group_normalization's run-time
/// error; until that check runs, the index is kept in bounds (C / G at least
/// 1, the group at most G - 1), so that this op neither divides by zero nor
/// reads outside `grouped`. A static C is checked at import.
static Value repeatGroups(OpBuilder &b, Location loc, Value grouped, Value x,
                          int64_t numGroups) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto type = cast<RankedTensorType>(grouped.getType());
  int64_t channels = xType.getDimSize(1);
  SmallVector<Value> dynamicExtents;
  if (ShapedType::isDynamic(channels))
    dynamicExtents.push_back(tensor::DimOp::create(b, loc, x, 1));
  auto resultType = RankedTensorType::get({channels}, type.getElementType());
  bool dynamic = ShapedType::isDynamic(channels);
  Value perGroup = arith::DivUIOp::create(
      b, loc,
      dynamic ? dynamicExtents.front()
              : arith::ConstantIndexOp::create(b, loc, channels).getResult(),
      arith::ConstantIndexOp::create(b, loc, numGroups));
  Value lastGroup;
  if (dynamic) {
    perGroup = arith::MaxUIOp::create(
        b, loc, perGroup, arith::ConstantIndexOp::create(b, loc, 1));
    lastGroup = arith::ConstantIndexOp::create(b, loc, numGroups - 1);
  }
  return tensor::GenerateOp::create(
      b, loc, resultType, dynamicExtents,
      [&](OpBuilder &nb, Location nloc, ValueRange indices) {
        Value group = arith::DivUIOp::create(nb, nloc, indices[0], perGroup);
        if (lastGroup)
          group = arith::MinUIOp::create(nb, nloc, group, lastGroup);
        tensor::YieldOp::create(
            nb, nloc, tensor::ExtractOp::create(nb, nloc, grouped, group));
      });
}

/// GroupNormalization-18/21 -> norm.group_normalization: X, scale and B of
/// one type T; num_groups required; stash_type (opset 21) 1, 10, 11 or 16.
/// Shapes are left to the op verifier, except opset 18's [num_groups] scale
/// and B, which are checked here before they are repeated (a dynamic size at
/// run time).
LogicalResult Importer::importGroupNormalization(const Node &node) {
  bool opset21 = node.opset >= 21;
  StringRef opVersion =
      opset21 ? "GroupNormalization-21" : "GroupNormalization-18";
  if (failed(checkArity(node, 3, 3, 1, 1)))
    return failure();
  if (failed(opset21 ? checkAttributes(node,
                                       {"epsilon", "num_groups", "stash_type"})
                     : checkAttributes(node, {"epsilon", "num_groups"})))
    return failure();
  if (!findAttribute(node, "num_groups"))
    return node.emitError() << "attribute 'num_groups' is required";
  FailureOr<int64_t> numGroups = getIntAttribute(node, "num_groups", 0);
  FailureOr<float> epsilon = getFloatAttribute(node, "epsilon", 1e-5f);
  FailureOr<int64_t> stashType = getIntAttribute(node, "stash_type", 1);
  if (failed(numGroups) || failed(epsilon) || failed(stashType))
    return failure();
  if (*numGroups < 1)
    return node.emitError() << "attribute 'num_groups' = " << *numGroups
                            << " is out of range: expected a value >= 1";
  if (!llvm::is_contained({1, 10, 11, 16}, *stashType))
    return node.emitError() << "attribute 'stash_type' = " << *stashType
                            << " is not supported: expected 1 (FLOAT), 10 "
                               "(FLOAT16), 11 (DOUBLE) or 16 (BFLOAT16)";

  SmallVector<Type> allowed = {builder.getF16Type(), builder.getBF16Type(),
                               builder.getF32Type(), builder.getF64Type()};
  SmallVector<Value> operands;
  SmallVector<RankedTensorType> types;
  if (failed(getTensorInputs(node, {"X", "scale", "B"}, allowed, opVersion,
                             /*oneType=*/true, operands, types)))
    return failure();

  if (!opset21) {
    if (types[0].getRank() < 2)
      return node.emitError()
             << "input 'X' has rank " << types[0].getRank()
             << ", but GroupNormalization needs [N, C, D1, ..., Dn] (rank "
                ">= 2)";
    int64_t channels = types[0].getDimSize(1);
    if (!ShapedType::isDynamic(channels) && channels % *numGroups != 0)
      return node.emitError()
             << "C (dimension 1 of 'X', " << channels
             << ") is not divisible by attribute 'num_groups' (" << *numGroups
             << ")";
    ctx->getOrLoadDialect<tensor::TensorDialect>();
    for (int index : {1, 2}) {
      StringRef role = index == 1 ? "scale" : "B";
      if (types[index].getRank() != 1 ||
          (!types[index].isDynamicDim(0) &&
           types[index].getDimSize(0) != *numGroups))
        return node.emitError()
               << "input '" << role << "' has type " << types[index]
               << ", but GroupNormalization-18 takes '" << role
               << "' of shape [num_groups] = [" << *numGroups << "]";
      // A size known only at run time must be num_groups too: the repeat
      // below would read the first num_groups elements of a longer one and
      // fail only in its tensor.extract on a shorter one.
      assertDimSize(node, operands[index], 0, builder.getIndexAttr(*numGroups),
                    "input '" + role + "' (" + quotedType(types[index]) +
                        ") has a size other than num_groups (" +
                        std::to_string(*numGroups) +
                        ") at run time; GroupNormalization-18 takes '" + role +
                        "' of shape [num_groups] = [" +
                        std::to_string(*numGroups) + "]");
      if (types[index].isDynamicDim(0))
        operands[index] = tensor::CastOp::create(
            builder, node.loc,
            RankedTensorType::get({*numGroups}, types[index].getElementType()),
            operands[index]);
      operands[index] = repeatGroups(builder, node.loc, operands[index],
                                     operands[0], *numGroups);
    }
  }

  auto op = norm::GroupNormalizationOp::create(
      builder, node.loc, types[0], operands[0], operands[1], operands[2],
      builder.getI64IntegerAttr(*numGroups), builder.getF32FloatAttr(*epsilon),
      builder.getI64IntegerAttr(*stashType), /*channels_last=*/UnitAttr(),
      /*activation=*/IntegerAttr());
  return defineOutputs(node, op->getResults());
}
