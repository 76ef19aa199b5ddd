// One small static op: for the tests of norm-compile's outputs (write
// errors, outputs naming each other or the input), which do not depend on
// what is compiled and would spend most of their time compiling more.
func.func @lp_norm(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = norm.lp_normalization %x p = 2 : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
