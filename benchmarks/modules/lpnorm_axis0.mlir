// LpNormalization p = 2 over the leading axis (columns), dynamic shape.
func.func @lpnorm_axis0(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
