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
func.func private @f3(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f2(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f2(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f4(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f3(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f3(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f5(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f4(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f4(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f6(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f5(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f5(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f6(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f6(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f8(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f7(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f7(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f9(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f8(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f8(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f10(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f9(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f9(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f11(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f10(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f10(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f12(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f11(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f11(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f13(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f12(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f12(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f14(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f13(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f13(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func private @f15(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f14(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f14(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
func.func @f16(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @f15(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @f15(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
