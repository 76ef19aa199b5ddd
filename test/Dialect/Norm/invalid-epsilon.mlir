// epsilon must be finite and non-negative in every normalization that has
// one: a NaN or infinite epsilon makes every result NaN or 0, and a
// negative one a NaN for a constant slice, silently (the ONNX texts give no
// range; a fresh review found NaN and -1 imported without a word). 0 is
// valid (docs/semantics.md, RMSNormalization: epsilon 0 on a zero row).
// RUN: norm-opt %s -split-input-file -verify-diagnostics

func.func @layer_nan(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'norm.layer_normalization' op attribute 'epsilon' = nan is out of range: expected a finite value >= 0}}
  %y, %m, %i = "norm.layer_normalization"(%x, %s) {axis = -1 : i64, epsilon = 0x7FC00000 : f32, stash_type = 1 : i64}
      : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @layer_negative(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{attribute 'epsilon' = -1e-05 is out of range: expected a finite value >= 0}}
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = -1.0e-05
      : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @rms_infinite(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'norm.rms_normalization' op attribute 'epsilon' = inf is out of range: expected a finite value >= 0}}
  %y, %i = "norm.rms_normalization"(%x, %s) {axis = -1 : i64, epsilon = 0x7F800000 : f32, stash_type = 1 : i64}
      : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @batch_negative(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'norm.batch_normalization' op attribute 'epsilon' = -2 is out of range: expected a finite value >= 0}}
  %y = "norm.batch_normalization"(%x, %c, %c, %c, %c) {epsilon = -2.0 : f32}
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @instance_nan(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'norm.instance_normalization' op attribute 'epsilon' = nan is out of range: expected a finite value >= 0}}
  %y = "norm.instance_normalization"(%x, %c, %c) {epsilon = 0x7FC00000 : f32}
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @group_negative_infinity(%x: tensor<2x4x3xf32>, %c: tensor<4xf32>) -> tensor<2x4x3xf32> {
  // expected-error @+1 {{'norm.group_normalization' op attribute 'epsilon' = -inf is out of range: expected a finite value >= 0}}
  %y = "norm.group_normalization"(%x, %c, %c) {epsilon = 0xFF800000 : f32, num_groups = 2 : i64, stash_type = 1 : i64}
      : (tensor<2x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3xf32>
  return %y : tensor<2x4x3xf32>
}

// -----

// A literal beyond f32's range (largest 3.4028235e38) reaches the verifier as
// inf: the attribute parser rounds it before any hook of the op sees the
// text, so the message says what an f32 inf usually means.
func.func @layer_literal_too_large(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'norm.layer_normalization' op attribute 'epsilon' = inf is out of range: expected a finite value >= 0 (an infinite f32 epsilon usually comes from a value beyond f32's range, such as the literal 1.0e39, rounded to inf when read as f32; the largest f32 is 3.4028235e38)}}
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 1.0e39
      : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @batch_literal_too_negative(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'norm.batch_normalization' op attribute 'epsilon' = -inf is out of range: expected a finite value >= 0 (an infinite f32 epsilon usually comes from a value beyond f32's range, such as the literal 1.0e39, rounded to inf when read as f32; the largest f32 is 3.4028235e38)}}
  %y = "norm.batch_normalization"(%x, %c, %c, %c, %c) {epsilon = -1.0e39 : f32}
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// 0 is valid.
func.func @zero(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  %y, %i = norm.rms_normalization %x, %s epsilon = 0.0
      : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}
