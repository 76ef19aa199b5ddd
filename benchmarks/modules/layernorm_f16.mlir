// LayerNormalization over the last axis, f16 X/Scale/B (statistics in f32),
// dynamic shape. Y only.
func.func @layernorm_f16(%x: tensor<?x?xf16>, %scale: tensor<?xf16>,
                         %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16>)
      -> (tensor<?x?xf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf16>
}
