//===- Passes.td - norm CPU codegen passes -----------------*- tablegen -*-===//
//
// The CPU code generation passes of the norm-to-llvm pipeline: they work on
// linalg, vector, memref, scf and omp ops after convert-norm-to-linalg (and
// on any linalg on tensors), not on norm ops. In alphabetical order; the
// pipeline order and the reasons for it are in lib/Pipelines/Pipelines.cpp
// and docs/Pipeline.md.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_CODEGEN_PASSES_TD
#define NORM_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// AnnotateColdLoops
//===----------------------------------------------------------------------===//

def AnnotateColdLoopsPass
    : Pass<"norm-annotate-cold-loops", "::mlir::func::FuncOp"> {
  let summary = "Keep LLVM from interleaving and unrolling the loops that "
                "the lowerings marked cold";
  let description = [{
    A lowering marks an `scf.for` of a path that runs for rare slices only
    (the scalar f64 recomputation of LayerNormalization's statistics, for
    offset data, overflowing sums, NaN and infinity; the f64 sum of squares
    of bf16 RMSNormalization's rows of tiny or huge values) with the unit
    attribute `norm.cold_loop`. This pass replaces the marker with LLVM loop
    metadata (`#llvm.loop_annotation`: interleave count 1, unrolling
    disabled), which `convert-scf-to-cf` and `convert-cf-to-llvm` carry to
    the loop's latch branch. Without it LLVM's loop vectorizer turns each
    such loop into a vector loop interleaved four times, with a vectorized
    epilogue and a runtime-unrolled scalar remainder: code that the JIT
    compiles on every module and that the common rows never run. The loop
    is still vectorized, one vector per step, so that inputs where every
    slice takes the rare path (LayerNorm slices of about a million
    elements) keep their speed. The loops compute the same values either
    way (the metadata only forbids transformations).

    The loops of the copies of Scale and B that the lowerings make once per
    call get the same metadata: LayerNormalization's broadcast copies (made
    only where a dynamic size is 1 at run time) and converted copies, and
    the per-row copies of GroupNormalization and InstanceNormalization,
    `tensor.generate` ops whose loops come from their bufferization to
    `linalg.map`. Bufferization drops the generate's attributes, so the
    lowerings mark them through their location, fused with the metadata
    `norm.copy_loop` (`getCopyLoopLoc`,
    `lib/Conversion/NormToLinalg/LayerNormalization.h`), which the loops
    keep. Without it LLVM unswitched each copy on its size-1 broadcast and
    vectorized each version four times interleaved, with run-time alias
    checks, a vectorized epilogue and an unrolled scalar remainder: the
    largest part of the entry function, for a loop that runs once per call.
    Copied one vector per step, a [768] Scale is about as fast.

    The attribute is set under the name of `llvm.br`'s own attribute
    (`loop_annotation`): `convert-cf-to-llvm` copies a branch's attributes
    to the `llvm.br` it creates, and the translation to LLVM IR reads only
    that one (a discardable `llvm.loop_annotation` would be dropped).

    Run it after the last pass that rebuilds loops (canonicalization) and
    before `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// CopiesToLoops
//===----------------------------------------------------------------------===//

def CopiesToLoopsPass : Pass<"norm-copies-to-loops"> {
  let summary = "Rewrite memref.copy that memref-to-llvm would lower to a "
                "call of MLIR's runtime as loops";
  let description = [{
    Rewrites each `memref.copy` that `finalize-memref-to-llvm` would lower
    to a call of `memrefCopy` (a function of MLIR's C runner utilities, not
    of libc) as one `scf.for` per dim, outermost first, around a
    `memref.load` of the source and a `memref.store` to the target at the
    same indices. Copies that memref-to-llvm makes one `memcpy` (both
    operands with the identity layout, or a static, non-empty, contiguous
    row-major one) are left alone, as are copies of unranked memrefs. The
    others are rewritten, such as a buffer copied into a row block of
    another (`memref<?xf32>` to `memref<?xf32, strided<[1], offset: ?>>`),
    which bufferization writes for the row blocks of InstanceNormalization
    and GroupNormalization with a dynamic batch.

    The JIT resolves `memrefCopy` from the runner utilities; an object of
    `norm-compile` must not need them (docs/AOT.md). The loops copy element
    by element, as `memrefCopy` does, without its call and its per-element
    index arithmetic over an unranked descriptor.

    Run it before `finalize-memref-to-llvm` and `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

//===----------------------------------------------------------------------===//
// DeinterleaveBF16Sums
//===----------------------------------------------------------------------===//

def DeinterleaveBF16SumsPass
    : Pass<"norm-deinterleave-bf16-sums", "::mlir::func::FuncOp"> {
  let summary = "Widen bf16 terms of sums without shuffles, in another lane "
                "order";
  let description = [{
    Rewrites `arith.extf` from a vector of bf16 (a power of two lanes) to
    f32 in the body of an `scf.for` when its lanes only reach a sum
    carried by the loop whose lane order does not matter: through
    `arith.addf`/`subf`/`mulf` and `arith.extf` (to f64) whose other
    operands are the same in every lane (splat constants, broadcasts of a
    scalar) or computed the same way from other such widenings of the same
    vector type in the loop (RMSNormalization's terms (a^2 + b^2) + (c^2 +
    d^2) of four pieces of the row, summed in f64), which are then
    rewritten too (a widening combined with one that keeps its lane order
    keeps its own), into
    `arith.addf %sum, %term` yielded as the next %sum; after the loop, that
    sum only goes through loops that add more terms to its lanes (masked
    remainders: `arith.select %mask, (%sum + %t), %sum`) to a full
    `vector.reduction <add>`. Each lane of such a sum is a partial sum, and
    only their total is used, so the terms may land in any lanes.

    The rewrite reads the bf16 vector as i32 pairs of lanes (little-endian
    lane order): the pairs shifted left by 16 are the even lanes as f32,
    the pairs with their low half cleared the odd lanes, and the result is
    the even lanes followed by the odd ones. Exact, like `arith.extf`; on
    x86 two instructions per 32 lanes instead of a lane-crossing
    `vpmovzxwd` and a shift per 16 (what `arith-expand{include-bf16}` gives
    `arith.extf`). Used for LayerNormalization's Mean and variance sums and
    RMSNormalization's sum of squares over bf16 rows.

    Then, in an `scf.for` that carries values, each `arith.subf %k, %x`
    with %k the same in every lane and %x a bf16 or f16 vector widened to
    f32 in that loop (the shift K - x of LayerNormalization's sums) becomes
    `math.fma %x, %m, %k` with %m = -1 in every lane: the product is exact,
    so the fused multiply-add rounds K - x once, as the subtraction does
    (the same values, signed zeros included). The -1 comes from the bits
    0xbf800000 through an empty inline asm (`"=r,0"`, no instruction) before
    the loop, which keeps LLVM from folding the fma back into a
    subtraction. Each term of such a sum takes two additions (the shift,
    then the sum); where additions and multiply-adds run on different
    execution units (Zen 4: two of each), the shift moves to the
    multiply-add units.

    Run after `convert-vector-to-scf` (loops and vectors in their final
    shape) and before `arith-expand`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ExpandShapeToReinterpretCast
//===----------------------------------------------------------------------===//

def ExpandShapeToReinterpretCastPass
    : Pass<"norm-expand-shape-to-reinterpret-cast"> {
  let summary = "Rewrite memref.expand_shape with identity layouts as "
                "memref.reinterpret_cast (works around an MLIR 22 crash)";
  let description = [{
    Rewrites each `memref.expand_shape` whose source and result both have
    the identity (row-major, offset 0) layout into a
    `memref.reinterpret_cast` of the source: offset 0, the op's output
    shape as sizes, and the row-major strides of those sizes (suffix
    products, `arith.muli` where a size is dynamic). The two views are the
    same memory; other expand_shapes are left alone.

    Run it before `expand-strided-metadata`: in MLIR 22 that pass crashes
    (a null attribute in `memref::ReinterpretCastOp::build`) on an
    expand_shape that splits one dim into two or more dynamic ones, such as
    `memref<?x?xf32>` into `memref<?x?x?xf32>` by `[[0], [1, 2]]`, which
    the collapsed LayerNormalization lowering produces for Y and which a
    linalg-on-tensors input can contain.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

//===----------------------------------------------------------------------===//
// FuseElementwise
//===----------------------------------------------------------------------===//

def FuseElementwisePass : Pass<"norm-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg ops on tensors, without moving "
                "reshapes";
  let description = [{
    The producer-consumer fusion of upstream `linalg-fuse-elementwise-ops`
    (`linalg::populateElementwiseOpsFusionPatterns`, fusing a producer
    with a single use), with its canonicalization and constant-folding
    patterns, but without its reshape propagation
    (`populateFoldReshapeOpsByExpansionPatterns`,
    `populateBubbleUpExpandShapePatterns`). That propagation moves a
    `tensor.expand_shape` of a result above the linalg op that computes
    it, which undoes the collapse of a LayerNormalization over several
    dims to [O, n] (`convert-norm-to-linalg`): its loops over the
    normalized dims come back, with a tiny innermost one (X [N, C, 1]:
    48 times slower).

    Producer fusion: the elementwise producers of a normalization's X in
    the same function (a residual add, a bias add broadcast along rows, a
    cast such as `arith.extf` f16 to f32, chains of them: ops that depend
    on no reduction) are computed where X is read, not written to memory
    and read back:

    - named elementwise linalg ops among them (`linalg.add`,
      `linalg.broadcast`, `linalg.map`, ...) are generalized first;
    - scalar reads of their values (`tensor.extract`: LayerNormalization's
      shift, the exact f64 recomputations of LayerNormalization,
      LpNormalization and Normalizer) compute the element from the
      producer's inputs, slices (`tensor.extract_slice`) compute the
      producer on slices of its inputs, and reshapes (the [O, n] collapse
      of a LayerNormalization over several dims, the grouped views of
      Group- and InstanceNormalization) compute it on reshaped inputs;
    - one with several consumers (the reductions and the elementwise tail)
      is fused into each, provided its payload is only arith ops (a costly
      one stays, and `norm-fuse-rows` computes it once per slice); a use
      of its value outside them (a function result: ONNX Runtime's
      input_skip_bias_sum) is written by one of them, an all-parallel
      consumer over the same iterations that comes before those uses (the
      tail), as an extra result.

    Each of these gives the same values: the same operations on the same
    elements.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::linalg::LinalgDialect"];
}

//===----------------------------------------------------------------------===//
// FuseRows
//===----------------------------------------------------------------------===//

def FuseRowsPass : Pass<"norm-fuse-rows", "::mlir::func::FuncOp"> {
  let summary = "Tile the normalization roots by slice and fuse their "
                "reductions: one loop nest per op";
  let description = [{
    Finds each all-parallel `linalg` op (the elementwise tail of a `norm`
    lowering) that reads per-slice values computed by reductions, tiles its
    slice (kept) dims by 1 in an `scf.forall` and fuses every producer
    (reductions, fills, per-slice maps) into that loop
    (scf::tileConsumerAndFuseProducersUsingSCF). Producers whose values are
    also used after the loop (LayerNorm's Mean and InvStdDev) are yielded
    from it as extra results, so they are computed once, in the same loop.
    Afterwards each slice is read by the reductions and the tail while it is
    still in cache, and no tensor of the input's size is materialized except
    the result.

    Reductions that read per-slice values of other reductions and that no
    elementwise op fused (a LayerNorm whose Mean and InvStdDev are used but
    not Y: the sum of squared deviations reads Mean) are roots in turn, tiled
    by 1 along their slice dims, so that a slice is read by all its
    reductions in one loop. Where an all-parallel per-slice op combines the
    results of two or more such reductions (a dynamic-length LayerNorm's f32
    and f64 sums of squares, selected by the slice length), that op is the
    root instead, so that they still share one loop.

    First, linalg ops on tensors with a static iteration space of size 0
    (a slice whose run-time size folded to 0, e.g. of a constant X) are
    replaced by their inits, which they equal: MLIR 22's tiling crashes on
    them.

    Only trailing-axis reductions are fused (the kept dims must be a
    prefix of the loop dims); other ops are left as they are.

    With `norm-fuse-elementwise` before it, this gives the producer-fusion
    guarantee of `norm-to-llvm`: for a normalization (LayerNormalization,
    RMSNormalization, LpNormalization over the innermost axis, Normalizer)
    of an elementwise producer's value (X + Skip, X + Bias, a cast, a chain
    of them), one loop nest over slices in which each pass over a slice
    reads the producer's inputs (from memory once, then from the cache)
    and computes the producer, Y written once and, where the producer's
    value is also returned, that value written once from the same loop
    (`test/Codegen/fuse-rows-producers*.mlir`). BatchNormalization is one
    elementwise op computing both; Group- and InstanceNormalization keep
    the two loop nests of their lowering (statistics, then Y), both reading
    the producer's inputs. A costly producer (math ops) whose value is
    fused as a producer is computed once per slice in the loop: tiles of it
    that differ only by equal dynamic sizes are merged.
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// JamRows
//===----------------------------------------------------------------------===//

def JamRowsPass : Pass<"norm-jam-rows", "::mlir::func::FuncOp"> {
  let summary = "Several short rows per iteration of a loop over rows: the "
                "row loop unrolled and jammed";
  let description = [{
    On buffers, after norm-vectorize-rows and bufferization: each
    one-dimensional `scf.forall` over rows (no results, lower bound 0, step
    1) whose body holds loops over the row (`scf.for` with loop-invariant
    bounds) is unrolled by `rows` and jammed: an iteration handles `rows`
    consecutive rows, each loop over the row becomes one loop that works on
    all of them (with each row's loop-carried partial sums), and each
    per-row op becomes one copy per row, consecutive. The rows' chains of
    dependent per-row work (horizontal sums, divisions, square roots,
    LayerNorm's exactness checks) are independent, so the core overlaps
    them, and the loop overhead is paid once per block of rows.

    The per-row scalars' one-element `linalg` ops are first replaced by
    their bodies on scalars (a load of a scalar stored at the same level
    becomes the stored value, and CSE merges the checks that several of
    them recompute), so that their `scf.if`s are jammed too: an `scf.if`
    whose condition is the same for all rows becomes one `scf.if` over the
    rows' regions. A check for rare rows (the condition differs between
    rows and only one region holds loops: LayerNorm's exact recomputation)
    becomes one branch on the rows' conditions combined: where no row takes
    the rare region, the rest of the body goes on jammed with the common
    region (and later checks on the same condition are known); where one
    does, the block is run again row by row, so the jammed code holds no
    copy of the rare region. Where a result was written before the check,
    each row's `scf.if` runs instead, under that branch. A check whose
    regions are both pure (RMSNormalization's sum of squares in range)
    becomes the smaller region jammed where all rows take it, else both
    regions jammed and each row's results selected.

    Only bodies with at least `min-reductions` reductions over the row
    (`vector.multi_reduction` or `vector.reduction` ops directly in the
    body: each reduction's horizontal sum of the row's partial sums) are
    jammed: the jam pays for
    the chains between dependent reductions (LayerNorm's mean, then the sum
    of squared deviations), while after a single reduction the chain is
    short enough for the core to overlap consecutive rows by itself.
    Only rows whose loops each run at most `max-steps` steps are jammed,
    and where a loop's bound is selected by a row length above a constant
    of at least `max-steps` steps (a loop for long rows only: LayerNorm's
    f64 sum of squares), only with that switch off, so the jammed rows hold
    no such loop. Where the trip counts are run-time values, the loop runs
    over blocks of `rows` rows or, where they are too long, of one row. Blocks that are not
    jammed (rows too long, a last partial block, a block with a rare row)
    run through one row-by-row copy of the body. An iteration reads its
    rows through one tile (`memref.subview`) of each array whose rows it
    reads, which norm-openmp-cleanup counts as its work: the loop goes
    parallel at the same number of rows as before. The body's buffers are
    allocated at the start of the new body, once per row of a block.

    With `max-steps` = 1 every loop over the row runs at most one step in a
    jammed block, and a main loop (0 to n - n mod T, as norm-vectorize-rows
    peels it) is jammed as that step: an `scf.if` (lower bound < upper bound)
    whose results are the rows' loop-carried values, their initial values
    where the step does not run, which is less code for the backend than a
    loop. The masked remainder loops peeled from them (from a main loop's
    upper bound) stay loops.

    With `cached-max-steps` above `max-steps`, rows whose loops each run at
    most `cached-max-steps` steps are jammed too where the arrays whose rows
    the body reads (X) hold at most `cached-max-bytes` bytes together (a
    run-time condition where their sizes are dynamic): data that stays in
    the caches, where the overlap of the rows' per-row chains pays, while
    out of the cache a jammed block's interleaved rows streamed slower than
    row by row. Where the `max-steps` condition is a run-time value, both
    tiers share one jammed copy of the body (its loops kept, no one-step
    form), taken where either condition holds.

    With `pack-rows`, the jammed rows' horizontal sums
    (`vector.multi_reduction <add>` of a float row of a power-of-two number
    of lanes) are one transposed reduction: the rows' partial sums side by
    side in one vector, halves added level by level (shuffles), down to one
    vector of the rows' sums; and the rows' per-row scalar work after them
    (the mean, the checks, the square root and division) is one op on
    vectors of the rows (one lane per row) per op of a row. Each row's sum
    is added in the order in which LLVM reduces a reassociated sum on x86
    (lane j plus lane j + W/2 at each width W): only where the backend
    reduces in that order (AArch64 adds pairwise) are the results the
    same.

    Iterations of an `scf.forall` are independent, and a block run again
    row by row had written only its own buffers, so results are unchanged.
  }];
  let options = [
    Option<"rows", "rows", "unsigned", /*default=*/"4",
           "Rows per iteration (1: no jam; at most 16)">,
    Option<"packRows", "pack-rows", "bool", /*default=*/"false",
           "Reduce the jammed rows' sums together and compute their per-row "
           "scalars on vectors of the rows (sums in x86's reduction order)">,
    Option<"maxSteps", "max-steps", "unsigned", /*default=*/"2",
           "Most steps of each loop over the row for a row loop to be "
           "jammed (0: none)">,
    Option<"minReductions", "min-reductions", "unsigned", /*default=*/"0",
           "Fewest reductions over the row (vector.multi_reduction or "
           "vector.reduction ops in the loop body) for a row loop to be "
           "jammed">,
    Option<"cachedMaxSteps", "cached-max-steps", "unsigned",
           /*default=*/"0",
           "Most steps of each loop over the row for a row loop to be "
           "jammed where the arrays whose rows it reads hold at most "
           "cached-max-bytes together (0, or not above max-steps: none)">,
    Option<"cachedMaxBytes", "cached-max-bytes", "uint64_t",
           /*default=*/"2097152",
           "Most bytes of the arrays whose rows a row loop reads for its "
           "rows to be jammed up to cached-max-steps steps">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// NativeBF16Rounding
//===----------------------------------------------------------------------===//

def NativeBF16RoundingPass
    : Pass<"norm-native-bf16-rounding", "::mlir::func::FuncOp"> {
  let summary = "Round f32 vectors to bf16 precision, kept in f32, with "
                "AVX512-BF16's conversion and in-lane unpacks";
  let description = [{
    Rewrites each rounding of a fixed-size f32 vector to bf16 precision that
    stays in f32, in the integer form RMSNormalization's lowering writes for
    Normalized of bf16 X (`arith.bitcast` to i32, `(bits + 0x7fff + ((bits
    >> 16) & 1)) & 0xffff0000`, `arith.bitcast` back), whose lane count is a
    multiple of 32 and whose operand is computed lane by lane from bf16
    vectors widened by `arith.extf` and lane-uniform values (a
    `vector.broadcast` of a scalar or of a one-element vector, a splat
    constant; `arith` ops with elementwise semantics in between, in the same
    block), into

    ```mlir
    // per 32 lanes: the bf16 words of X in the order
    // [0-3, 16-19, 4-7, 20-23 | 8-11, 24-27, 12-15, 28-31] (a
    // vector.shuffle of i64 chunks and two of words with zeros: x86
    // vpermq, vpunpcklwd, vpunpckhwd), the lane-wise ops on them, then
    %z = llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"(%hi, %lo)
    %r = scf.if <some lane of %z is +0 or -0> {
      the original ops (exact integer code)
    } else {
      %z's words unpacked with zeros (vpunpcklwd, vpunpckhwd): lanes 0-15
      and 16-31 in their original order
    }
    ```

    `vcvtne2ps2bf16` rounds to nearest even like the integer code, but
    flushes f32 subnormals to +-0; vectors with a +-0 lane take the exact
    code. The conversion concatenates its two operands while the unpacks
    interleave within 128-bit lanes: X's words are permuted so that the
    unpacked result comes out in the original lane order, and the operands
    that are not lane-uniform (Scale) need no permutation. Per 32 lanes the
    rounding takes one conversion and two unpacks instead of ten integer
    ops, and the widening of X one permute and two unpacks instead of two
    zero-extensions and two shifts. Results are unchanged bit for bit (a
    NaN of X stays a NaN; the integer code keeps a signaling NaN's payload,
    the conversion quiets it).

    Only with 512-bit vectors on a CPU with AVX512-BF16: the pipeline runs
    it where norm-native-bf16-truncation runs with `vector-bits=512`,
    before it. Remarks (category norm-native-bf16-rounding): NativeRounding
    (passed) at each rewritten rounding, NotNative (missed) with the reason.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// NativeBF16Truncation
//===----------------------------------------------------------------------===//

def NativeBF16TruncationPass
    : Pass<"norm-native-bf16-truncation", "::mlir::func::FuncOp"> {
  let summary = "Round f32 vectors to bf16 with the CPU's conversion "
                "instruction, keeping exact code where it would flush";
  let description = [{
    Rewrites each `arith.truncf` from a fixed-size vector of f32 (a power of
    two lanes: full tiles) to bf16, rounding to nearest even, whose result is only
    stored whole (`vector.store`, or an unmasked in-bounds
    `vector.transfer_write`), into

    ```mlir
    %native = llvm.fptrunc %x : vector<64xf32> to vector<64xbf16>
    %y = scf.if <some lane of %native is +0 or -0> -> (vector<64xbf16>) {
      arith.truncf %x   // the original op: integer code after
                        // arith-expand{include-bf16}
    } else {
      %native
    }
    ```

    With AVX512-BF16, `llvm.fptrunc` is `vcvtneps2bf16`: it rounds to
    nearest even like `arith.truncf`, but flushes f32 subnormals (exactly
    the inputs that give bf16 subnormals) to +-0 whatever MXCSR says. A zero
    result is rare and cheap to find (the test runs on the 16-bit words
    through an empty inline asm, so that LLVM does not turn it into a bf16
    compare: one `vptestnmw` per 32 lanes), so nearly all vectors take one
    instruction per 16 lanes instead of nine integer ops, and the few with a
    zero lane are rounded exactly. Results are unchanged bit for bit (NaNs
    stay NaNs, possibly with another payload).

    A result stored non-temporally through norm-nontemporal-stores'
    integer pass-through (`arith.bitcast` to integers, `arith.xori` with a
    broadcast opaque zero) gets an `scf.if` that yields the rounded bits as
    16-bit integers from both branches (the exact code's, bitcast, and the
    native words, which come out of the zero test's empty inline asm), and
    the xor is dropped: the store of the phi of two integer vectors stays an
    integer (non-temporal) store in LLVM without it, one instruction per
    vector less.

    Masked stores and other lane counts (static remainders) keep the exact
    code: LLVM 22's x86 backend fails to select the `llvm.masked.store` of a
    bf16 vector with a constant mask unless the value is integer code, and
    with 34 to 62 lanes the zero test came out of its code generation never
    firing.

    Run it where the target converts `fptrunc` to bf16 natively (x86 with
    AVX512-BF16; `norm-to-llvm{bf16-truncation=auto}` adds it when the host
    has it), after `convert-vector-to-scf` and before
    `arith-expand{include-bf16}`. On x86 without AVX512-BF16, LLVM 22 lowers
    that `fptrunc` to calls of `__truncsfbf2` (compiler-rt or libgcc),
    which norm-runner's JIT does not resolve.

    With `vector-bits=512` (the default), a vector of a multiple of 32 lanes
    is converted 32 lanes at a time by one `vcvtne2ps2bf16`
    (`llvm.x86.avx512bf16.cvtne2ps2bf16.512` on its two 16-lane halves; the
    same rounding and flushing as `vcvtneps2bf16`): LLVM 22 lowers a
    32-lane `fptrunc` to two `vcvtneps2bf16` and an insert that joins their
    halves, which take more than twice as long. Other widths, and other
    lane counts, keep `llvm.fptrunc`.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"512",
           "Width of the code's vector registers: 128, 256 or 512; 512 "
           "converts 32 lanes per vcvtne2ps2bf16, 128 and 256 use "
           "llvm.fptrunc">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// NontemporalStores
//===----------------------------------------------------------------------===//

def NontemporalStoresPass
    : Pass<"norm-nontemporal-stores", "::mlir::func::FuncOp"> {
  let summary = "Write large function results with non-temporal stores";
  let description = [{
    On buffers whose 1-D transfers are in their final form (after
    convert-vector-to-scf): finds the unmasked, in-bounds 1-D
    `vector.transfer_write`s into a `memref.alloc` that the function returns
    (through unit-stride `memref.subview`s that keep the innermost dim)
    whose address is a multiple of 64 bytes: the alloc is 64-byte aligned (this pass sets its alignment),
    every innermost index and subview offset is a multiple of 64 bytes'
    worth of elements (constants, induction variables of loops starting at
    and stepping by such multiples, and sums and products of those), and
    for rank >= 2 so is the innermost size.

    Each loop that holds them is versioned: `scf.if` (the result has at
    least `min-bytes` bytes and, where dynamic, the innermost size is such a
    multiple; computed once, before the loop nest) runs a copy of the loop
    in which those writes are `vector.store {nontemporal = true, alignment =
    64}`, otherwise the original loop. Only these innermost loops are
    duplicated, which keeps compile time down. Non-temporal stores are
    weakly ordered: an `llvm.fence` follows the loop nest and ends each
    `omp.parallel` region in it (each under the same condition).

    A non-temporal store writes whole cache lines to memory without reading
    them first (a normal store's read-for-ownership doubles Y's traffic) and
    without evicting X from the cache, so a large LayerNorm, LpNorm or
    Normalizer result is written faster (measured with the option on and
    off). Results that fit in the cache are left alone: the next op would
    have read them from there. Masked remainder stores stay normal stores.

    bf16 and f16 vectors are stored as their bits: LLVM 22's x86 backend
    writes a non-temporal store of 16-bit floats as a normal store (bf16
    always, f16 with AVX512-FP16) and folds a bitcast to integers back into
    the store, so the pass bitcasts the vector to i16, xors it with a zero
    LLVM cannot fold (an empty `llvm.inline_asm` with a tied register
    operand, once per function) and bitcasts it back: LLVM stores the
    integers (x86 `vmovntdq`), one integer op per vector.

    With `f16-store-lanes` = P (the pipeline sets 16 with 512-bit vectors),
    an f16 vector of a multiple of P lanes (more than P) is stored as
    pieces of P lanes, each xor-ed and stored by itself (`alignment` = its
    size). With AVX-512 an f32 -> f16 conversion (`vcvtps2ph`) gives 16
    lanes in a 256-bit register: stored whole, each pair is first joined
    into a 512-bit register (`vinserti64x4`, on the shuffle units that
    RMSNormalization's f16 Y loop already keeps busy), stored in pieces it
    is not; the two 256-bit non-temporal stores fill the same cache line.
    The inline asm takes an x86 vector register (`"=v"`): the option is for
    x86 targets.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "uint64_t", /*default=*/"16777216",
           "Smallest result, in bytes, written with non-temporal stores "
           "(0 to 2^63 - 1, the largest size an index holds; 0: every "
           "result)">,
    Option<"f16StoreLanes", "f16-store-lanes", "unsigned", /*default=*/"0",
           "Lanes of the pieces an f16 vector is stored in (0: whole; 8, "
           "16 or 32: the lanes of one f32 -> f16 conversion's result; x86 "
           "only)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// OpenMPCleanup
//===----------------------------------------------------------------------===//

def OpenMPCleanupPass : Pass<"norm-openmp-cleanup", "::mlir::ModuleOp"> {
  let summary = "Per-thread stack temporaries, and a sequential version of "
                "small loops, for OpenMP loops from convert-scf-to-openmp";
  let description = [{
    Moves the statically shaped `memref.alloca`s of the `memref.alloca_scope`
    that convert-scf-to-openmp puts around each loop body to the start of
    the enclosing `omp.parallel` region (one copy per thread, promoted to
    registers by LLVM) and inlines scopes left empty of allocas.

    Then puts each `omp.parallel` with one 1-d loop under an `scf.if` whose
    else branch is the same loop as an `scf.for` on the calling thread. The
    threads are used when the loop has more than one iteration, enough work
    (iterations times the elements of the largest subview with
    loop-invariant sizes in the body, at least 32Ki) and the runtime has
    more than one thread (`omp_get_max_threads`, declared in the module):
    forking a team costs microseconds that small loops do not repay.

    The static `omp.wsloop` of such a region (its last work, so its barrier
    would only precede the one that joins the team) is replaced by the same
    partition computed in the region: of N iterations over T threads
    (`omp_get_thread_num`, `omp_get_num_threads`), thread t runs the
    N / T + (t < N % T) consecutive ones from t * (N / T) + min(t, N % T),
    in an `scf.for`, with no barrier. Debian's libomp is built with
    KMP_DEBUG: its `__kmpc_for_static_init` formats a trace string (malloc,
    vsnprintf, free) on every thread of every call, even with tracing off,
    which shows on small calls.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect"];
}

def OpenMPOutlineRowsPass
    : Pass<"norm-openmp-outline-rows", "::mlir::ModuleOp"> {
  let summary = "One function for the parallel and the sequential version of "
                "a row loop of norm-openmp-cleanup";
  let description = [{
    norm-openmp-cleanup leaves each versioned loop twice: in the
    `omp.parallel` region (the thread's part of the rows) and as the
    sequential `scf.for` of the `scf.if`'s else branch. This pass moves the
    region's loop into a private `func.func @<function>_rows(%begin, %end,
    ...)` (LLVM `noinline`, internal linkage) and calls it from the region
    with the thread's part and from the else branch with all rows, so the
    loop body is compiled once (about half the code of such a function, and
    of its compile time). Constants and the region's allocas are recreated
    in the function (one set per call: per thread, or per sequential call),
    and so are the memory-effect-free ops computed before the `scf.if` that
    the loop uses (views, sizes, index arithmetic), from their own operands:
    the function sees what the caller knew (X's row stride is its row
    length), not unrelated arguments, which cost registers and slowed the
    calling thread's rows. The leaves are its arguments. It runs after
    norm-nontemporal-stores, which versions the loops inside on buffers
    allocated in the function. A heap buffer that the body allocates and
    frees in each iteration (sizes from outside the loop, not leaving the
    iteration otherwise) is allocated by the callers instead, once per
    thread and once before the sequential call, and passed to the function:
    norm-compile checks the allocations of the function and of its
    `omp.parallel` regions, not of the functions they call. A loop whose
    body uses other values computed in the region stays as it is, and so
    does one that allocates other heap buffers.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// PipelineRows
//===----------------------------------------------------------------------===//

def PipelineRowsPass : Pass<"norm-pipeline-rows", "::mlir::func::FuncOp"> {
  let summary = "Compute the reduction of row r + 1 in Y's loop of row r, "
                "where Y is stored non-temporally";
  let description = [{
    In an `scf.for` over rows (step 1) whose body reads a row of a rank-2
    memref X of 16-bit elements in two passes, a reduction (the first loop
    of the body with results, which writes no memory) and then Y (loops of
    non-temporal `vector.store`s, in the then region of an `scf.if` on a
    condition fixed before the row loop, one loop per row), the reduction's
    main loop of row r + 1 is computed in each of Y's loops of row r:

    ```mlir
    // at the function's (or omp.parallel's) entry: %held = -1
    scf.for %r = %lo to %hi step %c1 {
      %sum = scf.if (%cond && %held == %r) -> (...) {
        memref.load %buffer[]
      } else { the loop }
      ... // the row's other work
      scf.if %cond {
        // min(S, Y / m) steps of: the prefetch of row r + 2, one step of
        // the reduction of row r + 1 (of r itself for X's last row), and m
        // steps of Y of row r (m: the elements of X one reduction step
        // reads, over Y's step)
        scf.for ... iter_args(...) { ... }
        // the remaining steps of the reduction, then of Y
        memref.store %sums, %buffer[]; %held = r + 1
      } else { ... }
    }
    ```

    Y's loop writes each row with non-temporal stores, which bound it, and
    no stores are in flight while the reduction's loop runs: the fused loop
    reads one row while it writes the other. The reduction of each row runs
    the same steps in the same order as before, so values are unchanged.
    The row ahead of the next (r + 2) is prefetched to the outer cache
    levels (`locality<1>`) in the fused loop, in place of the prefetches of
    norm-prefetch-rows in the loops it fuses.

    Not transformed (remark NotPipelined, with the reason): rows whose later
    passes depend on the reduction (LayerNormalization's variance), whose
    reduction writes memory (norm-widen-rows' f16 row buffer) or reads
    other memory than X's row, rows of 32-bit or wider elements, rows whose
    other writes might alias X, Y loops that are not the only
    non-temporal loop of their branch, and reductions that read fewer
    elements per step than two of Y's steps (bf16 LpNormalization's
    one-tile sums, bound by their arithmetic, measured 5% slower fused). Remarks (category
    norm-pipeline-rows): PipelinedRows (passed) at the row loop,
    NotPipelined (missed).

    Run last among the loop passes (after norm-native-bf16-truncation,
    whose rewritten loop bodies it copies).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// PrefetchRows
//===----------------------------------------------------------------------===//

def PrefetchRowsPass : Pass<"norm-prefetch-rows", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the next slice of X during a later pass over "
                "this one";
  let description = [{
    On buffers, after norm-vectorize-rows: in each 1-D `scf.forall` over
    rows, finds the memrefs whose current row is read by full vector tiles
    (`vector.transfer_read %X[%row, %j]` without mask, %j a column loop's
    induction variable) in two or more column loops, and inserts in the
    loops after the first (all but the one that writes the row where there
    are three or more: LayerNorm's sum of squares, or its f32 and f64 sum of
    squares loops of a dynamic length, of which one runs no step; else the
    second: LayerNorm's sum of squares without Y; not where the second
    writes Y on rows of 32-bit or wider elements, LpNorm's, Normalizer's
    and RMSNormalization's Y in f32, whose Y keeps memory busy: remark
    TwoPassWideRow) one `memref.prefetch` per cache line of the tile,
    of row `min(row + ceil(distance / row bytes), rows - 1)`: the next row
    for rows of `distance` bytes or more, further ahead for shorter rows
    (whose own prefetches would otherwise compete with the hardware
    prefetcher's for the same lines). Where Y's pass follows the
    prefetching ones (LayerNorm), the rows ahead are at least
    `min-rows-ahead` rows ahead (`max(ceil(distance / row bytes),
    min-rows-ahead)`): there the row ahead is read only after all of Y, and
    the next row's lines would still be on their way when its first pass
    starts (measured on LayerNorm rows of 4 KiB, docs/Pipeline.md stage 7).
    The first pass over a row
    streams it from memory; the later passes hit the cache, and without the
    prefetches the memory system would idle during them. A column loop at a
    location fused with the metadata `norm.first_pass` (LayerNorm's f64 sum
    of K - X for the long rows of a dynamic length, after the f32 sum that
    runs no step for them) is a first pass too: it is not counted among the
    loops after the first, and prefetches nothing.

    Second, in each `scf.for` whose body reads full tiles (no mask) of four
    or more rank-2 memrefs at the loop's induction variable
    (`vector.transfer_read %Xk[%r, %j]`: the sums over a leading axis, which
    add several rows at once), it prefetches each of those rows
    `stream-distance` bytes ahead of the tile, one `memref.prefetch` per
    cache line, the column clamped to the row's last. The hardware
    prefetchers follow one stream well but not eight: eight rows summed at
    once read faster with these prefetches, though still slower than one
    stream alone (leading-axis LpNormalization gains from them).

    Third, in each 1-D `scf.forall` over slices of rank 2 or more (the
    memrefs of rank 3 or more whose current slice it reads: channels-last
    GroupNormalization's samples [H, W, C], read in loop nests over H, W and
    C by the sum, the sum of squared deviations and Y), it finds the
    memrefs whose current slice is read by full, contiguous vector tiles
    (`vector.transfer_read %X[%s, %i, ..., %k]` without mask, in bounds,
    only the innermost vector dim above 1) in two or more innermost loops,
    and inserts in the last such loop (with the others of the same loop
    nest after the first: a pass's main and remainder loops) one
    `memref.prefetch` per cache line of each tile, at slice
    `min(s + ceil(distance / slice bytes), dim 0 - 1)` (the next slice for
    slices of `distance` bytes or more) and the tile's inner indices. Only
    the last pass: measured on channels-last GroupNormalization with SiLU,
    prefetching the next sample during Y overlaps its read from memory with
    Y's computation and was faster than no prefetch, while prefetching it
    during the sum of squared deviations (the rule of the rows, whose loop
    reads eight tiles per step) was slower than none.

    Locality hints: the rows ahead prefetched by a loop that writes no
    vectors (a sum of squares) and the rows of the multi-row loops go to the
    outer cache levels (`locality<1>`, x86 `prefetcht2`); those prefetched
    by a loop that writes Y and the slices ahead to every level
    (`locality<3>`, `prefetcht0`). Measured (docs/Pipeline.md, stage 7):
    the outer levels were faster for LayerNorm, Group/InstanceNorm and the
    leading-axis sums, no faster or slower in the Y loops of LpNorm and
    RMSNorm.

    Only cache hints are added: results are unchanged.
  }];
  let options = [
    Option<"distance", "distance", "unsigned", /*default=*/"4096",
           "Bytes ahead to prefetch, rounded up to whole rows or slices (0: "
           "none; at most 1048576, 1 MiB: lines prefetched further ahead "
           "would leave the cache before they are read)">,
    Option<"minRowsAhead", "min-rows-ahead", "unsigned", /*default=*/"2",
           "Fewest rows ahead where the prefetching passes are followed by "
           "Y's (LayerNorm's sum of squares; 1: `distance` alone; at most "
           "64)">,
    Option<"streamDistance", "stream-distance", "unsigned",
           /*default=*/"1024",
           "Bytes ahead within each row of multi-row loops (0: none; at "
           "most 1048576, as for distance)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ScalarUnitWrites
//===----------------------------------------------------------------------===//

def ScalarUnitWritesPass
    : Pass<"norm-scalar-unit-writes", "::mlir::func::FuncOp"> {
  let summary = "Write single-element vectors into stack buffers as scalars "
                "(works around an LLVM 22 SROA bug)";
  let description = [{
    Rewrites each unmasked, in-bounds `vector.transfer_write` of a vector
    with a single element (`vector<1xf64>`, `vector<1x1xf32>`, `vector<f32>`)
    into a stack buffer of several elements (a `memref.alloca` of a static
    size of two elements or more, or a view of one: subview, cast,
    reshape) as a `memref.store` of that element (`vector.extract`) at the
    same indices. The memory written is the same.

    LLVM 22's SROA merges the vector stores that together cover an alloca,
    read back by one vector load, into a tree of `shufflevector`s (its
    "tree-structured merge"); it inserts the tree at the store with the
    highest offset instead of at the load, so where that store is not the
    last one in the block the shuffles use stored values defined after
    them: invalid IR ("Instruction does not dominate all uses!"), on which
    the code generator may crash (a SIGSEGV in the register allocator).
    The rows that norm-jam-rows jams store their per-row statistics (f64
    RMSNormalization's max|x| and sum of squares) as one `vector<1xf64>`
    each into the slice buffers (allocas) and read them back as one vector
    of four rows (a `<4 x double>` load once LLVM has merged the four
    loads); where LLVM unrolls the row loop (f64 X [5, 10] with 512-bit
    vectors: one block of four rows and one row), the four stores and the
    load meet in one block, row 0's store last.
    A scalar store makes SROA skip the merge (it takes vector stores only)
    and promote the alloca with `insertelement`s instead, which is correct;
    a single-element vector store and a scalar store are the same machine
    instruction. Fixed in LLVM by llvm/llvm-project#189680 (not in 22.1).

    Only such buffers: SROA merges only the stores that cover an alloca
    with two or more of them, and rewriting every single-element write
    changed LLVM's code for some static shapes (an alloca of f64
    LayerNorm's fallback, written as `double` and read as `<1 x double>`,
    was no longer promoted, and the [1, 32] kernel grew past the
    inliner's threshold). With this scope the 20 benchmark modules compile
    to the same assembly as without the pass.

    Run it after `norm-nontemporal-stores` (which matches
    `vector.transfer_write`s) and before `convert-vector-to-llvm`.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

//===----------------------------------------------------------------------===//
// SplitDeallocations
//===----------------------------------------------------------------------===//

def SplitDeallocationsPass
    : Pass<"norm-split-deallocations", "::mlir::func::FuncOp"> {
  let summary = "Deallocate several buffers one by one, without the "
                "generic dealloc_helper";
  let description = [{
    Rewrites each `bufferization.dealloc` of two to eight ranked memrefs
    that retains no memref as one single-memref `bufferization.dealloc` per
    memref, in order: memref i is freed where its condition holds and no
    memref j < i whose condition holds has the same aligned pointer
    (`memref.extract_aligned_pointer_as_index`), so that a buffer listed
    twice is freed once, as the op requires. The same buffers are freed.

    Upstream's `bufferization-lower-deallocations` lowers a dealloc of
    several memrefs to a call of a library function it adds to the module
    (`dealloc_helper`, loops over the memrefs and their aliases: several
    hundred LLVM instructions to compile), and a single-memref one without
    retained memrefs to an `scf.if` around `memref.dealloc`. Such ops come
    from buffers that a function may or may not own at its end (an
    `scf.if` yielding a copy or a function argument, for the run-time
    broadcast of LayerNormalization's Scale and B), which
    `buffer-deallocation-simplification` cannot tell apart.

    Run after `buffer-deallocation-simplification` and before
    `bufferization-lower-deallocations`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

//===----------------------------------------------------------------------===//
// SplitEmptyTensors
//===----------------------------------------------------------------------===//

def SplitEmptyTensorsPass
    : Pass<"norm-split-empty-tensors", "::mlir::func::FuncOp"> {
  let summary = "One tensor.empty per op that uses it, as before CSE "
                "merged them";
  let description = [{
    For each `tensor.empty` of the function's body used by `min-users` ops
    or more there (directly or in their regions), gives each of those ops
    but the first one a copy of the `tensor.empty` of its own, created just
    before it. Uses within one such op keep sharing their empty, the
    empties in an op's regions (one norm op's slice loop) are left as they
    are, and so are those of fewer users (the top-level linalg ops of one
    small norm op, a few norm ops), so that such functions bufferize as
    before: splitting there would change their buffers (an `llvm.alloca`
    more) for no gain. A `tensor.empty` has no defined contents, so the
    values are the same.

    CSE merges the identical `tensor.empty` inits of different ops: in a
    chain of n LayerNormalizations on `tensor<?x768xf32>` the Y init of
    every slice loop becomes one `tensor.empty(%dim)` with uses in n loops.
    One-Shot Bufferize's analysis puts all of them in one alias set and
    checks each in-place decision against the uses of every alias, so the
    time to bufferize such a function grew with the cube of n (2.0 s at
    n = 200, 12.9 s at n = 400; 0.35 s and 1.3 s with this pass). With one
    empty per op the alias sets stay per op.

    Run just before `one-shot-bufferize`, after the last CSE.
  }];
  let options = [
    Option<"minUsers", "min-users", "unsigned", /*default=*/"8",
           "Fewest ops using one tensor.empty for it to be split (2 or more; "
           "below 2 is an error)">,
  ];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

//===----------------------------------------------------------------------===//
// VectorizeRows
//===----------------------------------------------------------------------===//

def VectorizeRowsPass : Pass<"norm-vectorize-rows", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops along their contiguous innermost dim by the "
                "vector width and vectorize the tiles (vector dialect)";
  let description = [{
    For every `linalg` op on tensors whose innermost loop dim is the
    innermost (contiguous) dim of each operand that uses it, tiles that dim
    by `unroll` vector registers' worth of elements (the widest element type
    of the op sets the lane count), and its other dims by 1:
    - a reduction along it is tiled as a partial reduction
      (ReductionTilingStrategy::PartialReductionOuterReduction): a vector of
      partial sums per lane, merged once after the loop;
    - the loop is peeled (scf::peelForLoopAndSimplifyBounds), so the main
      loop works on full static tiles and the remainder is one masked
      iteration; dynamic sizes get the same code as static ones;
    - the tiles are vectorized with linalg::vectorize (masked in the
      remainder), leading unit dims are cast away, and vector transfers fold
      through tensor slices.
    Ops whose innermost size is statically smaller than one vector, and ops
    that cannot be tiled or vectorized, are left as they are.

    The vector width defaults to the host's (512 bits with AVX-512F, 256
    with AVX/AVX2, 128 otherwise); set `vector-bits` for reproducible IR.
    Run `loop-invariant-subset-hoisting` afterwards to keep the partial sums
    in registers across the loop.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "Vector register width in bits: 128, 256 or 512 (0: the host's)">,
    Option<"unroll", "unroll", "unsigned", /*default=*/"4",
           "Vector registers per tile (independent partial sums), 1 to 16: "
           "with the registers they are loaded into, they must fit in a "
           "register file of 32">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// VersionUnitFactors
//===----------------------------------------------------------------------===//

def VersionUnitFactorsPass
    : Pass<"norm-version-unit-factors", "::mlir::func::FuncOp"> {
  let summary = "Version the loops that form (A * F) * R of widened bf16 A "
                "on F == 1";
  let description = [{
    An innermost `scf.for` whose body forms `(A * F) * R` (`arith.mulf`),
    with A an `arith.extf` of a bf16 vector to f32, F lane-uniform and the
    same in every iteration (a `vector.broadcast` of a value defined before
    the loop, or of a one-element in-bounds `vector.transfer_read` of a
    `memref.alloca` that the loop only reads) and A * F used only by that
    product, becomes
    `scf.if (F == 1 for every such F) { the loop with A * R } else { the
    loop }`. A * 1 is A for every A (NaN stays NaN), so both versions give
    the same values.

    RMSNormalization's lowering forms Normalized as (X * F) * R with a
    per-row power of two F that keeps 1 / D within f32's range; F is 1 for
    all rows but those of extreme magnitude. The loop writing Y of a bf16
    row is bound by its multiplies on AVX-512 (X * F, * R and * Scale per
    vector), so the common version does a third fewer. Rows of f32 are
    bound by memory: their loops are left as they are, which saves compile
    time.

    Run after `convert-vector-to-scf` (loops in their final shape) and
    before `arith-expand`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// WidenRows
//===----------------------------------------------------------------------===//

def WidenRowsPass : Pass<"norm-widen-rows", "::mlir::func::FuncOp"> {
  let summary = "Widen each f16 row of X to f32 once, into a row buffer "
                "that the later passes over the row read";
  let description = [{
    On buffers, after norm-vectorize-rows: in each loop over rows (a 1-D
    `scf.forall`, or an `scf.for` in one: norm-jam-rows' rows that are not
    jammed) whose body reads the current row of one memref X of f16
    elements (`vector.transfer_read` of `vector<1xWxf16>`, directly or
    through unit-stride subviews) only in column loops directly in the
    body or in the body itself, each read used only by `arith.extf` to f32,
    where the reads of the first loops cover the row exactly (full tiles at
    `offset + iv` with the loop's step as width and bounds that are
    multiples of it, masked tiles of `ub - iv` lanes, single full tiles in
    the body; the intervals chain from 0 to X's row length, as
    `ValueBoundsConstraintSet` proves) and nothing in the body writes to X:
    the first pass also stores each widened tile into an f32 row buffer,
    and the reads of the later passes become reads of the buffer, without
    widening. The buffer (`memref.alloc` at the start of the forall's body,
    its size computed before the forall, so that buffer-loop-hoisting and
    norm-openmp-outline-rows allocate it once per call and per thread) has
    the row length where that is at most `max-row-bytes` / 4 elements, else
    0; the body is versioned on that test, and longer rows take the
    original body. In the widened body the prefetches of X go to the outer
    cache levels (locality 1), which leaves the buffer in L1. The widening
    is exact: results are unchanged.

    Each widening of an f16 vector is a conversion (`vcvtph2ps` on x86)
    that shares the floating-point add pipes with the arithmetic of the
    pass; Y's pass of an f16 RMSNormalization converts four times per
    vector and is bound by them. With the buffer it converts three times.
    bf16 rows are left as they are: their widening is a shift, and the
    buffer measured no faster there.
  }];
  let options = [
    Option<"maxRowBytes", "max-row-bytes", "int64_t", /*default=*/"65536",
           "Largest f32 row buffer, in bytes (rows longer than this many "
           "bytes / 4 elements keep reading X), 0 (no row widened) to "
           "1073741824 (1 GiB)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // NORM_CODEGEN_PASSES_TD
