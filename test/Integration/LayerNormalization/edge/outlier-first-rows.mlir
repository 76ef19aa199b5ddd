// LayerNormalization f32 rows whose first element (the shift K of the
// vector passes) lies far from the row's mean: 16 rows each of 256, 1024,
// 2048 and 4096 elements of N(50, 30^2) with the first element 2 to 64
// standard deviations out, and a new user's row [30000, N(0, 1) x 4095]
// (Y was up to 1.8 f32 tolerances off before rows whose first element lies
// more than 4 standard deviations out took the exact recomputation;
// docs/numerics.md). Expected values: float64 NumPy
// (Inputs/gen_outlier_first_rows.py, written from docs/semantics.md),
// rounded once to f32; runner default tolerances. Dynamic shapes.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_outlier_first_rows.py %t
// RUN: for n in n256 n1024 n2048 n4096 user; do \
// RUN:   norm-runner %s --input=@%t/${n}_x.npy --input=@%t/${n}_scale.npy \
// RUN:     --input=@%t/${n}_b.npy --expected-output=@%t/${n}_y.npy \
// RUN:     --expected-output=@%t/${n}_mean.npy \
// RUN:     --expected-output=@%t/${n}_inv.npy || exit 1; \
// RUN: done | FileCheck %s
// CHECK-COUNT-15: [SUCCESS]
// CHECK-NOT: [FAILED]

func.func @main(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}
