// GroupNormalization of a UNet activation, NCHW: X [N, 320, H, W], 32 groups
// (norm-benchmark binds any N, H, W; scale and B are [320]). Y only.
func.func @groupnorm(%x: tensor<?x320x?x?xf32>, %scale: tensor<320xf32>,
                     %b: tensor<320xf32>) -> tensor<?x320x?x?xf32> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32
      : (tensor<?x320x?x?xf32>, tensor<320xf32>, tensor<320xf32>)
      -> tensor<?x320x?x?xf32>
  return %y : tensor<?x320x?x?xf32>
}
