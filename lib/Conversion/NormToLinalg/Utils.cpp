//===- Utils.cpp - helpers shared by the norm-to-linalg lowerings ---------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

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

//===----------------------------------------------------------------------===//
// f32 fast paths (LpNormalization, Normalizer)
//===----------------------------------------------------------------------===//

/// L of getReductionPartialSums for f32.
static int64_t getF32PartialSums(const NormToLinalgOptions &options) {
  return llvm::bit_floor(std::max<uint32_t>(options.reductionPartialSums, 1));
}

int64_t mlir::norm::getReductionPartialSums(const NormToLinalgOptions &options,
                                            FloatType accType) {
  int64_t partialSums = getF32PartialSums(options);
  return accType.isF64() ? std::max<int64_t>(partialSums / 2, 1)
                         : partialSums;
}

int64_t mlir::norm::getMaxF32SumLength(const NormToLinalgOptions &options) {
  int64_t partialSums = getF32PartialSums(options);
  // n / L + log2 L <= 68 (L <= 2^31: positive).
  return partialSums * (68 - llvm::Log2_64(partialSums));
}

LogicalResult mlir::norm::checkDependentDialectsLoaded(Operation *op) {
  DialectRegistry registry;
  getNormToLinalgDependentDialects(registry);
  for (StringRef name : registry.getDialectNames()) {
    if (op->getContext()->getLoadedDialect(name))
      continue;
    return op->emitError("cannot lower '")
           << op->getName() << "': the '" << name
           << "' dialect is not loaded (a pass using the norm-to-linalg "
              "patterns must list getNormToLinalgDependentDialects in its "
              "getDependentDialects)";
  }
  return success();
}

Value mlir::norm::buildGuardedF32PowerSum(OpBuilder &b, Location loc,
                                          Value input, int64_t p,
                                          int64_t maxLength) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  int64_t axis = rank - 1;
  SmallVector<int64_t, 1> reducedDims{axis};
  FloatType f32 = b.getF32Type();
  FloatType f64 = b.getF64Type();

  // Dynamic slices longer than maxLength take the f64 loop: the f32
  // reduction reads X[..., 0:0] for them. An X with a static size 0 has no
  // slice to sum (and none of it may start at offset 0 along that dim).
  Value length = tensor::DimOp::create(b, loc, input, axis);
  Value isShort;
  Value fastInput = input;
  if (inputType.isDynamicDim(axis) &&
      !llvm::is_contained(inputType.getShape(), 0)) {
    isShort = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule, length,
        arith::ConstantIndexOp::create(b, loc, maxLength));
    fastInput = buildPrefixSlice(
        b, loc, input, axis,
        arith::SelectOp::create(b, loc, isShort, length,
                                arith::ConstantIndexOp::create(b, loc, 0))
            .getResult());
  }

  // S32 = ReduceSum(|X|^p) in f32
  Value sum32 = buildReduction(b, loc, fastInput, /*sliceInputs=*/{},
                               reducedDims, b.getFloatAttr(f32, 0.0),
                               [&](OpBuilder &nb, Location nloc,
                                   ValueRange elements, Value acc) -> Value {
                                 return createReassocAdd(
                                     nb, nloc, acc,
                                     createPowerTerm(nb, nloc, elements[0], p));
                               });

  // S = safe(S32) ? S32 : sum over the slice in f64. All terms are >= 0,
  // so every partial sum is <= S32: S32 <= 2^100 means that no square
  // overflowed, and S32 >= 2^-100 that the squares that underflowed (each
  // off by at most 2^-150) change S by less than n * 2^-50 of itself. A sum
  // of |x| has no underflow (sums of subnormals are exact); only overflow
  // (S32 = inf) matters. NaN fails the ordered compares: the f64 loop then
  // gives NaN too.
  Value init = tensor::EmptyOp::create(
      b, loc, getKeptSizes(b, loc, input, reducedDims), f64);
  return linalg::MapOp::create(
             b, loc, ValueRange{sum32}, init,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value s = args[0];
               Value safe;
               if (p == 2) {
                 Value lo = createFloatConstant(nb, nloc, f32, 0x1p-100);
                 Value hi = createFloatConstant(nb, nloc, f32, 0x1p100);
                 safe = arith::AndIOp::create(
                     nb, nloc,
                     arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGE,
                                           s, lo),
                     arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLE,
                                           s, hi));
               } else {
                 Value max = arith::ConstantOp::create(
                     nb, nloc,
                     nb.getFloatAttr(
                         f32, APFloat::getLargest(f32.getFloatSemantics())));
                 safe = arith::CmpFOp::create(
                     nb, nloc, arith::CmpFPredicate::OLE, s, max);
               }
               if (isShort)
                 safe = arith::AndIOp::create(nb, nloc, safe, isShort);
               Value sum = buildSliceIf(
                   nb, nloc, safe, axis,
                   [&](OpBuilder &tb, Location tloc, ValueRange) -> Value {
                     return arith::ExtFOp::create(tb, tloc, f64, s);
                   },
                   [&](OpBuilder &eb, Location eloc,
                       ValueRange indices) -> Value {
                     Value zero = arith::ConstantIndexOp::create(eb, eloc, 0);
                     Value one = arith::ConstantIndexOp::create(eb, eloc, 1);
                     auto loop = scf::ForOp::create(
                         eb, eloc, zero, length, one,
                         ValueRange{createFloatConstant(eb, eloc, f64, 0.0)},
                         [&](OpBuilder &fb, Location floc, Value j,
                             ValueRange iterArgs) {
                           SmallVector<Value> at(indices);
                           at.push_back(j);
                           Value x = arith::ExtFOp::create(
                               fb, floc, f64,
                               tensor::ExtractOp::create(fb, floc, input,
                                                         ValueRange(at))
                                   .getResult());
                           scf::YieldOp::create(
                               fb, floc,
                               createReassocAdd(
                                   fb, floc, iterArgs[0],
                                   createPowerTerm(fb, floc, x, p)));
                         });
                     return loop.getResult(0);
                   });
               linalg::YieldOp::create(nb, nloc, sum);
             })
      .getResult()[0];
}

ScaledReciprocal mlir::norm::buildScaledReciprocal(
    OpBuilder &b, Location loc, Value divisor,
    function_ref<Value(OpBuilder &, Location, Value)> toDivisor,
    bool scalarLoops) {
  FloatType f32 = b.getF32Type();
  FloatType f64 = b.getF64Type();
  // d as f64 (exact for f32 divisors).
  auto getD = [&](OpBuilder &nb, Location nloc, Value element) -> Value {
    if (toDivisor)
      return toDivisor(nb, nloc, element);
    return convertToFloat(nb, nloc, element, f64);
  };
  // scale = 2^k with k = 1022 - biased exponent of d (so |d| * 2^k is in
  // [0.5, 1)), clamped to f32's normal powers of two [-126, 127]; 1 for NaN
  // and infinite d, 0 for d == 0.
  auto getScale = [&](OpBuilder &nb, Location nloc, Value d) -> Value {
    Type i64 = nb.getI64Type();
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(nb, nloc, i64, v);
    };
    Value bits = arith::BitcastOp::create(nb, nloc, i64, d);
    Value exponent = arith::AndIOp::create(
        nb, nloc, arith::ShRUIOp::create(nb, nloc, bits, c(52)), c(0x7ff));
    Value k = arith::SubIOp::create(nb, nloc, c(1022), exponent);
    Value finite = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ne,
                                         exponent, c(0x7ff));
    k = arith::SelectOp::create(nb, nloc, finite, k, c(0));
    k = arith::MaxSIOp::create(
        nb, nloc, arith::MinSIOp::create(nb, nloc, k, c(127)), c(-126));
    Value scaleBits = arith::TruncIOp::create(
        nb, nloc, nb.getI32Type(),
        arith::ShLIOp::create(
            nb, nloc, arith::AddIOp::create(nb, nloc, k, c(127)), c(23)));
    Value scale = arith::BitcastOp::create(nb, nloc, f32, scaleBits);
    Value isZero =
        arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, d,
                              createFloatConstant(nb, nloc, f64, 0.0));
    return arith::SelectOp::create(
        nb, nloc, isZero, createFloatConstant(nb, nloc, f32, 0.0), scale);
  };

  auto build = [&](bool wantScale) -> Value {
    // The factor of one slice from d, for any d.
    auto general = [&](OpBuilder &nb, Location nloc, Value d) -> Value {
      Value scale = getScale(nb, nloc, d);
      if (wantScale)
        return scale;
      // 1 / (d * scale), rounded once to f32 (d * scale is exact: a power
      // of two times an f64 far from its limits; the f64 quotient's
      // rounding is below f32's).
      Value one = createFloatConstant(nb, nloc, f64, 1.0);
      Value scaled = arith::MulFOp::create(
          nb, nloc, d, arith::ExtFOp::create(nb, nloc, f64, scale));
      return arith::TruncFOp::create(
          nb, nloc, f32, arith::DivFOp::create(nb, nloc, one, scaled));
    };
    // The factor of one slice from its divisor element. Where 2^-64 <= |d|
    // <= 2^64 (NaN excluded), scale = 1 and reciprocal = 1 / d give the same
    // Y as the general factors where |Y| >= 2^-125 (scaling by 2^k commutes
    // with rounding there; below, x * scale was subnormal and rounded
    // twice), without the exponent arithmetic, an f64 multiply and their
    // latency on the path from a row's sum to its Y (docs/numerics.md).
    auto factor = [&](OpBuilder &nb, Location nloc, Value element) -> Value {
      Value d = getD(nb, nloc, element);
      Value absD = math::AbsFOp::create(nb, nloc, d);
      Value common = arith::AndIOp::create(
          nb, nloc,
          arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGE, absD,
                                createFloatConstant(nb, nloc, f64, 0x1p-64)),
          arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLE, absD,
                                createFloatConstant(nb, nloc, f64, 0x1p64)));
      auto ifOp = scf::IfOp::create(
          nb, nloc, common,
          [&](OpBuilder &tb, Location tloc) {
            Value v;
            if (wantScale)
              v = createFloatConstant(tb, tloc, f32, 1.0);
            else
              v = arith::TruncFOp::create(
                  tb, tloc, f32,
                  arith::DivFOp::create(
                      tb, tloc, createFloatConstant(tb, tloc, f64, 1.0), d));
            scf::YieldOp::create(tb, tloc, v);
          },
          [&](OpBuilder &eb, Location eloc) {
            scf::YieldOp::create(eb, eloc, general(eb, eloc, d));
          });
      return ifOp.getResult(0);
    };
    if (scalarLoops) {
      auto type = cast<RankedTensorType>(divisor.getType());
      SmallVector<Value> dynamicSizes;
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (type.isDynamicDim(d))
          dynamicSizes.push_back(tensor::DimOp::create(b, loc, divisor, d));
      return tensor::GenerateOp::create(
                 b, loc, RankedTensorType::get(type.getShape(), f32),
                 dynamicSizes,
                 [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
                   Value element =
                       tensor::ExtractOp::create(nb, nloc, divisor, ivs);
                   tensor::YieldOp::create(nb, nloc, factor(nb, nloc, element));
                 })
          .getResult();
    }
    Value init = tensor::EmptyOp::create(
        b, loc, tensor::getMixedSizes(b, loc, divisor), f32);
    return linalg::MapOp::create(
               b, loc, ValueRange{divisor}, init,
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 linalg::YieldOp::create(nb, nloc, factor(nb, nloc, args[0]));
               })
        .getResult()[0];
  };
  ScaledReciprocal result;
  result.scale = build(/*wantScale=*/true);
  result.reciprocal = build(/*wantScale=*/false);
  return result;
}

Value mlir::norm::buildScaledF32Quotient(OpBuilder &b, Location loc, Value x,
                                         Value scale, Value reciprocal,
                                         Value zeroResult) {
  FloatType f32 = b.getF32Type();
  Value zero = createFloatConstant(b, loc, f32, 0.0);
  if (!zeroResult)
    zeroResult = zero;
  // (x * scale) * reciprocal: two roundings (the first is exact unless
  // x * scale is subnormal, i.e. |x / d| < 2^-125), no fastmath flags, so
  // that the two per-slice factors are not folded into one.
  Value quotient = arith::MulFOp::create(
      b, loc, arith::MulFOp::create(b, loc, x, scale), reciprocal);
  Value isZero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, scale, zero);
  return arith::SelectOp::create(b, loc, isZero, zeroResult, quotient);
}

Value mlir::norm::buildF32RowMax(OpBuilder &b, Location loc, Value input) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t, 1> reducedDims{rank - 1};
  Type i32 = b.getI32Type();
  SmallVector<OpFoldResult> keptSizes =
      getKeptSizes(b, loc, input, reducedDims);
  // Keys start at the key of -inf, magnitudes at 0.
  Value keyInit = createFilledTensor(
      b, loc, keptSizes,
      b.getI32IntegerAttr(static_cast<int32_t>(0x807fffffu)));
  Value magnitudeInit =
      createFilledTensor(b, loc, keptSizes, b.getI32IntegerAttr(0));
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  SmallVector<AffineMap> maps{AffineMap::getMultiDimIdentityMap(rank, ctx),
                              keptMap, keptMap};
  auto maxes = linalg::GenericOp::create(
      b, loc, TypeRange{keyInit.getType(), magnitudeInit.getType()}, input,
      ValueRange{keyInit, magnitudeInit}, maps,
      getReductionIteratorTypes(rank, reducedDims),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        auto c = [&](int64_t v) -> Value {
          return arith::ConstantIntOp::create(nb, nloc, i32, v);
        };
        Value bits = arith::BitcastOp::create(nb, nloc, i32, args[0]);
        // Negative values: flip the magnitude bits (key = -1 - |bits|), so
        // that keys order as the floats do (-0 just below +0).
        Value mask = arith::ShRUIOp::create(
            nb, nloc, arith::ShRSIOp::create(nb, nloc, bits, c(31)), c(1));
        Value key = arith::XOrIOp::create(nb, nloc, bits, mask);
        Value magnitude = arith::AndIOp::create(nb, nloc, bits, c(0x7fffffff));
        linalg::YieldOp::create(
            nb, nloc,
            ValueRange{arith::MaxSIOp::create(nb, nloc, args[1], key),
                       arith::MaxSIOp::create(nb, nloc, args[2], magnitude)});
      });

  // max = NaN if the largest magnitude is a NaN's, else the float of the
  // largest key (the same flip is its own inverse).
  Value init = tensor::EmptyOp::create(b, loc, keptSizes, b.getF32Type());
  return linalg::MapOp::create(
             b, loc, maxes.getResults(), init,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               auto c = [&](int64_t v) -> Value {
                 return arith::ConstantIntOp::create(nb, nloc, i32, v);
               };
               Value mask = arith::ShRUIOp::create(
                   nb, nloc, arith::ShRSIOp::create(nb, nloc, args[0], c(31)),
                   c(1));
               Value bits = arith::XOrIOp::create(nb, nloc, args[0], mask);
               Value isNaN = arith::CmpIOp::create(
                   nb, nloc, arith::CmpIPredicate::sgt, args[1], c(0x7f800000));
               bits = arith::SelectOp::create(nb, nloc, isNaN, c(0x7fc00000),
                                              bits);
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::BitcastOp::create(nb, nloc, nb.getF32Type(), bits)
                       .getResult());
             })
      .getResult()[0];
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
