// KNOWN BUG (lib/Conversion/NormToLinalg, LayerNormalization lowering): a
// dynamic ('?') Scale or B dimension is assumed equal to X's dimension at
// run time. Here Scale is tensor<?xf32> with run-time size 1 against X 2x4:
// by unidirectional broadcasting (docs/Rationale.md) Scale [2] broadcasts to
// every column, so Y = 2 * normalized + B. The lowering indexes Scale with
// X's column index, reading Scale[1..3] out of bounds (garbage, or an ASan
// report). Expected values: float64 reference, rows [1 2 3 4] and
// [0 0 0 8] (epsilon 1e-5), Scale 2, no B. Actual (2026-01): [-2.683271 -0 0 0]
// [-1.1547 -0 -0 0], i.e. Scale[1..3] read past the 1-element buffer.
// XFAIL: *
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
