// norm.group_normalization with `channels_last` (ONNX Runtime's
// com.microsoft.GroupNorm, docs/semantics.md) where C is static on one side
// and dynamic on the other: X's C dynamic with scale and B static, the
// reverse, and scale and B of different kinds. The lowering once rejected
// these with "'linalg.map' op expected shape of input (8) to match shape of
// output (-9223372036854775808)"; now the static C wins and the op's
// run-time checks keep the sizes equal. Expected values: float64 NumPy
// (Inputs/gen_mixed_channels.py, written from docs/semantics.md), rounded
// once to X's type; f32 and f16, with and without SiLU, 1 and 2 threads.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_mixed_channels.py %t

// RUN: norm-runner %s --function=f32_dynamic_x_c --input=@%t/f32_x.npy \
// RUN:   --input=@%t/f32_scale.npy --input=@%t/f32_b.npy \
// RUN:   --expected-output=@%t/f32_y.npy | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=f32_dynamic_x_c --threads=2 \
// RUN:   --input=@%t/f32_x.npy --input=@%t/f32_scale.npy \
// RUN:   --input=@%t/f32_b.npy --expected-output=@%t/f32_y.npy \
// RUN:   | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=f32_dynamic_scale --input=@%t/f32_x.npy \
// RUN:   --input=@%t/f32_scale.npy --input=@%t/f32_b.npy \
// RUN:   --expected-output=@%t/f32_y.npy | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=f32_dynamic_scale_only --input=@%t/f32_x.npy \
// RUN:   --input=@%t/f32_scale.npy --input=@%t/f32_b.npy \
// RUN:   --expected-output=@%t/f32_y.npy | FileCheck %s --check-prefix=F32
// F32: [SUCCESS] result[0]: 2x3x2x8xf32
// F32-NOT: [FAILED]

// RUN: norm-runner %s --function=silu_dynamic_x_c --input=@%t/silu_x.npy \
// RUN:   --input=@%t/silu_scale.npy --input=@%t/silu_b.npy \
// RUN:   --expected-output=@%t/silu_y.npy | FileCheck %s --check-prefix=SILU
// RUN: norm-runner %s --function=silu_dynamic_scale --threads=2 \
// RUN:   --input=@%t/silu_x.npy --input=@%t/silu_scale.npy \
// RUN:   --input=@%t/silu_b.npy --expected-output=@%t/silu_y.npy \
// RUN:   | FileCheck %s --check-prefix=SILU
// SILU: [SUCCESS] result[0]: 3x5x12xf32
// SILU-NOT: [FAILED]

// RUN: norm-runner %s --function=f16_dynamic_x_c --input=@%t/f16_x.npy \
// RUN:   --input=@%t/f16_scale.npy --input=@%t/f16_b.npy \
// RUN:   --expected-output=@%t/f16_y.npy | FileCheck %s --check-prefix=F16
// RUN: norm-runner %s --function=f16_dynamic_scale --input=@%t/f16_x.npy \
// RUN:   --input=@%t/f16_scale.npy --input=@%t/f16_b.npy \
// RUN:   --expected-output=@%t/f16_y.npy | FileCheck %s --check-prefix=F16
// F16: [SUCCESS] result[0]: 2x2x3x8xf16
// F16-NOT: [FAILED]

// The run-time checks still hold where a static size meets another dynamic
// one: X's C = 4 against scale [8], and scale [4] against X's C = 8.
// RUN: not norm-runner %s --function=f32_dynamic_x_c \
// RUN:   --input="2x3x2x4xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48" \
// RUN:   --input=@%t/f32_scale.npy --input=@%t/f32_b.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SMALL-X
// SMALL-X: error: run-time check failed:
// SMALL-X-SAME: op the size of 'scale' is 8, expected C = 4 (dimension 3 of 'X'){{$}}
// SMALL-X-NOT: xf32=
// RUN: not norm-runner %s --function=f32_dynamic_scale --input=@%t/f32_x.npy \
// RUN:   --input="4xf32=1 1 1 1" --input="4xf32=0 0 0 0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SMALL-SCALE
// SMALL-SCALE: error: run-time check failed:
// SMALL-SCALE-SAME: op the size of 'scale' is 4, expected C = 8 (dimension 3 of 'X'){{$}}
// SMALL-SCALE-NOT: xf32=

func.func @f32_dynamic_x_c(%x: tensor<2x3x2x?xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x3x2x?xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last
      : (tensor<2x3x2x?xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x3x2x?xf32>
  return %y : tensor<2x3x2x?xf32>
}

func.func @f32_dynamic_scale(%x: tensor<?x3x2x8xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x3x2x8xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last
      : (tensor<?x3x2x8xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x3x2x8xf32>
  return %y : tensor<?x3x2x8xf32>
}

// C static only in B.
func.func @f32_dynamic_scale_only(%x: tensor<2x3x2x?xf32>, %s: tensor<?xf32>, %b: tensor<8xf32>) -> tensor<2x3x2x?xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last
      : (tensor<2x3x2x?xf32>, tensor<?xf32>, tensor<8xf32>) -> tensor<2x3x2x?xf32>
  return %y : tensor<2x3x2x?xf32>
}

func.func @silu_dynamic_x_c(%x: tensor<3x5x?xf32>, %s: tensor<12xf32>, %b: tensor<12xf32>) -> tensor<3x5x?xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 3 channels_last activation = 1
      : (tensor<3x5x?xf32>, tensor<12xf32>, tensor<12xf32>) -> tensor<3x5x?xf32>
  return %y : tensor<3x5x?xf32>
}

func.func @silu_dynamic_scale(%x: tensor<3x5x12xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<3x5x12xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 3 channels_last activation = 1
      : (tensor<3x5x12xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<3x5x12xf32>
  return %y : tensor<3x5x12xf32>
}

func.func @f16_dynamic_x_c(%x: tensor<2x2x3x?xf16>, %s: tensor<8xf16>, %b: tensor<8xf16>) -> tensor<2x2x3x?xf16> {
  %y = norm.group_normalization %x, %s, %b num_groups = 2 channels_last
      : (tensor<2x2x3x?xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<2x2x3x?xf16>
  return %y : tensor<2x2x3x?xf16>
}

func.func @f16_dynamic_scale(%x: tensor<2x2x3x8xf16>, %s: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<2x2x3x8xf16> {
  %y = norm.group_normalization %x, %s, %b num_groups = 2 channels_last
      : (tensor<2x2x3x8xf16>, tensor<?xf16>, tensor<?xf16>) -> tensor<2x2x3x8xf16>
  return %y : tensor<2x2x3x8xf16>
}
