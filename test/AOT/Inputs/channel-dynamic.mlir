// Instance- and GroupNormalization with dynamic batch and spatial dims, for
// test/AOT/{Instance,Group}Normalization/dynamic-spatial.test. With a
// dynamic batch, the rows (one per sample and group) are processed in blocks
// whose buffers bufferization copies into strided views of dynamic size,
// which memref-to-llvm lowered as calls of MLIR's runtime `memrefCopy`
// (norm-compile refused them) until norm-copies-to-loops made them loops.

func.func @in_f32(%x: tensor<?x32x?x?xf32>, %scale: tensor<32xf32>,
                  %b: tensor<32xf32>) -> tensor<?x32x?x?xf32> {
  %y = norm.instance_normalization %x, %scale, %b
      : (tensor<?x32x?x?xf32>, tensor<32xf32>, tensor<32xf32>)
      -> tensor<?x32x?x?xf32>
  return %y : tensor<?x32x?x?xf32>
}

func.func @in_f16(%x: tensor<?x32x?x?xf16>, %scale: tensor<32xf16>,
                  %b: tensor<32xf16>) -> tensor<?x32x?x?xf16> {
  %y = norm.instance_normalization %x, %scale, %b
      : (tensor<?x32x?x?xf16>, tensor<32xf16>, tensor<32xf16>)
      -> tensor<?x32x?x?xf16>
  return %y : tensor<?x32x?x?xf16>
}

func.func @in_f32_3d(%x: tensor<?x32x?xf32>, %scale: tensor<32xf32>,
                     %b: tensor<32xf32>) -> tensor<?x32x?xf32> {
  %y = norm.instance_normalization %x, %scale, %b
      : (tensor<?x32x?xf32>, tensor<32xf32>, tensor<32xf32>)
      -> tensor<?x32x?xf32>
  return %y : tensor<?x32x?xf32>
}

func.func @gn_f32(%x: tensor<?x64x?x?xf32>, %scale: tensor<64xf32>,
                  %b: tensor<64xf32>) -> tensor<?x64x?x?xf32> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32
      : (tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>)
      -> tensor<?x64x?x?xf32>
  return %y : tensor<?x64x?x?xf32>
}

func.func @gn_f16(%x: tensor<?x64x?x?xf16>, %scale: tensor<64xf16>,
                  %b: tensor<64xf16>) -> tensor<?x64x?x?xf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32
      : (tensor<?x64x?x?xf16>, tensor<64xf16>, tensor<64xf16>)
      -> tensor<?x64x?x?xf16>
  return %y : tensor<?x64x?x?xf16>
}

func.func @gn_f64(%x: tensor<?x64x?xf64>, %scale: tensor<64xf64>,
                  %b: tensor<64xf64>) -> tensor<?x64x?xf64> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 32
      : (tensor<?x64x?xf64>, tensor<64xf64>, tensor<64xf64>)
      -> tensor<?x64x?xf64>
  return %y : tensor<?x64x?xf64>
}
