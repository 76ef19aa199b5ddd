// The L2 normalization of a 4-vector, for the tests of test/tools.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
