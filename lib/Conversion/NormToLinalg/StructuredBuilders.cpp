//===- StructuredBuilders.cpp - linalg/tensor builders --------------------===//
//
// Shapes, indexing maps, reductions, elementwise ops, per-slice scf.if,
// scalar f64 slice loops, broadcast copies and statistics results
// (StructuredBuilders.h).
//
//===----------------------------------------------------------------------===//

#include "StructuredBuilders.h"
#include "FloatArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <functional>

using namespace mlir;
using namespace mlir::norm;

//===----------------------------------------------------------------------===//
// Shapes and indexing maps
//===----------------------------------------------------------------------===//

SmallVector<utils::IteratorType>
mlir::norm::getReductionIteratorTypes(int64_t rank,
                                      ArrayRef<int64_t> reducedDims) {
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  for (int64_t dim : reducedDims)
    iterators[dim] = utils::IteratorType::reduction;
  return iterators;
}

AffineMap mlir::norm::getKeptDimsMap(MLIRContext *ctx, int64_t rank,
                                     ArrayRef<int64_t> reducedDims) {
  SmallVector<AffineExpr> exprs;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(reducedDims, dim))
      exprs.push_back(getAffineDimExpr(dim, ctx));
  return AffineMap::get(rank, /*symbolCount=*/0, exprs, ctx);
}

SmallVector<OpFoldResult>
mlir::norm::getKeptSizes(OpBuilder &b, Location loc, Value tensor,
                         ArrayRef<int64_t> reducedDims) {
  SmallVector<OpFoldResult> sizes;
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(reducedDims, dim))
      sizes.push_back(tensor::getMixedSize(b, loc, tensor, dim));
  return sizes;
}

Value mlir::norm::buildPrefixSlice(OpBuilder &b, Location loc, Value input,
                                   int64_t dim, OpFoldResult size) {
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  sizes[dim] = size;
  return tensor::ExtractSliceOp::create(b, loc, input, offsets, sizes, strides)
      .getResult();
}

Value mlir::norm::createFilledTensor(OpBuilder &b, Location loc,
                                     ArrayRef<OpFoldResult> sizes,
                                     TypedAttr value) {
  Value empty = tensor::EmptyOp::create(b, loc, sizes, value.getType());
  Value scalar = arith::ConstantOp::create(b, loc, value);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

Value mlir::norm::castToType(OpBuilder &b, Location loc, Value value,
                             Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

bool mlir::norm::isSliceView(Value value) {
  while (auto cast = value.getDefiningOp<tensor::CastOp>())
    value = cast.getSource();
  return value.getDefiningOp<tensor::ExtractSliceOp>() != nullptr;
}

//===----------------------------------------------------------------------===//
// Structured ops
//===----------------------------------------------------------------------===//

Value mlir::norm::buildReduction(OpBuilder &b, Location loc, Value input,
                                 ValueRange sliceInputs,
                                 ArrayRef<int64_t> reducedDims, TypedAttr init,
                                 ReductionBodyFn body) {
  Value acc = createFilledTensor(
      b, loc, getKeptSizes(b, loc, input, reducedDims), init);
  return buildReduction(b, loc, input, sliceInputs, reducedDims, acc, body);
}

Value mlir::norm::buildReduction(OpBuilder &b, Location loc, Value input,
                                 ValueRange sliceInputs,
                                 ArrayRef<int64_t> reducedDims, Value acc,
                                 ReductionBodyFn body) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  SmallVector<Value> inputs{input};
  llvm::append_range(inputs, sliceInputs);
  SmallVector<AffineMap> maps{AffineMap::getMultiDimIdentityMap(rank, ctx)};
  maps.append(sliceInputs.size() + 1, keptMap);

  auto generic = linalg::GenericOp::create(
      b, loc, acc.getType(), inputs, acc, maps,
      getReductionIteratorTypes(rank, reducedDims),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value next = body(nb, nloc, args.drop_back(), args.back());
        linalg::YieldOp::create(nb, nloc, next);
      });
  return generic.getResult(0);
}

Value mlir::norm::buildSliceElementwise(OpBuilder &b, Location loc, Value input,
                                        ValueRange sliceInputs,
                                        ArrayRef<int64_t> reducedDims,
                                        Type resultElementType,
                                        ElementwiseBodyFn body) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);

  Value init = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, input), resultElementType);
  SmallVector<Value> inputs{input};
  llvm::append_range(inputs, sliceInputs);
  SmallVector<AffineMap> maps{identity};
  maps.append(sliceInputs.size(), getKeptDimsMap(ctx, rank, reducedDims));
  maps.push_back(identity);

  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result = body(nb, nloc, args.drop_back());
        linalg::YieldOp::create(nb, nloc, result);
      });
  return generic.getResult(0);
}

Value mlir::norm::buildMap(OpBuilder &b, Location loc, ValueRange inputs,
                           Type resultElementType, ElementwiseBodyFn body) {
  return buildSliceElementwise(b, loc, inputs.front(), inputs.drop_front(),
                               /*reducedDims=*/{}, resultElementType, body);
}

//===----------------------------------------------------------------------===//
// Per-slice values
//===----------------------------------------------------------------------===//

Value mlir::norm::buildSliceIf(
    OpBuilder &b, Location loc, Value condition, int64_t numSliceDims,
    function_ref<Value(OpBuilder &, Location, ValueRange)> thenValue,
    function_ref<Value(OpBuilder &, Location, ValueRange)> elseValue) {
  SmallVector<Value> indices;
  for (int64_t d = 0; d < numSliceDims; ++d)
    indices.push_back(linalg::IndexOp::create(b, loc, d));
  auto ifOp = scf::IfOp::create(
      b, loc, condition,
      [&](OpBuilder &tb, Location tloc) {
        scf::YieldOp::create(tb, tloc, thenValue(tb, tloc, indices));
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc, elseValue(eb, eloc, indices));
      });
  return ifOp.getResult(0);
}

Value mlir::norm::buildSliceFoldF64(OpBuilder &b, Location loc, Value x,
                                    ValueRange outer, int64_t axis, Value init,
                                    SliceFoldFn combine, bool cold) {
  auto xType = cast<RankedTensorType>(x.getType());
  FloatType f64 = b.getF64Type();
  SmallVector<Value> indices(outer);
  std::function<Value(OpBuilder &, Location, int64_t, Value)> loop =
      [&](OpBuilder &lb, Location lloc, int64_t dim, Value init) -> Value {
    Value zero = arith::ConstantIndexOp::create(lb, lloc, 0);
    Value one = arith::ConstantIndexOp::create(lb, lloc, 1);
    Value size = tensor::DimOp::create(lb, lloc, x, dim);
    auto forOp = scf::ForOp::create(
        lb, lloc, zero, size, one, ValueRange{init},
        [&](OpBuilder &fb, Location floc, Value iv, ValueRange iterArgs) {
          indices.push_back(iv);
          Value next;
          if (dim + 1 < xType.getRank()) {
            next = loop(fb, floc, dim + 1, iterArgs[0]);
          } else {
            Value element =
                tensor::ExtractOp::create(fb, floc, x, indices).getResult();
            next = combine(fb, floc, iterArgs[0],
                           convertToFloat(fb, floc, element, f64));
          }
          indices.pop_back();
          scf::YieldOp::create(fb, floc, next);
        });
    if (cold)
      forOp->setAttr("norm.cold_loop", lb.getUnitAttr());
    return forOp.getResult(0);
  };
  return loop(b, loc, axis, init);
}

Value mlir::norm::buildSliceSumF64(
    OpBuilder &b, Location loc, Value x, ValueRange outer, int64_t axis,
    function_ref<Value(OpBuilder &, Location, Value)> term, bool cold) {
  return buildSliceFoldF64(
      b, loc, x, outer, axis, createFloatConstant(b, loc, b.getF64Type(), 0.0),
      [&](OpBuilder &fb, Location floc, Value acc, Value element) {
        return createReassocAdd(fb, floc, acc, term(fb, floc, element));
      },
      cold);
}

Value mlir::norm::buildBroadcastCopy(OpBuilder &b, Location loc, Value operand,
                                     Value x, int64_t firstDim,
                                     bool keepUnitDims, bool runtimeOnes,
                                     FloatType elementType) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  int64_t offset = rank - type.getRank();
  SmallVector<int64_t> staticSizes;
  SmallVector<Value> dynamicSizes;
  for (int64_t k = firstDim; k < rank; ++k) {
    if (keepUnitDims && k >= offset && type.getDimSize(k - offset) == 1) {
      staticSizes.push_back(1);
      continue;
    }
    staticSizes.push_back(xType.getDimSize(k));
    if (xType.isDynamicDim(k))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, x, k));
  }
  auto copyType = RankedTensorType::get(staticSizes, elementType);
  return tensor::GenerateOp::create(
             b, loc, copyType, dynamicSizes,
             [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
               Value zero = arith::ConstantIndexOp::create(nb, nloc, 0);
               SmallVector<Value> indices;
               for (int64_t i = 0; i < type.getRank(); ++i) {
                 int64_t k = offset + i;
                 if (k < firstDim || type.getDimSize(i) == 1) {
                   indices.push_back(zero);
                   continue;
                 }
                 Value index = ivs[k - firstDim];
                 if (runtimeOnes && type.isDynamicDim(i)) {
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
               tensor::YieldOp::create(
                   nb, nloc, convertToFloat(nb, nloc, element, elementType));
             })
      .getResult();
}

AffineMap
mlir::norm::getRightAlignedBroadcastMap(MLIRContext *ctx, int64_t rank,
                                        RankedTensorType operandType) {
  int64_t offset = rank - operandType.getRank();
  SmallVector<AffineExpr> exprs;
  for (auto [i, size] : llvm::enumerate(operandType.getShape())) {
    if (size == 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(offset + i, ctx));
  }
  return AffineMap::get(rank, /*symbolCount=*/0, exprs, ctx);
}

Value mlir::norm::resolveRuntimeBroadcast(OpBuilder &b, Location loc,
                                          Value operand, Value x, int64_t axis,
                                          FloatType c, bool resolved) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  int64_t offset = xType.getRank() - rank;
  bool broadcast =
      !resolved && llvm::any_of(llvm::seq<int64_t>(0, rank), [&](int64_t i) {
        return type.isDynamicDim(i) && xType.getDimSize(offset + i) != 1;
      });
  bool convert = type.getElementType().getIntOrFloatBitWidth() < c.getWidth() &&
                 llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t i) {
                   return offset + i >= axis || type.getDimSize(i) == 1;
                 });
  if (!broadcast && !convert)
    return operand;
  Value copy =
      buildBroadcastCopy(b, loc, operand, x, offset, /*keepUnitDims=*/true,
                         /*runtimeOnes=*/broadcast,
                         convert ? c : cast<FloatType>(type.getElementType()));
  if (convert)
    return copy;
  // Only the run-time broadcast is left: copy where a dynamic size is 1,
  // else read the operand itself (cast to the copy's sizes, which are X's).
  // The copy's buffer, written on one thread, would be read by every
  // thread of the row loop on each call; the operand is read where it is.
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value anyOne;
  for (int64_t i = 0; i < rank; ++i) {
    if (!type.isDynamicDim(i) || xType.getDimSize(offset + i) == 1)
      continue;
    Value isOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              tensor::DimOp::create(b, loc, operand, i), one);
    anyOne = anyOne ? arith::OrIOp::create(b, loc, anyOne, isOne).getResult()
                    : isOne;
  }
  Operation *copyOp = copy.getDefiningOp();
  auto ifOp = scf::IfOp::create(b, loc, copy.getType(), anyOne,
                                /*withElseRegion=*/true);
  copyOp->moveBefore(ifOp.thenBlock(), ifOp.thenBlock()->end());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(ifOp.thenBlock());
    scf::YieldOp::create(b, loc, copy);
    b.setInsertionPointToEnd(ifOp.elseBlock());
    Value same = operand;
    if (operand.getType() != copy.getType())
      same = tensor::CastOp::create(b, loc, copy.getType(), operand);
    scf::YieldOp::create(b, loc, same);
  }
  return ifOp.getResult(0);
}

//===----------------------------------------------------------------------===//
// Statistics results
//===----------------------------------------------------------------------===//

Value mlir::norm::buildStatResult(OpBuilder &b, Location loc, Value stat,
                                  Value x, int64_t axis,
                                  RankedTensorType resultType) {
  auto u = cast<FloatType>(resultType.getElementType());
  auto statType = cast<RankedTensorType>(stat.getType());
  if (statType.getElementType() != u)
    stat = buildMap(b, loc, stat, u,
                    [&](OpBuilder &nb, Location nloc, ValueRange elements) {
                      return createTruncF(nb, nloc, elements[0], u);
                    });

  int64_t rank = resultType.getRank();
  // The last outer dim (if any) absorbs the trailing unit dims.
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t i = 0; i < axis; ++i)
    reassociation.push_back({i});
  if (axis > 0)
    for (int64_t i = axis; i < rank; ++i)
      reassociation.back().push_back(i);

  SmallVector<OpFoldResult> outputShape =
      getKeptSizes(b, loc, x, llvm::to_vector(llvm::seq<int64_t>(axis, rank)));
  SmallVector<int64_t> staticShape(statType.getShape());
  for (int64_t i = axis; i < rank; ++i) {
    outputShape.push_back(b.getIndexAttr(1));
    staticShape.push_back(1);
  }
  auto expandedType = RankedTensorType::get(staticShape, u);
  Value expanded = tensor::ExpandShapeOp::create(b, loc, expandedType, stat,
                                                 reassociation, outputShape);
  return castToType(b, loc, expanded, resultType);
}
