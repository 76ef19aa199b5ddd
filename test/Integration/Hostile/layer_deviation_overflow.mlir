// LayerNormalization where D = X - Mean overflows the stage-one type
// although Normalized = D * InvStdDev is at most sqrt(n): rows near the
// largest finite value with both signs. semantics.md's chain, computed in
// float64, gives finite results; the plain f32 chain gave Y[0] = inf
// (1.4142135 * 1.5 + 0.25 expected). The lowering scales D and InvStdDev by
// 2^-64 and 2^64 in slices with InvStdDev < 2^-60, see
// LayerNormalization.cpp. The second row, [1, 2, 3], checks that an
// ordinary row in the same tensor is not affected. (f64 X: a row whose D
// overflows f64 also overflows the f64 recomputation of its Mean, and the
// float64 reference itself; not tested.)
// Expected (float64 reference rounded once; numpy):
//   f32 [3.4e38, -3.4e38, -3.4e38] (f32 3.3999999521443642e38), Scale 1.5,
//     B 0.25: Y = [2.3713202, -0.8106602, -0.8106602],
//     Mean -1.1333333e38, InvStdDev 3.1195888e-39 (a subnormal);
//   f32 [1, 2, 3]: Y = [-1.5871035, 0.25, 2.0871036], Mean 2,
//     InvStdDev 1.2247357.

// RUN: norm-runner %s --function=f32_rows \
// RUN:   --input="2x3xf32=3.4e38 -3.4e38 -3.4e38 1 2 3" \
// RUN:   --expected-output="2x3xf32=2.3713202 -0.8106602 -0.8106602 -1.5871035 0.25 2.0871036" \
// RUN:   --expected-output="2x1xf32=-1.1333333e38 2" \
// RUN:   --expected-output="2x1xf32=3.1195888e-39 1.2247357" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=f32_rows_dynamic --threads=2 \
// RUN:   --input="2x3xf32=3.4e38 -3.4e38 -3.4e38 1 2 3" \
// RUN:   --expected-output="2x3xf32=2.3713202 -0.8106602 -0.8106602 -1.5871035 0.25 2.0871036" \
// RUN:   --expected-output="2x1xf32=-1.1333333e38 2" \
// RUN:   --expected-output="2x1xf32=3.1195888e-39 1.2247357" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @f32_rows(%x: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %scale = arith.constant dense<1.5> : tensor<3xf32>
  %b = arith.constant dense<0.25> : tensor<3xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
      -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %mean, %inv : tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

func.func @f32_rows_dynamic(%x: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %scale = arith.constant dense<1.5> : tensor<3xf32>
  %b = arith.constant dense<0.25> : tensor<3xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<3xf32>, tensor<3xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}
