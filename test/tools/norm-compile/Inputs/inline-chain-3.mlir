// f0 normalizes X; each f<i> calls f<i-1> twice, so f<i> holds 2^i copies
// of f0 once its calls are inlined.
func.func private @f0(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func private @f1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f0(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f2(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f1(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f1(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @f3(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f2(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f2(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
