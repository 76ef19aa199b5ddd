//===- ImportGroupNormalization.cpp - import ONNX GroupNormalization ------===//
//
// Importer::importGroupNormalization: ONNX GroupNormalization-18 and -21 to
// norm.group_normalization (docs/semantics.md, GroupNormalization). Opset
// 18's scale and B have shape [num_groups]: each group's value is repeated
// C / num_groups times (a linalg.broadcast to [num_groups, C / num_groups],
// collapsed), as ONNX's 18 -> 21 version converter does, to the [C] operands
// of opset 21.
//
//===----------------------------------------------------------------------===//

#include "ImporterImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

using namespace mlir;
using namespace mlir::norm::onnx_importer;

/// Returns the [C] tensor whose element c is `grouped`[c / (C / G)], for the
/// [G] tensor `grouped` (static G) and X [N, C, ...] `x` (C = dim 1, dynamic
/// or not): a linalg.broadcast to [G, C / G] collapsed to [C]. C must be
/// divisible by G (checked at import, or at run time before this).
static Value repeatGroups(OpBuilder &b, Location loc, Value grouped, Value x,
                          int64_t numGroups) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto type = cast<RankedTensorType>(grouped.getType());
  int64_t channels = xType.getDimSize(1);
  OpFoldResult perGroup =
      ShapedType::isDynamic(channels)
          ? OpFoldResult(arith::DivUIOp::create(
                             b, loc, tensor::DimOp::create(b, loc, x, 1),
                             arith::ConstantIndexOp::create(b, loc, numGroups))
                             .getResult())
          : OpFoldResult(b.getIndexAttr(channels / numGroups));
  Value init = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{b.getIndexAttr(numGroups), perGroup},
      type.getElementType());
  Value repeated =
      linalg::BroadcastOp::create(b, loc, grouped, init, /*dimensions=*/{1})
          .getResult()[0];
  SmallVector<ReassociationIndices> reassociation = {{0, 1}};
  return tensor::CollapseShapeOp::create(b, loc, repeated, reassociation);
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
    ctx->getOrLoadDialect<linalg::LinalgDialect>();
    ctx->getOrLoadDialect<tensor::TensorDialect>();
    // A dynamic C must be divisible by num_groups before the repeat (the
    // op's own check would come after it).
    if (ShapedType::isDynamic(channels)) {
      Value c = tensor::DimOp::create(builder, node.loc, operands[0], 1);
      Value rest = arith::RemUIOp::create(
          builder, node.loc, c,
          arith::ConstantIndexOp::create(builder, node.loc, *numGroups));
      assertAtRunTime(
          node,
          arith::CmpIOp::create(
              builder, node.loc, arith::CmpIPredicate::eq, rest,
              arith::ConstantIndexOp::create(builder, node.loc, 0)),
          "C (dimension 1 of 'X') is not divisible by 'num_groups' "
          "(" +
              std::to_string(*numGroups) +
              ") at run time; GroupNormalization-18 repeats each value of "
              "'scale' and 'B' C / num_groups times",
          "C = {0} (dimension 1 of 'X') is not divisible by 'num_groups' = " +
              std::to_string(*numGroups) +
              "; GroupNormalization-18 repeats each value of 'scale' and 'B' "
              "C / num_groups times",
          c);
    }
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
                        std::to_string(*numGroups) + "]",
                    "input '" + role + "' (" +
                        CheckMessageOp::escapeFormatText(
                            quotedType(types[index])) +
                        ") has size {0}, expected num_groups = {1}; "
                        "GroupNormalization-18 takes '" +
                        role + "' of shape [num_groups] = [" +
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
