// LpNormalization p = 2 over the leading axis of tensor<?x?x?xf32> (all
// trailing dims dynamic): the parallel leading-axis path, on X viewed as
// [A, Q] and Y expanded back to [?, ?, ?] (this needs
// norm-expand-shape-to-reinterpret-cast; before it such shapes took the
// single-threaded general path). Columns (pairs X[0, i, j], X[1, i, j]):
// (3, 4), (6, 8), (0.5, 1.2), (-3, 4), (1, 0), (8, 6), with norms 5, 10, 1.3,
// 5, 1, 10. Expected: x / norm in float64 (0.5 / 1.3 = 0.38461538,
// 1.2 / 1.3 = 0.92307692), rounded to f32.
// RUN: norm-runner %s --input="2x2x3xf32=3 6 0.5 -3 1 8 4 8 1.2 4 0 6" \
// RUN:   --expected-output="2x2x3xf32=0.6 0.6 0.38461538 -0.6 1 0.8 0.8 0.8 0.92307692 0.8 0 0.6" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --threads=2 --input="2x2x3xf32=3 6 0.5 -3 1 8 4 8 1.2 4 0 6" \
// RUN:   --expected-output="2x2x3xf32=0.6 0.6 0.38461538 -0.6 1 0.8 0.8 0.8 0.92307692 0.8 0 0.6" \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --convert-norm-to-linalg | FileCheck %s --check-prefix=IR
// CHECK: [SUCCESS] result[0]
// CHECK-NOT: [FAILED]
// IR: tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
// IR: scf.forall
// IR: tensor.expand_shape %{{.+}} {{\[}}[0], [1, 2]] output_shape [%{{.+}}, %{{.+}}, %{{.+}}] : tensor<?x?xf32> into tensor<?x?x?xf32>

func.func @main(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
