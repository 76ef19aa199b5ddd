// ONNX Runtime GroupNorm of a UNet activation, NHWC with the fused
// SiLU (com.microsoft.GroupNorm, channels_last 1, activation 1): X
// [N, 64, 64, 320], 32 groups (norm-benchmark binds any N; gamma and beta
// are [320]). Y only. H and W are static: with a dynamic H and W,
// norm-jam-rows versions the per-sample loop, and the code it keeps is
// slower.
func.func @groupnorm_nhwc_silu(%x: tensor<?x64x64x320xf32>, %scale: tensor<320xf32>,
    %b: tensor<320xf32>) -> tensor<?x64x64x320xf32> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32 channels_last
      activation = 1
      : (tensor<?x64x64x320xf32>, tensor<320xf32>, tensor<320xf32>)
      -> tensor<?x64x64x320xf32>
  return %y : tensor<?x64x64x320xf32>
}
