// LayerNormalization (opset 17) over the last axis with Scale and B; returns
// Y, Mean and InvStdDev. Rows of [40000, 40001, 40002, 40003] are where a
// one-pass variance (E[x^2] - E[x]^2) fails in f32; see docs/Rationale.md.
//
//   norm-runner examples/layer_normalization.mlir \
//     --input="2x4xf32=40000 40001 40002 40003 1 2 3 4" \
//     --input="4xf32=1 1 1 1" --input="4xf32=0 0 0 0"
func.func @main(%x: tensor<?x4xf32>, %scale: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv_std_dev
      : tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}
