// Printed output (no --expected-output). Derivation by hand (docs/semantics.md):
// MAX divides by the signed row maximum: [-1, -2] / -1 = [1, 2];
// [0, -3] has maximum 0, so the divisor is 0 and Y = X = [0, -3];
// [2, 8] / 8 = [0.25, 1]. All exact in f32.
// Hand-written.

// RUN: norm-runner %s --function=main --input="3x2xi32=-1 -2 0 -3 2 8" \
// RUN:   | FileCheck %s

// CHECK: 3x2xf32=[1 2][0 -3][0.25 1]

func.func @main(%x: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %y = norm.normalizer %x norm = "MAX" : tensor<3x2xi32> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
