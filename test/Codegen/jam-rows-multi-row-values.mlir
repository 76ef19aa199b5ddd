// RUN: norm-runner %s --threads=1 \
// RUN:   --input="10x3xf32=1 2 3 4 4 5 10000.0625 10000 10000 -1 0 1 0.5 -0.5 2 3 -7 0.25 2.5 2.5 -1 100 -50 25 10000.0625 10000 10000 -3 8 1.5" \
// RUN:   --input="3xf32=1 1 1" --input="3xf32=0 0 0" \
// RUN:   --expected-output="10x3xf32=-1.2247357 0 1.2247357 -0.70709085 -0.70709085 1.4141817 1.4061373 -0.7030687 -0.7030687 -1.2247357 0 1.2247357 -0.16222066 -1.1355445 1.2977653 1.0075822 -1.3631995 0.35561725 0.70710546 0.70710546 -1.4142109 1.2247449 -1.2247449 0 1.4061373 -0.7030687 -0.7030687 -1.1442306 1.2918732 -0.14764266" \
// RUN:   --expected-output="10x1xf32=2 4.3333335 10000.0205 0 0.6666667 -1.25 1.3333334 25 10000.0205 2.1666667" \
// RUN:   --expected-output="10x1xf32=1.2247357 2.1212726 33.7473 1.2247357 0.97332394 0.23707816 0.6060904 0.016329931 33.7473 0.221464" \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm --remarks-filter=norm-jam-rows -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=REMARK

// LayerNormalization through the multi-row form of norm-jam-rows (rows of 3
// elements: each column loop runs at most one step, so the row loop is
// jammed, 4 rows per block): the first block holds a row whose statistics
// are recomputed exactly (10000.0625, 10000, 10000: its rows' checks or-ed
// send the whole block to the row-by-row loop, where only that row is
// recomputed), the second block is jammed to the end, the last 2 rows run
// row by row, one of them recomputed too. Expected: float64 reference
// (mean, mean of squared deviations, 1 / sqrt(var + f32(1e-5)),
// Y = (x - mean) * InvStdDev), rounded once to f32; runner default
// tolerances.

// 12 column loops, each a main loop and its masked remainder: Q's f32 sum
// and the f32 sum of squares (rows of at most 2048), Q's chunked f64 sum and
// its tail and the f64 sum of squares (longer rows: their loops run no step
// here), and Y.
// REMARK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=layernorm | Remark="4 rows per iteration, 12 loops over the row jammed, where each runs at most max-steps steps, or at most cached-max-steps steps and the rows read fit in cached-max-bytes (else one row per iteration)"

// CHECK-COUNT-3: [SUCCESS]
// CHECK-NOT: FAILED
func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                     %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}
