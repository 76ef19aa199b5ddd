// f16 InstanceNormalization, NCHW: X [N, 64, H, W] (norm-benchmark binds any N,
// H, W; scale and B are [64]).
func.func @instancenorm_f16(%x: tensor<?x64x?x?xf16>, %scale: tensor<64xf16>,
                        %b: tensor<64xf16>) -> tensor<?x64x?x?xf16> {
  %y = norm.instance_normalization %x, %scale, %b
      : (tensor<?x64x?x?xf16>, tensor<64xf16>, tensor<64xf16>)
      -> tensor<?x64x?x?xf16>
  return %y : tensor<?x64x?x?xf16>
}
