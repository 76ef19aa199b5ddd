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
#include "norm/Conversion/NormToLinalg/NormToLinalg.h"

namespace mlir {
namespace norm {

/// Returns Y of type `yType` of a normalization of `x` [N, C, D1, ..., Dn]
/// over groups of C / `numGroups` consecutive channels (`numGroups` null:
/// one group per channel, InstanceNormalization) with the [C] `scale` and
/// `bias`, in the stage-one type `c` (GroupNormalization.cpp's file comment
/// has the math); `silu` applies x * sigmoid(x) to Y in `c` before the
/// rounding to X's type; `yOverX` computes Y over X's own shape where C is
/// static (for an elementwise consumer to fuse into), not over the grouped
/// view.
Value buildGroupNormalization(OpBuilder &b, Location loc, Value x, Value scale,
                              Value bias, std::optional<int64_t> numGroups,
                              APFloat epsilon, FloatType c, bool silu,
                              bool yOverX, Type yType,
                              const NormToLinalgOptions &options);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CONVERSION_NORMTOLINALG_GROUPNORMALIZATION_H
