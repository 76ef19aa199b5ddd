// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --remarks-filter=norm-jam-rows -o /dev/null 2>&1 | FileCheck %s

// norm-to-llvm jams rows (norm-jam-rows) only where the body reduces each
// row twice or more (min-reductions=2): LayerNormalization's mean, then its
// sum of squared deviations, with the per-row chain between them. After a
// single reduction (LpNormalization, Normalizer, RMSNormalization) the
// chain is short, the core overlaps consecutive rows by itself, and row by
// row streamed faster than jammed blocks. All rows here are one vector
// step.

// CHECK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=lp | Reason="its body reduces the row 1 times, fewer than min-reductions (2)"
func.func @lp(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

// CHECK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=l2 | Reason="its body reduces the row 1 times, fewer than min-reductions (2)"
func.func @l2(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<64x64xf32> -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

// CHECK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=rms | Reason="its body reduces the row 1 times, fewer than min-reductions (2)"
func.func @rms(%x: tensor<64x32xf32>, %s: tensor<32xf32>)
    -> tensor<64x32xf32> {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<64x32xf32>, tensor<32xf32>)
      -> (tensor<64x32xf32>, tensor<64x1xf32>)
  return %y : tensor<64x32xf32>
}

// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=ln | Remark="4 rows per iteration
func.func @ln(%x: tensor<64x64xf32>, %s: tensor<64xf32>,
              %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<64x64xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x64xf32>
}
