// Tensors with an encoding are rejected by every norm op: the ops are defined
// on dense tensors and lower to dense buffers, so a #sparse_tensor.encoding
// (or any other encoding attribute) on an operand or a result would be read
// as a dense row-major array. One chunk per op, the encoding on X, on a [C]
// operand, or on a result.
// RUN: norm-opt %s -split-input-file -verify-diagnostics

#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
func.func @lp_sparse_input(%x: tensor<2x4xf32, #CSR>) -> tensor<2x4xf32, #CSR> {
  // expected-error @+1 {{'norm.lp_normalization' op expects 'input' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<2x4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>>'}}
  %y = norm.lp_normalization %x : tensor<2x4xf32, #CSR>
  return %y : tensor<2x4xf32, #CSR>
}

// -----

func.func @lp_string_encoding(%x: tensor<4xf32, "enc">) -> tensor<4xf32, "enc"> {
  // expected-error @+1 {{'norm.lp_normalization' op expects 'input' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<4xf32, "enc">'}}
  %y = norm.lp_normalization %x : tensor<4xf32, "enc">
  return %y : tensor<4xf32, "enc">
}

// -----

func.func @normalizer_encoded_x(%x: tensor<2x4xf32, 1 : i64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'norm.normalizer' op expects 'X' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<2x4xf32, 1 : i64>'}}
  %y = "norm.normalizer"(%x) <{norm = "L2"}> : (tensor<2x4xf32, 1 : i64>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @layer_norm_encoded_scale(%x: tensor<2x4xf32>, %s: tensor<4xf32, "enc">) -> tensor<2x4xf32> {
  // expected-error @+1 {{'norm.layer_normalization' op expects 'Scale' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<4xf32, "enc">'}}
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x4xf32>, tensor<4xf32, "enc">) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @layer_norm_encoded_mean(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x1xf32, "enc"> {
  // expected-error @+1 {{'norm.layer_normalization' op expects result 'Mean' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<2x1xf32, "enc">'}}
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32, "enc">, tensor<2x1xf32>)
  return %m : tensor<2x1xf32, "enc">
}

// -----

func.func @rms_norm_encoded_y(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32, "enc"> {
  // expected-error @+1 {{'norm.rms_normalization' op expects result 'Y' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<2x4xf32, "enc">'}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32, "enc">, tensor<2x1xf32>)
  return %y : tensor<2x4xf32, "enc">
}

// -----

func.func @batch_norm_encoded_var(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32, "enc">) -> tensor<2x3xf32> {
  // expected-error @+1 {{'norm.batch_normalization' op expects 'input_var' to be a tensor without an encoding (the op is defined on dense tensors), but found type 'tensor<3xf32, "enc">'}}
  %y = norm.batch_normalization %x, %s, %b, %m, %v
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32, "enc">) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d0 : dense, d1 : dense, d2 : compressed) }>
func.func @instance_norm_sparse_input(%x: tensor<2x3x4xf32, #CSR>, %s: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'norm.instance_normalization' op expects 'input' to be a tensor without an encoding (the op is defined on dense tensors)}}
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<2x3x4xf32, #CSR>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

#SV = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
func.func @group_norm_sparse_b(%x: tensor<2x2x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32, #SV>) -> tensor<2x2x8xf32> {
  // expected-error @+1 {{'norm.group_normalization' op expects 'B' to be a tensor without an encoding (the op is defined on dense tensors)}}
  %y = norm.group_normalization %x, %s, %b num_groups = 2 channels_last
      : (tensor<2x2x8xf32>, tensor<8xf32>, tensor<8xf32, #SV>) -> tensor<2x2x8xf32>
  return %y : tensor<2x2x8xf32>
}
