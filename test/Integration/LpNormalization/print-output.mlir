// Printed output (no --expected-output): the runner prints each result as
// SHAPExTYPE=[row][row] with shortest round-trip decimals. Derivation by hand:
// p = 1 along the last axis; row [0, 0] has norm 0 and gives 0 (opset 22);
// row [1, 3] has norm 4, so [0.25, 0.75], exact in f32.
// Hand-written.

// RUN: norm-runner %s --function=main --input="2x2xf32=0 0 1 3" | FileCheck %s

// CHECK: 2x2xf32=[0 0][0.25 0.75]
// CHECK-NOT: nan

func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 1 : tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
