// Normalizer L2 over rows, dynamic shape.
func.func @normalizer(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
