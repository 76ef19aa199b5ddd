// RUN: norm-opt %s --norm-to-llvm \
// RUN:   --remarks-filter='norm-jam-rows|norm-openmp-cleanup' -o /dev/null \
// RUN:   2>&1 | FileCheck %s

// A loop jammed by norm-jam-rows (4 rows of 64 f32 per iteration) goes
// parallel at the same number of rows as the loop before the jam:
// norm-openmp-cleanup counts the work of an iteration as its largest
// loop-invariant subview, the jammed rows' 4x64 tile of X, not one row.
// Without the tile, 520 rows (130 iterations of one 64-element row: 8320
// elements) would count as statically too small. Its threshold is 32768
// elements: 500 rows of 64 (32000) stay on the calling thread, 520 (33280)
// may go parallel.

// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=rows_500 | Remark="4 rows per iteration
// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=rows_520 | Remark="4 rows per iteration

// CHECK: remark: [Passed] SequentialVersion | Category:norm-openmp-cleanup | Function=rows_500 | Remark="statically too small for threads (at most one iteration, or fewer than 32768 elements in all): runs on the calling thread"
func.func @rows_500(%x: tensor<500x64xf32>, %s: tensor<64xf32>,
                    %b: tensor<64xf32>) -> tensor<500x64xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<500x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<500x64xf32>, tensor<500x1xf32>, tensor<500x1xf32>)
  return %y : tensor<500x64xf32>
}

// CHECK: remark: [Passed] SequentialVersion | Category:norm-openmp-cleanup | Function=rows_520 | Remark="runs on the calling thread unless it has several iterations, 32768 elements or more in all, and more than one thread"
func.func @rows_520(%x: tensor<520x64xf32>, %s: tensor<64xf32>,
                    %b: tensor<64xf32>) -> tensor<520x64xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<520x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<520x64xf32>, tensor<520x1xf32>, tensor<520x1xf32>)
  return %y : tensor<520x64xf32>
}
