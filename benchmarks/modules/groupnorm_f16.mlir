// f16 GroupNormalization of a UNet activation, NCHW: X [N, 320, H, W], 32 groups
// (norm-benchmark binds any N, H, W; scale and B are [320]). Y only.
func.func @groupnorm_f16(%x: tensor<?x320x?x?xf16>, %scale: tensor<320xf16>,
                     %b: tensor<320xf16>) -> tensor<?x320x?x?xf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32
      : (tensor<?x320x?x?xf16>, tensor<320xf16>, tensor<320xf16>)
      -> tensor<?x320x?x?xf16>
  return %y : tensor<?x320x?x?xf16>
}
