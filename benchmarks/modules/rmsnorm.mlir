// RMSNormalization over the last axis, dynamic shape (norm-benchmark binds
// any [N, C] f32 input; Scale is [C]). Y only.
func.func @rmsnorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>)
    -> tensor<?x?xf32> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
