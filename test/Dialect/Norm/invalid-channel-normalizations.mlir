// Every verifier rule of norm.batch_normalization,
// norm.instance_normalization and norm.group_normalization, one chunk each
// (docs/semantics.md: GroupNormalization, InstanceNormalization,
// BatchNormalization).
// RUN: norm-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// norm.batch_normalization
//===----------------------------------------------------------------------===//

func.func @batch_rank1(%x: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expects 'X' of rank >= 2 ([N, C, D1, ..., Dn]), but found rank 1}}
  %y = norm.batch_normalization %x, %c, %c, %c, %c : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

func.func @batch_scale_not_c(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %c: tensor<3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{expects 'scale' of shape [3] (C, given by 'X'), but found shape [4]}}
  %y = norm.batch_normalization %x, %s, %c, %c, %c : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @batch_var_rank2(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %v: tensor<1x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'input_var' of rank 1 (shape [C], C = dimension 1 of 'X'), but found shape 1x3}}
  %y = norm.batch_normalization %x, %c, %c, %c, %v : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// A dynamic C: the static sizes of the [C] operands must agree.
func.func @batch_dynamic_c_disagree(%x: tensor<2x?xf32>, %c: tensor<3xf32>, %m: tensor<4xf32>) -> tensor<2x?xf32> {
  // expected-error @+1 {{expects 'input_mean' of shape [3] (C, given by 'scale'), but found shape [4]}}
  %y = norm.batch_normalization %x, %c, %c, %m, %c : (tensor<2x?xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// -----

// T1: scale and B share an element type.
func.func @batch_t1(%x: tensor<2x3xf32>, %s: tensor<3xf16>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'B' to have the element type of 'scale' ('f16'), but found 'f32'}}
  %y = norm.batch_normalization %x, %s, %c, %c, %c : (tensor<2x3xf32>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// T2: input_mean and input_var share an element type.
func.func @batch_t2(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %v: tensor<3xbf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'input_var' to have the element type of 'input_mean' ('f32'), but found 'bf16'}}
  %y = norm.batch_normalization %x, %c, %c, %c, %v : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xbf16>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @batch_y_type(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{expects result 'Y' to have the element type of 'X' ('f32'), but found 'f16'}}
  %y = norm.batch_normalization %x, %c, %c, %c, %c : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %y : tensor<2x3xf16>
}

// -----

func.func @batch_y_shape(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{expects result 'Y' of shape 2x3, but found 3x3}}
  %y = norm.batch_normalization %x, %c, %c, %c, %c : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// -----

// Element types: bf16, f16, f32, f64 only.
func.func @batch_integer(%x: tensor<2x3xi32>, %c: tensor<3xf32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float or 64-bit float values}}
  %y = norm.batch_normalization %x, %c, %c, %c, %c : (tensor<2x3xi32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xi32>
  return %y : tensor<2x3xi32>
}

//===----------------------------------------------------------------------===//
// norm.instance_normalization
//===----------------------------------------------------------------------===//

// -----

func.func @instance_rank2(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'input' of rank >= 3 ([N, C, D1, ..., Dn]), but found rank 2}}
  %y = norm.instance_normalization %x, %c, %c : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @instance_b_not_c(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{expects 'B' of shape [3] (C, given by 'input'), but found shape [2]}}
  %y = norm.instance_normalization %x, %c, %b : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @instance_scale_type(%x: tensor<2x3x4xf16>, %c: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<2x3x4xf16> {
  // expected-error @+1 {{expects 'scale' to have the element type of 'input' ('f16'), but found 'f32'}}
  %y = norm.instance_normalization %x, %c, %b : (tensor<2x3x4xf16>, tensor<3xf32>, tensor<3xf16>) -> tensor<2x3x4xf16>
  return %y : tensor<2x3x4xf16>
}

// -----

func.func @instance_output_shape(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{expects result 'output' of shape 2x3x4, but found 2x3x5}}
  %y = norm.instance_normalization %x, %c, %c : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %y : tensor<2x3x5xf32>
}

//===----------------------------------------------------------------------===//
// norm.group_normalization
//===----------------------------------------------------------------------===//

// -----

func.func @group_zero_groups(%x: tensor<2x4xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{attribute 'num_groups' = 0 is out of range: expected a value >= 1}}
  %y = norm.group_normalization %x, %c, %c num_groups = 0 : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @group_not_divisible(%x: tensor<2x6x3xf32>, %c: tensor<6xf32>) -> tensor<2x6x3xf32> {
  // expected-error @+1 {{expects C (dimension 1 of 'X', 6) to be divisible by 'num_groups' (4)}}
  %y = norm.group_normalization %x, %c, %c num_groups = 4 : (tensor<2x6x3xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6x3xf32>
  return %y : tensor<2x6x3xf32>
}

// -----

// A dynamic C whose size the static scale gives.
func.func @group_not_divisible_scale(%x: tensor<2x?xf32>, %c: tensor<6xf32>, %d: tensor<?xf32>) -> tensor<2x?xf32> {
  // expected-error @+1 {{expects C (the size of 'scale', 6) to be divisible by 'num_groups' (4)}}
  %y = norm.group_normalization %x, %c, %d num_groups = 4 : (tensor<2x?xf32>, tensor<6xf32>, tensor<?xf32>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// -----

func.func @group_rank1(%x: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expects 'X' of rank >= 2 ([N, C, D1, ..., Dn]), but found rank 1}}
  %y = norm.group_normalization %x, %c, %c num_groups = 2 : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Opset 18's [num_groups] scale is repeated by the importer; the op takes [C].
func.func @group_scale_g(%x: tensor<2x8xf32>, %s: tensor<4xf32>, %c: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{expects 'scale' of shape [8] (C, given by 'X'), but found shape [4]}}
  %y = norm.group_normalization %x, %s, %c num_groups = 4 : (tensor<2x8xf32>, tensor<4xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

func.func @group_b_type(%x: tensor<2x8xbf16>, %s: tensor<8xbf16>, %c: tensor<8xf16>) -> tensor<2x8xbf16> {
  // expected-error @+1 {{expects 'B' to have the element type of 'X' ('bf16'), but found 'f16'}}
  %y = norm.group_normalization %x, %s, %c num_groups = 4 : (tensor<2x8xbf16>, tensor<8xbf16>, tensor<8xf16>) -> tensor<2x8xbf16>
  return %y : tensor<2x8xbf16>
}

// -----

func.func @group_stash_type(%x: tensor<2x8xf32>, %c: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{attribute 'stash_type' failed to satisfy constraint: 64-bit signless integer attribute whose value is one of {1, 10, 11, 16}}}
  %y = norm.group_normalization %x, %c, %c num_groups = 4 stash_type = 2 : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

func.func @group_missing_num_groups(%x: tensor<2x8xf32>, %c: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{requires attribute 'num_groups'}}
  %y = "norm.group_normalization"(%x, %c, %c) {epsilon = 1.0e-05 : f32} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
