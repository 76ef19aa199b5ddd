// InstanceNormalization, NCHW: X [N, 64, H, W] (norm-benchmark binds any N,
// H, W; scale and B are [64]).
func.func @instancenorm(%x: tensor<?x64x?x?xf32>, %scale: tensor<64xf32>,
                        %b: tensor<64xf32>) -> tensor<?x64x?x?xf32> {
  %y = norm.instance_normalization %x, %scale, %b
      : (tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>)
      -> tensor<?x64x?x?xf32>
  return %y : tensor<?x64x?x?xf32>
}
