// Sizes that the producers of a norm op's operands fix at compile time (the
// source of a tensor.cast, a tensor.extract_slice or tensor.empty of
// constant size), where the op's types leave them dynamic: a size rule of
// the op's run-time checks that fails on them would fail on every call.
// convert-norm-to-linalg reports it at the op, with the run-time check's
// text and the sizes, and lowers nothing: lowered, canonicalization folded
// the cast into the linalg ops, and the verifier rejected their static
// sizes ("'linalg.generic' op inferred input/output operand #4 has shape's
// dimension #0 to be 4, but found 3"), or bufferization failed later
// ("'memref.cast' op operand type 'memref<3x1xf32>' and result type
// 'memref<2x1xf32>' are cast incompatible"). The same one error ends
// norm-to-llvm.

// RUN: norm-opt %s --split-input-file --convert-norm-to-linalg \
// RUN:   --verify-diagnostics -o /dev/null
// RUN: norm-opt %s --split-input-file --norm-to-llvm --verify-diagnostics \
// RUN:   -o /dev/null

// LayerNormalization: Scale, B, a Scale over two dims, X cast from a static
// shape against a static Scale and against static results.
func.func @layer_scale(%x: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @layer_bias(%x: tensor<2x4xf32>, %s: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %b : tensor<3xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'B' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %s, %c
      : (tensor<2x4xf32>, tensor<4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

// Through a chain of casts, the static size of the first source.
func.func @layer_cast_chain(%x: tensor<2x3x4xf32>, %s: tensor<3x5xf32>) -> tensor<2x3x4xf32> {
  %c0 = tensor.cast %s : tensor<3x5xf32> to tensor<?x5xf32>
  %c1 = tensor.cast %c0 : tensor<?x5xf32> to tensor<?x?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 1 of 'Scale' is 5, expected 4 (dimension 2 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %c1 axis = 1
      : (tensor<2x3x4xf32>, tensor<?x?xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @layer_x_cast(%x0: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<?x?xf32> {
  %x = tensor.cast %x0 : tensor<2x4xf32> to tensor<?x?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<3xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

// -----

func.func @layer_x_cast_result(%x0: tensor<3x4xf32>, %s: tensor<4xf32>) -> tensor<2x1xf32> {
  %x = tensor.cast %x0 : tensor<3x4xf32> to tensor<?x4xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'X' is 3, expected 2 (the static size of result 'Mean')}}
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x4xf32>, tensor<4xf32>) -> (tensor<?x4xf32>, tensor<2x1xf32>, tensor<?x1xf32>)
  return %m : tensor<2x1xf32>
}

// -----

// Sizes fixed by constants (ValueBoundsOpInterface): canonicalization makes
// such a slice static and casts it, then folds the cast as above.
func.func @layer_slice(%x: tensor<2x4xf32>, %s: tensor<10xf32>) -> tensor<2x4xf32> {
  %c3 = arith.constant 3 : index
  %c = tensor.extract_slice %s[2] [%c3] [1] : tensor<10xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @layer_empty(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %c3 = arith.constant 3 : index
  %e = tensor.empty(%c3) : tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %e
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @rms_scale(%x: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.rms_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %i = norm.rms_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @rms_x_cast(%x0: tensor<2x4xf16>, %s: tensor<3xf16>) -> tensor<?x?xf16> {
  %x = tensor.cast %x0 : tensor<2x4xf16> to tensor<?x?xf16>
  // expected-error @+1 {{'norm.rms_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %i = norm.rms_normalization %x, %s
      : (tensor<?x?xf16>, tensor<3xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  return %y : tensor<?x?xf16>
}

// -----

// The channel normalizations: each per-channel operand, and C.
func.func @batch_scale(%x: tensor<2x4xf32>, %s: tensor<5xf32>, %c4: tensor<4xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %s : tensor<5xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.batch_normalization' op the size of 'scale' is 5, expected C = 4 (dimension 1 of 'X')}}
  %y = norm.batch_normalization %x, %c, %c4, %c4, %c4
      : (tensor<2x4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @batch_var(%x: tensor<2x4xf32>, %v: tensor<3xf32>, %c4: tensor<4xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %v : tensor<3xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.batch_normalization' op the size of 'input_var' is 3, expected C = 4 (dimension 1 of 'X')}}
  %y = norm.batch_normalization %x, %c4, %c4, %c4, %c
      : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @instance_bias(%x: tensor<1x4x3xf32>, %s: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<1x4x3xf32> {
  %c = tensor.cast %b : tensor<5xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.instance_normalization' op the size of 'B' is 5, expected C = 4 (dimension 1 of 'input')}}
  %y = norm.instance_normalization %x, %s, %c
      : (tensor<1x4x3xf32>, tensor<4xf32>, tensor<?xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

// -----

func.func @group_scale(%x: tensor<1x4x3xf32>, %s: tensor<6xf32>, %b: tensor<4xf32>) -> tensor<1x4x3xf32> {
  %c = tensor.cast %s : tensor<6xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.group_normalization' op the size of 'scale' is 6, expected C = 4 (dimension 1 of 'X')}}
  %y = norm.group_normalization %x, %c, %b num_groups = 2
      : (tensor<1x4x3xf32>, tensor<?xf32>, tensor<4xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

// -----

// C = 6 from X's cast, not a multiple of num_groups = 4 ('memref.expand_shape'
// op collapsed dim size (6) must equal reassociation group size (4) before).
func.func @group_channels(%x0: tensor<1x6x3xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %x = tensor.cast %x0 : tensor<1x6x3xf32> to tensor<?x?x?xf32>
  // expected-error @+1 {{'norm.group_normalization' op C = 6 (dimension 1 of 'X') is not divisible by 'num_groups' = 4}}
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

func.func @group_channels_last(%x0: tensor<1x3x6xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %x = tensor.cast %x0 : tensor<1x3x6xf32> to tensor<?x?x?xf32>
  // expected-error @+1 {{'norm.group_normalization' op C = 6 (dimension 2 of 'X') is not divisible by 'num_groups' = 4}}
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

func.func @normalizer_x_cast(%x0: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %x = tensor.cast %x0 : tensor<3x2xf32> to tensor<?x2xf32>
  // expected-error @+1 {{'norm.normalizer' op dimension 0 of 'X' is 3, expected 2 (the static size of result 'Y')}}
  %y = norm.normalizer %x : tensor<?x2xf32> -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

// One error per op, every op of the function.
func.func @two_ops(%x: tensor<2x4xf32>, %s: tensor<3xf32>, %t: tensor<5xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %c = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  %d = tensor.cast %t : tensor<5xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %c, %d
      : (tensor<2x4xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  // expected-error @+1 {{'norm.rms_normalization' op dimension 0 of 'Scale' is 5, expected 4 (dimension 1 of 'X') or 1}}
  %y2, %i2 = norm.rms_normalization %x, %d
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>)
  return %y, %y2 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Casts through an unranked tensor are looked through too: Scale of 3
// elements (then X of static shape [2, 4]) reaching the op as tensor<?xf32>
// (tensor<?x?xf32>) by way of tensor<*xf32>.
func.func @layer_scale_unranked_cast(%x: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  %u = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  %c = tensor.cast %u : tensor<*xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

// -----

func.func @rms_x_unranked_cast(%x0: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<?x?xf32> {
  %u = tensor.cast %x0 : tensor<2x4xf32> to tensor<*xf32>
  %x = tensor.cast %u : tensor<*xf32> to tensor<?x?xf32>
  // expected-error @+1 {{'norm.rms_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %i = norm.rms_normalization %x, %s
      : (tensor<?x?xf32>, tensor<3xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

// -----

// Valid: Scale of 4 elements through tensor<*xf32> compiles.
func.func @rms_scale_unranked_cast_valid(%x: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<2x4xf32> {
  %u = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
  %c = tensor.cast %u : tensor<*xf32> to tensor<?xf32>
  %y, %i = norm.rms_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}
