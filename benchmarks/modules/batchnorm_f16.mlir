// f16 BatchNormalization (inference), NCHW: X [N, 256, H, W] (norm-benchmark
// binds any N, H, W; scale, B, input_mean and input_var are [256]).
func.func @batchnorm_f16(%x: tensor<?x256x?x?xf16>, %scale: tensor<256xf16>,
                     %b: tensor<256xf16>, %mean: tensor<256xf16>,
                     %var: tensor<256xf16>) -> tensor<?x256x?x?xf16> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var
      : (tensor<?x256x?x?xf16>, tensor<256xf16>, tensor<256xf16>,
         tensor<256xf16>, tensor<256xf16>) -> tensor<?x256x?x?xf16>
  return %y : tensor<?x256x?x?xf16>
}
