// A dynamic ('?') Scale dimension of run-time size 1 broadcasts (unidirectional
// broadcasting, docs/Rationale.md): Scale is tensor<?xf32> with run-time
// value [2] against X 2x4, so Y = 2 * normalized. Expected values: float64
// reference, rows [1 2 3 4] and [0 0 0 8] (epsilon 1e-5), Scale 2, no B.
// (This was a bug until the lowering copied such operands to X's sizes.)
// RUN: norm-runner %s --input="2x4xf32=1 2 3 4 0 0 0 8" --input="1xf32=2" \
// RUN:   --expected-output="2x4xf32=-2.683271 -0.8944236 0.8944236 2.683271 -1.1547 -1.1547 -1.1547 3.4641001" \
// RUN:   | FileCheck %s
// CHECK: [SUCCESS] result[0]:

func.func @main(%x: tensor<2x4xf32>, %s: tensor<?xf32>) -> tensor<2x4xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x4xf32>, tensor<?xf32>)
      -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}
