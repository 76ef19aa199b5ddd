//===- Passes.td - norm conversion passes ------------------*- tablegen -*-===//

#ifndef NORM_CONVERSION_PASSES_TD
#define NORM_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// NormToLinalg
//===----------------------------------------------------------------------===//

def ConvertNormToLinalgPass : Pass<"convert-norm-to-linalg"> {
  let summary = "Lower norm ops to linalg on tensors";
  let description = [{
    Decomposes every `norm` op into `linalg.reduce`/`linalg.generic`
    reductions and elementwise `linalg.generic` ops on tensors:

    * `norm.lp_normalization`: |x| or x*x summed along the axis, then
      x / norm with a zero-norm guard (0 where the norm is 0);
    * `norm.normalizer`: the row divisor (signed MAX, L1 or L2), then X / d
      with Y = X where d is 0 (f32 input: row sums in f32 with an exact f64
      re-summation of rows that may have lost accuracy, docs/numerics.md;
      other inputs in f64), rounded once to f32;
    * `norm.layer_normalization`: the ONNX function body's chain (ReduceMean,
      Sub, Mul, ReduceMean, Add epsilon, Sqrt, Reciprocal, Mul, Mul Scale,
      Add B) with a two-pass variance, stage one in f32 (f64 for f64 X) and
      the stash_type casts of Mean and InvStdDev; a slice whose variance is
      within the rounding error of its f32 Mean (constant and nearly
      constant slices), or whose f32 sums overflowed, is recomputed in f64
      by scalar loops, shifted by its first element, so that a constant
      slice has an exact Mean, Var = 0 and Y = B (docs/numerics.md).
    * `norm.rms_normalization`: x*x summed in f64 (scaled by max|x| for f64
      X), InvStdDev = 1 / sqrt(mean + epsilon) per slice, then
      X * InvStdDev rounded once to X's type and multiplied by Scale,
      rounded once to Scale's type (docs/semantics.md).

    f16/bf16 data is extended to (at least) f32 before any arithmetic; each
    result is rounded once to its element type. Reduction additions carry
    `fastmath<reassoc>` so later vectorization may keep partial sums per lane.

    Sizes that the producers of an op's operands fix at compile time (the
    source of a `tensor.cast`, a constant size found through
    ValueBoundsOpInterface) are checked first against the rules of the op's
    run-time checks: a rule that fails on them is an error at the op with
    the check's text (`dimension 0 of 'Scale' is 3, expected 4 (dimension 1
    of 'X') or 1`), and the pass lowers nothing. Lowered, canonicalization
    would fold the cast into the linalg ops, whose static sizes would then
    disagree.

    The result is within the tolerances of docs/semantics.md whatever
    pipeline follows. `reduction-partial-sums` tells the lowering how many
    partial sums the later pipeline keeps per reduction (`norm-to-llvm` sets
    16, what `norm-vectorize-rows` keeps): with more, longer f32 rows
    accumulate in f32 and LayerNormalization recomputes fewer rows in f64
    within the same error bound. The same options give the same IR as the
    `populate*` functions of NormToLinalg.h with NormToLinalgOptions.
  }];
  let options = [
    Option<"reductionPartialSums", "reduction-partial-sums", "uint32_t",
           /*default=*/"1",
           "The fewest partial sums the later pipeline keeps in every "
           "reassociated f32 reduction over an innermost dim of 64 or more "
           "elements (half for f64); 1: none assumed (NormToLinalgOptions). "
           "1 to 65536 (2^16, far more than a vectorized loop keeps), a "
           "power of two (others are rounded down to one)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // NORM_CONVERSION_PASSES_TD
