// GroupNormalization (NCHW and channels_last) and InstanceNormalization with
// epsilon 3.4e38: groups whose f32 variance is finite but whose Var +
// epsilon overflows f32 gave Y = B (InvStdDev 0); they share
// LayerNormalization's statistics, which now recompute such groups in f64
// (LayerNormalization/edge/f32-epsilon-sum-overflow.mlir). Found by a new
// user's hostile run. Scale [1.5, 2], B [0.25, -1].
// Expected values: exact rational arithmetic on the inputs rounded to f32
// (group mean and variance exact, sqrt to 80 digits), then
// (X - mean) / sqrt(Var + epsilon) * scale + B rounded once to f32.

// One group [9e18, -9e18 | 9e18, -9e18].
// RUN: norm-runner %s --function=group \
// RUN:   --input="1x2x2xf32=9e18 -9e18 9e18 -9e18" \
// RUN:   --expected-output="1x2x2xf32=0.90794975 -0.40794975 -0.12273366 -1.8772663" \
// RUN:   | FileCheck %s
// channels_last [1, 2, C = 2]: [[9e18, -9e18], [9e18, -9e18]].
// RUN: norm-runner %s --function=group_last \
// RUN:   --input="1x2x2xf32=9e18 -9e18 9e18 -9e18" \
// RUN:   --expected-output="1x2x2xf32=0.90794975 -1.8772663 0.90794975 -1.8772663" \
// RUN:   | FileCheck %s
// Instances [9e18, -9e18] and [1e19, -1e19].
// RUN: norm-runner %s --function=instance \
// RUN:   --input="1x2x2xf32=9e18 -9e18 1e19 -1e19" \
// RUN:   --expected-output="1x2x2xf32=0.90794975 -0.40794975 -0.046537407 -1.9534626" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

func.func @group(%x: tensor<?x2x?xf32>) -> tensor<?x2x?xf32> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 3.4e+38
      : (tensor<?x2x?xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x2x?xf32>
  return %y : tensor<?x2x?xf32>
}

func.func @group_last(%x: tensor<?x?x2xf32>) -> tensor<?x?x2xf32> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %y = norm.group_normalization %x, %s, %b num_groups = 1 epsilon = 3.4e+38
      channels_last
      : (tensor<?x?x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x?x2xf32>
  return %y : tensor<?x?x2xf32>
}

func.func @instance(%x: tensor<?x2x?xf32>) -> tensor<?x2x?xf32> {
  %s = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %y = norm.instance_normalization %x, %s, %b epsilon = 3.4e+38
      : (tensor<?x2x?xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x2x?xf32>
  return %y : tensor<?x2x?xf32>
}
