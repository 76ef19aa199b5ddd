//===- Utils.h - helpers shared by the norm-to-linalg lowerings -*- C++ -*-===//
//
// Builders for the pieces the three lowerings have in common: per-slice
// reductions as linalg.generic ops, elementwise ops that read per-slice
// values, scalar float conversions with a single rounding, and the max|x|
// scaled Lp norm that keeps f64 sums from overflowing or underflowing.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_UTILS_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_UTILS_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

namespace mlir {
namespace norm {

//===----------------------------------------------------------------------===//
// The lowering contract
//===----------------------------------------------------------------------===//

/// Emits an error on `op` and fails if one of the dialects the patterns
/// create (getNormToLinalgDependentDialects) is not loaded: a pattern must
/// not create ops of an unloaded dialect, and must not lower differently
/// without them.
LogicalResult checkDependentDialectsLoaded(Operation *op);

//===----------------------------------------------------------------------===//
// Shapes and indexing maps
//===----------------------------------------------------------------------===//

/// Returns the iterator types of a loop nest of `rank` loops in which the
/// loops `reducedDims` are reductions and all others are parallel.
SmallVector<utils::IteratorType>
getReductionIteratorTypes(int64_t rank, ArrayRef<int64_t> reducedDims);

/// Returns (d0, ..., d{rank-1}) -> (the dims not in `reducedDims`): the map
/// of a per-slice value in a loop nest over the full tensor.
AffineMap getKeptDimsMap(MLIRContext *ctx, int64_t rank,
                         ArrayRef<int64_t> reducedDims);

/// Returns the sizes of `tensor` without the dims `reducedDims`; static
/// sizes as attributes, dynamic ones through tensor.dim.
SmallVector<OpFoldResult> getKeptSizes(OpBuilder &b, Location loc, Value tensor,
                                       ArrayRef<int64_t> reducedDims);

/// Returns `input` cut to its first `size` elements along `dim` (every other
/// dim whole) by a tensor.extract_slice. `input` must have no static size 0:
/// the verifier rejects a slice at offset 0 along it.
Value buildPrefixSlice(OpBuilder &b, Location loc, Value input, int64_t dim,
                       OpFoldResult size);

/// Creates a tensor of `sizes` filled with `value` (tensor.empty +
/// linalg.fill).
Value createFilledTensor(OpBuilder &b, Location loc,
                         ArrayRef<OpFoldResult> sizes, TypedAttr value);

/// Inserts a tensor.cast to `type` where `value` has another (compatible)
/// type, e.g. a static shape where the op result is dynamic.
Value castToType(OpBuilder &b, Location loc, Value value, Type type);

//===----------------------------------------------------------------------===//
// Structured ops
//===----------------------------------------------------------------------===//

/// Body of a reduction: returns the new accumulator from the elements of the
/// inputs (the full tensor first, then the per-slice values) and the old
/// accumulator.
using ReductionBodyFn = function_ref<Value(OpBuilder &b, Location loc,
                                           ValueRange elements, Value acc)>;

/// Builds a linalg.generic over the iteration space of `input` (identity
/// map) that reduces the dims `reducedDims` into a tensor of the remaining
/// dims, initialized with `init`. `sliceInputs` are per-slice tensors (shape
/// of the result) read with the kept-dims map, e.g. a mean.
Value buildReduction(OpBuilder &b, Location loc, Value input,
                     ValueRange sliceInputs, ArrayRef<int64_t> reducedDims,
                     TypedAttr init, ReductionBodyFn body);

/// As above, accumulating into the tensor `acc` (the shape of the result),
/// e.g. a slice of a loop's destination filled with the neutral value, so
/// that the reduction bufferizes in place.
Value buildReduction(OpBuilder &b, Location loc, Value input,
                     ValueRange sliceInputs, ArrayRef<int64_t> reducedDims,
                     Value acc, ReductionBodyFn body);

/// Body of an elementwise op: returns the result element from the input
/// elements (the full tensor first, then the per-slice values).
using ElementwiseBodyFn =
    function_ref<Value(OpBuilder &b, Location loc, ValueRange elements)>;

/// Builds an all-parallel linalg.generic over the iteration space of `input`
/// that reads `input` (identity map) and the per-slice tensors `sliceInputs`
/// (kept-dims map) and returns a tensor of `input`'s shape with element type
/// `resultElementType`.
Value buildSliceElementwise(OpBuilder &b, Location loc, Value input,
                            ValueRange sliceInputs,
                            ArrayRef<int64_t> reducedDims,
                            Type resultElementType, ElementwiseBodyFn body);

/// Builds an all-parallel linalg.generic that maps every element of
/// `inputs` (all of one shape, identity maps) to one element of type
/// `resultElementType`.
Value buildMap(OpBuilder &b, Location loc, ValueRange inputs,
               Type resultElementType, ElementwiseBodyFn body);

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

/// Converts a float or signed-integer scalar to the float type `type`:
/// sitofp for integers, exact extf for narrower floats (f16/bf16 -> f64 goes
/// through f32), and a single rounding (createTruncF) for wider floats.
Value convertToFloat(OpBuilder &b, Location loc, Value value, FloatType type);

/// Rounds the float `value` once to the narrower float type `type`. f64 ->
/// f16/bf16 is done as a round-to-odd to f32 followed by arith.truncf to the
/// 16-bit type, which equals one correct rounding and avoids the compiler-rt
/// calls (no f64 -> bf16 expansion exists in arith-expand).
Value createTruncF(OpBuilder &b, Location loc, Value value, FloatType type);

/// Returns `lhs + rhs` with fastmath<reassoc>, so that LLVM may reorder (and
/// vectorize) the reduction it is part of.
Value createReassocAdd(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// Returns the float constant `value` of type `type`.
Value createFloatConstant(OpBuilder &b, Location loc, FloatType type,
                          double value);

/// Returns |x| (p = 1) or x * x (p = 2): one term of sum(|x|^p).
Value createPowerTerm(OpBuilder &b, Location loc, Value x, int64_t p);

/// Returns s (p = 1) or sqrt(s) (p = 2): the Lp norm from sum(|x|^p).
Value createRoot(OpBuilder &b, Location loc, Value sum, int64_t p);

//===----------------------------------------------------------------------===//
// Scaled Lp norm
//===----------------------------------------------------------------------===//

/// The two per-slice reductions of an Lp norm computed without overflow or
/// underflow: maxAbs = max(|x|) and sum = sum(|x / maxAbs|^p).
struct ScaledPowerSum {
  Value maxAbs;
  Value sum;
};

/// Builds the reductions of ScaledPowerSum over `reducedDims` of `input`,
/// converting its elements to `computeType` first.
ScaledPowerSum buildScaledPowerSum(OpBuilder &b, Location loc, Value input,
                                   ArrayRef<int64_t> reducedDims, int64_t p,
                                   FloatType computeType);

/// Builds the scalar x / ||x||_p from the ScaledPowerSum values of x's slice
/// (all of one float type):
///   m == 0   -> zeroResult (0 where null)
///   m == inf -> x / m            (as x / inf: 0, or NaN for infinite x)
///   else     -> (x / m) / root(s)
/// A NaN in the slice makes m NaN, and the last branch gives NaN.
Value buildScaledQuotient(OpBuilder &b, Location loc, Value x, Value maxAbs,
                          Value sum, int64_t p, Value zeroResult);

//===----------------------------------------------------------------------===//
// f32 fast paths (LpNormalization, Normalizer)
//===----------------------------------------------------------------------===//

/// The number of partial sums, L, that `options` guarantees for a
/// reassociated reduction in `accType` over an innermost dim of 64 or more
/// elements: reductionPartialSums for f32 (rounded down to a power of two),
/// half of it for f64, at least 1.
int64_t getReductionPartialSums(const NormToLinalgOptions &options,
                                FloatType accType);

/// Longest slice whose sum(|x|^p) buildGuardedF32PowerSum accumulates in
/// f32 under `options`: the worst-case relative error of an f32 sum of n
/// nonnegative terms in L partial sums, (n / L + log2 L) * 2^-24, stays
/// within 68 * 2^-24 = 4e-6 (n <= L * (68 - log2 L): 1024 at L = 16, 68 for
/// a sequential sum), so that the norm, and the result, stay within 5e-6 of
/// the float64 reference, half of the f32 tolerance (rtol 1e-5).
int64_t getMaxF32SumLength(const NormToLinalgOptions &options);

/// Returns per-slice S = sum(|x|^p) (p = 1 or 2) over the innermost dim of
/// the f32 tensor `input`, as f64 values: an f32 reduction (reassociated,
/// vectorizable) whose result is used where it is safe, and an exact f64
/// loop over the slice (scf.for in a linalg.map over the slices) where it is
/// not: S not in [2^-100, 2^100] (p = 2: squares may have underflowed or
/// overflowed), S not finite (p = 1), or a slice longer than `maxLength`
/// (getMaxF32SumLength; a dynamic size: the f32 reduction then covers no
/// elements). The caller handles static sizes above `maxLength`.
Value buildGuardedF32PowerSum(OpBuilder &b, Location loc, Value input,
                              int64_t p, int64_t maxLength);

/// The per-slice factors of buildScaledF32Quotient: x / d = (x * scale) *
/// reciprocal, with scale = 2^k (|d| * scale in [0.5, 1), k clamped to
/// [-126, 127]) and reciprocal = 1 / (d * scale) rounded once to f32, so
/// that neither factor overflows or underflows for any d of f32 or integer
/// data (f64 d in [2^-149, 2^200]). scale is 0 where d == 0; a NaN or
/// infinite d gives scale 1 and reciprocal NaN or 0 (x / inf). Where
/// 2^-64 <= |d| <= 2^64, scale is 1 and reciprocal 1 / d (an scf.if per
/// slice skips the exponent arithmetic): the same quotients where they are
/// at least 2^-125, rounded once instead of twice below.
struct ScaledReciprocal {
  Value scale;
  Value reciprocal;
};

/// Builds the two per-slice f32 tensors of ScaledReciprocal from the
/// per-slice tensor `divisor`, each by a linalg.map (not a linalg.generic:
/// elementwise fusion would move them into the per-element loop).
/// `toDivisor` maps an element of `divisor` to d as f64 (e.g. the square
/// root of a sum); null: the element converted to f64.
/// `scalarLoops`: tensor.generate ops instead (scalar loops after
/// bufferization, left alone by norm-vectorize-rows), for factors computed
/// outside any slice loop, where they are few and vectorizing them costs
/// compile time.
ScaledReciprocal buildScaledReciprocal(
    OpBuilder &b, Location loc, Value divisor,
    function_ref<Value(OpBuilder &, Location, Value)> toDivisor,
    bool scalarLoops = false);

/// Returns the per-slice signed maximum over the innermost dim of the f32
/// tensor `input` (an f32 tensor of the other dims), exactly, NaN where the
/// slice has a NaN, -inf for an empty slice. Computed with integer max
/// reductions (arith.maxsi, which LLVM's loop vectorizer and linalg
/// vectorize; arith.maximumf becomes compare/select code that LLVM leaves
/// scalar): of the keys of X, ordered as the floats (-inf < ... < -0 < +0 <
/// ... < +inf), and of |X|'s bits, which exceed +inf's for a NaN of either
/// sign.
Value buildF32RowMax(OpBuilder &b, Location loc, Value input);

/// Returns the f32 x / d from the ScaledReciprocal elements of x's slice:
/// scale == 0 (d == 0) -> zeroResult, else (x * scale) * reciprocal. At most
/// about 1.5 ulp from the correctly rounded quotient.
Value buildScaledF32Quotient(OpBuilder &b, Location loc, Value x, Value scale,
                             Value reciprocal, Value zeroResult);

/// Inside the body of a linalg.map (or generic) whose loops start with the
/// `numSliceDims` slice dims of a tensor: returns an scf.if on `condition`
/// yielding thenValue(indices) or elseValue(indices), with `indices` the
/// slice's indices (linalg.index ops, created here, directly in the body as
/// linalg requires). For per-slice values that a rare slice recomputes.
Value buildSliceIf(
    OpBuilder &b, Location loc, Value condition, int64_t numSliceDims,
    function_ref<Value(OpBuilder &, Location, ValueRange)> thenValue,
    function_ref<Value(OpBuilder &, Location, ValueRange)> elseValue);

/// Returns a copy of `operand` (Scale or B of a LayerNormalization,
/// broadcast right-aligned to X) with X's sizes from dim `firstDim` on,
/// except that the operand's static size-1 dims stay 1 when `keepUnitDims`:
/// element [k...] is operand[i...] with index 0 along its static size-1
/// dims, along the dims before `firstDim` (which must be static 1s) and,
/// when `runtimeOnes`, along the dynamic dims whose run-time size is 1.
/// Elements are converted to `elementType`. A tensor.generate, not a
/// linalg.generic: elementwise fusion would pull a generic into the
/// normalization's loop, and the per-element index select keeps LLVM from
/// vectorizing it; the copy is made once per call.
Value buildBroadcastCopy(OpBuilder &b, Location loc, Value operand, Value x,
                         int64_t firstDim, bool keepUnitDims, bool runtimeOnes,
                         FloatType elementType);

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

/// Collapses X (rank r, normalized dims [axis, r), at least two) to
/// [O, n], and Scale and B (right-aligned to X) to [n], so that their
/// dynamic sizes are X's (no run-time broadcast left):
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
/// buffer could not be collapsed without a copy) or has a static size 0, and
/// when a static broadcast copy of n elements would serve fewer than 8
/// slices (axis 0, or a static O < 8).
std::optional<CollapsedLayerNormalization>
collapseLayerNormalizationOperands(OpBuilder &b, Location loc, Value x,
                                   Value scale, Value bias, int64_t axis,
                                   FloatType c);

/// Expands the collapsed op's Y ([O, n] or [n]), Mean and InvStdDev ([O, 1]
/// or [1]) to `resultTypes`: Y to X's shape, Mean and InvStdDev to
/// [d0, ..., d(axis-1), 1, ..., 1].
SmallVector<Value> expandLayerNormalizationResults(OpBuilder &b, Location loc,
                                                   Value x, int64_t axis,
                                                   Value y, Value mean,
                                                   Value invStdDev,
                                                   TypeRange resultTypes);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_UTILS_H
