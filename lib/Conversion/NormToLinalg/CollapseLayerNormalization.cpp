//===- CollapseLayerNormalization.cpp - LayerNorm over one collapsed dim --===//
//
// A LayerNormalization over two or more dims (axis < rank - 1, e.g. X
// [N, C, H, W] with axis 1) reduces each slice over contiguous memory, but
// a loop nest with one loop per normalized dim is vectorized along the
// innermost one only: with W = 2 that is a scalar loop (tens of times
// slower than a vector loop over the collapsed row), and its f32 partial sums
// accumulate nearly sequentially (InvStdDev of f32 [2, 4096, 2] with one
// outlier was off by 6e-5, six times the test tolerance). The lowering
// therefore runs on X collapsed to [O, n] (O the product of the outer dims, n
// of the normalized ones), the 2-D LayerNorm that the rest of the pipeline
// vectorizes, and expands the results back. Collapse and expand are views.
// The same holds for two or more outer dims (X [batch, sequence, hidden]
// with axis -1): their loop over slices is a multi-dimensional scf.forall,
// which the row passes of the pipeline (norm-prefetch-rows, norm-jam-rows,
// norm-widen-rows) leave alone, so that X is collapsed to rows there too.
// RMSNormalization uses the same collapse.
// Scale and B are views too where their normalized sizes are X's (checked
// at run time for dynamic sizes, which may be 1); one that broadcasts
// inside the normalized dims is copied to X's normalized sizes (n elements,
// once per call), and only where that copy serves 8 or more slices.
//
//===----------------------------------------------------------------------===//

#include "LayerNormalization.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::norm;

/// Returns the reassociation that collapses a tensor of rank `rank` to
/// [O, n] (dims [0, axis) and [axis, rank)), or to [n] when `axis` is 0.
static SmallVector<ReassociationIndices>
getCollapseReassociation(int64_t rank, int64_t axis) {
  SmallVector<ReassociationIndices> reassociation;
  if (axis > 0)
    reassociation.push_back(llvm::to_vector(llvm::seq<int64_t>(0, axis)));
  reassociation.push_back(llvm::to_vector(llvm::seq<int64_t>(axis, rank)));
  return reassociation;
}

namespace {
/// How Scale or B becomes the [n] operand of the collapsed op.
enum class OperandCollapse {
  /// It may vary over X's outer dims: no collapse.
  None,
  /// Its normalized dims are X's (static sizes other than 1 equal X's at
  /// run time, as the op's verification requires): a view.
  View,
  /// It has dynamic sizes, which may be 1 at run time: a view where they
  /// all equal X's at run time, a copy otherwise (scf.if).
  RuntimeView,
  /// It broadcasts inside the normalized dims (a static 1 against X's
  /// size, or fewer dims), or is a slice (strided): a copy.
  Copy,
};
} // namespace

static OperandCollapse classifyOperand(Value operand, RankedTensorType xType,
                                       int64_t axis) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t rank = xType.getRank();
  int64_t offset = rank - type.getRank();
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (offset + i < axis && type.getDimSize(i) != 1)
      return OperandCollapse::None;
  if (offset > axis || isSliceView(operand))
    return OperandCollapse::Copy;
  bool dynamic = false;
  for (int64_t k = axis; k < rank; ++k) {
    int64_t size = type.getDimSize(k - offset);
    if (ShapedType::isDynamic(size))
      dynamic = true;
    else if (size == 1 && xType.getDimSize(k) != 1)
      return OperandCollapse::Copy;
  }
  return dynamic ? OperandCollapse::RuntimeView : OperandCollapse::View;
}

/// Returns `tensor` (all dims) collapsed to one dim (itself where it has
/// one).
static Value collapseAll(OpBuilder &b, Location loc, Value tensor) {
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  if (rank == 1)
    return tensor;
  ReassociationIndices all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return tensor::CollapseShapeOp::create(b, loc, tensor,
                                         ArrayRef<ReassociationIndices>{all})
      .getResult();
}

/// Returns Scale or B (`operand`) as the [n] values of one normalized slice
/// of X, as `how` says (classifyOperand, not None).
static Value collapseOperand(OpBuilder &b, Location loc, Value operand, Value x,
                             int64_t axis, OperandCollapse how, FloatType c) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t offset = xType.getRank() - type.getRank();
  switch (how) {
  case OperandCollapse::None:
    llvm_unreachable("not collapsible");
  case OperandCollapse::View:
    return collapseAll(b, loc, operand);
  case OperandCollapse::Copy:
    // Converted to the stage-two type `c` in the same copy.
    return collapseAll(b, loc,
                       buildBroadcastCopy(b, loc, operand, x, axis,
                                          /*keepUnitDims=*/false,
                                          /*runtimeOnes=*/true, c));
  case OperandCollapse::RuntimeView:
    break;
  }
  // The view where every dynamic size equals X's at run time (the usual
  // case: no broadcast), the copy otherwise. The copy is the scf.if's then
  // branch: where the view is a function argument itself (a rank-1 Scale),
  // one-shot-bufferize gave the scf.if an identity layout only in this
  // order; with the argument in the then branch it took a fully dynamic
  // layout, and Y's loop read Scale through its unknown stride element by
  // element (RMSNormalization f32 [4, 4096, 4096] about 4 times slower).
  Value differs = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (!type.isDynamicDim(i))
      continue;
    Value ne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                              tensor::DimOp::create(b, loc, operand, i),
                              tensor::DimOp::create(b, loc, x, offset + i));
    differs = arith::OrIOp::create(b, loc, differs, ne);
  }
  Type collapsedType =
      RankedTensorType::get({ShapedType::kDynamic}, type.getElementType());
  auto ifOp = scf::IfOp::create(
      b, loc, differs,
      [&](OpBuilder &tb, Location tloc) {
        Value copy =
            castToType(tb, tloc,
                       collapseAll(tb, tloc,
                                   buildBroadcastCopy(
                                       tb, tloc, operand, x, axis,
                                       /*keepUnitDims=*/false,
                                       /*runtimeOnes=*/true,
                                       cast<FloatType>(type.getElementType()))),
                       collapsedType);
        scf::YieldOp::create(tb, tloc, copy);
      },
      [&](OpBuilder &eb, Location eloc) {
        Value view =
            castToType(eb, eloc, collapseAll(eb, eloc, operand), collapsedType);
        scf::YieldOp::create(eb, eloc, view);
      });
  return ifOp.getResult(0);
}

RankedTensorType
CollapsedLayerNormalization::getStatType(Type elementType) const {
  auto xType = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> shape;
  if (axis > 0)
    shape.push_back(xType.getDimSize(0));
  shape.push_back(1);
  return RankedTensorType::get(shape, elementType);
}

std::optional<CollapsedLayerNormalization>
mlir::norm::collapseLayerNormalizationOperands(OpBuilder &b, Location loc,
                                               Value x, Value scale, Value bias,
                                               int64_t axis, FloatType c) {
  auto xType = cast<RankedTensorType>(x.getType());
  // A static 0 in a group with a dynamic size cannot be collapsed
  // (memref.collapse_shape requires a dynamic result dim): such X is empty
  // anyway, and so is an X whose Scale or B has a static 0 (a new user's
  // run: Scale [0, ?] for X [?, ?] with axis 0).
  auto hasStaticZero = [](Value operand) {
    return operand &&
           llvm::is_contained(
               cast<RankedTensorType>(operand.getType()).getShape(), 0);
  };
  if (isSliceView(x) || hasStaticZero(x) || hasStaticZero(scale) ||
      hasStaticZero(bias))
    return std::nullopt;
  OperandCollapse scaleHow = classifyOperand(scale, xType, axis);
  OperandCollapse biasHow =
      bias ? classifyOperand(bias, xType, axis) : OperandCollapse::View;
  if (scaleHow == OperandCollapse::None || biasHow == OperandCollapse::None)
    return std::nullopt;
  // A static broadcast copies n elements per call: worth it for several
  // slices, not for one (axis 0: the copy would be X's size and would be
  // written and read once more than X itself).
  if ((scaleHow == OperandCollapse::Copy || biasHow == OperandCollapse::Copy)) {
    int64_t outer = 1;
    for (int64_t k = 0; k < axis; ++k)
      outer = xType.isDynamicDim(k)          ? ShapedType::kDynamic
              : ShapedType::isDynamic(outer) ? outer
                                             : outer * xType.getDimSize(k);
    if (axis == 0 || (!ShapedType::isDynamic(outer) && outer < 8))
      return std::nullopt;
  }
  Value collapsedScale = collapseOperand(b, loc, scale, x, axis, scaleHow, c);
  Value collapsedBias =
      bias ? collapseOperand(b, loc, bias, x, axis, biasHow, c) : Value();
  Value collapsedX = tensor::CollapseShapeOp::create(
      b, loc, x, getCollapseReassociation(xType.getRank(), axis));
  return CollapsedLayerNormalization{collapsedX, collapsedScale, collapsedBias,
                                     axis > 0 ? 1 : 0};
}

SmallVector<Value> mlir::norm::expandLayerNormalizationResults(
    OpBuilder &b, Location loc, Value x, int64_t axis, Value y, Value mean,
    Value invStdDev, TypeRange resultTypes) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<ReassociationIndices> reassociation =
      getCollapseReassociation(rank, axis);
  SmallVector<OpFoldResult> xSizes = tensor::getMixedSizes(b, loc, x);
  // Y has X's shape and its own element type (RMSNormalization's V, which
  // may differ from X's T).
  auto yType = RankedTensorType::get(
      xType.getShape(), cast<RankedTensorType>(y.getType()).getElementType());
  Value expandedY =
      tensor::ExpandShapeOp::create(b, loc, yType, y, reassociation, xSizes);
  // [d0, ..., d(axis-1), 1, ..., 1]
  SmallVector<int64_t> statShape(xType.getShape().take_front(axis));
  SmallVector<OpFoldResult> statSizes(ArrayRef(xSizes).take_front(axis));
  for (int64_t k = axis; k < rank; ++k) {
    statShape.push_back(1);
    statSizes.push_back(b.getIndexAttr(1));
  }
  auto expandStat = [&](Value stat) -> Value {
    auto type = RankedTensorType::get(
        statShape, cast<RankedTensorType>(stat.getType()).getElementType());
    return tensor::ExpandShapeOp::create(b, loc, type, stat, reassociation,
                                         statSizes);
  };
  if (!mean)
    return {castToType(b, loc, expandedY, resultTypes[0]),
            castToType(b, loc, expandStat(invStdDev), resultTypes[1])};
  return {castToType(b, loc, expandedY, resultTypes[0]),
          castToType(b, loc, expandStat(mean), resultTypes[1]),
          castToType(b, loc, expandStat(invStdDev), resultTypes[2])};
}
