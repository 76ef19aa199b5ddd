// LayerNormalization f16 rows with |x - mean| ~ 300: D*D overflows
// f16 but the variance is computed in f32.
// A seed input: a copy of test/Integration/LayerNormalization/edge/f16-squares-overflow.mlir
// (expected values: the float64 reference test/lib/reference.py, rounded once).

// RUN: norm-runner %s \
// RUN:   --input="2x4xf16=300.0 -300.0 250.0 310.0 1000.0 2000.0 -3000.0 4000.0" \
// RUN:   --input="4xf16=1.0 2.0 1.0 0.5" \
// RUN:   --input="4xf16=0.0 0.25 0.0 -1.0" \
// RUN:   --expected-output="2x4xf16=0.6274 -3.201 0.4314 -0.6665 0.0 1.034 -1.569 -0.4116" \
// RUN:   --expected-output="2x1xf32=140.0 1000.0" \
// RUN:   --expected-output="2x1xf32=0.003920815 0.00039223226" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @main(%a0: tensor<2x4xf16>, %a1: tensor<4xf16>, %a2: tensor<4xf16>)
    -> (tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %a0, %a1, %a2 axis = -1 epsilon = 9.999999747378752e-06 stash_type = 1
      : (tensor<2x4xf16>, tensor<4xf16>, tensor<4xf16>) -> (tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %mean, %inv : tensor<2x4xf16>, tensor<2x1xf32>, tensor<2x1xf32>
}
