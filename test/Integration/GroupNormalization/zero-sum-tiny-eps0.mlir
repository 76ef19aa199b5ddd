// GroupNormalization (NCHW and channels_last) and InstanceNormalization with
// epsilon = 0 on groups whose first element is 0 and whose sum is exactly 0,
// of values so small that every squared deviation underflows to 0 in the
// stage-one type: they share LayerNormalization's statistics, where such a
// group looked like a zero group (K = Q = 0, SumSq = 0). Now recomputed in
// f64 (docs/numerics.md). Found by a new user's hostile run: each gave NaN.
// Scale [1.5, 2] and B [0.25, -1].
// Expected values: exact rational arithmetic on the inputs rounded to X's
// type (group mean and variance exact, sqrt to 80 digits), then
// (X - mean) / sqrt(Var) * scale + B rounded once to X's type.

// One group over [C = 2, 3]: [0, 1e-30, -1e-30 | 2e-30, -2e-30, 0].
// RUN: norm-runner %s --function=group_f32 \
// RUN:   --input="1x2x3xf32=0 1e-30 -1e-30 2e-30 -2e-30 0" \
// RUN:   --expected-output="1x2x3xf32=0.25 1.411895 -0.911895 2.0983868 -4.098387 -1.0" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=group_f64 \
// RUN:   --input="1x2x3xf64=0 1e-200 -1e-200 2e-200 -2e-200 0" \
// RUN:   --expected-output="1x2x3xf64=0.25 1.411895003862225 -0.9118950038622251 2.0983866769659336 -4.098386676965934 -1.0" \
// RUN:   | FileCheck %s
// Each channel its own instance: [0, 1e-30, -1e-30] and [0, -2e-30, 2e-30].
// RUN: norm-runner %s --function=instance_f32 \
// RUN:   --input="1x2x3xf32=0 1e-30 -1e-30 0 -2e-30 2e-30" \
// RUN:   --expected-output="1x2x3xf32=0.25 2.0871172 -1.5871173 -1.0 -3.4494898 1.4494897" \
// RUN:   | FileCheck %s
// channels_last [N = 1, 3, C = 2], one group: [[0, 0], [1e-30, -1e-30],
// [-2e-30, 2e-30]].
// RUN: norm-runner %s --function=group_last_f32 \
// RUN:   --input="1x3x2xf32=0 0 1e-30 -1e-30 -2e-30 2e-30" \
// RUN:   --expected-output="1x3x2xf32=0.25 -1.0 1.411895 -2.5491934 -2.07379 2.0983868" \
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

func.func @group_f64(%x: tensor<?x2x?xf64>) -> tensor<?x2x?xf64> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf64>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf64>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 0.0
      : (tensor<?x2x?xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<?x2x?xf64>
  return %y : tensor<?x2x?xf64>
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
