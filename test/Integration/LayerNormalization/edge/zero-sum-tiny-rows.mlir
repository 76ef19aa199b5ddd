// LayerNormalization with epsilon 0 (or an f32 subnormal epsilon) on slices
// whose first element is 0 and whose sum is exactly 0, of values so small
// that every squared deviation underflows to 0 in the stage-one type (f32
// for f32 and bf16 X, f64 for f64 X): K = Q = 0 and SumSq = 0, as for a
// zero slice, but the variance is not 0 and matters against such an
// epsilon. These slices are now recomputed in f64 (docs/numerics.md).
// Found by a new user's hostile run: f32 [0, 1e-30, -1e-30] gave Y = NaN
// and InvStdDev = inf (the slice taken as constant), with epsilon 1e-45
// (2^-149) [0, 1e-23, -1e-23] gave Y = +-0.26713738 (2.4 % off); f64
// [0, 1e-200, -1e-200] gave NaN. A zero row with epsilon 0 stays NaN
// (0 * inf, docs/semantics.md), and [1, 2, 3] is unaffected.
// Expected values: exact rational arithmetic on the inputs rounded to X's
// type (Mean and Var exact, sqrt to 80 digits; Scale 1, no B), rounded once
// to each result's type: Y = +-sqrt(1.5) for the three-element rows,
// InvStdDev = sqrt(1.5) / x.

// RUN: norm-runner %s --function=f32 --atol=0 \
// RUN:   --input="4x3xf32=0 1e-30 -1e-30 0 1.17549435e-38 -1.17549435e-38 0 0 0 1 2 3" \
// RUN:   --expected-output="4x3xf32=0 1.2247449 -1.2247449 0 1.2247449 -1.2247449 nan nan nan -1.2247449 0 1.2247449" \
// RUN:   --expected-output="4x1xf32=0 0 0 2" \
// RUN:   --expected-output="4x1xf32=1.22474484e+30 1.0418977e+38 inf 1.2247449" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=f32_subnormal_epsilon --atol=0 \
// RUN:   --input="2x3xf32=0 1e-23 -1e-23 0 0 0" \
// RUN:   --expected-output="2x3xf32=0 0.26100096 -0.26100096 0 0 0" \
// RUN:   --expected-output="2x1xf32=0 0" \
// RUN:   --expected-output="2x1xf32=2.6100098e+22 2.6713738e+22" \
// RUN:   | FileCheck %s
// bf16 X: 1e-30 rounds to 9.98402083170343e-31; Y = +-sqrt(1.5) rounded to
// bf16 (1.2265625).
// RUN: norm-runner %s --function=bf16 --atol=0 \
// RUN:   --input="1x3xbf16=0 1e-30 -1e-30" \
// RUN:   --expected-output="1x3xbf16=0 1.2265625 -1.2265625" \
// RUN:   --expected-output="1x1xf32=0" \
// RUN:   --expected-output="1x1xf32=1.22670504e+30" \
// RUN:   | FileCheck %s
// f64: a variance that underflows f64 (1e-200) and one of the least
// subnormal (5e-324); InvStdDev (f32) overflows to inf, as the reference
// rounded to f32.
// RUN: norm-runner %s --function=f64 --atol=0 \
// RUN:   --input="2x3xf64=0 1e-200 -1e-200 0 5e-324 -5e-324" \
// RUN:   --expected-output="2x3xf64=0 1.224744871391589 -1.224744871391589 0 1.224744871391589 -1.224744871391589" \
// RUN:   --expected-output="2x1xf32=0 0" \
// RUN:   --expected-output="2x1xf32=inf inf" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @f32(%x: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<3xf32>
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 0.0
      : (tensor<?x?xf32>, tensor<3xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @f32_subnormal_epsilon(%x: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<3xf32>
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 1.0e-45
      : (tensor<?x?xf32>, tensor<3xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @bf16(%x: tensor<?x?xbf16>)
    -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<3xbf16>
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 0.0
      : (tensor<?x?xbf16>, tensor<3xbf16>)
      -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @f64(%x: tensor<?x?xf64>)
    -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<3xf64>
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 0.0
      : (tensor<?x?xf64>, tensor<3xf64>)
      -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>
}
