//===- LocationMarkers.h - norm-to-linalg markers in locations -*- C++ -*-===//
//
// Bufferization drops the attributes of some ops (tensor.generate), and the
// loops that tiling makes of a linalg op carry none of its attributes, but
// both keep the op's location. So the norm-to-linalg lowerings mark ops for
// the codegen passes in their location: a FusedLoc whose metadata is one of
// the strings below (getCopyLoopLoc and getFirstPassLoc in
// lib/Conversion/NormToLinalg/LayerNormalization.h make them).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_CONVERSION_NORMTOLINALG_LOCATIONMARKERS_H
#define NORM_CONVERSION_NORMTOLINALG_LOCATIONMARKERS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

namespace mlir::norm {

/// A per-call copy of an operand (Scale or B broadcast or converted):
/// norm-annotate-cold-loops gives its loops metadata against unrolling.
inline constexpr StringLiteral kCopyLoopMarker = "norm.copy_loop";

/// A slice reduction that is the first pass over the slice for some slices
/// only (LayerNormalization's f64 sum of K - X for the long rows of a
/// dynamic length): norm-prefetch-rows does not count it as a later pass.
inline constexpr StringLiteral kFirstPassMarker = "norm.first_pass";

/// Returns whether `loc` is a FusedLoc whose metadata is the string `marker`.
inline bool hasLocationMarker(Location loc, StringRef marker) {
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused)
    return false;
  auto metadata = dyn_cast_if_present<StringAttr>(fused.getMetadata());
  return metadata && metadata.getValue() == marker;
}

} // namespace mlir::norm

#endif // NORM_CONVERSION_NORMTOLINALG_LOCATIONMARKERS_H
