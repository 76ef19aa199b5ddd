// LayerNormalization: slices whose first element is far from the others.
// A review of an earlier lowering (Mean = K + ReduceSum(X - K) / n with K
// the first element) found these 10^4 times (f32) and 3 ulp (f16) off: the
// shifted terms X - K are all about -K, so the sum's error grew with n * |K|.
// The plain sum is accurate here, and the exact recomputation of constant
// slices (docs/numerics.md) is not triggered (the variance is large).
// Expected: float64 reference (mean, mean of squared deviations,
// 1 / sqrt(var + f32(1e-5)), Y = (x - mean) * InvStdDev * Scale + B),
// rounded once to the result type; runner default tolerances.
//   f32 [1, 100000] = [1e6, 0, ..., 0], Scale 1: Mean 10,
//     InvStdDev 3.1622936e-4, Y[1:5] = -0.0031622935.
//   f16 [1, 20000] = [65504, 2.5, ..., 2.5], Scale 1, B 0.5: Mean 5.775075,
//     InvStdDev 0.002159109, Y[1:5] = 0.493 (f16).

// RUN: norm-runner %s --function=f32_outlier \
// RUN:   --expected-output="4xf32=-0.0031622935 -0.0031622935 -0.0031622935 -0.0031622935" \
// RUN:   --expected-output="1x1xf32=10" \
// RUN:   --expected-output="1x1xf32=0.00031622936" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=f16_outlier \
// RUN:   --expected-output="4xf16=0.493 0.493 0.493 0.493" \
// RUN:   --expected-output="1x1xf32=5.775075" \
// RUN:   --expected-output="1x1xf32=0.002159109" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @f32_outlier() -> (tensor<4xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %zeros = arith.constant dense<0.0> : tensor<1x100000xf32>
  %big = arith.constant 1.0e6 : f32
  %c0 = arith.constant 0 : index
  %x = tensor.insert %big into %zeros[%c0, %c0] : tensor<1x100000xf32>
  %scale = arith.constant dense<1.0> : tensor<100000xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale axis = -1
      : (tensor<1x100000xf32>, tensor<100000xf32>)
      -> (tensor<1x100000xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  %ys = tensor.extract_slice %y[0, 1] [1, 4] [1, 1]
      : tensor<1x100000xf32> to tensor<4xf32>
  return %ys, %mean, %inv : tensor<4xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

func.func @f16_outlier() -> (tensor<4xf16>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %rest = arith.constant dense<2.5> : tensor<1x20000xf16>
  %big = arith.constant 65504.0 : f16
  %c0 = arith.constant 0 : index
  %x = tensor.insert %big into %rest[%c0, %c0] : tensor<1x20000xf16>
  %scale = arith.constant dense<1.0> : tensor<20000xf16>
  %b = arith.constant dense<0.5> : tensor<20000xf16>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = -1
      : (tensor<1x20000xf16>, tensor<20000xf16>, tensor<20000xf16>)
      -> (tensor<1x20000xf16>, tensor<1x1xf32>, tensor<1x1xf32>)
  %ys = tensor.extract_slice %y[0, 1] [1, 4] [1, 1]
      : tensor<1x20000xf16> to tensor<4xf16>
  return %ys, %mean, %inv : tensor<4xf16>, tensor<1x1xf32>, tensor<1x1xf32>
}
