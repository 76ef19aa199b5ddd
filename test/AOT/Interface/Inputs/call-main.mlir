// Calls @main of the module it is appended to (called-by-module.test).
func.func @caller(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = func.call @main(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
