// The verifier rules of norm.group_normalization's `channels_last` and
// `activation` (docs/semantics.md, GroupNormalization, ONNX Runtime's
// GroupNorm): C is X's last dim, scale and B are [C], C divides by
// num_groups, activation is 0 or 1.
// RUN: norm-opt %s -split-input-file -verify-diagnostics

func.func @nhwc_scale_not_c(%x: tensor<2x4x4x8xf32>, %s: tensor<4xf32>, %c: tensor<8xf32>) -> tensor<2x4x4x8xf32> {
  // expected-error @+1 {{expects 'scale' of shape [8] (C, given by 'X'), but found shape [4]}}
  %y = norm.group_normalization %x, %s, %c num_groups = 2 channels_last : (tensor<2x4x4x8xf32>, tensor<4xf32>, tensor<8xf32>) -> tensor<2x4x4x8xf32>
  return %y : tensor<2x4x4x8xf32>
}

// -----

func.func @nhwc_c_not_divisible(%x: tensor<2x4x4x6xf32>, %c: tensor<6xf32>) -> tensor<2x4x4x6xf32> {
  // expected-error @+1 {{expects C (dimension 3 of 'X', 6) to be divisible by 'num_groups' (4)}}
  %y = norm.group_normalization %x, %c, %c num_groups = 4 channels_last : (tensor<2x4x4x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x4x4x6xf32>
  return %y : tensor<2x4x4x6xf32>
}

// -----

func.func @nhwc_b_rank2(%x: tensor<2x3x6xf32>, %c: tensor<6xf32>, %b: tensor<1x6xf32>) -> tensor<2x3x6xf32> {
  // expected-error @+1 {{expects 'B' of rank 1 (shape [C], C = dimension 2 of 'X'), but found shape 1x6}}
  %y = norm.group_normalization %x, %c, %b num_groups = 2 channels_last : (tensor<2x3x6xf32>, tensor<6xf32>, tensor<1x6xf32>) -> tensor<2x3x6xf32>
  return %y : tensor<2x3x6xf32>
}

// -----

func.func @nhwc_rank1(%x: tensor<6xf32>, %c: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{expects 'X' of rank >= 2 ([N, D1, ..., Dn, C], channels_last), but found rank 1}}
  %y = norm.group_normalization %x, %c, %c num_groups = 2 channels_last : (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  return %y : tensor<6xf32>
}

// -----

func.func @nhwc_dynamic_c_from_scale(%x: tensor<2x3x?xf32>, %c: tensor<9xf32>) -> tensor<2x3x?xf32> {
  // expected-error @+1 {{expects C (the size of 'scale', 9) to be divisible by 'num_groups' (2)}}
  %y = norm.group_normalization %x, %c, %c num_groups = 2 channels_last : (tensor<2x3x?xf32>, tensor<9xf32>, tensor<9xf32>) -> tensor<2x3x?xf32>
  return %y : tensor<2x3x?xf32>
}

// -----

func.func @activation_2(%x: tensor<2x4x3xf32>, %c: tensor<4xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{attribute 'activation' = 2 is not supported: expected 0 (none) or 1 (SiLU)}}
  %y = norm.group_normalization %x, %c, %c num_groups = 2 activation = 2 : (tensor<2x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3xf32>
  return %y : tensor<2x4x3xf32>
}

// -----

func.func @nhwc_y_shape(%x: tensor<2x3x4xf32>, %c: tensor<4xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{result 'Y'}}
  %y = norm.group_normalization %x, %c, %c num_groups = 2 channels_last : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3xf32>
  return %y : tensor<2x4x3xf32>
}
