//===- LayerNormalizationStatistics.cpp - LayerNorm sums and counts -------===//
//
// The statistics of a LayerNormalization from the vector passes: the
// element count n of a slice and the division by it, the per-slice maps,
// the shift K of each slice, and the sum of squared deviations in f32 or f64
// (LayerNormalization.h; the math is in LayerNormalization.cpp).
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "LayerNormalization.h"
#include "LoweringContract.h"
#include "StructuredBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::norm;

//===----------------------------------------------------------------------===//
// Element counts
//===----------------------------------------------------------------------===//

/// The product of some sizes of a tensor: an index value where one of them
/// is dynamic (`dynamic`, times the static ones), else null and the
/// constant `staticCount`.
struct ElementCount {
  Value dynamic;
  int64_t staticCount = 1;
};

/// Returns the product of the sizes `dims` of `tensor`.
static ElementCount buildElementCountIndex(OpBuilder &b, Location loc,
                                           Value tensor,
                                           ArrayRef<int64_t> dims) {
  auto tensorType = cast<RankedTensorType>(tensor.getType());
  ElementCount count;
  for (int64_t dim : dims) {
    int64_t size = tensorType.getDimSize(dim);
    if (!ShapedType::isDynamic(size)) {
      count.staticCount *= size;
      continue;
    }
    Value dimSize = tensor::DimOp::create(b, loc, tensor, dim);
    count.dynamic = count.dynamic
                        ? arith::MulIOp::create(b, loc, count.dynamic, dimSize)
                        : dimSize;
  }
  if (count.dynamic && count.staticCount != 1)
    count.dynamic = arith::MulIOp::create(
        b, loc, count.dynamic,
        arith::ConstantIndexOp::create(b, loc, count.staticCount));
  return count;
}

/// Returns `count` converted to `type`.
static Value convertElementCount(OpBuilder &b, Location loc,
                                 const ElementCount &count, FloatType type) {
  if (!count.dynamic)
    return createFloatConstant(b, loc, type,
                               static_cast<double>(count.staticCount));
  return arith::UIToFPOp::create(
      b, loc, type,
      arith::IndexCastOp::create(b, loc, b.getI64Type(), count.dynamic));
}

Value mlir::norm::buildElementCount(OpBuilder &b, Location loc, Value tensor,
                                    ArrayRef<int64_t> dims, FloatType type) {
  return convertElementCount(
      b, loc, buildElementCountIndex(b, loc, tensor, dims), type);
}

SliceCount mlir::norm::buildSliceCount(OpBuilder &b, Location loc, Value x,
                                       ArrayRef<int64_t> dims, FloatType type) {
  ElementCount elements = buildElementCountIndex(b, loc, x, dims);
  SliceCount count;
  count.n = convertElementCount(b, loc, elements, type);
  Value size = elements.dynamic;
  if (!size)
    return count;
  // n > 0 and n & (n - 1) == 0
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value lowBits = arith::AndIOp::create(
      b, loc, size,
      arith::SubIOp::create(b, loc, size,
                            arith::ConstantIndexOp::create(b, loc, 1)));
  count.isPowerOfTwo = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, size, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lowBits, zero));
  count.reciprocal = arith::DivFOp::create(
      b, loc, createFloatConstant(b, loc, type, 1.0), count.n);
  return count;
}

Value mlir::norm::divideByCount(OpBuilder &b, Location loc, Value value,
                                const SliceCount &count) {
  if (!count.isPowerOfTwo)
    return arith::DivFOp::create(b, loc, value, count.n);
  auto ifOp = scf::IfOp::create(
      b, loc, count.isPowerOfTwo,
      [&](OpBuilder &tb, Location tloc) {
        Value product =
            arith::MulFOp::create(tb, tloc, value, count.reciprocal);
        scf::YieldOp::create(tb, tloc, product);
      },
      [&](OpBuilder &eb, Location eloc) {
        Value quotient = arith::DivFOp::create(eb, eloc, value, count.n);
        scf::YieldOp::create(eb, eloc, quotient);
      });
  return ifOp.getResult(0);
}

//===----------------------------------------------------------------------===//
// Per-slice maps
//===----------------------------------------------------------------------===//

Value mlir::norm::buildSliceMap(
    OpBuilder &b, Location loc, ValueRange inputs, Type type,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  Value init = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, inputs.front()), type);
  return linalg::MapOp::create(
             b, loc, inputs, init,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nloc, body(nb, nloc, args.take_front(inputs.size())));
             })
      .getResult()[0];
}

//===----------------------------------------------------------------------===//
// The shift K
//===----------------------------------------------------------------------===//

Value mlir::norm::buildSliceShift(OpBuilder &b, Location loc, Value x,
                                  int64_t axis, FloatType c) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  SmallVector<OpFoldResult> sizes = getKeptSizes(b, loc, x, reducedDims);
  TypedAttr zeroAttr = b.getFloatAttr(c, 0.0);
  // A static size 0: no slice has a first element (and no tensor.extract
  // may name one).
  if (llvm::any_of(reducedDims,
                   [&](int64_t dim) { return xType.getDimSize(dim) == 0; }))
    return createFilledTensor(b, loc, sizes, zeroAttr);
  // Dynamic sizes: the slices have a first element when none is 0 (the same
  // for every slice, computed once).
  Value nonEmpty;
  for (int64_t dim : reducedDims) {
    if (!xType.isDynamicDim(dim))
      continue;
    Value size = tensor::DimOp::create(b, loc, x, dim);
    Value positive =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, size,
                              arith::ConstantIndexOp::create(b, loc, 0));
    nonEmpty =
        nonEmpty ? arith::AndIOp::create(b, loc, nonEmpty, positive) : positive;
  }
  Value init = tensor::EmptyOp::create(b, loc, sizes, c);
  return linalg::MapOp::create(
             b, loc, ValueRange{}, init,
             [&](OpBuilder &nb, Location nloc, ValueRange) {
               SmallVector<Value> indices;
               for (int64_t d = 0; d < axis; ++d)
                 indices.push_back(linalg::IndexOp::create(nb, nloc, d));
               indices.append(rank - axis,
                              arith::ConstantIndexOp::create(nb, nloc, 0));
               auto first = [&](OpBuilder &fb, Location floc) {
                 Value element =
                     tensor::ExtractOp::create(fb, floc, x, indices);
                 return convertToFloat(fb, floc, element, c);
               };
               Value k;
               if (!nonEmpty) {
                 k = first(nb, nloc);
               } else {
                 k = scf::IfOp::create(
                         nb, nloc, nonEmpty,
                         [&](OpBuilder &tb, Location tloc) {
                           scf::YieldOp::create(tb, tloc, first(tb, tloc));
                         },
                         [&](OpBuilder &eb, Location eloc) {
                           scf::YieldOp::create(
                               eb, eloc, createFloatConstant(eb, eloc, c, 0.0));
                         })
                         .getResult(0);
               }
               linalg::YieldOp::create(nb, nloc, k);
             })
      .getResult()[0];
}

//===----------------------------------------------------------------------===//
// Sum of squares
//===----------------------------------------------------------------------===//

/// Returns whether the slices of `x` from `axis` on span a single
/// (innermost) dim, whose sums the later pipeline may split into partial
/// sums (NormToLinalgOptions). The sums over several dims (a LayerNorm that
/// is not collapsed) are taken as sequential.
static bool hasSingleNormalizedDim(Value x, int64_t axis) {
  return cast<RankedTensorType>(x.getType()).getRank() - axis == 1;
}

Value mlir::norm::buildShiftOffset(OpBuilder &b, Location loc, Value x,
                                   Value shift, int64_t axis, FloatType c,
                                   const SliceCount &count) {
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  FloatType accType =
      c.isF32() && !hasSingleNormalizedDim(x, axis) ? b.getF64Type() : c;
  // -0.0, the identity of the addition: the first addition folds away.
  Value sum = buildReduction(
      b, loc, x, shift, reducedDims, b.getFloatAttr(accType, -0.0),
      [&](OpBuilder &nb, Location nloc, ValueRange elements,
          Value acc) -> Value {
        Value shifted = arith::SubFOp::create(
            nb, nloc, elements[1], convertToFloat(nb, nloc, elements[0], c));
        return createReassocAdd(nb, nloc, acc,
                                convertToFloat(nb, nloc, shifted, accType));
      });
  // A linalg.map: its scf.if must not be fused into the per-element body of
  // the sum of squares.
  if (accType == c)
    return buildSliceMap(b, loc, sum, c,
                         [&](OpBuilder &nb, Location nloc, ValueRange args) {
                           return divideByCount(nb, nloc, args[0], count);
                         });
  Value count64 = buildElementCount(b, loc, x, reducedDims, accType);
  return buildSliceMap(
      b, loc, sum, c, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        return createTruncF(
            nb, nloc, arith::DivFOp::create(nb, nloc, args[0], count64), c);
      });
}

int64_t mlir::norm::getSlicePartialSums(Value x, int64_t axis, FloatType c,
                                        const NormToLinalgOptions &options) {
  if (hasSingleNormalizedDim(x, axis))
    return getReductionPartialSums(options, c);
  // f32 C over several dims sums K - X in f64 (buildShiftOffset; the
  // channels-last GroupNormalization does too): each term is rounded once to
  // f32 and the f64 sum adds under n * 2^-29 f32 roundings, so the error of
  // Q is that of a sum in at least 2^29 partial sums (k = n / L + log2(L) + 2
  // is then 31 + n * 2^-29, above the 1 + n * 2^-29 needed; the
  // channels-last GroupNormalization's f32 sums of eight terms per f64 term
  // need 8 + n * 2^-29). f64 C: a sequential sum.
  return c.isF32() ? int64_t(1) << 29 : 1;
}

/// Returns the longest slice whose sum of squared deviations an f32
/// LayerNormalization accumulates in f32 under `options`: with L partial
/// sums (getReductionPartialSums) the relative error of an f32 sum of n
/// nonnegative terms is at most (n / L + log2 L) * 2^-24, kept within
/// 132 * 2^-24 = 7.9e-6 (n <= L * (132 - log2 L): 2048 at L = 16, 132 for a
/// sequential sum), which moves InvStdDev by at most 4e-6, within half of
/// the f32 test tolerance (rtol 1e-5). Longer slices accumulate in f64.
static int64_t getMaxF32SumOfSquaresLength(OpBuilder &b,
                                           const NormToLinalgOptions &options) {
  int64_t partialSums = getReductionPartialSums(options, b.getF32Type());
  return partialSums * (132 - llvm::Log2_64(partialSums));
}

Value mlir::norm::buildSumOfSquares(OpBuilder &b, Location loc, Value x,
                                    Value shift, Value offset, int64_t axis,
                                    FloatType c,
                                    const NormToLinalgOptions &options) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  FloatType f64 = b.getF64Type();
  auto sum = [&](Value input, FloatType accType) {
    // -0.0, the identity of the addition: the first addition folds away.
    return buildReduction(b, loc, input, ValueRange{shift, offset}, reducedDims,
                          b.getFloatAttr(accType, -0.0),
                          [&](OpBuilder &nb, Location nloc, ValueRange elements,
                              Value acc) -> Value {
                            return buildSquaredDeviationSum(
                                nb, nloc, elements[0], elements[1], elements[2],
                                acc, c, accType);
                          });
  };
  auto perSlice =
      [&](ValueRange sums,
          function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
        return buildSliceMap(b, loc, sums, c, body);
      };
  auto roundF64 = [&](OpBuilder &nb, Location nloc, ValueRange args) {
    return createTruncF(nb, nloc, args[0], c);
  };
  if (!c.isF32())
    return sum(x, c);
  if (!hasSingleNormalizedDim(x, axis))
    return perSlice(sum(x, f64), roundF64);
  int64_t maxLength = getMaxF32SumOfSquaresLength(b, options);
  // An X with a static size 0 has no element to sum, and no slice of it
  // may start at offset 0 along that dim (the verifier rejects it).
  if (llvm::is_contained(xType.getShape(), 0))
    return sum(x, c);
  if (!xType.isDynamicDim(axis))
    return xType.getDimSize(axis) > maxLength ? perSlice(sum(x, f64), roundF64)
                                              : sum(x, c);

  // Dynamic size: f32 partial sums over X[..., 0:n] and f64 ones over
  // X[..., 0:0] for a short slice, the reverse for a long one.
  Value length = tensor::DimOp::create(b, loc, x, axis);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value isLong =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, length,
                            arith::ConstantIndexOp::create(b, loc, maxLength));
  auto prefix = [&](Value size) {
    return buildPrefixSlice(b, loc, x, axis, size);
  };
  Value sum32 =
      sum(prefix(arith::SelectOp::create(b, loc, isLong, zero, length)), c);
  Value sum64 =
      sum(prefix(arith::SelectOp::create(b, loc, isLong, length, zero)), f64);
  return perSlice(ValueRange{sum32, sum64},
                  [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                    return arith::SelectOp::create(
                        nb, nloc, isLong, createTruncF(nb, nloc, args[1], c),
                        args[0]);
                  });
}

Value mlir::norm::buildSquaredDeviationSum(OpBuilder &b, Location loc, Value x,
                                           Value shift, Value offset, Value acc,
                                           FloatType c, FloatType accType) {
  Value shifted =
      arith::SubFOp::create(b, loc, shift, convertToFloat(b, loc, x, c));
  Value d = arith::SubFOp::create(b, loc, shifted, offset);
  d = convertToFloat(b, loc, d, accType);
  Value square =
      arith::MulFOp::create(b, loc, d, d, arith::FastMathFlags::contract);
  return arith::AddFOp::create(b, loc, acc, square,
                               arith::FastMathFlags::reassoc |
                                   arith::FastMathFlags::contract);
}
