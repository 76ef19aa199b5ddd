//===- LayerNormalization.h - the LayerNormalization lowering ---*- C++ -*-===//
//
// What the files of the LayerNormalization lowering share:
// LayerNormalization.cpp (the pattern, Y and the stash results) builds on
// the statistics of LayerNormalizationStatistics.cpp, the exact f64
// recomputation of LayerNormalizationExact.cpp and the collapse to one
// normalized dim of CollapseLayerNormalization.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_LAYERNORMALIZATION_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_LAYERNORMALIZATION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "norm/Conversion/NormToLinalg/LocationMarkers.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

#include <optional>

namespace mlir {
namespace norm {

//===----------------------------------------------------------------------===//
// Statistics (LayerNormalizationStatistics.cpp)
//===----------------------------------------------------------------------===//

/// Returns the product of the sizes `dims` of `tensor` converted to `type`:
/// a constant where all are static, tensor.dim products otherwise.
Value buildElementCount(OpBuilder &b, Location loc, Value tensor,
                        ArrayRef<int64_t> dims, FloatType type);

/// n, the element count of a slice, in the stage-one type C, as
/// divideByCount uses it: for a dynamic n also 1 / n in C and whether n is a
/// power of two, computed once per call.
struct SliceCount {
  Value n;
  Value reciprocal;
  Value isPowerOfTwo;
};

/// Returns the SliceCount of the slices of `x` over `dims`, in `type`.
SliceCount buildSliceCount(OpBuilder &b, Location loc, Value x,
                           ArrayRef<int64_t> dims, FloatType type);

/// Returns value / n, rounded once. Where a dynamic n is a power of two at
/// run time: value * (1 / n), the same result (1 / n is exact, and both
/// round the same quotient once) without the division's latency on a row's
/// path from its sums to its Y (docs/Pipeline.md, stage 3); an scf.if,
/// whose branch the CPU predicts. LLVM rewrites the division by a static
/// power of two itself.
Value divideByCount(OpBuilder &b, Location loc, Value value,
                    const SliceCount &count);

/// Returns a linalg.map over `inputs` (tensors of X's outer dims) with
/// result element type `type`. A linalg.map, not a linalg.generic, so that
/// linalg-fuse-elementwise-ops does not pull its scalar loops into Y's
/// elementwise op.
Value buildSliceMap(
    OpBuilder &b, Location loc, ValueRange inputs, Type type,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body);

/// Returns L, the fewest partial sums of the reductions in the stage-one
/// type `c` over the slices of `x` from `axis` on, as the exactness check of
/// the mean counts them: getReductionPartialSums over a single normalized
/// dim; over several, 2^29 for f32 C (its sums are in f64, whose error is
/// below that of so many f32 partial sums) and 1 for f64 C.
int64_t getSlicePartialSums(Value x, int64_t axis, FloatType c,
                            const NormToLinalgOptions &options);

/// Returns K per slice of `x` over its dims [axis, rank): the slice's first
/// element X[outer..., 0, ..., 0] converted to the stage-one type `c`, 0
/// for an empty slice. The shift of the shifted two-pass algorithm
/// (LayerNormalization.cpp's file comment): a linalg.map over X's outer
/// dims, which reads one element per slice.
Value buildSliceShift(OpBuilder &b, Location loc, Value x, int64_t axis,
                      FloatType c);

/// Returns Q = ReduceSum(K - X) / n per slice of `x` over its dims
/// [axis, rank) (K = `shift`, per slice; n = `count`), in the stage-one type
/// `c`: K's offset from the slice's mean, K - mean, from one vector pass
/// (K - X, not X - K: x86 reads the second operand of a subtraction from
/// memory). The sum is in C, except for f32 C where buildSumOfSquares sums
/// in f64 (slices over several dims, and one-dim slices longer than
/// getMaxF32SumOfSquaresLength, selected per call for a dynamic length):
/// there in f64, rounded once to C after the division. An f32 sum of n terms
/// K - x, which do not cancel as the squares' errors do not either, moves Q
/// by up to (n / L) * 2^-24 times the mean |K - x| (L partial sums): on
/// long rows more than the f32 tolerance of Y allows (docs/numerics.md).
Value buildShiftOffset(OpBuilder &b, Location loc, Value x, Value shift,
                       int64_t axis, FloatType c, const SliceCount &count,
                       const NormToLinalgOptions &options);

/// The number of contiguous chunks of a row whose terms buildChunkedSum adds
/// in f32 before one f64 addition.
constexpr int64_t kSumChunks = 8;

/// Returns, per row of `rows` [R, n], the f64 sum of the f32 terms
/// `term(x, perRow values)` over the row's first `length` elements (n, or 0
/// where the caller sums the row otherwise; `perRow`: [R] tensors whose
/// element of the row `term` receives), with few f64 operations: the
/// prefix is cut into kSumChunks contiguous chunks of h = length floordiv
/// kSumChunks elements, and one reduction over [R, h] takes element i of
/// every chunk, adds their terms in f32 (the additions may contract with
/// the terms' products) and that sum once to the f64 accumulator (reassoc).
/// The vector loop then reads kSumChunks contiguous streams of the row and
/// converts one vector of f32 sums to f64 per kSumChunks vectors of X. The
/// tail, length mod kSumChunks elements, is summed by
/// `buildTailSum([R, tail] slice of rows)`, an f64 [R] tensor.
Value buildChunkedSum(
    OpBuilder &b, Location loc, Value rows, OpFoldResult length,
    ValueRange perRow,
    function_ref<Value(OpBuilder &, Location, Value, ValueRange)> term,
    function_ref<Value(Value)> buildTailSum);

/// Returns acc + D * D for one element `x` of X, D = (K - x) - Q computed in
/// the stage-one type `c` and squared in `accType` (K = `shift`, Q =
/// `offset`): the step of the sum-of-squares reductions (buildSumOfSquares,
/// the NHWC GroupNormalization's per-channel sums). K - x does not wait for
/// Q (and reads x from memory in the subtraction on x86); acc + D * D may
/// be one fused multiply-add (contract), and the sum may be reassociated.
Value buildSquaredDeviationSum(OpBuilder &b, Location loc, Value x, Value shift,
                               Value offset, Value acc, FloatType c,
                               FloatType accType);

/// Returns SumSq = ReduceSum(D^2), D = (K - X) - Q, per slice of `x` over
/// its dims [axis, rank), in the stage-one type `c` (K = `shift` and
/// Q = `offset`, K's offset from the mean: per slice, in C; D is the
/// deviation from the mean K - Q, with its sign flipped). D is computed in
/// C; the accumulation is in f64 where the f32 rounding error could exceed
/// the tolerance (docs/numerics.md):
/// * f32 C over one (innermost) normalized dim: in f32 for slices of up to
///   getMaxF32SumOfSquaresLength elements, in f64 above. A dynamic size takes
///   both reductions on complementary slices of X (the unused one sums
///   X[..., 0:0]) and selects per call;
/// * f32 C over several dims (a LayerNorm that is not collapsed, summed
///   sequentially): always in f64;
/// * f64 C: in f64.
/// The f64 sum is rounded once to C.
Value buildSumOfSquares(OpBuilder &b, Location loc, Value x, Value shift,
                        Value offset, int64_t axis, FloatType c,
                        const NormToLinalgOptions &options);

//===----------------------------------------------------------------------===//
// Exact recomputation (LayerNormalizationExact.cpp)
//===----------------------------------------------------------------------===//

/// Returns, per slice of `x` (the dims from `axis` on, n = `count` in C,
/// `count64` in f64), an f64 tensor holding the slice's mean recomputed in
/// f64 where its statistics from the vector passes (`shift` K, `offset` Q,
/// `sumSq`) need it (LayerNormalization.cpp's file comment): K - Q' with K
/// the first element and Q' = ReduceSum(K - X) / n in f64, by a scalar loop;
/// 0 for the other slices, which do not read it. `eps` is the op's epsilon
/// in C (a constant): below C's smallest normal number, slices with K = Q = 0
/// are recomputed too (LayerNormalizationExact.cpp). The other functions of
/// this section take the same operands and select the same slices.
Value buildExactMean(OpBuilder &b, Location loc, Value x, int64_t axis,
                     Value shift, Value offset, Value sumSq,
                     const SliceCount &count, Value count64, Value eps,
                     const NormToLinalgOptions &options);

/// The mean of each slice as an unevaluated sum Mean = High + Low of two
/// per-slice tensors in the stage-one type C: High is the mean rounded once
/// to C, Low the rest; Y takes D = (X - High) - Low.
struct MeanParts {
  Value high, low;
};

/// Returns the MeanParts of the slices of `x` (as buildExactMean): High =
/// K - Q and Low its exact rounding error from the vector passes, or for a
/// slice that is recomputed, `exactMean` rounded to C and (for f32 C) the
/// rest rounded to C. For f64 C a recomputed slice has Low = 0: its f64 mean
/// is rounded once already.
MeanParts buildMeanParts(OpBuilder &b, Location loc, Value x, int64_t axis,
                         Value shift, Value offset, Value sumSq,
                         Value exactMean, const SliceCount &count,
                         Value count64, Value eps,
                         const NormToLinalgOptions &options);

/// Returns the parts High + Low of the mean that Y takes, (X - High) *
/// InvStdDev - Low * InvStdDev: `mean`'s (buildMeanParts), but in a
/// recomputed slice whose standard deviation is near C's range
/// (`invStdDev` below sqrt(n) / 2^h, 2^h just above C's largest value),
/// High = 0 and Low = `exactMean` rounded to C, so that X - High cannot
/// overflow C. Nothing changes on the vector path of the other slices.
MeanParts buildCenteringParts(OpBuilder &b, Location loc, Value x, int64_t axis,
                              Value shift, Value offset, Value sumSq,
                              Value exactMean, Value invStdDev,
                              const MeanParts &mean, const SliceCount &count,
                              Value count64, Value eps,
                              const NormToLinalgOptions &options);

/// Y's operands of the slices with epsilon 0 (buildScaledCentering), per
/// slice in the stage-one type C: Y's normalized element is
/// (X * S - High) * InvStdDev - Low * InvStdDev.
struct ScaledCentering {
  Value scale, high, low, invStdDev;
};

/// Returns Y's operands for an op whose epsilon is 0 (known when lowering),
/// the only case in which InvStdDev can overflow C while the slice's spread
/// is not 0 (f32 [1e-39, -1e-39]: InvStdDev 1e39; docs/numerics.md,
/// "LayerNorm range"): a per-slice factor S, and High, Low and InvStdDev
/// scaled to match. In a slice whose `invStdDev` is +inf and whose f64
/// variance is above 0 (always a recomputed slice), S = 2^64 for f32 C and
/// 2^1000 for f64 C, High + Low = mean * S (for f64 C taken around K * S in
/// a scalar pass of its own, so that the mean is not rounded to f64's
/// subnormal grid) and InvStdDev / S from the f64 variance (a scalar pass),
/// rounded once to C: finite, and Y = (X * S - High) * (InvStdDev / S) -
/// Low * (InvStdDev / S), the float64 reference's D / std, times Scale plus
/// B. Every other slice takes S = 1 and `centering` and `invStdDev` as they
/// are, whose Y is the same as without S (X * 1 - High rounds as X - High).
/// The InvStdDev result stays `invStdDev` (+inf, the reference rounded to
/// C). The scalar passes are in the branch of buildIfNeedsExact; S, High and
/// Low are per-slice selects.
ScaledCentering
buildScaledCentering(OpBuilder &b, Location loc, Value x, int64_t axis,
                     Value shift, Value offset, Value sumSq, Value exactMean,
                     Value invStdDev, const MeanParts &centering,
                     const SliceCount &count, Value count64, Value eps,
                     const NormToLinalgOptions &options);

/// Returns InvStdDev = 1 / sqrt(Var + epsilon) per slice of `x`, with
/// Var = SumSq / n in C, or for a slice that is recomputed all in f64
/// around its unrounded mean `exactMean` (a second scalar pass, for these
/// rare slices only), Var = ReduceSum((X - mean)^2) / n, rounded once to C.
Value buildInvStdDev(OpBuilder &b, Location loc, Value x, int64_t axis,
                     Value sumSq, Value shift, Value offset, Value exactMean,
                     const SliceCount &count, Value count64, Value eps,
                     const NormToLinalgOptions &options);

/// Returns the normalized element ((X - High) - Low) * InvStdDev of `x`
/// (converted to the computation type `c`) with the slice's mean High + Low,
/// as (X - High) * InvStdDev - Low * InvStdDev: a fused multiply-add where
/// the target has one (Low * InvStdDev is the same for the whole slice, and
/// tiny against the terms). For the bodies of the elementwise Y ops. With
/// a per-slice `scale` S (ScaledCentering, epsilon 0), X * S - High in
/// place of X - High: one multiply-add where the target has one (X * S is
/// exact).
Value buildNormalizedElement(OpBuilder &b, Location loc, Value x, Value high,
                             Value low, Value invStdDev, FloatType c,
                             Value scale = nullptr);

/// Returns X - High, or X * S - High with a `scale` S (one multiply-add
/// where the target has one), of `x` converted to `c`: the first step of
/// buildNormalizedElement.
Value buildCenteredElement(OpBuilder &b, Location loc, Value x, Value high,
                           FloatType c, Value scale = nullptr);

/// Returns `loc` fused with the metadata kCopyLoopMarker (LocationMarkers.h),
/// for the ops of a copy of an operand made once per call. A tensor.generate
/// becomes a linalg.map at its location when bufferized, and loops at that
/// location (convert-linalg-to-loops), while its attributes are dropped; so the
/// copy's loops keep the marker, and norm-annotate-cold-loops gives them
/// LLVM loop metadata without interleaving and unrolling (LLVM still
/// vectorizes them), which the copy does not need: it runs once per call.
Location getCopyLoopLoc(Location loc);

/// Returns `loc` fused with the metadata kFirstPassMarker (LocationMarkers.h),
/// which norm-prefetch-rows reads: the loops that norm-vectorize-rows makes
/// of a linalg op keep its location.
Location getFirstPassLoc(Location loc);

//===----------------------------------------------------------------------===//
// LayerNormalization over several dims (CollapseLayerNormalization.cpp)
//===----------------------------------------------------------------------===//

/// X, Scale and B of a LayerNormalization over two or more dims, as one
/// over a single normalized dim: X [O, n] with axis 1 ([n] with axis 0
/// when there are no outer dims), Scale and B [n].
struct CollapsedLayerNormalization {
  Value x, scale, bias;
  int64_t axis;
  /// The type of Mean and InvStdDev for the collapsed X: [O, 1] or [1].
  RankedTensorType getStatType(Type elementType) const;
};

/// Returns true where X of rank `rank` normalized over [axis, rank) is not
/// already [O, n] or [n]: two or more outer dims (X [batch, sequence,
/// hidden] with axis 2) or two or more normalized dims. Such an op is lowered
/// on X collapsed (collapseLayerNormalizationOperands): the pipeline's row
/// passes (tiling, vectorization along the innermost dim, prefetching,
/// jamming and widening of rows) see one loop over slices and one over the
/// n elements of each.
inline bool isCollapsibleToRows(int64_t rank, int64_t axis) {
  return axis > 1 || rank - axis >= 2;
}

/// Collapses X (rank r, normalized dims [axis, r), isCollapsibleToRows) to
/// [O, n], and Scale and B (right-aligned to X) to
/// [n], so that their dynamic sizes are X's (no run-time broadcast left):
/// * a view where their normalized sizes are X's (static sizes other than
///   1 equal X's wherever the op is valid);
/// * with dynamic sizes, which may be 1 at run time, a view where they all
///   equal X's at run time and a copy to X's normalized sizes otherwise
///   (scf.if);
/// * a copy where they broadcast inside the normalized dims (a static 1, or
///   fewer dims) or are slices, converted to the stage-two type `c`.
/// Returns std::nullopt (the op is lowered uncollapsed) when Scale or B may
/// vary over the outer dims (a dim before `axis` that is not a static 1),
/// when X is a slice of another tensor (tensor.extract_slice: its strided
/// buffer could not be collapsed without a copy), when X, Scale or B has a
/// static size 0, and
/// when a static broadcast copy of n elements would serve fewer than 8
/// slices (axis 0, or a static O < 8).
std::optional<CollapsedLayerNormalization>
collapseLayerNormalizationOperands(OpBuilder &b, Location loc, Value x,
                                   Value scale, Value bias, int64_t axis,
                                   FloatType c);

/// Expands the collapsed op's Y ([O, n] or [n]), Mean and InvStdDev ([O, 1]
/// or [1]) to `resultTypes`: Y to X's shape, Mean and InvStdDev to
/// [d0, ..., d(axis-1), 1, ..., 1]. A null `mean` (RMSNormalization) is
/// left out of `resultTypes` and of the results.
SmallVector<Value> expandLayerNormalizationResults(OpBuilder &b, Location loc,
                                                   Value x, int64_t axis,
                                                   Value y, Value mean,
                                                   Value invStdDev,
                                                   TypeRange resultTypes);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_LAYERNORMALIZATION_H
