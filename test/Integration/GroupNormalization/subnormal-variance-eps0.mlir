// GroupNormalization (NCHW and channels_last) and InstanceNormalization
// with epsilon = 0 on groups whose variance is a positive subnormal number
// of the stage-one type (f32 for f32 and bf16 X, f64 for f64 X), or
// underflows it: they share LayerNormalization's statistics, whose exact
// recomputation now takes such groups (docs/numerics.md). Before: f32
// 1e-22 * [1, -1] per channel gave Y = 1.0096844 instead of 1 (scale 1,
// B 0), f64 1e-160 * [1, -1] gave 2.000005566 instead of 2 (B 1).
// Scale [1.5, 2] and B [0.25, -1] (the channels_last case of 4 channels:
// [1, 0.5, 2, -1] and [0, 1, -0.5, 0.25], 2 groups).
// Expected values: exact rational arithmetic on the inputs rounded to X's
// type (group mean and variance exact, 1 / sqrt(Var) to 80 digits), then
// (X - mean) * InvStdDev * scale + B rounded once to X's type: the float64
// reference of docs/semantics.md without its underflow.

// RUN: norm-runner %s --function=group_f32 \
// RUN:   --input="1x2x2xf32=1e-22 -3e-22 2e-22 4e-22" \
// RUN:   --expected-output="1x2x2xf32=0.2499999701976776 -2.1033935546875 -0.2155354768037796 1.3533936738967896" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=instance_f32 \
// RUN:   --input="1x2x2xf32=1e-22 -3e-22 2e-22 4e-22" \
// RUN:   --expected-output="1x2x2xf32=1.75 -1.25 -3.0 1.0" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=group_last_f32 \
// RUN:   --input="1x2x2xf32=1e-22 -3e-22 2e-22 4e-22" \
// RUN:   --expected-output="1x2x2xf32=0.2499999701976776 -4.137857913970947 0.838348388671875 1.3533936738967896" \
// RUN:   | FileCheck %s
// A channels_last group of 18 elements, 1e-22 * integers in [-9, 9], each
// product rounded to f32.
// RUN: norm-runner %s --function=group_last_f32_g2 \
// RUN:   --input="1x3x3x4xf32=8.00000025099516e-22 2.00000006274879e-22 3.0000001572320573e-22 8.00000025099516e-22 1.000000031374395e-22 5.000000346198592e-22 6.000000314464115e-22 -5.000000346198592e-22 -8.00000025099516e-22 -4.00000012549758e-22 -4.00000012549758e-22 7.000000282729637e-22 8.00000025099516e-22 -9.000000724131662e-22 0.0 6.000000314464115e-22 -7.000000282729637e-22 6.000000314464115e-22 -7.000000282729637e-22 -1.000000031374395e-22 6.000000314464115e-22 -4.00000012549758e-22 -3.0000001572320573e-22 -4.00000012549758e-22 4.00000012549758e-22 -5.000000346198592e-22 9.000000724131662e-22 -1.000000031374395e-22 0.0 0.0 2.00000006274879e-22 1.000000031374395e-22 0.0 9.000000724131662e-22 6.000000314464115e-22 6.000000314464115e-22" \
// RUN:   --expected-output="1x3x3x4xf32=1.303167462348938 1.1184697151184082 0.0735016018152237 -1.0690536499023438 0.05923488363623619 1.3850268125534058 1.3122650384902954 1.6149338483810425 -1.540107011795044 0.585355818271637 -2.816946506500244 -0.8625931143760681 1.303167462348938 0.14109410345554352 -1.1652618646621704 -0.6561325192451477 -1.3624024391174316 1.473879098892212 -4.0557098388671875 0.7890915274620056 0.9477581977844238 0.585355818271637 -2.4040253162384033 1.408473253250122 0.5923488736152649 0.49650344252586365 2.5510287284851074 0.7890915274620056 -0.11846977472305298 0.9407650828361511 -0.33941957354545593 0.3761703670024872 -0.11846977472305298 1.74043607711792 1.3122650384902954 -0.6561325192451477" \
// RUN:   | FileCheck %s
// bf16 X: the inputs round to 2.9985297e-23, -2.9985297e-23, 1.0008885e-22
// and 2.0017771e-22.
// RUN: norm-runner %s --function=instance_bf16 \
// RUN:   --input="1x2x2xbf16=3e-23 -3e-23 1e-22 2e-22" \
// RUN:   --expected-output="1x2x2xbf16=1.75 -1.25 -3.0 1.0" \
// RUN:   | FileCheck %s
// f64: a subnormal variance (1e-160 * ...) and one that underflows f64
// (1e-200 * ...); the expected Y is the same for both.
// RUN: norm-runner %s --function=group_f64 \
// RUN:   --input="1x2x2xf64=1e-160 -3e-160 2e-160 4e-160" \
// RUN:   --expected-output="1x2x2xf64=0.25 -2.1033936216582085 -0.21553545944726388 1.3533936216582083" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=group_f64 \
// RUN:   --input="1x2x2xf64=1e-200 -3e-200 2e-200 4e-200" \
// RUN:   --expected-output="1x2x2xf64=0.25 -2.1033936216582085 -0.21553545944726388 1.3533936216582083" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=instance_f64 \
// RUN:   --input="1x2x2xf64=1e-160 -3e-160 2e-160 4e-160" \
// RUN:   --expected-output="1x2x2xf64=1.75 -1.25 -3.0 1.0" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=group_last_f64 \
// RUN:   --input="1x2x2xf64=1e-200 -3e-200 2e-200 4e-200" \
// RUN:   --expected-output="1x2x2xf64=0.25 -4.137858162210945 0.8383484054145521 1.3533936216582083" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

func.func @group_f32(%x: tensor<?x2x?xf32>) -> tensor<?x2x?xf32> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 0.0
      : (tensor<?x2x?xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x2x?xf32>
  return %y : tensor<?x2x?xf32>
}

func.func @instance_f32(%x: tensor<?x2x?xf32>) -> tensor<?x2x?xf32> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %y = norm.instance_normalization %x, %s, %b epsilon = 0.0
      : (tensor<?x2x?xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x2x?xf32>
  return %y : tensor<?x2x?xf32>
}

func.func @group_last_f32(%x: tensor<?x?x2xf32>) -> tensor<?x?x2xf32> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 0.0
      channels_last
      : (tensor<?x?x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x?x2xf32>
  return %y : tensor<?x?x2xf32>
}

func.func @group_last_f32_g2(%x: tensor<?x?x?x4xf32>) -> tensor<?x?x?x4xf32> {
  %s = arith.constant dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.0, 1.0, -0.5, 0.25]> : tensor<4xf32>
  %y = norm.group_normalization %x, %s, %b num_groups = 2 epsilon = 0.0
      channels_last
      : (tensor<?x?x?x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> tensor<?x?x?x4xf32>
  return %y : tensor<?x?x?x4xf32>
}

func.func @instance_bf16(%x: tensor<?x2x?xbf16>) -> tensor<?x2x?xbf16> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xbf16>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xbf16>
  %y = norm.instance_normalization %x, %s, %b epsilon = 0.0
      : (tensor<?x2x?xbf16>, tensor<2xbf16>, tensor<2xbf16>)
      -> tensor<?x2x?xbf16>
  return %y : tensor<?x2x?xbf16>
}

func.func @group_f64(%x: tensor<?x2x?xf64>) -> tensor<?x2x?xf64> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf64>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf64>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 0.0
      : (tensor<?x2x?xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<?x2x?xf64>
  return %y : tensor<?x2x?xf64>
}

func.func @instance_f64(%x: tensor<?x2x?xf64>) -> tensor<?x2x?xf64> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf64>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf64>
  %y = norm.instance_normalization %x, %s, %b epsilon = 0.0
      : (tensor<?x2x?xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<?x2x?xf64>
  return %y : tensor<?x2x?xf64>
}

func.func @group_last_f64(%x: tensor<?x?x2xf64>) -> tensor<?x?x2xf64> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf64>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf64>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 0.0
      channels_last
      : (tensor<?x?x2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<?x?x2xf64>
  return %y : tensor<?x?x2xf64>
}
