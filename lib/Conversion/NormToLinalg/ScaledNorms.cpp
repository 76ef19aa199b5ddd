//===- ScaledNorms.cpp - Lp norms without overflow ------------------------===//
//
// The scaled Lp norm and the f32 fast paths of LpNormalization and
// Normalizer (ScaledNorms.h).
//
//===----------------------------------------------------------------------===//

#include "ScaledNorms.h"
#include "FloatArithmetic.h"
#include "LoweringContract.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::norm;

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

int64_t mlir::norm::getMaxF32SumLength(const NormToLinalgOptions &options) {
  int64_t partialSums = getF32PartialSums(options);
  // n / L + log2 L <= 68 (L <= 2^31: positive).
  return partialSums * (68 - llvm::Log2_64(partialSums));
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
                     // Not cold: a dynamic size above maxLength sends every
                     // slice here.
                     return buildSliceSumF64(
                         eb, eloc, input, indices, axis,
                         [&](OpBuilder &fb, Location floc, Value x) {
                           return createPowerTerm(fb, floc, x, p);
                         },
                         /*cold=*/false);
                   });
               linalg::YieldOp::create(nb, nloc, sum);
             })
      .getResult()[0];
}

ScaledReciprocal mlir::norm::buildScaledReciprocal(
    OpBuilder &b, Location loc, Value divisor,
    function_ref<Value(OpBuilder &, Location, Value)> toDivisor,
    bool scalarLoops, bool withScale) {
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
  if (withScale)
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
