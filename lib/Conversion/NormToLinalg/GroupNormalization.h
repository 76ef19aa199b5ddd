//===- GroupNormalization.h - the channel-group normalizations --*- C++ -*-===//
//
// What GroupNormalization.cpp shares with InstanceNormalization.cpp (and
// ONNX Runtime's GroupNorm): the lowering of a normalization over groups of
// consecutive channels of X [N, C, D1, ..., Dn].
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CONVERSION_NORMTOLINALG_GROUPNORMALIZATION_H
#define NORM_LIB_CONVERSION_NORMTOLINALG_GROUPNORMALIZATION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

namespace mlir {
namespace norm {

/// The statistics of each group in the stage-one type C that Y takes: the
/// mean as High + Low (LayerNormalization.h, MeanParts) and InvStdDev, each
/// a tensor of the slice dims; with epsilon 0 also Y's per-group factor
/// `scale` S (LayerNormalization.h, ScaledCentering: Y takes X * S - High,
/// with High, Low and InvStdDev scaled to match), null otherwise.
struct GroupStatistics {
  Value high, low, invStdDev;
  Value scale = nullptr;
};

/// Returns SiLU(y) = y * sigmoid(y) = y / (1 + exp(-y)) in y's type (f32:
/// with an exp of arith ops that vectorizes, relative error about 2e-7;
/// f64: math.exp). Where exp(-y) overflows (y below -88.37 in f32, -709.78
/// in f64) the quotient is scaled so that SiLU(y) keeps its tiny normal or
/// subnormal value, unless `resultType` (the type SiLU(y) is rounded to
/// next) rounds all such values to -0 (f16); SiLU(-inf) and SiLU(NaN) are
/// NaN; docs/numerics.md.
Value buildSiLU(OpBuilder &b, Location loc, Value y, FloatType resultType);

/// Returns the [G, K] view of the [C] tensor `operand` (scale or B):
/// tensor.expand_shape with K = C / G.
Value expandChannels(OpBuilder &b, Location loc, Value operand,
                     int64_t numGroups);

/// Returns the statistics of the slices of `slices` over its dims
/// [axis, rank): the shifted two-pass algorithm with the exact f64
/// recomputation of the LayerNormalization lowering (LayerNormalization.h),
/// in the stage-one type `c`, with `epsilon` added to the variance.
GroupStatistics buildGroupStatistics(OpBuilder &b, Location loc, Value slices,
                                     int64_t axis, APFloat epsilon, FloatType c,
                                     const NormToLinalgOptions &options);

/// Returns one element of Y, ((X - High) - Low) * InvStdDev * scale + B
/// (then SiLU where `silu`), from `elements` (X, High, Low, InvStdDev,
/// scale, B), computed in `c` and rounded once to `t`: the body of the
/// elementwise Y ops. With `lowTimesInvStdDev`, the third element is the
/// product Low * InvStdDev in `c` (rounded once, as the body would take it),
/// for a caller that computes it once per channel: the same Y. With
/// `scaled`, a seventh element is the group's factor S (GroupStatistics):
/// X * S - High in place of X - High.
Value buildGroupNormalizedElement(OpBuilder &b, Location loc,
                                  ValueRange elements, FloatType c, bool silu,
                                  FloatType t, bool lowTimesInvStdDev = false,
                                  bool scaled = false);

/// Returns Y = ((X - High) - Low) * InvStdDev * scale + B (then SiLU where
/// `silu`), computed in `c` and rounded once to the element type of
/// `domain`: an all-parallel linalg.generic over `domain` (X or a view of
/// it), reading the statistics through `statMap` and `scale` and `bias`
/// through `channelMap`, into `init` (a new tensor.empty where null); with
/// `stats.scale`, X * S - High in place of X - High.
Value buildGroupNormalizedY(OpBuilder &b, Location loc, Value domain,
                            const GroupStatistics &stats, AffineMap statMap,
                            Value scale, Value bias, AffineMap channelMap,
                            FloatType c, bool silu, Value init = nullptr);

/// Returns Y of type `yType` of a normalization of `x` [N, C, D1, ..., Dn]
/// over groups of C / `numGroups` consecutive channels (`numGroups` null:
/// one group per channel, InstanceNormalization) with the [C] `scale` and
/// `bias`, in the stage-one type `c` (GroupNormalization.cpp's file comment
/// has the math); `silu` applies x * sigmoid(x) to Y in `c` before the
/// rounding to X's type; `yOverX` (an elementwise consumer to fuse into Y)
/// computes Y over X's own shape where C is static, else over the grouped
/// view; without it Y is computed over the rows of the statistics, in their
/// loop.
Value buildGroupNormalization(OpBuilder &b, Location loc, Value x, Value scale,
                              Value bias, std::optional<int64_t> numGroups,
                              APFloat epsilon, FloatType c, bool silu,
                              bool yOverX, Type yType,
                              const NormToLinalgOptions &options);

/// Returns Y of type `yType` of ONNX Runtime's channels-last group
/// normalization of `x` [N, D1, ..., Dn, C] (GroupNormalizationChannelsLast.cpp
/// has the layout), with the arguments of buildGroupNormalization.
Value buildChannelsLastGroupNormalization(RewriterBase &b, Location loc,
                                          Value x, Value scale, Value bias,
                                          int64_t numGroups, APFloat epsilon,
                                          FloatType c, bool silu, Type yType,
                                          const NormToLinalgOptions &options);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_GROUPNORMALIZATION_H
