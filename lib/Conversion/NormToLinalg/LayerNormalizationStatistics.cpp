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
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
// Chunked f64 sums
//===----------------------------------------------------------------------===//

Value mlir::norm::buildChunkedSum(
    OpBuilder &b, Location loc, Value rows, OpFoldResult length,
    ValueRange perRow,
    function_ref<Value(OpBuilder &, Location, Value, ValueRange)> term,
    function_ref<Value(Value)> buildTailSum) {
  MLIRContext *ctx = b.getContext();
  FloatType f64 = b.getF64Type();
  OpFoldResult numRows = tensor::getMixedSize(b, loc, rows, 0);
  // Static sizes where n is static (a static size 0 slice would not tile).
  std::optional<int64_t> staticLength = getConstantIntValue(length);
  auto index = [&](int64_t value) -> OpFoldResult {
    return b.getIndexAttr(value);
  };
  auto times = [&](OpFoldResult size, int64_t factor) -> OpFoldResult {
    if (staticLength)
      return index(*getConstantIntValue(size) * factor);
    return arith::MulIOp::create(b, loc, cast<Value>(size),
                                 arith::ConstantIndexOp::create(b, loc, factor))
        .getResult();
  };
  OpFoldResult chunkLength =
      staticLength
          ? index(*staticLength / kSumChunks)
          : OpFoldResult(arith::DivUIOp::create(
                             b, loc, cast<Value>(length),
                             arith::ConstantIndexOp::create(b, loc, kSumChunks))
                             .getResult());
  OpFoldResult chunked = times(chunkLength, kSumChunks);
  OpFoldResult zero = index(0), one = index(1);
  auto columns = [&](OpFoldResult start, OpFoldResult size) -> Value {
    return tensor::ExtractSliceOp::create(b, loc, rows,
                                          ArrayRef<OpFoldResult>{zero, start},
                                          ArrayRef<OpFoldResult>{numRows, size},
                                          ArrayRef<OpFoldResult>{one, one});
  };
  SmallVector<Value> inputs;
  for (int64_t j = 0; j < kSumChunks; ++j)
    inputs.push_back(
        columns(j == 0 ? zero : times(chunkLength, j), chunkLength));
  llvm::append_range(inputs, perRow);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, ctx);
  AffineMap rowMap = AffineMap::get(2, 0, getAffineDimExpr(0, ctx), ctx);
  SmallVector<AffineMap> maps(kSumChunks, identity);
  maps.append(perRow.size() + 1, rowMap);
  Value init = createFilledTensor(b, loc, ArrayRef<OpFoldResult>{numRows},
                                  b.getFloatAttr(f64, -0.0));
  Value chunkSum =
      linalg::GenericOp::create(
          b, loc, init.getType(), inputs, init, maps,
          getReductionIteratorTypes(2, /*reducedDims=*/{1}),
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            ValueRange rowValues = args.slice(kSumChunks, perRow.size());
            Value terms;
            for (int64_t j = 0; j < kSumChunks; ++j) {
              Value t = term(nb, nloc, args[j], rowValues);
              terms =
                  terms ? arith::AddFOp::create(nb, nloc, terms, t,
                                                arith::FastMathFlags::contract)
                              .getResult()
                        : t;
            }
            linalg::YieldOp::create(
                nb, nloc,
                createReassocAdd(nb, nloc, args.back(),
                                 convertToFloat(nb, nloc, terms, f64)));
          })
          .getResult(0);

  // The tail [R, n mod kSumChunks].
  if (staticLength && *staticLength % kSumChunks == 0)
    return chunkSum;
  OpFoldResult tailLength =
      staticLength
          ? index(*staticLength % kSumChunks)
          : OpFoldResult(arith::SubIOp::create(b, loc, cast<Value>(length),
                                               cast<Value>(chunked))
                             .getResult());
  Value tailSum = buildTailSum(columns(chunked, tailLength));
  return buildSliceMap(
      b, loc, ValueRange{chunkSum, tailSum}, f64,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        return arith::AddFOp::create(nb, nloc, args[0], args[1]).getResult();
      });
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

/// Returns the longest slice whose sum of squared deviations an f32
/// LayerNormalization accumulates in f32 under `options`: with L partial
/// sums (getReductionPartialSums) the relative error of an f32 sum of n
/// nonnegative terms is at most (n / L + log2 L) * 2^-24, kept within
/// 132 * 2^-24 = 7.9e-6 (n <= L * (132 - log2 L): 2048 at L = 16, 132 for a
/// sequential sum), which moves InvStdDev by at most 4e-6, within half of
/// the f32 test tolerance (rtol 1e-5). Longer slices accumulate in f64, and
/// so does the sum of K - X (buildShiftOffset).
static int64_t getMaxF32SumOfSquaresLength(OpBuilder &b,
                                           const NormToLinalgOptions &options) {
  int64_t partialSums = getReductionPartialSums(options, b.getF32Type());
  return partialSums * (132 - llvm::Log2_64(partialSums));
}

Value mlir::norm::buildShiftOffset(OpBuilder &b, Location loc, Value x,
                                   Value shift, int64_t axis, FloatType c,
                                   const SliceCount &count,
                                   const NormToLinalgOptions &options) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  FloatType f64 = b.getF64Type();
  auto sum = [&](Value input, FloatType accType, Location at) {
    // -0.0, the identity of the addition: the first addition folds away.
    return buildReduction(
        b, at, input, shift, reducedDims, b.getFloatAttr(accType, -0.0),
        [&](OpBuilder &nb, Location nloc, ValueRange elements,
            Value acc) -> Value {
          Value shifted = arith::SubFOp::create(
              nb, nloc, elements[1], convertToFloat(nb, nloc, elements[0], c));
          return createReassocAdd(nb, nloc, acc,
                                  convertToFloat(nb, nloc, shifted, accType));
        });
  };
  // A linalg.map: its scf.if must not be fused into the per-element body of
  // the sum of squares.
  auto divideInC = [&](OpBuilder &nb, Location nloc, Value sumC) {
    return divideByCount(nb, nloc, sumC, count);
  };
  // n in f64 (exact), defined outside the per-slice maps.
  Value count64 =
      c.isF32() ? buildElementCount(b, loc, x, reducedDims, f64) : Value();
  auto divideInF64 = [&](OpBuilder &nb, Location nloc, Value sum64) {
    return createTruncF(nb, nloc,
                        arith::DivFOp::create(nb, nloc, sum64, count64), c);
  };
  auto perSlice =
      [&](ValueRange sums,
          function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
        return buildSliceMap(b, loc, sums, c, body);
      };
  auto inC = [&](OpBuilder &nb, Location nloc, ValueRange args) {
    return divideInC(nb, nloc, args[0]);
  };
  auto inF64 = [&](OpBuilder &nb, Location nloc, ValueRange args) {
    return divideInF64(nb, nloc, args[0]);
  };
  if (!c.isF32())
    return perSlice(sum(x, c, loc), inC);
  if (!hasSingleNormalizedDim(x, axis))
    return perSlice(sum(x, f64, loc), inF64);
  int64_t maxLength = getMaxF32SumOfSquaresLength(b, options);
  // An X with a static size 0 has no element to sum, and no slice of it
  // may start at offset 0 along that dim (the verifier rejects it).
  if (llvm::is_contained(xType.getShape(), 0))
    return perSlice(sum(x, c, loc), inC);
  // The f64 sum of the first `length` elements of each slice: for rows
  // [R, n], f32 sums of kSumChunks terms added in f64 (buildChunkedSum),
  // which cost the vector loop little more than the f32 sum; else each term
  // added in f64.
  auto sum64Of = [&](OpFoldResult length, Location at) -> Value {
    if (rank == 2 && axis == 1)
      return buildChunkedSum(
          b, at, x, length, ValueRange{shift},
          [&](OpBuilder &nb, Location nloc, Value element,
              ValueRange perRow) -> Value {
            return arith::SubFOp::create(nb, nloc, perRow[0],
                                         convertToFloat(nb, nloc, element, c));
          },
          [&](Value tail) { return sum(tail, f64, at); });
    if (isa<Value>(length))
      return sum(buildPrefixSlice(b, loc, x, axis, length), f64, at);
    return sum(x, f64, at);
  };
  if (!xType.isDynamicDim(axis))
    return xType.getDimSize(axis) > maxLength
               ? perSlice(sum64Of(b.getIndexAttr(xType.getDimSize(axis)), loc),
                          inF64)
               : perSlice(sum(x, c, loc), inC);

  // Dynamic size: as buildSumOfSquares, an f32 sum over X[..., 0:n] and an
  // f64 one over X[..., 0:0] for a short slice, the reverse for a long one.
  Value length = tensor::DimOp::create(b, loc, x, axis);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value isLong =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, length,
                            arith::ConstantIndexOp::create(b, loc, maxLength));
  Value shortLength =
      arith::SelectOp::create(b, loc, isLong, zero, length).getResult();
  Value sum32 = sum(buildPrefixSlice(b, loc, x, axis, shortLength), c, loc);
  // The long slices' sum streams them from memory after the short slices'
  // loop, which runs no step for them: their first pass (kFirstPassMarker).
  Value sum64 =
      sum64Of(arith::SelectOp::create(b, loc, isLong, length, zero).getResult(),
              getFirstPassLoc(loc));
  return perSlice(ValueRange{sum32, sum64},
                  [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                    // The division of the slice's own length only: an
                    // scf.if, so that the short slices' f32 division by n
                    // (or its reciprocal) is not taken on the long ones.
                    return scf::IfOp::create(
                               nb, nloc, isLong,
                               [&](OpBuilder &tb, Location tloc) {
                                 scf::YieldOp::create(
                                     tb, tloc, divideInF64(tb, tloc, args[1]));
                               },
                               [&](OpBuilder &eb, Location eloc) {
                                 scf::YieldOp::create(
                                     eb, eloc, divideInC(eb, eloc, args[0]));
                               })
                        .getResult(0);
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
