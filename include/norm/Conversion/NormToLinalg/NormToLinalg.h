//===- NormToLinalg.h - norm to linalg lowering patterns --------*- C++ -*-===//
//
// The lowering of the norm ops as pattern sets, for compilers that run it
// inside their own conversion (docs/embedding.md). Link
// NormMLIR::NormToLinalg.
//
// The contract. Every result is within the tolerances of docs/semantics.md
// of the float64 reference (Y, Mean and InvStdDev rounded once), on every
// input, whatever pipeline runs after the lowering, as long as that pipeline
// honours NormToLinalgOptions (the defaults assume nothing of it). The
// lowered IR depends only on the op, its types and the options: never on
// which dialects happen to be loaded, nor on which passes run later.
//
// The patterns are plain rewrite patterns: they work with
// applyPartialConversion (norm illegal, the rest legal, as
// `convert-norm-to-linalg` does) and with applyPatternsGreedily. They
// create arith, linalg, math, scf and tensor ops: a pass using them must
// load those dialects (getNormToLinalgDependentDialects in its
// getDependentDialects); a pattern that finds one of them unloaded emits an
// error on the op and fails. So does a pattern whose op breaks one of the
// size rules of its run-time checks on the sizes that the producers of its
// operands fix at compile time (the source of a tensor.cast: a Scale of 3
// elements cast to tensor<?xf32> for X [2, 4]), with the check's text:
// lowered, canonicalization would fold the cast into linalg ops whose
// static sizes then disagree (convert-norm-to-linalg checks every op before
// converting, one error each). Ops whose types or attributes a pattern does
// not handle (the verifier rejects them) are left alone (match failure with
// a reason).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_CONVERSION_NORMTOLINALG_NORMTOLINALG_H
#define NORM_CONVERSION_NORMTOLINALG_NORMTOLINALG_H

#include <cstdint>

namespace mlir {
class DialectRegistry;
class RewritePatternSet;
namespace norm {

/// What the pipeline after the lowering guarantees, which the lowering may
/// rely on to pick faster accumulations without leaving the contract above.
struct NormToLinalgOptions {
  /// The fewest independent partial sums into which the later pipeline
  /// splits every f32 reduction that the lowering marks
  /// `fastmath<reassoc>`, over one innermost dim of 64 or more elements (f64
  /// reductions: half as many, at least 1). The rounding error of an f32 sum
  /// of n terms in L partial sums is at most (n / L + log2 L) units of
  /// 2^-24 (Higham, "Accuracy and Stability of Numerical Algorithms", 4.2),
  /// so a larger L lets longer rows accumulate in f32 and lets
  /// LayerNormalization's exact recomputation trigger on fewer rows:
  /// * 1 (the default): no assumption, any pipeline (sums may be
  ///   sequential);
  /// * 16: what `norm-vectorize-rows` keeps (4 vector registers of at least
  ///   4 f32 lanes each); the `norm-to-llvm` pipeline sets it.
  /// A power of two; other values are rounded down to one.
  uint32_t reductionPartialSums = 1;
};

/// Inserts the dialects the patterns below create (arith, linalg, math, scf,
/// tensor) into `registry`: call it from a pass's getDependentDialects.
void getNormToLinalgDependentDialects(DialectRegistry &registry);

/// Adds the patterns that lower `norm.lp_normalization` to linalg on tensors
/// (reduction along the axis, then a guarded division).
void populateLpNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds the patterns that lower `norm.normalizer` to linalg on tensors.
void populateNormalizerToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds the patterns that lower `norm.layer_normalization` to linalg on
/// tensors along the ONNX function body's chain, with the exact f64
/// recomputation of the slices whose statistics the rounding of their mean
/// may distort (docs/numerics.md). With two or more normalized dims, the op
/// is lowered on X collapsed to [O, n] and its results are expanded back
/// (tensor.collapse_shape / expand_shape); expanding Y to several dynamic
/// dims needs `norm-expand-shape-to-reinterpret-cast` before
/// `expand-strided-metadata` after bufferization (an MLIR 22 crash).
void populateLayerNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds the patterns that lower `norm.rms_normalization` to linalg on
/// tensors: the sum of squares in f64 (max|x|-scaled for f64 X), per-slice
/// InvStdDev, and one elementwise op for Y (docs/semantics.md).
void populateRMSNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds the patterns that lower `norm.batch_normalization` (inference) to
/// linalg on tensors: a per-channel map and one elementwise op over X, in
/// f32 (f64 when any operand is f64), rounded once (docs/semantics.md).
void populateBatchNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds the patterns that lower `norm.group_normalization` to linalg on
/// tensors: X viewed as one row per (n, group) with the statistics of the
/// LayerNormalization lowering (exact on offset data), then one elementwise
/// op for Y over X's grouped view (docs/semantics.md).
void populateGroupNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds the patterns that lower `norm.instance_normalization` to linalg on
/// tensors, as GroupNormalization with one group per channel.
void populateInstanceNormalizationToLinalgPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

/// Adds all of the above. After applying them no `norm` op remains; the IR
/// uses the linalg, tensor, arith, math and scf dialects.
void populateNormToLinalgConversionPatterns(
    RewritePatternSet &patterns, const NormToLinalgOptions &options = {});

} // namespace norm
} // namespace mlir

#endif // NORM_CONVERSION_NORMTOLINALG_NORMTOLINALG_H
