// The kernel of the downstream example's kernel library
// (norm_add_kernel_library in CMakeLists.txt): LayerNormalization over the
// last axis of rows of 4, any number of rows.
func.func @layer_norm(%x: tensor<?x4xf32>, %scale: tensor<4xf32>,
                      %b: tensor<4xf32>)
    -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv_std_dev
      : tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}
