// f16 ONNX Runtime GroupNorm of a UNet activation, NHWC with the fused
// SiLU (com.microsoft.GroupNorm, channels_last 1, activation 1): X
// [N, 64, 64, 320], 32 groups (norm-benchmark binds any N; gamma and beta
// are [320]). Y only. H and W are static: with a dynamic H and W,
// norm-jam-rows versions the per-sample loop, and the code it keeps is
// slower.
func.func @groupnorm_nhwc_silu_f16(%x: tensor<?x64x64x320xf16>, %scale: tensor<320xf16>,
    %b: tensor<320xf16>) -> tensor<?x64x64x320xf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32 channels_last
      activation = 1
      : (tensor<?x64x64x320xf16>, tensor<320xf16>, tensor<320xf16>)
      -> tensor<?x64x64x320xf16>
  return %y : tensor<?x64x64x320xf16>
}
