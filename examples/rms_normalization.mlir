// RMSNormalization (opset 23) over the last axis: f16 X, f32 Scale, so Y is
// f32; returns Y and InvStdDev. The row [300, 400] has squares beyond f16's
// maximum (65504); docs/semantics.md rules Y = [0.8486, 1.132] for Scale 1
// (Normalized rounded to f16 before the Scale multiply).
//
//   norm-runner examples/rms_normalization.mlir \
//     --input="2x2xf16=300 400 0 0" --input="2xf32=1 1"
func.func @main(%x: tensor<?x2xf16>, %scale: tensor<2xf32>)
    -> (tensor<?x2xf32>, tensor<?x1xf32>) {
  %y, %inv_std_dev = norm.rms_normalization %x, %scale
      : (tensor<?x2xf16>, tensor<2xf32>) -> (tensor<?x2xf32>, tensor<?x1xf32>)
  return %y, %inv_std_dev : tensor<?x2xf32>, tensor<?x1xf32>
}
