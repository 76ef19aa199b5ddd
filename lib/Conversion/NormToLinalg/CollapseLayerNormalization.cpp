//===- CollapseLayerNormalization.cpp - LayerNorm over one collapsed dim --===//
//
// A LayerNormalization over two or more dims (axis < rank - 1, e.g. X
// [N, C, H, W] with axis 1) reduces each slice over contiguous memory, but
// a loop nest with one loop per normalized dim is vectorized along the
// innermost one only: with W = 2 that is a scalar loop (X [16384, 1024, 1]
// took 160 ms instead of 3 ms), and its f32 partial sums accumulate nearly
// sequentially (InvStdDev of f32 [2, 4096, 2] with one outlier was off by
// 6e-5, six times the test tolerance). The lowering therefore runs on X
// collapsed to [O, n] (O the product of the outer dims, n of the
// normalized ones), the 2-D LayerNorm that the rest of the pipeline
// vectorizes, and expands the results back. Collapse and expand are views;
// only a Scale or B that broadcasts inside the normalized dims, or whose
// dynamic sizes may be 1 at run time, is copied (n elements, once per call).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// Returns whether `value` is a slice of another tensor (tensor.extract_slice,
/// through tensor.cast): its buffer is then a strided view, which
/// bufferization cannot collapse without a copy (memref.copy, which also
/// needs the memrefCopy runtime function).
static bool isSliceView(Value value) {
  while (auto cast = value.getDefiningOp<tensor::CastOp>())
    value = cast.getSource();
  return value.getDefiningOp<tensor::ExtractSliceOp>() != nullptr;
}

/// Returns Scale or B (`operand`, right-aligned to X) as a 1-D tensor of
/// the n elements of one normalized slice (see
/// collapseLayerNormalizationOperands), or a null value when it may vary
/// over X's outer dims.
static Value collapseOperand(OpBuilder &b, Location loc, Value operand, Value x,
                             int64_t axis, FloatType c) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  int64_t offset = rank - type.getRank();
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (offset + i < axis && type.getDimSize(i) != 1)
      return Value();

  // Exactly X's static normalized sizes, and not a slice: a view.
  bool exact =
      !isSliceView(operand) && offset <= axis &&
      llvm::all_of(llvm::seq<int64_t>(axis, rank), [&](int64_t k) {
        int64_t size = type.getDimSize(k - offset);
        return !ShapedType::isDynamic(size) && size == xType.getDimSize(k);
      });
  Value full = operand;
  if (!exact) {
    SmallVector<int64_t> staticSizes;
    SmallVector<Value> dynamicSizes;
    for (int64_t k = axis; k < rank; ++k) {
      staticSizes.push_back(xType.getDimSize(k));
      if (xType.isDynamicDim(k))
        dynamicSizes.push_back(tensor::DimOp::create(b, loc, x, k));
    }
    // A tensor.generate, not a linalg.generic, so that elementwise fusion
    // leaves this once-per-call copy out of the normalization's loops.
    auto fullType = RankedTensorType::get(staticSizes, c);
    full = tensor::GenerateOp::create(
               b, loc, fullType, dynamicSizes,
               [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
                 // operand[i...]: index 0 along the outer dims and where
                 // the size is 1 (static, or at run time), X's otherwise.
                 Value zero = arith::ConstantIndexOp::create(nb, nloc, 0);
                 SmallVector<Value> indices;
                 for (int64_t i = 0; i < type.getRank(); ++i) {
                   int64_t k = offset + i;
                   if (k < axis || type.getDimSize(i) == 1) {
                     indices.push_back(zero);
                     continue;
                   }
                   Value index = ivs[k - axis];
                   if (type.isDynamicDim(i)) {
                     Value one = arith::ConstantIndexOp::create(nb, nloc, 1);
                     Value size = tensor::DimOp::create(nb, nloc, operand, i);
                     Value isOne = arith::CmpIOp::create(
                         nb, nloc, arith::CmpIPredicate::eq, size, one);
                     index =
                         arith::SelectOp::create(nb, nloc, isOne, zero, index);
                   }
                   indices.push_back(index);
                 }
                 Value element =
                     tensor::ExtractOp::create(nb, nloc, operand, indices);
                 tensor::YieldOp::create(nb, nloc,
                                         convertToFloat(nb, nloc, element, c));
               })
               .getResult();
  }
  ReassociationIndices all = llvm::to_vector(
      llvm::seq<int64_t>(0, cast<RankedTensorType>(full.getType()).getRank()));
  return tensor::CollapseShapeOp::create(b, loc, full,
                                         ArrayRef<ReassociationIndices>{all})
      .getResult();
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
  if (isSliceView(x))
    return std::nullopt;
  Value collapsedScale = collapseOperand(b, loc, scale, x, axis, c);
  if (!collapsedScale)
    return std::nullopt;
  Value collapsedBias;
  if (bias && !(collapsedBias = collapseOperand(b, loc, bias, x, axis, c)))
    return std::nullopt;
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  Value collapsedX = tensor::CollapseShapeOp::create(
      b, loc, x, getCollapseReassociation(rank, axis));
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
  Value expandedY =
      tensor::ExpandShapeOp::create(b, loc, xType, y, reassociation, xSizes);
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
  return {castToType(b, loc, expandedY, resultTypes[0]),
          castToType(b, loc, expandStat(mean), resultTypes[1]),
          castToType(b, loc, expandStat(invStdDev), resultTypes[2])};
}
