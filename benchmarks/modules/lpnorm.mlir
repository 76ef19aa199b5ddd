// LpNormalization p = 2 over the last axis, dynamic shape.
func.func @lpnorm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
