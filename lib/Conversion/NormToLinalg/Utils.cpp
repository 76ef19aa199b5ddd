//===- Utils.cpp - helpers shared by the norm-to-linalg lowerings ---------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

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

//===----------------------------------------------------------------------===//
// Structured ops
//===----------------------------------------------------------------------===//

Value mlir::norm::buildReduction(OpBuilder &b, Location loc, Value input,
                                 ValueRange sliceInputs,
                                 ArrayRef<int64_t> reducedDims, TypedAttr init,
                                 ReductionBodyFn body) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);

  Value acc = createFilledTensor(
      b, loc, getKeptSizes(b, loc, input, reducedDims), init);
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
// Scalars
//===----------------------------------------------------------------------===//

Value mlir::norm::convertToFloat(OpBuilder &b, Location loc, Value value,
                                 FloatType type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<IntegerType>(from))
    return arith::SIToFPOp::create(b, loc, type, value);
  auto fromFloat = cast<FloatType>(from);
  if (fromFloat.getWidth() > type.getWidth())
    return createTruncF(b, loc, value, type);
  // 16-bit -> f64 through f32 (exact): bf16 -> f32 has an integer expansion
  // (arith-expand) and f16 -> f32 is native on x86; the direct forms would
  // need compiler-rt calls.
  if (fromFloat.getWidth() == 16 && type.getWidth() > 32)
    value = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
  return arith::ExtFOp::create(b, loc, type, value);
}

Value mlir::norm::createTruncF(OpBuilder &b, Location loc, Value value,
                               FloatType type) {
  auto from = cast<FloatType>(value.getType());
  if (from == type)
    return value;
  if (!(from.isF64() && type.getWidth() == 16))
    return arith::TruncFOp::create(b, loc, type, value);

  // Round to odd from f64 to f32: RNE, then, where that was inexact and gave
  // an even significand, step to the odd neighbour on x's side. Rounding
  // this f32 (24 bits >= 11 + 2) to nearest-even then equals rounding x
  // once. NaN compares unordered and passes through unchanged.
  Type f32 = b.getF32Type();
  Type i32 = b.getI32Type();
  Value rne = arith::TruncFOp::create(b, loc, f32, value);
  Value back = arith::ExtFOp::create(b, loc, from, rne);
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, back, value);
  Value bits = arith::BitcastOp::create(b, loc, i32, rne);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value lowBit = arith::AndIOp::create(b, loc, bits, one);
  Value even =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lowBit, zero);
  Value fix = arith::AndIOp::create(b, loc, inexact, even);
  // |rne| > |x|: RNE rounded away from zero, the odd neighbour toward zero
  // is bits - 1; otherwise bits + 1 (sign-magnitude encoding).
  Value awayFromZero = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OGT, math::AbsFOp::create(b, loc, back),
      math::AbsFOp::create(b, loc, value));
  Value down = arith::SubIOp::create(b, loc, bits, one);
  Value up = arith::AddIOp::create(b, loc, bits, one);
  Value oddBits = arith::SelectOp::create(
      b, loc, fix, arith::SelectOp::create(b, loc, awayFromZero, down, up),
      bits);
  Value odd = arith::BitcastOp::create(b, loc, f32, oddBits);
  return arith::TruncFOp::create(b, loc, type, odd);
}

Value mlir::norm::createReassocAdd(OpBuilder &b, Location loc, Value lhs,
                                   Value rhs) {
  return arith::AddFOp::create(b, loc, lhs, rhs, arith::FastMathFlags::reassoc);
}

Value mlir::norm::createFloatConstant(OpBuilder &b, Location loc,
                                      FloatType type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

Value mlir::norm::createPowerTerm(OpBuilder &b, Location loc, Value x,
                                  int64_t p) {
  if (p == 1)
    return math::AbsFOp::create(b, loc, x);
  return arith::MulFOp::create(b, loc, x, x);
}

Value mlir::norm::createRoot(OpBuilder &b, Location loc, Value sum, int64_t p) {
  if (p == 1)
    return sum;
  return math::SqrtOp::create(b, loc, sum);
}

//===----------------------------------------------------------------------===//
// Scaled Lp norm
//===----------------------------------------------------------------------===//

ScaledPowerSum mlir::norm::buildScaledPowerSum(OpBuilder &b, Location loc,
                                               Value input,
                                               ArrayRef<int64_t> reducedDims,
                                               int64_t p,
                                               FloatType computeType) {
  ScaledPowerSum result;
  // M = ReduceMax(|X|); maximumf propagates NaN.
  result.maxAbs =
      buildReduction(b, loc, input, /*sliceInputs=*/{}, reducedDims,
                     b.getFloatAttr(computeType, 0.0),
                     [&](OpBuilder &nb, Location nloc, ValueRange elements,
                         Value acc) -> Value {
                       Value x =
                           convertToFloat(nb, nloc, elements[0], computeType);
                       Value absX = math::AbsFOp::create(nb, nloc, x);
                       return arith::MaximumFOp::create(nb, nloc, acc, absX);
                     });
  // S = ReduceSum(|X / M|^p); every term is <= 1, so S <= n.
  result.sum = buildReduction(
      b, loc, input, result.maxAbs, reducedDims,
      b.getFloatAttr(computeType, 0.0),
      [&](OpBuilder &nb, Location nloc, ValueRange elements,
          Value acc) -> Value {
        Value x = convertToFloat(nb, nloc, elements[0], computeType);
        Value scaled = arith::DivFOp::create(nb, nloc, x, elements[1]);
        return createReassocAdd(nb, nloc, acc,
                                createPowerTerm(nb, nloc, scaled, p));
      });
  return result;
}

Value mlir::norm::buildScaledQuotient(OpBuilder &b, Location loc, Value x,
                                      Value maxAbs, Value sum, int64_t p,
                                      Value zeroResult) {
  auto type = cast<FloatType>(x.getType());
  Value zero = createFloatConstant(b, loc, type, 0.0);
  if (!zeroResult)
    zeroResult = zero;
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics())));
  // Y = (X / M) / root(S)
  Value scaled = arith::DivFOp::create(b, loc, x, maxAbs);
  Value quotient =
      arith::DivFOp::create(b, loc, scaled, createRoot(b, loc, sum, p));
  // An infinite element makes ||x|| infinite: Y = X / inf, as the reference.
  Value isInf =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, maxAbs, inf);
  Value finite = arith::SelectOp::create(b, loc, isInf, scaled, quotient);
  // A zero slice (M == 0; ordered, so NaN stays NaN).
  Value isZero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, maxAbs, zero);
  return arith::SelectOp::create(b, loc, isZero, zeroResult, finite);
}
