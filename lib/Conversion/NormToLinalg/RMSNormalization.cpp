//===- RMSNormalization.cpp - lower norm.rms_normalization to linalg ------===//
//
// Over the normalized axes [axis, ..., r-1], with n their element count, T
// X's element type, V Scale's and U InvStdDev's (docs/semantics.md,
// RMSNormalization):
//
//   D          = sqrt(ReduceSum(X * X) / n + epsilon)     (in f64)
//   InvStdDev  = 1 / D                                    (rounded once to U)
//   Normalized = X / D                                    (rounded once to T)
//   Y          = Normalized * Scale                       (in W, rounded once
//                                                          to V)
//
// with W the widest of f32, T and V, and Scale broadcast to X right-aligned.
// Normalized is X * (1 / D) in f64, X / D in f64 for f64 X, and, where W is
// f32 and T at least as precise as V (f32, f16 and bf16 X with a Scale of
// X's type, the usual case), (X * F) * R in f32 with per-slice factors F (a
// power of two) and R = 1 / (D * F) that neither overflow nor underflow
// (ScaledNorms.h), within about 1.5 ulp of f32; for f16 X, whose D always
// lies where F = 1 (or whose X is 0), X * R with the same values.
// Stage one runs in f64 for every T, which is at least the precision P that
// the ruling asks (f64 for f64 X or stash_type 11, f32 otherwise):
// * f16, bf16 and f32 X: the squares and their sum in f64 are exact or
//   rounded far below f32's precision, and can neither overflow nor
//   underflow (|x| in [2^-149, 2^128) gives x^2 in [2^-298, 2^256]); 1 / D
//   lies in (2^-128 / sqrt(n), 2^149 * sqrt(n)], so X * (1 / D) in f64
//   neither overflows nor underflows spuriously either. For f16 and bf16 X
//   with P = f32 the f64 sum adds f32 sums of four squares each, within
//   1.2e-7 relative of the f64 sum of the squares (buildQuadSumOfSquares;
//   bf16 rows where the squares may overflow or underflow in f32 take the
//   f64 sum).
// * f64 X: no wider type exists, so the slice is scaled by its maximum
//   (ScaledNorms.h): m = max|x|, s = ReduceSum((x / m)^2), the root mean
//   square m * sqrt(s / n) (never above m), and
//   D = hypot(rms, sqrt(epsilon)) formed as big * sqrt(1 + (small / big)^2);
//   Normalized = X / D, which cannot overflow where X * (1 / D) could
//   (a subnormal-only slice with epsilon 0).
// A zero slice gives D = sqrt(epsilon): Y = 0, InvStdDev = 1 / sqrt(epsilon)
// (0 * inf = NaN with epsilon 0, as the formula). An empty slice (n = 0)
// gives D = sqrt(0 / 0) = NaN. NaN and infinities follow IEEE arithmetic
// within their slice.
//
//===----------------------------------------------------------------------===//

#include "FloatArithmetic.h"
#include "LayerNormalization.h"
#include "LoweringContract.h"
#include "ScaledNorms.h"
#include "StructuredBuilders.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"
#include "norm/Dialect/Norm/IR/NormOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::norm;

/// Returns the wider of the float types `a` and `b`.
static FloatType getWider(FloatType a, FloatType b) {
  return a.getWidth() >= b.getWidth() ? a : b;
}

/// Returns acc + x^2 for an f16, bf16 or f32 `x`, the square in f64 (exact:
/// at most 48 significant bits), with the add reassociable and contractible
/// (a fused multiply-add gives the same value, the product being exact).
static Value buildF64SquareSum(OpBuilder &b, Location loc, Value x, Value acc) {
  Value v = convertToFloat(b, loc, x, b.getF64Type());
  auto contract = arith::FastMathFlags::contract;
  Value square = arith::MulFOp::create(b, loc, v, v, contract);
  return arith::AddFOp::create(b, loc, acc, square,
                               arith::FastMathFlags::reassoc | contract);
}

/// The number of pieces along the last dim whose squares an f16 or bf16 X
/// adds in f32 before the f64 sum (buildQuadSumOfSquares).
static constexpr int64_t kPieces = 4;

/// The fewest slices (a static count) for which an f16 Scale is converted to
/// f32 once per call, in a copy, rather than on every element of X (see
/// buildRMSNormalization).
static constexpr int64_t kMinScaleCopyRows = 8;

/// Returns ReduceSum(X^2) per slice of the f16 or bf16 tensor `x` over
/// `reducedDims` (which include its last dim), in f64. The last dim, of size
/// m, is split into kPieces = 4 pieces of q = m / 4 elements and a tail of
/// m - 4q. Element j of the four pieces, a, b, c and d, gives the term
/// t = (a^2 + b^2) + (c^2 + d^2) in f32, which the f64 sum adds; the tail's
/// squares are added in f64. Three f32 additions per four squares replace
/// conversions to f64 and f64 additions, which made the 16-bit sums the
/// bottleneck of the row.
/// * f16: the squares are exact in f32 (at most 22 significant bits, in
///   [2^-48, 2^32)) and the sums of two or four of them are below 2^34, so
///   each t is the exact sum of its four squares with a relative error of at
///   most gamma_2 = 2u / (1 - 2u), u = 2^-24 (two roundings of nonnegative
///   sums, Higham 4.2). The terms are nonnegative, so the f32 terms add a
///   relative error of at most gamma_2 < 1.2e-7 to the sum, on top of the
///   rounding of the f64 sum (as for the f64 sum of all squares it
///   replaces, over a quarter of the terms). D then moves by under 6e-8
///   relative, InvStdDev by under 1 ulp of f32 more (the f32 tolerance is
///   1e-5), and X / D by far less than an ulp of f16 (2^-11 relative), so Y
///   is within the same ulp of T as with the f64 sum (docs/semantics.md,
///   RMSNormalization and Tolerances). Infinities and NaN propagate as in
///   f64.
/// * bf16 (f32's exponent range): a square is exact where it is at least
///   2^-126 and off by at most 2^-150 below (a subnormal or 0), an addition
///   of two such values exact where its sum is below 2^-126 and within u
///   above, and a term may overflow. So t = (a^2 + b^2 + c^2 + d^2 + e) *
///   (1 + theta) with |e| <= 2^-148 and |theta| <= gamma_2, and the sum S is
///   within gamma_2 + n * 2^-150 / S of the exact one: buildGuardedSum
///   takes it where S >= n * 2^-120 (the second part then at most 2^-30) and
///   S is finite, which gives the f16 bound above.
static Value buildQuadSumOfSquares(OpBuilder &b, Location loc, Value x,
                                   ArrayRef<int64_t> reducedDims) {
  FloatType f32 = b.getF32Type(), f64 = b.getF64Type();
  auto xType = cast<RankedTensorType>(x.getType());
  // A static dim of size 0: every sum is empty (0), or there is none. The
  // pieces below would slice it at static offsets, which the verifier
  // rejects for a dim of size 0 (even offset 0 with size 0).
  if (llvm::is_contained(xType.getShape(), 0))
    return createFilledTensor(b, loc, getKeptSizes(b, loc, x, reducedDims),
                              b.getFloatAttr(f64, 0.0));
  int64_t last = xType.getRank() - 1;
  OpFoldResult m = tensor::getMixedSize(b, loc, x, last);
  OpFoldResult q, tailOffset;
  if (std::optional<int64_t> size = getConstantIntValue(m)) {
    q = b.getIndexAttr(*size / kPieces);
    tailOffset = b.getIndexAttr(*size / kPieces * kPieces);
  } else {
    Value pieces = arith::ConstantIndexOp::create(b, loc, kPieces);
    Value qv = arith::DivUIOp::create(b, loc, cast<Value>(m), pieces);
    q = qv;
    tailOffset = arith::MulIOp::create(b, loc, qv, pieces).getResult();
  }
  auto slice = [&](OpFoldResult offset, OpFoldResult size) {
    SmallVector<OpFoldResult> offsets(xType.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
    SmallVector<OpFoldResult> strides(xType.getRank(), b.getIndexAttr(1));
    offsets[last] = offset;
    sizes[last] = size;
    return tensor::ExtractSliceOp::create(b, loc, x, offsets, sizes, strides)
        .getResult();
  };
  SmallVector<Value> pieces;
  for (int64_t i = 0; i < kPieces; ++i) {
    OpFoldResult offset = b.getIndexAttr(0);
    if (std::optional<int64_t> qc = getConstantIntValue(q))
      offset = b.getIndexAttr(i * *qc);
    else if (i == 1)
      offset = q;
    else if (i > 1)
      offset = arith::MulIOp::create(b, loc, cast<Value>(q),
                                     arith::ConstantIndexOp::create(b, loc, i))
                   .getResult();
    pieces.push_back(slice(offset, q));
  }
  // The four pieces as one generic over a piece's iteration space.
  int64_t rank = xType.getRank();
  MLIRContext *ctx = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  Value acc = createFilledTensor(b, loc, getKeptSizes(b, loc, x, reducedDims),
                                 b.getFloatAttr(f64, 0.0));
  SmallVector<AffineMap> maps(kPieces, identity);
  maps.push_back(keptMap);
  auto contract = arith::FastMathFlags::contract;
  Value quadSum =
      linalg::GenericOp::create(
          b, loc, acc.getType(), pieces, acc, maps,
          getReductionIteratorTypes(rank, reducedDims),
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            SmallVector<Value> squares;
            for (Value element : args.take_front(kPieces)) {
              Value v = convertToFloat(nb, nloc, element, f32);
              squares.push_back(
                  arith::MulFOp::create(nb, nloc, v, v, contract));
            }
            // Exact products: contracting them into fused multiply-adds
            // gives the same values.
            Value left = arith::AddFOp::create(nb, nloc, squares[0], squares[1],
                                               contract);
            Value right = arith::AddFOp::create(nb, nloc, squares[2],
                                                squares[3], contract);
            Value term = arith::AddFOp::create(nb, nloc, left, right);
            Value next =
                createReassocAdd(nb, nloc, args.back(),
                                 arith::ExtFOp::create(nb, nloc, f64, term));
            linalg::YieldOp::create(nb, nloc, next);
          })
          .getResult(0);
  // The tail of fewer than 4 elements, added in f64.
  OpFoldResult tailSize =
      getConstantIntValue(m)
          ? OpFoldResult(b.getIndexAttr(*getConstantIntValue(m) -
                                        *getConstantIntValue(tailOffset)))
          : OpFoldResult(arith::SubIOp::create(b, loc, cast<Value>(m),
                                               cast<Value>(tailOffset))
                             .getResult());
  if (std::optional<int64_t> size = getConstantIntValue(tailSize);
      size && *size == 0)
    return quadSum;
  return buildReduction(
      b, loc, slice(tailOffset, tailSize), /*sliceInputs=*/{}, reducedDims,
      quadSum,
      [&](OpBuilder &nb, Location nloc, ValueRange elements, Value acc) {
        return buildF64SquareSum(nb, nloc, elements[0], acc);
      });
}

/// Returns the per-slice sum `sum` (f64) of the bf16 tensor `x` over its
/// last dim from buildQuadSumOfSquares where it is safe (S >= n * 2^-120
/// and finite, `count64` being n), else the f64 sum of the exact squares by
/// a scalar loop over the slice (rare: rows of tiny or huge values, zero
/// rows, infinities and NaN).
static Value buildGuardedSum(OpBuilder &b, Location loc, Value x, Value sum,
                             Value count64) {
  FloatType f64 = b.getF64Type();
  int64_t last = cast<RankedTensorType>(x.getType()).getRank() - 1;
  Value init =
      tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, sum), f64);
  return linalg::MapOp::create(
             b, loc, ValueRange{sum}, init,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value s = args[0];
               Value lo = arith::MulFOp::create(
                   nb, nloc, count64,
                   createFloatConstant(nb, nloc, f64, 0x1p-120));
               Value inf = createFloatConstant(
                   nb, nloc, f64, std::numeric_limits<double>::infinity());
               // Ordered compares: NaN takes the loop.
               Value safe = arith::AndIOp::create(
                   nb, nloc,
                   arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGE, s,
                                         lo),
                   arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, s,
                                         inf));
               Value result = buildSliceIf(
                   nb, nloc, safe, last,
                   [&](OpBuilder &, Location, ValueRange) { return s; },
                   [&](OpBuilder &eb, Location eloc,
                       ValueRange indices) -> Value {
                     return buildSliceFoldF64(
                         eb, eloc, x, indices, last,
                         createFloatConstant(eb, eloc, f64, 0.0),
                         [&](OpBuilder &fb, Location floc, Value acc,
                             Value element) {
                           return buildF64SquareSum(fb, floc, element, acc);
                         });
                   });
               linalg::YieldOp::create(nb, nloc, result);
             })
      .getResult()[0];
}

/// Returns D = sqrt(mean(X^2) + epsilon) per slice of the f16, bf16 or f32
/// tensor `x` over `reducedDims`, in f64: the exact squares summed in f64,
/// or, unless `f64Precision` (stash_type 11, whose f64 InvStdDev the f32
/// terms would not reach, or a Scale type more precise than X's, whose Y
/// would show a Normalized of X's type misrounded near a rounding boundary
/// of X's type as a large error: the f32 terms move D by up to 1.2e-7
/// relatively), partly in f32 first (buildQuadSumOfSquares): for f16, and
/// for bf16 over the last dim alone (buildGuardedSum).
static Value buildWideDenominator(OpBuilder &b, Location loc, Value x,
                                  ArrayRef<int64_t> reducedDims, Value count64,
                                  Value eps64, bool f64Precision) {
  FloatType f64 = b.getF64Type();
  auto xType = cast<RankedTensorType>(x.getType());
  Type t = xType.getElementType();
  int64_t last = xType.getRank() - 1;
  bool lastDimOnly = reducedDims.size() == 1 && reducedDims[0] == last;
  Value sumSq;
  if (!f64Precision && t.isF16() && llvm::is_contained(reducedDims, last)) {
    sumSq = buildQuadSumOfSquares(b, loc, x, reducedDims);
  } else if (!f64Precision && t.isBF16() && lastDimOnly) {
    sumSq = buildGuardedSum(
        b, loc, x, buildQuadSumOfSquares(b, loc, x, reducedDims), count64);
  } else {
    sumSq = buildReduction(
        b, loc, x, /*sliceInputs=*/{}, reducedDims, b.getFloatAttr(f64, 0.0),
        [&](OpBuilder &nb, Location nloc, ValueRange elements, Value acc) {
          return buildF64SquareSum(nb, nloc, elements[0], acc);
        });
  }
  return buildSliceMap(
      b, loc, sumSq, f64, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value mean = arith::DivFOp::create(nb, nloc, args[0], count64);
        return math::SqrtOp::create(
            nb, nloc, arith::AddFOp::create(nb, nloc, mean, eps64));
      });
}

/// Returns D = sqrt(mean(X^2) + epsilon) per slice of the f64 tensor `x`
/// over `reducedDims`, from the max|x|-scaled sum of squares (see the file
/// comment): hypot(rms, sqrt(epsilon)) without overflow or underflow. With
/// `factor` (only for epsilon 0), returns D * F instead and sets `factor` to
/// the per-slice power of two F: 2^1000 where 0 < max|x| < 2^-1000, whose D
/// (the root mean square, at most max|x|) would lie in or near the subnormal
/// range and lose its digits there, else 1 (D * 1 = D, the same value).
static Value buildScaledDenominator(OpBuilder &b, Location loc, Value x,
                                    ArrayRef<int64_t> reducedDims,
                                    Value count64, Value eps64,
                                    Value *factor = nullptr) {
  FloatType f64 = b.getF64Type();
  ScaledPowerSum sum =
      buildScaledPowerSum(b, loc, x, reducedDims, /*p=*/2, f64);
  Value maxAbs = sum.maxAbs;
  if (factor) {
    *factor = buildSliceMap(
        b, loc, maxAbs, f64,
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value m = args[0];
          Value tiny = arith::AndIOp::create(
              nb, nloc,
              arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGT, m,
                                    createFloatConstant(nb, nloc, f64, 0.0)),
              arith::CmpFOp::create(
                  nb, nloc, arith::CmpFPredicate::OLT, m,
                  createFloatConstant(nb, nloc, f64, 0x1p-1000)));
          return arith::SelectOp::create(
              nb, nloc, tiny, createFloatConstant(nb, nloc, f64, 0x1p1000),
              createFloatConstant(nb, nloc, f64, 1.0));
        });
    // m * F is exact (a power of two times m, normal).
    maxAbs = buildSliceMap(
        b, loc, ValueRange{maxAbs, *factor}, f64,
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          return arith::MulFOp::create(nb, nloc, args[0], args[1]);
        });
  }
  return buildSliceMap(
      b, loc, ValueRange{maxAbs, sum.sum}, f64,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value m = args[0], s = args[1];
        Value zero = createFloatConstant(nb, nloc, f64, 0.0);
        Value one = createFloatConstant(nb, nloc, f64, 1.0);
        Value inf = createFloatConstant(
            nb, nloc, f64, std::numeric_limits<double>::infinity());
        // rms = m * sqrt(s / n); m == 0: sqrt(0 / n) (0, or NaN for an empty
        // slice); m == inf: inf (s is inf / inf = NaN there).
        Value rms = arith::MulFOp::create(
            nb, nloc, m,
            math::SqrtOp::create(nb, nloc,
                                 arith::DivFOp::create(nb, nloc, s, count64)));
        Value zeroRms = math::SqrtOp::create(
            nb, nloc, arith::DivFOp::create(nb, nloc, zero, count64));
        Value isZero =
            arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, m, zero);
        Value isInf =
            arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, m, inf);
        rms = arith::SelectOp::create(
            nb, nloc, isZero, zeroRms,
            arith::SelectOp::create(nb, nloc, isInf, inf, rms));
        // D = hypot(rms, sqrt(eps)) = big * sqrt(1 + (small / big)^2); NaN
        // propagates through maximumf.
        Value rootEps = math::SqrtOp::create(nb, nloc, eps64);
        Value big = arith::MaximumFOp::create(nb, nloc, rms, rootEps);
        Value small = arith::MinimumFOp::create(nb, nloc, rms, rootEps);
        Value ratio = arith::DivFOp::create(nb, nloc, small, big);
        Value root = math::SqrtOp::create(
            nb, nloc,
            arith::AddFOp::create(
                nb, nloc, one, arith::MulFOp::create(nb, nloc, ratio, ratio)));
        Value d = arith::MulFOp::create(nb, nloc, big, root);
        Value bigIsZero = arith::CmpFOp::create(
            nb, nloc, arith::CmpFPredicate::OEQ, big, zero);
        return arith::SelectOp::create(nb, nloc, bigIsZero, zero, d);
      });
}

/// Returns the f32 `value` rounded to bf16 (to nearest, ties to even) and
/// widened back to f32, as integer code on its bits: (bits + 0x7fff +
/// bit 16) with the low 16 bits cleared. This is arith.truncf to bf16 and
/// arith.extf back, as arith-expand writes them, without their select of a
/// quiet NaN for a NaN `value`: the select is there because the addition
/// turns a NaN whose payload lies in its low 16 bits alone into an infinity
/// (or a carry from a full payload into -0). Here (Normalized of bf16 X)
/// every NaN has those bits zero: it is a NaN of X (bf16, widened with zero
/// low bits), a NaN of 1 / D propagated from X through the f64 sum of
/// squares and rounded to f32 (a bf16 payload stays in the top mantissa
/// bits), or a NaN that the arithmetic creates (0 * inf, inf - inf: the
/// default NaN of x86, AArch64 and RISC-V, the quiet bit alone). Adding at
/// most 0x8000 to zero low bits carries nothing out of them, so such a NaN
/// stays a NaN, with its sign and payload (the select made it +qNaN; results
/// compare NaN as NaN, and bf16-truncation=native keeps a NaN's sign and
/// payload in Y too, docs/Pipeline.md). All other values round as
/// arith.truncf does: finite values to nearest even (overflowing to inf),
/// infinities to themselves.
static Value buildBF16Rounding(OpBuilder &b, Location loc, Value value) {
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  Value bits = arith::BitcastOp::create(b, loc, i32, value);
  Value lsb = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, c(16)), c(1));
  Value rounded = arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, bits, c(0x7fff)), lsb);
  Value cleared = arith::AndIOp::create(b, loc, rounded,
                                        c(static_cast<int32_t>(0xffff0000u)));
  return arith::BitcastOp::create(b, loc, b.getF32Type(), cleared);
}

/// Builds Y and InvStdDev, of types `yType` and `invStdDevType`, of an
/// RMSNormalization of `x` over its dims [axis, rank) with Scale `scale`
/// broadcast to X right-aligned (see the file comment for the math).
/// `resolved`: Scale's dynamic sizes are known to be X's (a collapsed
/// Scale), so no run-time broadcast is left to resolve.
static std::array<Value, 2>
buildRMSNormalization(OpBuilder &b, Location loc, Value x, Value scale,
                      int64_t axis, APFloat epsilon, Type yType,
                      RankedTensorType invStdDevType, bool resolved) {
  MLIRContext *ctx = b.getContext();
  auto xType = cast<RankedTensorType>(x.getType());
  auto t = cast<FloatType>(xType.getElementType());
  auto v = cast<FloatType>(getElementTypeOrSelf(scale.getType()));
  FloatType f64 = b.getF64Type();
  FloatType w = getWider(getWider(b.getF32Type(), t), v);
  int64_t rank = xType.getRank();
  SmallVector<int64_t> reducedDims =
      llvm::to_vector(llvm::seq<int64_t>(axis, rank));

  // n and epsilon in f64 (both exact).
  Value count64 = buildElementCount(b, loc, x, reducedDims, f64);
  bool losesInfo;
  epsilon.convert(f64.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  Value eps64 = arith::ConstantFloatOp::create(b, loc, f64, epsilon);

  // D per slice; Y takes 1 / D (X / D for f64 X). f64 X with epsilon 0:
  // D * F and (X * F) / (D * F), InvStdDev F / (D * F), with the per-slice
  // power of two F of buildScaledDenominator, so that a slice whose root mean
  // square is subnormal (f64 [5e-324, -5e-324]) keeps its digits; F = 1
  // elsewhere (the same values). Any other epsilon keeps D >= sqrt(epsilon)
  // >= 3.7e-23 (epsilon is an f32).
  bool divide = t.isF64();
  Value factor;
  Value d = divide
                ? buildScaledDenominator(b, loc, x, reducedDims, count64, eps64,
                                         epsilon.isZero() ? &factor : nullptr)
                : buildWideDenominator(
                      b, loc, x, reducedDims, count64, eps64,
                      /*f64Precision=*/invStdDevType.getElementType().isF64() ||
                          t.getFPMantissaWidth() < v.getFPMantissaWidth());
  Value one = createFloatConstant(b, loc, f64, 1.0);
  SmallVector<Value, 2> invInputs{d};
  if (factor)
    invInputs.push_back(factor);
  Value inv = buildSliceMap(b, loc, invInputs, f64,
                            [&](OpBuilder &nb, Location nloc, ValueRange args) {
                              return arith::DivFOp::create(
                                  nb, nloc, factor ? args[1] : one, args[0]);
                            });

  // Y = round_V(round_T(X * InvStdDev) * Scale), the product in W. Where
  // W is f32 and T at least as precise as V, Normalized = X / D is formed in
  // f32 from per-slice factors that neither overflow nor underflow
  // (buildScaledReciprocal): at most about 1.5 ulp of f32 from the correctly
  // rounded quotient, so its T-rounding is at most 1 ulp of T, and so of V,
  // off. (A T less precise than V, e.g. bf16 X with f16 or f32 Scale, would
  // show that ulp of T as many ulps of V: it takes the f64 quotient, rounded
  // once to T.)
  bool f32Quotient =
      w.isF32() && t.getFPMantissaWidth() >= v.getFPMantissaWidth();
  // For f16 X the factor F never changes a value: Normalized = X * R.
  // * A slice of finite values, not all zero: its squares (exact) are in
  //   [2^-48, 2^32) where nonzero, so the rounded sums of these nonnegative
  //   terms (each at least its largest term) give mean = S / n in
  //   [2^-48 / n, 2^33) with n < 2^64, and, epsilon being an f32 in
  //   [0, 2^128), D in [2^-56, 2^64]: ScaledReciprocal's common range, where
  //   F = 1.
  // * A NaN or an infinity in the slice: D is NaN or inf, and F = 1.
  // * A slice of zeros: D = sqrt(epsilon). Epsilon 0: F = 0 and R = inf,
  //   and (X * 0) * inf and X * inf are both the invalid operation's NaN.
  //   Else F > 0 and R = 1 / (D * F) in [1, 2]: both are X (+0 or -0).
  bool withScale = !t.isF16();
  ScaledReciprocal factors;
  if (f32Quotient)
    factors = buildScaledReciprocal(b, loc, d, /*toDivisor=*/nullptr,
                                    /*scalarLoops=*/false, withScale);
  // Scale in W: a Scale narrower than W that does not vary over X's outer
  // dims (the usual [n] Scale) is converted once per call, in a copy
  // (resolveRuntimeBroadcast), not once per element of X. f16 NormalizedT
  // and f16 Scale: the product in f32 is exact (22 significant bits, no
  // overflow or underflow), so its rounding to f16 has the value of the f16
  // multiplication, which converts both operands to f32 on every element
  // where the target has no f16 arithmetic (and is one instruction, in
  // place of a conversion of NormalizedT and the f32 product, where it has).
  // The f16 multiplication stays where X has fewer than kMinScaleCopyRows
  // slices, statically, and Scale needs no copy for a run-time broadcast:
  // there the copy's allocation and loop cost more than the conversions
  // they save.
  FloatType product = w;
  if (t.isF16() && v.isF16() && w.isF32()) {
    ArrayRef<int64_t> outer = xType.getShape().take_front(axis);
    auto scaleShape = cast<RankedTensorType>(scale.getType()).getShape();
    if (!ShapedType::isDynamicShape(outer) &&
        !ShapedType::isDynamicShape(scaleShape) &&
        ShapedType::getNumElements(outer) < kMinScaleCopyRows)
      product = v;
  }
  scale = resolveRuntimeBroadcast(b, loc, scale, x, axis, product, resolved);
  auto scaleType = cast<RankedTensorType>(scale.getType());
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap keptMap = getKeptDimsMap(ctx, rank, reducedDims);
  SmallVector<Value> inputs{x, scale};
  SmallVector<AffineMap> maps{
      identity, getRightAlignedBroadcastMap(ctx, rank, scaleType)};
  if (f32Quotient) {
    if (withScale) {
      inputs.push_back(factors.scale);
      maps.push_back(keptMap);
    }
    inputs.push_back(factors.reciprocal);
    maps.push_back(keptMap);
  } else {
    inputs.push_back(divide ? d : inv);
    maps.push_back(keptMap);
    if (factor) {
      inputs.push_back(factor);
      maps.push_back(keptMap);
    }
  }
  maps.push_back(identity);
  Value init =
      tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, x), v);
  auto yOp = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      getReductionIteratorTypes(rank, /*reducedDims=*/{}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value normalized;
        if (f32Quotient) {
          // (X * F) * R, as buildScaledF32Quotient without its select of a
          // result for F == 0: F is 0 only where D == 0 (a zero slice with
          // epsilon 0), and R = 1 / (D * F) is inf there, so (0 * 0) * inf
          // is already the NaN that the formula gives (0 * inf). No fastmath
          // flags: the two factors must not be folded into one. f16 X:
          // X * R (F is irrelevant, above).
          normalized = convertToFloat(nb, nloc, args[0], w);
          if (withScale)
            normalized = arith::MulFOp::create(nb, nloc, normalized, args[2]);
          normalized = arith::MulFOp::create(nb, nloc, normalized,
                                             args[withScale ? 3 : 2]);
        } else {
          Value xv = convertToFloat(nb, nloc, args[0], f64);
          if (factor)
            xv = arith::MulFOp::create(nb, nloc, xv, args[3]);
          normalized =
              divide ? arith::DivFOp::create(nb, nloc, xv, args[2]).getResult()
                     : arith::MulFOp::create(nb, nloc, xv, args[2]).getResult();
        }
        Value normalizedW =
            f32Quotient && t.isBF16()
                ? buildBF16Rounding(nb, nloc, normalized)
                : convertToFloat(
                      nb, nloc, createTruncF(nb, nloc, normalized, t), product);
        Value y = arith::MulFOp::create(
            nb, nloc, normalizedW, convertToFloat(nb, nloc, args[1], product));
        linalg::YieldOp::create(nb, nloc, createTruncF(nb, nloc, y, v));
      });

  Value y = castToType(b, loc, yOp.getResult(0), yType);
  Value invStdDev = buildStatResult(b, loc, inv, x, axis, invStdDevType);
  return {y, invStdDev};
}

namespace {

/// Lowers norm.rms_normalization to a slice reduction of squares in f64,
/// per-slice maps for the denominator and InvStdDev, and one elementwise op
/// for Y (see the file comment for the math).
struct RMSNormalizationLowering
    : public OpConversionPattern<RMSNormalizationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RMSNormalizationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDependentDialectsLoaded(op)) || failed(checkKnownSizes(op)))
      return failure();
    Value x = adaptor.getX();
    Value scale = adaptor.getScale();
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType || xType.getRank() < 1 ||
        !isa<FloatType>(xType.getElementType()))
      return rewriter.notifyMatchFailure(op, "expects a float X of rank >= 1");
    auto scaleType = dyn_cast<RankedTensorType>(scale.getType());
    if (!scaleType || scaleType.getRank() > xType.getRank() ||
        !isa<FloatType>(scaleType.getElementType()))
      return rewriter.notifyMatchFailure(
          op, "expects a float Scale of rank <= rank(X)");
    auto invStdDevType =
        dyn_cast<RankedTensorType>(op.getInvStdDev().getType());
    if (!invStdDevType || invStdDevType.getRank() != xType.getRank() ||
        !isa<FloatType>(invStdDevType.getElementType()))
      return rewriter.notifyMatchFailure(
          op, "expects a float InvStdDev of rank(X)");
    int64_t axis = op.getNormalizedAxis();
    if (axis < 0 || axis >= xType.getRank())
      return rewriter.notifyMatchFailure(op, "axis out of range");

    // Two or more outer or normalized dims (X [batch, sequence, hidden]):
    // lowered on X collapsed to [O, n] and Scale to [n]
    // (CollapseLayerNormalization.cpp, where Scale and X allow it; a copy of
    // Scale keeps its type).
    Location loc = op.getLoc();
    if (isCollapsibleToRows(xType.getRank(), axis)) {
      if (std::optional<CollapsedLayerNormalization> collapsed =
              collapseLayerNormalizationOperands(
                  rewriter, loc, x, scale, /*bias=*/Value(), axis,
                  cast<FloatType>(scaleType.getElementType()))) {
        auto yType = cast<RankedTensorType>(op.getY().getType());
        auto [y, invStdDev] = buildRMSNormalization(
            rewriter, loc, collapsed->x, collapsed->scale, collapsed->axis,
            op.getEpsilon(),
            RankedTensorType::get(
                cast<RankedTensorType>(collapsed->x.getType()).getShape(),
                yType.getElementType()),
            collapsed->getStatType(invStdDevType.getElementType()),
            /*resolved=*/true);
        rewriter.replaceOp(op, expandLayerNormalizationResults(
                                   rewriter, loc, x, axis, y, /*mean=*/Value(),
                                   invStdDev, op->getResultTypes()));
        return success();
      }
    }
    auto [y, invStdDev] =
        buildRMSNormalization(rewriter, loc, x, scale, axis, op.getEpsilon(),
                              op.getY().getType(), invStdDevType,
                              /*resolved=*/false);
    rewriter.replaceOp(op, {y, invStdDev});
    return success();
  }
};

} // namespace

void mlir::norm::populateRMSNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &) {
  patterns.add<RMSNormalizationLowering>(patterns.getContext());
}
