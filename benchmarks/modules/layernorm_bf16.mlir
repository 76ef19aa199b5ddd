// LayerNormalization over the last axis, bf16 X/Scale/B (statistics in f32),
// dynamic shape. Y only.
func.func @layernorm_bf16(%x: tensor<?x?xbf16>, %scale: tensor<?xbf16>,
                         %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16>)
      -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xbf16>
}
