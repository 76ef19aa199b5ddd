// LpNormalization (opset 22) along axis 0 with p = 1: the spec's example
// test_cc_lpnormalization_axis0_p1.
//
//   norm-runner examples/lp_normalization.mlir \
//     --input="2x2x3xf32=1 2 2 3 4 0 0 5 5 6 8 0"
//
// prints 2x2x3xf32=[[1 0.2857143 0.2857143][0.33333334 0.33333334 0]][[0 0.71428573 0.71428573][0.6666667 0.6666667 0]]
func.func @main(%x: tensor<2x2x3xf32>) -> tensor<2x2x3xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 1 : tensor<2x2x3xf32>
  return %y : tensor<2x2x3xf32>
}
