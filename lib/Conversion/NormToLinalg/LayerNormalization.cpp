//===- LayerNormalization.cpp - lower norm.layer_normalization to linalg --===//
//
// Over the normalized axes [axis, ..., r-1], with n their element count and
// C the stage-one type (f32 for f16/bf16/f32 X, f64 for f64 X):
//
//   Mean       = ReduceSum(X) / n
//   D          = X - Mean
//   Var        = ReduceSum(D * D) / n          (two passes, never E[x^2]-E^2;
//                                               summed in f64 for f32 C and
//                                               slices longer than 2048)
//   InvStdDev  = 1 / sqrt(Var + epsilon)
//   Y          = D * InvStdDev * Scale + B
//
// all in C, with one rounding of Y to X's type and of Mean and InvStdDev to
// the stash type U. Scale and B broadcast to X right-aligned. n = 0 gives
// Mean = InvStdDev = 0 / 0 = NaN.
//
// A slice whose variance the rounding error of its Mean may distort by
// more than 2^-17 relatively (constant and nearly constant slices, and
// slices whose mean is large against their spread), or whose sum or sum of
// squares overflowed
// (buildNeedsExactStatistics has the details), is recomputed by scalar
// loops in f64, as the shifted two-pass algorithm (Chan, Golub and
// LeVeque, "Algorithms for computing the sample variance", 1983): with K
// its first element,
//   Mean = K + ReduceSum(X - K) / n,   Var = ReduceSum((X - Mean)^2) / n,
//   InvStdDev = 1 / sqrt(Var + epsilon),
// all in f64, then Mean and InvStdDev rounded once to C. A constant slice
// then has Mean = K exactly, Var = 0 and Y = B, however long it is; a plain
// f32 sum of n copies of a value is inexact, and the tiny D = X - Mean it
// leaves is amplified by 1 / sqrt(epsilon).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cmath>

using namespace mlir;
using namespace mlir::norm;

/// Returns the indexing map of `operand` (Scale or B) in the loop nest over
/// X of rank `rank`, broadcasting right-aligned: a static size-1 dim is read
/// at index 0, any other dim (equal to X's, or dynamic and taken as equal)
/// follows X's loop.
static AffineMap getBroadcastMap(MLIRContext *ctx, int64_t rank,
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

/// Resolves run-time broadcasting of Scale or B, and converts a 16-bit
/// operand to the stage-two type `c` once per call instead of once per row.
/// A dynamic size of `operand` may be 1 or X's size at run time (the op's
/// runtime verification rejects anything else), which no indexing map can
/// express; such operands are first copied into a tensor of X's trailing
/// sizes, reading index 0 where the run-time size is 1. f16/bf16 operands
/// that do not vary over X's dims before `axis` (the usual [C] Scale, at
/// most as large as a slice) are copied as `c` values. Other operands are
/// returned as is. `resolved`: the operand's dynamic sizes are known to be
/// X's (collapseLayerNormalizationOperands made it), so at most the
/// conversion is left to do.
static Value materializeRuntimeBroadcast(OpBuilder &b, Location loc,
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
  return buildBroadcastCopy(b, loc, operand, x, offset, /*keepUnitDims=*/true,
                            /*runtimeOnes=*/broadcast,
                            convert ? c
                                    : cast<FloatType>(type.getElementType()));
}

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

/// Returns the product of the sizes `dims` of `tensor` converted to `type`:
/// a constant where all are static, tensor.dim products otherwise.
static Value buildElementCount(OpBuilder &b, Location loc, Value tensor,
                               ArrayRef<int64_t> dims, FloatType type) {
  return convertElementCount(
      b, loc, buildElementCountIndex(b, loc, tensor, dims), type);
}

/// n, the element count of a slice, in the stage-one type C, as
/// divideByCount uses it: for a dynamic n also 1 / n in C and whether n is a
/// power of two, computed once per call.
struct SliceCount {
  Value n;
  Value reciprocal;
  Value isPowerOfTwo;
};

/// Returns the SliceCount of the slices of `x` over `dims`, in `type`.
static SliceCount buildSliceCount(OpBuilder &b, Location loc, Value x,
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

/// Returns value / n, rounded once. Where a dynamic n is a power of two at
/// run time: value * (1 / n), the same result (1 / n is exact, and both
/// round the same quotient once) without the division's latency on a row's
/// path from its sums to its Y (docs/Pipeline.md, stage 3); an scf.if,
/// whose branch the CPU predicts. LLVM rewrites the division by a static
/// power of two itself.
static Value divideByCount(OpBuilder &b, Location loc, Value value,
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

/// Rounds the per-row statistic `stat` (the outer dims of X, type C) to `U`
/// and expands it to `resultType`: [d0, ..., d(axis-1), 1, ..., 1].
static Value buildStashResult(OpBuilder &b, Location loc, Value stat, Value x,
                              int64_t axis, RankedTensorType resultType) {
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

/// Returns, in f64, the sum over the slice of `x` at the outer indices
/// `outer` (the dims before `axis`) of `term(x)`, with `x` converted to f64:
/// nested scf.for loops over the normalized dims, reading elements with
/// tensor.extract (a scalar path for the rare slices that need it).
static Value
buildSliceSumF64(OpBuilder &b, Location loc, Value x, ValueRange outer,
                 int64_t axis,
                 function_ref<Value(OpBuilder &, Location, Value)> term) {
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
            next = createReassocAdd(
                fb, floc, iterArgs[0],
                term(fb, floc, convertToFloat(fb, floc, element, f64)));
          }
          indices.pop_back();
          scf::YieldOp::create(fb, floc, next);
        });
    return forOp.getResult(0);
  };
  return loop(b, loc, axis, createFloatConstant(b, loc, f64, 0.0));
}

/// Returns whether the slice's statistics from the vector passes (Mean0 =
/// Sum / n and Var0 = SumSq / n, in C) need the exact recomputation (see
/// the file comment), when
/// * 0 < Var0 and (k + 1)^2 * u^2 * (Var0 + Mean0^2) > 2^-17 * Var0, with u
///   the unit roundoff of C (2^-24 for f32, 2^-53 for f64; compared in f64,
///   where it cannot underflow): the error of Mean0 may make Var0 more than
///   2^-17 too large relatively. Var0 exceeds the variance around the exact
///   mean by (Mean0 - mean)^2, and |Mean0 - mean| is at most
///   k * u * mean(|X|) (to first order) plus u * |Mean0| for the division,
///   with mean(|X|) <= sqrt(Var + mean^2) and k = n - 1 for a sequential
///   sum. With `partialSums` L > 1 (getSlicePartialSums: the later pipeline
///   splits the sums of rows of 64 or more in at least L partial sums,
///   NormToLinalgOptions), k = n / L + log2(L), taken + 2 here, for such
///   rows. Slices whose mean is large against their
///   spread take the recomputation: |Mean0| / sqrt(Var0) above about
///   2^15.5 / (k + 1) for f32 (f32 [10000.0625, 10000, 10000]: Mean0 is
///   3e-4 off, and Var0 1e-4 too large relatively). The rounding of SumSq
///   itself is bounded by buildSumOfSquares (f64 for long slices);
/// * Var0 = 0 with 0 < |Mean0| < 2^-50 (2^-480 in f64): D * D may have
///   underflowed (elsewhere Var0 = 0 means D = 0, an exact Mean);
/// * Var0 = +inf: SumSq overflowed, from values spread beyond about 2^63
///   or from the rounding error of a large Mean0 alone (a constant f32
///   slice of 1e30; f32 [1e19, -1e19] has Var 1e38 < FLT_MAX);
/// * Mean0 = +-inf: the sum overflowed (a constant f32 slice of 1e38), or
///   the slice holds an infinity, which the recomputation keeps;
/// * Mean0 = NaN: the slice holds a NaN (kept), or partial sums overflowed
///   to +inf and -inf (f32 [1e38, -1e38, 3e38, -3e38]), or it is empty
///   (n = 0, Mean0 = 0 / 0; the recomputation gives NaN too).
static Value buildNeedsExactStatistics(OpBuilder &b, Location loc, Value mean0,
                                       Value var0, Value count64,
                                       int64_t partialSums) {
  auto c = cast<FloatType>(mean0.getType());
  FloatType f64 = b.getF64Type();
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(c, APFloat::getInf(c.getFloatSemantics())));
  Value zero = createFloatConstant(b, loc, c, 0.0);
  auto cmp = [&](arith::CmpFPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpFOp::create(b, loc, predicate, lhs, rhs).getResult();
  };
  auto any = [&](ArrayRef<Value> conditions) {
    Value result = conditions.front();
    for (Value condition : conditions.drop_front())
      result = arith::OrIOp::create(b, loc, result, condition);
    return result;
  };
  Value absMean0 = math::AbsFOp::create(b, loc, mean0);
  // (k + 1) * u, and (Var0 + Mean0^2) * ((k + 1) * u)^2 > 2^-17 * Var0.
  // k = n - 1 for n < 64, else n / L + log2(L) + 2 with L the fewest
  // partial sums of the reduction.
  auto constant = [&](double value) {
    return createFloatConstant(b, loc, f64, value);
  };
  double lanes = partialSums;
  Value k = arith::SubFOp::create(b, loc, count64, constant(1.0));
  if (partialSums > 1)
    k = arith::SelectOp::create(
        b, loc, cmp(arith::CmpFPredicate::OLT, count64, constant(64.0)), k,
        arith::AddFOp::create(
            b, loc,
            arith::MulFOp::create(b, loc, count64, constant(1.0 / lanes)),
            constant(std::log2(lanes) + 2.0)));
  Value bound = arith::MulFOp::create(
      b, loc, arith::AddFOp::create(b, loc, k, constant(1.0)),
      constant(c.isF64() ? 0x1p-53 : 0x1p-24));
  Value var64 = convertToFloat(b, loc, var0, f64);
  Value mean64 = convertToFloat(b, loc, mean0, f64);
  Value meanErrorBound = arith::MulFOp::create(
      b, loc,
      arith::AddFOp::create(b, loc, var64,
                            arith::MulFOp::create(b, loc, mean64, mean64)),
      arith::MulFOp::create(b, loc, bound, bound));
  Value nearConstant = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::OGT, var0, zero),
      cmp(arith::CmpFPredicate::OGT, meanErrorBound,
          arith::MulFOp::create(b, loc, var64,
                                createFloatConstant(b, loc, f64, 0x1p-17))));
  Value underflowed = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::OEQ, var0, zero),
      arith::AndIOp::create(
          b, loc, cmp(arith::CmpFPredicate::OGT, absMean0, zero),
          cmp(arith::CmpFPredicate::OLT, absMean0,
              createFloatConstant(b, loc, c, c.isF64() ? 0x1p-480 : 0x1p-50))));
  // Mean0 = +-inf or NaN (unordered or >= inf): the sum overflowed, the
  // slice holds an infinity or a NaN, or its partial sums overflowed to
  // +inf and -inf (f32 [1e38, -1e38, 3e38, -3e38] summed in vector lanes).
  // An empty slice (Mean0 = 0 / 0) is recomputed too, to NaN again
  // (buildShiftedMeanF64): this keeps one compare on every slice's path
  // (excluding empty slices here was measurably slower on short rows,
  // docs/numerics.md).
  return any({nearConstant, underflowed,
              cmp(arith::CmpFPredicate::OEQ, var0, inf),
              cmp(arith::CmpFPredicate::UGE, absMean0, inf)});
}

/// Returns a linalg.map over `inputs` (tensors of X's outer dims) with
/// result element type `type`. A linalg.map, not a linalg.generic, so that
/// linalg-fuse-elementwise-ops does not pull its scalar loops into Y's
/// elementwise op.
static Value
buildSliceMap(OpBuilder &b, Location loc, ValueRange inputs, Type type,
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

/// Returns whether the slices of `x` from `axis` on span a single
/// (innermost) dim, whose sums the later pipeline may split into partial
/// sums (NormToLinalgOptions). The sums over several dims (a LayerNorm that
/// is not collapsed) are taken as sequential.
static bool hasSingleNormalizedDim(Value x, int64_t axis) {
  return cast<RankedTensorType>(x.getType()).getRank() - axis == 1;
}

/// Returns L, the fewest partial sums of the reductions in the stage-one
/// type `c` over the slices of `x` from `axis` on: getReductionPartialSums
/// over a single normalized dim, 1 over several.
static int64_t getSlicePartialSums(Value x, int64_t axis, FloatType c,
                                   const NormToLinalgOptions &options) {
  return hasSingleNormalizedDim(x, axis) ? getReductionPartialSums(options, c)
                                         : 1;
}

/// Inside a linalg.map over X's outer dims (the dims before `axis`): returns
/// `exact(outer indices)` for a slice of `x` whose Mean0 and Var0 need the
/// exact recomputation (buildNeedsExactStatistics), `vector` otherwise,
/// through an scf.if.
static Value buildIfNeedsExact(
    OpBuilder &b, Location loc, Value x, Value mean0, Value var0, Value count64,
    int64_t axis, const NormToLinalgOptions &options, Value vector,
    function_ref<Value(OpBuilder &, Location, ValueRange)> exact) {
  auto c = cast<FloatType>(mean0.getType());
  Value needed = buildNeedsExactStatistics(
      b, loc, mean0, var0, count64, getSlicePartialSums(x, axis, c, options));
  return buildSliceIf(
      b, loc, needed, axis, exact,
      [&](OpBuilder &, Location, ValueRange) { return vector; });
}

/// Inside the exact recomputation (buildIfNeedsExact) of the slice of `x`
/// at `outer`: returns its mean in f64, K + ReduceSum(X - K) / n with K its
/// first element (0 if that is infinite, so that an infinity gives an
/// infinite mean as the reference's; 0 for an empty slice, whose mean is
/// then 0 / 0 = NaN).
static Value buildShiftedMeanF64(OpBuilder &b, Location loc, Value x,
                                 ValueRange outer, int64_t axis,
                                 Value count64) {
  FloatType f64 = b.getF64Type();
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<Value> first(outer);
  first.append(rank - axis, arith::ConstantIndexOp::create(b, loc, 0));
  // An empty slice (n = 0) has no first element: K = 0, and the mean is
  // 0 / 0 = NaN, as the vector passes' Mean0.
  Value nonEmpty =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, count64,
                            createFloatConstant(b, loc, f64, 0.0));
  auto ifOp = scf::IfOp::create(
      b, loc, nonEmpty,
      [&](OpBuilder &tb, Location tloc) {
        Value element = tensor::ExtractOp::create(tb, tloc, x, first);
        scf::YieldOp::create(tb, tloc, convertToFloat(tb, tloc, element, f64));
      },
      [&](OpBuilder &eb, Location eloc) {
        scf::YieldOp::create(eb, eloc, createFloatConstant(eb, eloc, f64, 0.0));
      });
  Value k = ifOp.getResult(0);
  Value finite = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, k),
      arith::ConstantOp::create(
          b, loc,
          b.getFloatAttr(f64, APFloat::getInf(f64.getFloatSemantics()))));
  k = arith::SelectOp::create(b, loc, finite, k,
                              createFloatConstant(b, loc, f64, 0.0));
  Value shifted = buildSliceSumF64(
      b, loc, x, outer, axis, [&](OpBuilder &lb, Location lloc, Value element) {
        return arith::SubFOp::create(lb, lloc, element, k);
      });
  return arith::AddFOp::create(b, loc, k,
                               arith::DivFOp::create(b, loc, shifted, count64));
}

/// Returns Mean per slice of `x` (the dims from `axis` on, n = `count` in
/// C, `count64` in f64): Mean0, or for a slice that needs it (file comment)
/// the shifted mean in f64 rounded once to C.
static Value buildExactMean(OpBuilder &b, Location loc, Value x, int64_t axis,
                            Value mean0, Value sumSq, const SliceCount &count,
                            Value count64,
                            const NormToLinalgOptions &options) {
  auto c = cast<FloatType>(getElementTypeOrSelf(mean0.getType()));
  return buildSliceMap(
      b, loc, ValueRange{mean0, sumSq}, c,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value var0 = divideByCount(nb, nloc, args[1], count);
        return buildIfNeedsExact(
            nb, nloc, x, args[0], var0, count64, axis, options, args[0],
            [&](OpBuilder &tb, Location tloc, ValueRange outer) -> Value {
              return createTruncF(
                  tb, tloc,
                  buildShiftedMeanF64(tb, tloc, x, outer, axis, count64), c);
            });
      });
}

/// Returns InvStdDev = 1 / sqrt(Var + epsilon) per slice of `x`, with
/// Var = SumSq / n in C, or for a slice that needs it (file comment) all in
/// f64 around the unrounded shifted mean (recomputed: a third scalar pass,
/// for these rare slices only), Var = ReduceSum((X - mean)^2) / n, rounded
/// once to C.
static Value buildInvStdDev(OpBuilder &b, Location loc, Value x, int64_t axis,
                            Value sumSq, Value mean0, const SliceCount &count,
                            Value count64, Value eps,
                            const NormToLinalgOptions &options) {
  auto c = cast<FloatType>(getElementTypeOrSelf(sumSq.getType()));
  FloatType f64 = b.getF64Type();
  auto invStdDev = [](OpBuilder &nb, Location nloc, Value var, Value epsilon) {
    auto type = cast<FloatType>(var.getType());
    Value stdDev = math::SqrtOp::create(
        nb, nloc, arith::AddFOp::create(nb, nloc, var, epsilon));
    return arith::DivFOp::create(
               nb, nloc, createFloatConstant(nb, nloc, type, 1.0), stdDev)
        .getResult();
  };
  return buildSliceMap(
      b, loc, ValueRange{sumSq, mean0}, c,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value var = divideByCount(nb, nloc, args[0], count);
        Value result = invStdDev(nb, nloc, var, eps);
        return buildIfNeedsExact(
            nb, nloc, x, args[1], var, count64, axis, options, result,
            [&](OpBuilder &tb, Location tloc, ValueRange outer) -> Value {
              Value mean64 =
                  buildShiftedMeanF64(tb, tloc, x, outer, axis, count64);
              Value sumSq64 = buildSliceSumF64(
                  tb, tloc, x, outer, axis,
                  [&](OpBuilder &lb, Location lloc, Value element) {
                    Value d = arith::SubFOp::create(lb, lloc, element, mean64);
                    return arith::MulFOp::create(lb, lloc, d, d);
                  });
              Value var64 = arith::DivFOp::create(tb, tloc, sumSq64, count64);
              return createTruncF(tb, tloc,
                                  invStdDev(tb, tloc, var64,
                                            convertToFloat(tb, tloc, eps, f64)),
                                  c);
            });
      });
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

/// Returns SumSq = ReduceSum((X - Mean0)^2) per slice of `x` over its dims
/// [axis, rank), in the stage-one type `c` (Mean0: per slice, in C). D is
/// computed in C; the accumulation is in f64 where the f32 rounding error
/// could exceed the tolerance (docs/numerics.md):
/// * f32 C over one (innermost) normalized dim: in f32 for slices of up to
///   getMaxF32SumOfSquaresLength elements, in f64 above. A dynamic size takes both
///   reductions on complementary slices of X (the unused one sums
///   X[..., 0:0]) and selects per call;
/// * f32 C over several dims (a LayerNorm that is not collapsed, summed
///   sequentially): always in f64;
/// * f64 C: in f64.
/// The f64 sum is rounded once to C.
static Value buildSumOfSquares(OpBuilder &b, Location loc, Value x, Value mean0,
                               int64_t axis, FloatType c,
                               const NormToLinalgOptions &options) {
  auto xType = cast<RankedTensorType>(x.getType());
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  FloatType f64 = b.getF64Type();
  auto sum = [&](Value input, FloatType accType) {
    return buildReduction(
        b, loc, input, mean0, reducedDims, b.getFloatAttr(accType, 0.0),
        [&](OpBuilder &nb, Location nloc, ValueRange elements,
            Value acc) -> Value {
          Value d = arith::SubFOp::create(
              nb, nloc, convertToFloat(nb, nloc, elements[0], c), elements[1]);
          d = convertToFloat(nb, nloc, d, accType);
          // acc + D * D may be one fused multiply-add (one rounding fewer).
          Value square = arith::MulFOp::create(nb, nloc, d, d,
                                               arith::FastMathFlags::contract);
          return arith::AddFOp::create(nb, nloc, acc, square,
                                       arith::FastMathFlags::reassoc |
                                           arith::FastMathFlags::contract);
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
    return xType.getDimSize(axis) > maxLength
               ? perSlice(sum(x, f64), roundF64)
               : sum(x, c);

  // Dynamic size: f32 partial sums over X[..., 0:n] and f64 ones over
  // X[..., 0:0] for a short slice, the reverse for a long one.
  Value length = tensor::DimOp::create(b, loc, x, axis);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value isLong = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ugt, length,
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

/// Builds Y, Mean and InvStdDev, of types `yType`, `meanType` and
/// `invStdDevType`, of a LayerNormalization of `x` over its dims
/// [axis, rank), with Scale `scale` and the optional B `bias` broadcast to X
/// right-aligned: two slice reductions (sum, then sum of squared
/// deviations), per-slice Mean and InvStdDev maps, and one elementwise op
/// for Y (see the file comment for the math). `resolved`: the dynamic sizes
/// of Scale and B are X's (no run-time broadcast to resolve).
static std::array<Value, 3>
buildLayerNormalization(OpBuilder &b, Location loc, Value x, Value scale,
                        Value bias, int64_t axis, APFloat epsilon, Type yType,
                        RankedTensorType meanType,
                        RankedTensorType invStdDevType, bool resolved,
                        const NormToLinalgOptions &options) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  auto elementType = cast<FloatType>(xType.getElementType());
  auto scaleType = cast<RankedTensorType>(scale.getType());
  auto biasType =
      bias ? cast<RankedTensorType>(bias.getType()) : RankedTensorType();
  int64_t rank = xType.getRank();

  // Stage-one type C.
  FloatType c = elementType.isF64() ? b.getF64Type() : b.getF32Type();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));
  TypedAttr zeroAttr = b.getFloatAttr(c, 0.0);

  // n = prod(d_axis, ..., d_{r-1}) in C
  SliceCount count = buildSliceCount(b, loc, x, reducedDims, c);
  // epsilon in C (exact: the attribute is f32)
  bool losesInfo;
  epsilon.convert(c.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps = arith::ConstantFloatOp::create(b, loc, c, epsilon);

  // Sum = ReduceSum(X)
  Value sum = buildReduction(
      b, loc, x, /*sliceInputs=*/{}, reducedDims, zeroAttr,
      [&](OpBuilder &nb, Location nloc, ValueRange elements,
          Value acc) -> Value {
        return createReassocAdd(nb, nloc, acc,
                                convertToFloat(nb, nloc, elements[0], c));
      });
  // Mean0 = Sum / n (a linalg.map: its scf.if must not be fused into the
  // per-element body of SumSq)
  Value mean0 = buildSliceMap(
      b, loc, sum, c, [&](OpBuilder &nb, Location nloc, ValueRange elements) {
        return divideByCount(nb, nloc, elements[0], count);
      });
  // SumSq = ReduceSum(D * D), D = X - Mean0
  Value sumSq = buildSumOfSquares(b, loc, x, mean0, axis, c, options);

  // Mean and InvStdDev, with the exact recomputation of the slices that
  // need it (constant and nearly constant slices, see the file comment).
  // n in f64 (exact; C = f32 rounds a dynamic n above 2^24).
  Value count64 = buildElementCount(b, loc, x, reducedDims, b.getF64Type());
  Value mean =
      buildExactMean(b, loc, x, axis, mean0, sumSq, count, count64, options);
  Value invStdDev = buildInvStdDev(b, loc, x, axis, sumSq, mean0, count,
                                   count64, eps, options);

  // Y = (X - Mean) * InvStdDev * Scale + B, rounded once to X's type.
  scale = materializeRuntimeBroadcast(b, loc, scale, x, axis, c, resolved);
  scaleType = cast<RankedTensorType>(scale.getType());
  if (bias) {
    bias = materializeRuntimeBroadcast(b, loc, bias, x, axis, c, resolved);
    biasType = cast<RankedTensorType>(bias.getType());
  }
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  SmallVector<Value> inputs{x, mean, invStdDev, scale};
  SmallVector<AffineMap> maps{identity, keptMap, keptMap,
                              getBroadcastMap(ctx, rank, scaleType)};
  if (bias) {
    inputs.push_back(bias);
    maps.push_back(getBroadcastMap(ctx, rank, biasType));
  }
  maps.push_back(identity);
  Value init = tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, x),
                                       elementType);
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        // D = X - Mean
        Value d = arith::SubFOp::create(
            b, nloc, convertToFloat(nb, nloc, args[0], c), args[1]);
        // Normalized = D * InvStdDev
        Value normalized = arith::MulFOp::create(nb, nloc, d, args[2]);
        // Y = Normalized * Scale (+ B), a fused multiply-add where the
        // target has one (one rounding fewer than the spec's chain).
        Value y = arith::MulFOp::create(nb, nloc, normalized,
                                        convertToFloat(nb, nloc, args[3], c),
                                        arith::FastMathFlags::contract);
        if (bias)
          y = arith::AddFOp::create(nb, nloc, y,
                                    convertToFloat(nb, nloc, args[4], c),
                                    arith::FastMathFlags::contract);
        linalg::YieldOp::create(nb, nloc,
                                createTruncF(nb, nloc, y, elementType));
      });

  Value y = castToType(b, loc, yOp.getResult(0), yType);
  Value meanResult = buildStashResult(b, loc, mean, x, axis, meanType);
  Value invStdDevResult =
      buildStashResult(b, loc, invStdDev, x, axis, invStdDevType);
  return {y, meanResult, invStdDevResult};
}

namespace {

/// Lowers norm.layer_normalization to two row reductions (sum, then sum of
/// squared deviations), per-row Mean and InvStdDev maps, and one fused
/// elementwise op for Y (see the file comment for the math).
struct LayerNormalizationLowering
    : public OpConversionPattern<LayerNormalizationOp> {
  LayerNormalizationLowering(MLIRContext *context, const NormToLinalgOptions &options)
      : OpConversionPattern(context), options(options) {}

  LogicalResult
  matchAndRewrite(LayerNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)))
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getX();
    Value scale = adaptor.getScale();
    Value bias = adaptor.getB();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 1)
      return rewriter.notifyMatchFailure(op, "expects X of rank >= 1");
    auto elementType = dyn_cast<FloatType>(xType.getElementType());
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "expects a float X");
    auto scaleType = dyn_cast<RankedTensorType>(scale.getType());
    auto biasType =
        bias ? dyn_cast<RankedTensorType>(bias.getType()) : RankedTensorType();
    int64_t rank = xType.getRank();
    if (!scaleType || scaleType.getRank() > rank ||
        (bias && (!biasType || biasType.getRank() > rank)))
      return rewriter.notifyMatchFailure(
          op, "expects Scale and B of rank <= rank(X)");
    auto meanType = dyn_cast<RankedTensorType>(op.getMean().getType());
    auto invStdDevType =
        dyn_cast<RankedTensorType>(op.getInvStdDev().getType());
    if (!meanType || !invStdDevType || meanType.getRank() != rank ||
        invStdDevType.getRank() != rank)
      return rewriter.notifyMatchFailure(
          op, "expects Mean and InvStdDev of rank(X)");
    int64_t axis = op.getNormalizedAxis();
    if (axis < 0 || axis >= rank)
      return rewriter.notifyMatchFailure(op, "axis out of range");

    // Two or more normalized dims: lowered on X collapsed to [O, n]
    // (CollapseLayerNormalization.cpp; not for every Scale, B and X).
    FloatType c =
        elementType.isF64() ? rewriter.getF64Type() : rewriter.getF32Type();
    if (rank - axis >= 2) {
      if (std::optional<CollapsedLayerNormalization> collapsed =
              collapseLayerNormalizationOperands(rewriter, loc, x, scale, bias,
                                                 axis, c)) {
        Type u = meanType.getElementType();
        auto [y, mean, invStdDev] = buildLayerNormalization(
            rewriter, loc, collapsed->x, collapsed->scale, collapsed->bias,
            collapsed->axis, op.getEpsilon(), collapsed->x.getType(),
            collapsed->getStatType(u), collapsed->getStatType(u),
            /*resolved=*/true, options);
        rewriter.replaceOp(op, expandLayerNormalizationResults(
                                   rewriter, loc, x, axis, y, mean, invStdDev,
                                   op->getResultTypes()));
        return success();
      }
    }
    auto [y, mean, invStdDev] = buildLayerNormalization(
        rewriter, loc, x, scale, bias, axis, op.getEpsilon(),
        op.getY().getType(), meanType, invStdDevType, /*resolved=*/false,
        options);
    rewriter.replaceOp(op, {y, mean, invStdDev});
    return success();
  }

private:
  NormToLinalgOptions options;
};

} // namespace

void mlir::norm::populateLayerNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options) {
  patterns.add<LayerNormalizationLowering>(patterns.getContext(), options);
}
