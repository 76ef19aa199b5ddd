// Every verifier rule of the norm ops, one chunk each.
// RUN: norm-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// norm.lp_normalization
//===----------------------------------------------------------------------===//

// ONNX LpNormalization supports only the L1 and L2 norms.
func.func @lp_p_three(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'p' failed to satisfy constraint: 64-bit signless integer attribute whose value is one of {1, 2}}}
  %0 = norm.lp_normalization %x p = 3 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @lp_p_zero(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'p' failed to satisfy constraint: 64-bit signless integer attribute whose value is one of {1, 2}}}
  %0 = "norm.lp_normalization"(%x) <{axis = -1 : i64, p = 0 : i64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// axis must lie in [-r, r); axis = r is rejected (ONNX Runtime, onnx-mlir).
func.func @lp_axis_too_large(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'axis' = 2 is out of range: expected a value in [-2, 2) for 'input' of rank 2}}
  %0 = norm.lp_normalization %x axis = 2 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @lp_axis_too_small(%x: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  // expected-error @+1 {{attribute 'axis' = -4 is out of range: expected a value in [-3, 3) for 'input' of rank 3}}
  %0 = norm.lp_normalization %x axis = -4 : tensor<?x?x?xf16>
  return %0 : tensor<?x?x?xf16>
}

// -----

// A rank-0 tensor has no axis to normalize along.
func.func @lp_rank_zero(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expects 'input' of rank >= 1, but found rank 0}}
  %0 = norm.lp_normalization %x : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// T is bfloat16, float16, float or double.
func.func @lp_integer(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2x3xi32>'}}
  %0 = norm.lp_normalization %x : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// An unranked input is reported by the operand's constraint, not by the parser
// ("invalid kind of type specified: expected builtin.tensor").
func.func @lp_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'norm.lp_normalization' op operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<*xf32>'}}
  %0 = norm.lp_normalization %x : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// The output has the input's type.
func.func @lp_result_type(%x: tensor<2x3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "norm.lp_normalization"(%x) <{axis = -1 : i64, p = 2 : i64}> : (tensor<2x3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @lp_result_shape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "norm.lp_normalization"(%x) <{axis = -1 : i64, p = 2 : i64}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

//===----------------------------------------------------------------------===//
// norm.normalizer
//===----------------------------------------------------------------------===//

// -----

// ai.onnx.ml Normalizer modes are exactly "MAX", "L1" and "L2".
func.func @normalizer_mode(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'norm' failed to satisfy constraint: string attribute whose value is one of "MAX", "L1", "L2"}}
  %0 = norm.normalizer %x norm = "L3" : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The input is [C] or [N, C].
func.func @normalizer_rank_three(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{operand #0 must be 1D/2D tensor of 32-bit float or 64-bit float or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x3x4xf32>'}}
  %0 = norm.normalizer %x : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @normalizer_rank_zero(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{operand #0 must be 1D/2D tensor of 32-bit float or 64-bit float or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<f32>'}}
  %0 = norm.normalizer %x : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// T is float, double, int64 or int32; f16 is not in the list.
func.func @normalizer_f16(%x: tensor<2x3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand #0 must be 1D/2D tensor of 32-bit float or 64-bit float or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2x3xf16>'}}
  %0 = norm.normalizer %x : tensor<2x3xf16> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The output is always float.
func.func @normalizer_f64_result(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  // expected-error @+1 {{result #0 must be 1D/2D tensor of 32-bit float values, but got 'tensor<2x3xf64>'}}
  %0 = norm.normalizer %x : tensor<2x3xf64> -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

// The output has the input's shape.
func.func @normalizer_result_shape(%x: tensor<2x3xi64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expects result 'Y' of shape 2x3, but found 2x4}}
  %0 = norm.normalizer %x : tensor<2x3xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @normalizer_result_rank(%x: tensor<6xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects result 'Y' of rank 1 (the rank of 'X'), but found rank 2}}
  %0 = norm.normalizer %x : tensor<6xi32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// norm.layer_normalization
//===----------------------------------------------------------------------===//

// -----

func.func @ln_axis(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'axis' = 2 is out of range: expected a value in [-2, 2) for 'X' of rank 2}}
  %y, %m, %i = norm.layer_normalization %x, %s axis = 2 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @ln_negative_axis(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'axis' = -3 is out of range: expected a value in [-2, 2) for 'X' of rank 2}}
  %y, %m, %i = norm.layer_normalization %x, %s axis = -3 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @ln_rank_zero(%x: tensor<f32>, %s: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expects 'X' of rank >= 1, but found rank 0}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>)
  return %y : tensor<f32>
}

// -----

// T is bfloat16, float16, float or double.
func.func @ln_integer(%x: tensor<2x3xi32>, %s: tensor<3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2x3xi32>'}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x3xi32>, tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xi32>
}

// -----

// X, Scale, B and Y share the element type T.
func.func @ln_scale_type(%x: tensor<2x3xf32>, %s: tensor<3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'Scale' to have the element type of 'X' ('f32'), but found 'f16'}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @ln_bias_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<3xf64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'B' to have the element type of 'X' ('f32'), but found 'f64'}}
  %y, %m, %i = norm.layer_normalization %x, %s, %b : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @ln_y_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{expects 'Y' to have the element type of 'X' ('f32'), but found 'f16'}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf16>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf16>
}

// -----

// Scale must broadcast to X right-aligned; an equal element count is not
// enough (docs/semantics.md: no silent reshape).
func.func @ln_scale_not_broadcastable(%x: tensor<1x3x1x1xf32>, %s: tensor<3xf32>) -> tensor<1x3x1x1xf32> {
  // expected-error @+1 {{expects 'Scale' to be unidirectionally broadcastable to 'X' of shape 1x3x1x1, but found shape 3}}
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1 : (tensor<1x3x1x1xf32>, tensor<3xf32>) -> (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>)
  return %y : tensor<1x3x1x1xf32>
}

// -----

func.func @ln_bias_not_broadcastable(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects 'B' to be unidirectionally broadcastable to 'X' of shape 2x3, but found shape 5}}
  %y, %m, %i = norm.layer_normalization %x, %s, %b : (tensor<2x3xf32>, tensor<3xf32>, tensor<5xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

// Unidirectional broadcasting never grows X: Scale's rank is at most X's.
func.func @ln_scale_rank(%x: tensor<3xf32>, %s: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expects 'Scale' to be unidirectionally broadcastable to 'X' of shape 3, but found shape 1x3}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<3xf32>, tensor<1x3xf32>) -> (tensor<3xf32>, tensor<1xf32>, tensor<1xf32>)
  return %y : tensor<3xf32>
}

// -----

// stash_type is 1 (float) or 16 (bfloat16).
func.func @ln_stash_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'stash_type' failed to satisfy constraint: 64-bit signless integer attribute whose value is one of {1, 16}}}
  %y, %m, %i = norm.layer_normalization %x, %s stash_type = 11 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf64>, tensor<2x1xf64>)
  return %y : tensor<2x3xf32>
}

// -----

// Mean and InvStdDev have the stash type U.
func.func @ln_mean_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects result 'Mean' to have element type 'bf16' (stash_type = 16), but found 'f32'}}
  %y, %m, %i = norm.layer_normalization %x, %s stash_type = 16 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @ln_mean_f16(%x: tensor<2x3xf16>, %s: tensor<3xf16>) -> tensor<2x3xf16> {
  // expected-error @+1 {{result #1 must be ranked tensor of 32-bit float or bfloat16 type values, but got 'tensor<2x1xf16>'}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x3xf16>, tensor<3xf16>) -> (tensor<2x3xf16>, tensor<2x1xf16>, tensor<2x1xf16>)
  return %y : tensor<2x3xf16>
}

// -----

// Y has X's shape.
func.func @ln_y_shape(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expects result 'Y' of shape 2x3, but found 2x4}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

// Mean and InvStdDev have shape [d0, ..., d(axis-1), 1, ..., 1].
func.func @ln_mean_shape(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{expects result 'Mean' of shape 2x1x1, but found 2x3x1}}
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1 : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x1x1xf32>)
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @ln_invstddev_rank(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects result 'InvStdDev' of rank 2 (the rank of 'X'), but found rank 1}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2xf32>)
  return %y : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// Static sizes that contradict each other through a dynamic dim of X
//===----------------------------------------------------------------------===//

// -----

// Y and Mean both fix X's dynamic dim 0: 5 and 7 cannot both hold at run time
// (before this rule it verified and failed only in the run-time check).
func.func @ln_y_mean_disagree(%x: tensor<?x3xf32>, %s: tensor<3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{expects dimension 0 of result 'Mean' to be 5 (dynamic dimension 0 of 'X', which result 'Y' gives as 5), but found 7}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<5x3xf32>, tensor<7x1xf32>, tensor<?x1xf32>)
  return %y : tensor<5x3xf32>
}

// -----

// Mean and InvStdDev share X's outer dims [0, axis).
func.func @ln_mean_invstddev_disagree(%x: tensor<?x?x4xf32>, %s: tensor<4xf32>) -> tensor<?x?x4xf32> {
  // expected-error @+1 {{expects dimension 1 of result 'InvStdDev' to be 3 (dynamic dimension 1 of 'X', which result 'Mean' gives as 3), but found 5}}
  %y, %m, %i = norm.layer_normalization %x, %s axis = 2 : (tensor<?x?x4xf32>, tensor<4xf32>) -> (tensor<?x?x4xf32>, tensor<2x3x1xf32>, tensor<2x5x1xf32>)
  return %y : tensor<?x?x4xf32>
}

// -----

// A Scale size other than 1 is X's size, which Y has too.
func.func @ln_scale_y_disagree(%x: tensor<?x?xf32>, %s: tensor<4xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{expects dimension 1 of result 'Y' to be 4 (dynamic dimension 1 of 'X', which 'Scale' gives as 4), but found 5}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<?x?xf32>, tensor<4xf32>) -> (tensor<?x5xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x5xf32>
}

// -----

// Scale and B broadcast to the same X: sizes other than 1 must agree
// (right-aligned: dim 1 of B lies on dim 1 of X, as Scale's dim 0 does).
func.func @ln_scale_b_disagree(%x: tensor<2x?xf32>, %s: tensor<4xf32>, %b: tensor<1x5xf32>) -> tensor<2x?xf32> {
  // expected-error @+1 {{expects dimension 1 of 'B' to be 1 or 4 (dynamic dimension 1 of 'X', which 'Scale' gives as 4), but found 5}}
  %y, %m, %i = norm.layer_normalization %x, %s, %b : (tensor<2x?xf32>, tensor<4xf32>, tensor<1x5xf32>) -> (tensor<2x?xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x?xf32>
}

//===----------------------------------------------------------------------===//
// Byte sizes beyond int64: the product of the static sizes (zeros left out)
// and the element size must fit in int64, or the lowered shapes, strides and
// loop bounds wrap (tensor<4x4294967296x4294967296xf32> became tensor<4x0xf32>
// in convert-norm-to-linalg).
//===----------------------------------------------------------------------===//

// -----

func.func @lp_bytes_overflow(%x: tensor<4294967296x4294967296x16xf32>) -> tensor<4294967296x4294967296x16xf32> {
  // expected-error @+1 {{expects 'input' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<4294967296x4294967296x16xf32>'}}
  %0 = norm.lp_normalization %x : tensor<4294967296x4294967296x16xf32>
  return %0 : tensor<4294967296x4294967296x16xf32>
}

// -----

// The bound is on bytes: 2^61 f32 elements are 2^63 bytes, one past int64
// (2^61 - 1 verify, in ops.mlir).
func.func @lp_bytes_just_over(%x: tensor<2305843009213693952xf32>) -> tensor<2305843009213693952xf32> {
  // expected-error @+1 {{expects 'input' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<2305843009213693952xf32>'}}
  %0 = norm.lp_normalization %x axis = 0 : tensor<2305843009213693952xf32>
  return %0 : tensor<2305843009213693952xf32>
}

// -----

// A dynamic size only makes it larger; a static 0 does not make the other
// sizes harmless (strides are still their products), as for norm-runner inputs.
func.func @lp_bytes_overflow_dynamic(%x: tensor<?x4294967296x4294967296xbf16>) -> tensor<?x4294967296x4294967296xbf16> {
  // expected-error @+1 {{expects 'input' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 2-byte element size must fit in int64), but found type 'tensor<?x4294967296x4294967296xbf16>'}}
  %0 = norm.lp_normalization %x : tensor<?x4294967296x4294967296xbf16>
  return %0 : tensor<?x4294967296x4294967296xbf16>
}

// -----

func.func @lp_bytes_overflow_zero(%x: tensor<0x4294967296x4294967296xf32>) -> tensor<0x4294967296x4294967296xf32> {
  // expected-error @+1 {{expects 'input' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<0x4294967296x4294967296xf32>'}}
  %0 = norm.lp_normalization %x : tensor<0x4294967296x4294967296xf32>
  return %0 : tensor<0x4294967296x4294967296xf32>
}

// -----

// 2^60 i64 elements are 2^63 bytes (the f32 result would fit).
func.func @normalizer_bytes_overflow(%x: tensor<1152921504606846976x1xi64>) -> tensor<1152921504606846976x1xf32> {
  // expected-error @+1 {{expects 'X' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 8-byte element size must fit in int64), but found type 'tensor<1152921504606846976x1xi64>'}}
  %0 = norm.normalizer %x : tensor<1152921504606846976x1xi64> -> tensor<1152921504606846976x1xf32>
  return %0 : tensor<1152921504606846976x1xf32>
}

// -----

// A result is checked as well as the operands.
func.func @normalizer_result_bytes_overflow(%x: tensor<?x4xf32>) -> tensor<2305843009213693952x4xf32> {
  // expected-error @+1 {{expects result 'Y' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<2305843009213693952x4xf32>'}}
  %0 = norm.normalizer %x : tensor<?x4xf32> -> tensor<2305843009213693952x4xf32>
  return %0 : tensor<2305843009213693952x4xf32>
}

// -----

func.func @ln_bytes_overflow(%x: tensor<4x4294967296x4294967296xf32>, %s: tensor<4294967296xf32>) -> tensor<4x4294967296x4294967296xf32> {
  // expected-error @+1 {{expects 'X' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<4x4294967296x4294967296xf32>'}}
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1 : (tensor<4x4294967296x4294967296xf32>, tensor<4294967296xf32>) -> (tensor<4x4294967296x4294967296xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>)
  return %y : tensor<4x4294967296x4294967296xf32>
}

// -----

func.func @ln_scale_bytes_overflow(%x: tensor<?x?xf64>, %s: tensor<4294967296x4294967296xf64>) -> tensor<?x?xf64> {
  // expected-error @+1 {{expects 'Scale' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 8-byte element size must fit in int64), but found type 'tensor<4294967296x4294967296xf64>'}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<?x?xf64>, tensor<4294967296x4294967296xf64>) -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf64>
}

// -----

func.func @ln_mean_bytes_overflow(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expects result 'Mean' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<4611686018427387904x1xf32>'}}
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<4611686018427387904x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//===----------------------------------------------------------------------===//
// norm.rms_normalization
//===----------------------------------------------------------------------===//

// -----

func.func @rms_axis_out_of_range(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'axis' = 2 is out of range: expected a value in [-2, 2) for 'X' of rank 2}}
  %y, %i = norm.rms_normalization %x, %s axis = 2 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @rms_axis_negative_out_of_range(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'axis' = -3 is out of range: expected a value in [-2, 2) for 'X' of rank 2}}
  %y, %i = norm.rms_normalization %x, %s axis = -3 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<1x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @rms_rank0(%x: tensor<f32>, %s: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expects 'X' of rank >= 1, but found rank 0}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %y : tensor<f32>
}

// -----

// stash_type is 1, 10, 11 or 16.
func.func @rms_stash_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute 'stash_type' failed to satisfy constraint: 64-bit signless integer attribute whose value is one of {1, 10, 11, 16}}}
  %y, %i = norm.rms_normalization %x, %s stash_type = 2 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @rms_inv_std_dev_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects result 'InvStdDev' to have element type 'f64' (stash_type = 11), but found 'f32'}}
  %y, %i = norm.rms_normalization %x, %s stash_type = 11 : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @rms_inv_std_dev_shape(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{expects result 'InvStdDev' of shape 2x1x1, but found 2x3x1}}
  %y, %i = norm.rms_normalization %x, %s axis = 1 : (tensor<2x3x4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>)
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @rms_inv_std_dev_rank(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects result 'InvStdDev' of rank 2 (the rank of 'X'), but found rank 1}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %y : tensor<2x3xf32>
}

// -----

// Y has Scale's element type (V), not X's (T).
func.func @rms_y_type(%x: tensor<2x3xf16>, %s: tensor<3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{expects result 'Y' to have the element type of 'Scale' ('f32'), but found 'f16'}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x3xf16>, tensor<3xf32>) -> (tensor<2x3xf16>, tensor<2x1xf32>)
  return %y : tensor<2x3xf16>
}

// -----

func.func @rms_y_shape(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{expects result 'Y' of shape 2x3, but found 3x2}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<2x1xf32>)
  return %y : tensor<3x2xf32>
}

// -----

func.func @rms_y_rank(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{expects result 'Y' of rank 2 (the rank of 'X'), but found rank 1}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<6xf32>, tensor<2x1xf32>)
  return %y : tensor<6xf32>
}

// -----

// Scale [3] does not broadcast to X [1, 3, 1, 1] (the element count equals
// the normalized size, but the shape is not broadcastable).
func.func @rms_scale_not_broadcastable(%x: tensor<1x3x1x1xf32>, %s: tensor<3xf32>) -> tensor<1x3x1x1xf32> {
  // expected-error @+1 {{expects 'Scale' to be unidirectionally broadcastable to 'X' of shape 1x3x1x1, but found shape 3}}
  %y, %i = norm.rms_normalization %x, %s axis = 1 : (tensor<1x3x1x1xf32>, tensor<3xf32>) -> (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>)
  return %y : tensor<1x3x1x1xf32>
}

// -----

func.func @rms_scale_rank(%x: tensor<3xf32>, %s: tensor<1x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expects 'Scale' to be unidirectionally broadcastable to 'X' of shape 3, but found shape 1x3}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<3xf32>, tensor<1x3xf32>) -> (tensor<3xf32>, tensor<1xf32>)
  return %y : tensor<3xf32>
}

// -----

// Static sizes given for a dynamic dim of X must agree.
func.func @rms_disagreeing_sizes(%x: tensor<?x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects dimension 0 of result 'InvStdDev' to be 2 (dynamic dimension 0 of 'X', which result 'Y' gives as 2), but found 4}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @rms_element_type(%x: tensor<2x3xi32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2x3xi32>'}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x3xi32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @rms_bytes_overflow(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expects result 'InvStdDev' of at most 9223372036854775807 bytes (the product of its static sizes, zeros left out, and of its 4-byte element size must fit in int64), but found type 'tensor<4611686018427387904x1xf32>'}}
  %y, %i = norm.rms_normalization %x, %s : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<4611686018427387904x1xf32>)
  return %y : tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// norm.check_message
//===----------------------------------------------------------------------===//

func.func @check_message_missing_value(%ok: i1, %a: index) -> i1 {
  // expected-error @below {{'norm.check_message' op has an invalid 'format': placeholder {1} refers to no value (the op has 1)}}
  %m = norm.check_message %ok, "{0} {1}" (%a)
  return %m : i1
}

// -----

func.func @check_message_lone_brace(%ok: i1, %a: index) -> i1 {
  // expected-error @below {{'norm.check_message' op has an invalid 'format': '{' at offset 5 starts neither a placeholder '{N}' nor '{{'}}
  %m = norm.check_message %ok, "size {x} {0}" (%a)
  return %m : i1
}

// -----

func.func @check_message_too_many(%ok: i1, %a: index) -> i1 {
  // expected-error @below {{'norm.check_message' op has 5 placeholders in 'format'; at most 4}}
  %m = norm.check_message %ok, "{0}{0}{0}{0}{0}" (%a)
  return %m : i1
}
