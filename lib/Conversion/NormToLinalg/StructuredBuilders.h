//===- StructuredBuilders.h - linalg/tensor builders ------------*- C++ -*-===//
//
// Builders of the structured ops the lowerings are made of: per-slice
// reductions and elementwise ops as linalg.generic, the shapes and
// indexing maps they need, per-slice scf.if inside a linalg body, scalar
// f64 loops over one slice, broadcast copies of a Scale or B, and the
// statistics results of the LayerNormalization and RMSNormalization
// lowerings.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_STRUCTUREDBUILDERS_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_STRUCTUREDBUILDERS_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace norm {

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

/// Returns the indexing map of `operandType` (a Scale or B) in a loop nest
/// over an X of rank `rank`, broadcasting right-aligned: a static size-1 dim
/// is read at index 0, any other dim (equal to X's, or dynamic and taken as
/// equal) follows X's loop.
AffineMap getRightAlignedBroadcastMap(MLIRContext *ctx, int64_t rank,
                                      RankedTensorType operandType);

/// Creates a tensor of `sizes` filled with `value` (tensor.empty +
/// linalg.fill).
Value createFilledTensor(OpBuilder &b, Location loc,
                         ArrayRef<OpFoldResult> sizes, TypedAttr value);

/// Inserts a tensor.cast to `type` where `value` has another (compatible)
/// type, e.g. a static shape where the op result is dynamic.
Value castToType(OpBuilder &b, Location loc, Value value, Type type);

/// The highest rank of X that the LpNormalization, LayerNormalization,
/// RMSNormalization and GroupNormalization (also InstanceNormalization)
/// lowerings build their loop nests for. Above it they lower the same op on
/// X collapsed to rank 2 or 3 (the dims before the axis, the axis or the
/// normalized dims, the dims after it; for GroupNormalization N, C and the
/// spatial dims) and expand the results: the per-slice computation is the
/// same, and the tiling and loop generation of the pipeline, whose cost
/// grows with the square of the rank, see at most three dims
/// (docs/Development.md, "Compile time and rank"). Ranks up to this one are
/// lowered as they are.
constexpr int64_t kMaxUncollapsedRank = 8;

/// Returns whether `value` is a slice of another tensor (tensor.extract_slice,
/// through tensor.cast): its buffer is then a strided view, which
/// bufferization cannot collapse without a copy (memref.copy, which also
/// needs the memrefCopy runtime function).
bool isSliceView(Value value);

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
// Per-slice values
//===----------------------------------------------------------------------===//

/// Inside the body of a linalg.map (or generic) whose loops start with the
/// `numSliceDims` slice dims of a tensor: returns an scf.if on `condition`
/// yielding thenValue(indices) or elseValue(indices), with `indices` the
/// slice's indices (linalg.index ops, created here, directly in the body as
/// linalg requires). For per-slice values that a rare slice recomputes.
Value buildSliceIf(
    OpBuilder &b, Location loc, Value condition, int64_t numSliceDims,
    function_ref<Value(OpBuilder &, Location, ValueRange)> thenValue,
    function_ref<Value(OpBuilder &, Location, ValueRange)> elseValue);

/// Combines an accumulator with one element (as f64) of a slice:
/// returns the new accumulator.
using SliceFoldFn =
    function_ref<Value(OpBuilder &b, Location loc, Value acc, Value element)>;

/// Returns, in f64, `combine` folded over the slice of `x` at the outer
/// indices `outer` (the dims before `axis`, e.g. buildSliceIf's indices)
/// from `init`, each element converted to f64 first (convertToFloat):
/// nested scf.for loops over the dims [axis, rank), reading elements with
/// tensor.extract, in order. The scalar path of the rare slices that need
/// an exact recomputation. `cold`: the loops carry norm.cold_loop (LLVM
/// neither interleaves nor unrolls them, norm-annotate-cold-loops); false
/// for a loop that some inputs take on every slice.
Value buildSliceFoldF64(OpBuilder &b, Location loc, Value x, ValueRange outer,
                        int64_t axis, Value init, SliceFoldFn combine,
                        bool cold = true);

/// Returns, in f64, the sum over the slice of `x` at `outer` of
/// `term(element)`, with reassociable additions from 0 (buildSliceFoldF64).
Value buildSliceSumF64(OpBuilder &b, Location loc, Value x, ValueRange outer,
                       int64_t axis,
                       function_ref<Value(OpBuilder &, Location, Value)> term,
                       bool cold = true);

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

/// Returns `operand` (a Scale or B broadcast right-aligned to `x`) in a form
/// that getRightAlignedBroadcastMap can read: a dynamic size of `operand`
/// may be 1 or X's size at run time (the op's runtime verification rejects
/// anything else), which no indexing map can express, so such an operand
/// is copied (buildBroadcastCopy) to X's trailing sizes, reading index 0
/// where the run-time size is 1, in an scf.if taken only where one of those
/// sizes is 1 (else the operand itself is read). An operand narrower than
/// `c` that does not vary over X's dims before `axis` (the usual [C] Scale)
/// is converted to `c` in a copy, once per call instead of once per slice
/// (always made, with the broadcast resolved in it). Other
/// operands are returned as is. `resolved`: the dynamic sizes of `operand`
/// are known to be X's, so at most the conversion is left to do.
Value resolveRuntimeBroadcast(OpBuilder &b, Location loc, Value operand,
                              Value x, int64_t axis, FloatType c,
                              bool resolved);

//===----------------------------------------------------------------------===//
// Statistics results
//===----------------------------------------------------------------------===//

/// Rounds the per-slice statistic `stat` (a tensor of X's dims before
/// `axis`) once to the element type of `resultType` and expands it to
/// `resultType`: [d0, ..., d(axis-1), 1, ..., 1] (e.g. Mean or InvStdDev).
Value buildStatResult(OpBuilder &b, Location loc, Value stat, Value x,
                      int64_t axis, RankedTensorType resultType);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_STRUCTUREDBUILDERS_H
