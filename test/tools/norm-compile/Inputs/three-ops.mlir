// One function per op, for the header and symbol tests of norm-compile.
func.func @layer_norm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                      %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv_std_dev
      : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @lp_norm(%x: tensor<3x?xbf16>) -> tensor<3x?xbf16> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<3x?xbf16>
  return %y : tensor<3x?xbf16>
}

func.func @normalizer(%x: tensor<?x4xi64>) -> tensor<?x4xf32> {
  %y = norm.normalizer %x norm = "L1" : tensor<?x4xi64> -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

func.func @f64_ln(%x: tensor<2x?xf64>, %scale: tensor<1xf64>)
    -> (tensor<2x?xf64>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale
      : (tensor<2x?xf64>, tensor<1xf64>)
      -> (tensor<2x?xf64>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %mean, %inv_std_dev
      : tensor<2x?xf64>, tensor<2x1xf32>, tensor<2x1xf32>
}

func.func private @helper(%x: tensor<4xf16>) -> tensor<4xf16> {
  return %x : tensor<4xf16>
}
