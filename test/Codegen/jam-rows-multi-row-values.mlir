// RUN: norm-runner %s --threads=1 \
// RUN:   --input="6x3xf32=1 2 3 4 4 5 10000.0625 10000 10000 -1 0 1 0.5 -0.5 2 10000.0625 10000 10000" \
// RUN:   --input="3xf32=1 1 1" --input="3xf32=0 0 0" \
// RUN:   --expected-output="6x3xf32=-1.2247357 0 1.2247357 -0.70709085 -0.70709085 1.4141817 1.4061373 -0.70306867 -0.70306867 -1.2247357 0 1.2247357 -0.16222066 -1.1355445 1.2977653 1.4061373 -0.70306867 -0.70306867" \
// RUN:   --expected-output="6x1xf32=2 4.3333335 10000.0205 0 0.6666667 10000.0205" \
// RUN:   --expected-output="6x1xf32=1.2247357 2.1212726 33.7473 1.2247357 0.97332394 33.7473" \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm --remarks-filter=norm-jam-rows -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=REMARK

// LayerNormalization through the multi-row form of norm-jam-rows (rows of 3
// elements: each column loop runs at most one step, so the row loop is
// jammed, 4 rows per block): the first block holds a row whose statistics
// are recomputed exactly (10000.0625, 10000, 10000: its rows' checks or-ed
// take the per-row path, the other rows keep theirs), the last 2 rows run
// row by row, one of them recomputed too. Expected: float64 reference
// (mean, mean of squared deviations, 1 / sqrt(var + f32(1e-5)),
// Y = (x - mean) * InvStdDev), rounded once to f32; runner default
// tolerances.

// REMARK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=layernorm | Remark="4 rows per iteration, 8 loops over the row jammed, where each runs at most max-steps steps (else one row per iteration)"

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
