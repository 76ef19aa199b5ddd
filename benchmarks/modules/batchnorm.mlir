// BatchNormalization (inference), NCHW: X [N, 256, H, W] (norm-benchmark
// binds any N, H, W; scale, B, input_mean and input_var are [256]).
func.func @batchnorm(%x: tensor<?x256x?x?xf32>, %scale: tensor<256xf32>,
                     %b: tensor<256xf32>, %mean: tensor<256xf32>,
                     %var: tensor<256xf32>) -> tensor<?x256x?x?xf32> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var
      : (tensor<?x256x?x?xf32>, tensor<256xf32>, tensor<256xf32>,
         tensor<256xf32>, tensor<256xf32>) -> tensor<?x256x?x?xf32>
  return %y : tensor<?x256x?x?xf32>
}
