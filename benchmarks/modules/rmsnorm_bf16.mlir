// RMSNormalization over the last axis, bf16 X and Scale (statistics in f64),
// dynamic shape. Y only.
func.func @rmsnorm_bf16(%x: tensor<?x?xbf16>, %scale: tensor<?xbf16>)
    -> tensor<?x?xbf16> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?xbf16>, tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x1xf32>)
  return %y : tensor<?x?xbf16>
}
