// Printed output (no --expected-output) of all three results, with
// epsilon = 0 so that everything is exact. Derivation by hand:
// row [1, 3]: Mean 2, D = [-1, 1], Var 1, InvStdDev 1/sqrt(1 + 0) = 1,
// Y = D * 1 * Scale + B = [-1 * 2 + 0.5, 1 * 2 + 0.5] = [-1.5, 2.5].
// second row [0, -4]: Mean -2, D = [2, -2],
// Var 4, InvStdDev 0.5, Y = [1 * 2 + 0.5, -1 * 2 + 0.5] = [2.5, -1.5].
// Hand-written.

// RUN: norm-runner %s --function=main --input="2x2xf32=1 3 0 -4" \
// RUN:   --input="2xf32=2 2" --input="2xf32=0.5 0.5" | FileCheck %s

// CHECK: 2x2xf32=[-1.5 2.5][2.5 -1.5]
// CHECK-NEXT: 2x1xf32=[2][-2]
// CHECK-NEXT: 2x1xf32=[1][0.5]

func.func @main(%x: tensor<2x2xf32>, %scale: tensor<2xf32>, %b: tensor<2xf32>)
    -> (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
      axis = 1 epsilon = 0.0
      : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
      -> (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %mean, %inv_std_dev
      : tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}
