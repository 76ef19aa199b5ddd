// LayerNormalization over the last axis, dynamic shape (norm-benchmark
// binds any [N, C] f32 input; Scale and B are [C]), returning Y, Mean and
// InvStdDev (layernorm.mlir returns Y only).
func.func @layernorm_stats(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                           %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}
