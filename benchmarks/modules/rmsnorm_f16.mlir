// RMSNormalization over the last axis, f16 X and Scale (statistics in f64),
// dynamic shape. Y only.
func.func @rmsnorm_f16(%x: tensor<?x?xf16>, %scale: tensor<?xf16>)
    -> tensor<?x?xf16> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  return %y : tensor<?x?xf16>
}
