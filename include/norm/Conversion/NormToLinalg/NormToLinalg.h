//===- NormToLinalg.h - norm to linalg lowering patterns --------*- C++ -*-===//
//
// The lowering of the norm ops as pattern sets, for compilers that run it
// inside their own conversion (docs/embedding.md). Link
// NormMLIR::NormToLinalg. The patterns are plain rewrite patterns: they work
// with applyPartialConversion (norm illegal, the rest legal, as
// `convert-norm-to-linalg` does) and with applyPatternsGreedily. They
// create arith, linalg, math and tensor ops, so a pass using them must list
// those dialects in getDependentDialects. Ops whose types or attributes a
// pattern does not handle are left alone (match failure with a reason).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_CONVERSION_NORMTOLINALG_NORMTOLINALG_H
#define NORM_CONVERSION_NORMTOLINALG_NORMTOLINALG_H

namespace mlir {
class RewritePatternSet;
namespace norm {

/// Adds the patterns that lower `norm.lp_normalization` to linalg on tensors
/// (reduction along the axis, then a guarded division).
void populateLpNormalizationToLinalgPatterns(RewritePatternSet &patterns);

/// Adds the patterns that lower `norm.normalizer` to linalg on tensors.
void populateNormalizerToLinalgPatterns(RewritePatternSet &patterns);

/// Adds the patterns that lower `norm.layer_normalization` to linalg on
/// tensors along the ONNX function body's chain. With two or more
/// normalized dims, the op is lowered on X collapsed to [O, n] and its
/// results are expanded back (tensor.collapse_shape / expand_shape);
/// expanding Y to several dynamic dims needs
/// `norm-expand-shape-to-reinterpret-cast` before `expand-strided-metadata`
/// after bufferization (an MLIR 22 crash).
void populateLayerNormalizationToLinalgPatterns(RewritePatternSet &patterns);

/// Adds all of the above. After applying them no `norm` op remains; the IR
/// uses the linalg, tensor, arith and math dialects.
void populateNormToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace norm
} // namespace mlir

#endif // NORM_CONVERSION_NORMTOLINALG_NORMTOLINALG_H
