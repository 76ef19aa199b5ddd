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

// f64 keeps its vector statistics for such rows (the f64 recomputation
// rounds the mean to f64 once, which on offset data is further off): a row
// of 1e4 + 1e-3 spreads whose first element, 10000.5, lies 5.6 standard
// deviations out; expected Y in exact rational arithmetic (square root to
// 60 digits), rounded once to f64. Failed (6e-11 off) when such f64 rows
// took the recomputation.
// RUN: norm-runner %s --function=f64 \
// RUN:   --input="1x32xf64=10000.5 10000.001015625 9999.99896875 10000.001046875 9999.9989375 10000.001078125 9999.99890625 10000.001109375 9999.998875 10000.001140625 9999.99884375 10000.001171875 9999.9988125 10000.001203125 9999.99878125 10000.001234375 9999.99875 10000.001265625 9999.99871875 10000.001296875 9999.9986875 10000.001328125 9999.99865625 10000.001359375 9999.998625 10000.001390625 9999.99859375 10000.001421875 9999.9985625 10000.001453125 9999.99853125 10000.001484375" \
// RUN:   --expected-output="1x32xf64=5.563527047466465 -0.16826539583269756 -0.19177768046405952 -0.16790642963789346 -0.19213664663796906 -0.16754746346398391 -0.19249561281187857 -0.16718849729007437 -0.1928545790066827 -0.16682953111616486 -0.19321354518059222 -0.16647056494225532 -0.19357251135450176 -0.1661115987474512 -0.19393147752841128 -0.16575263257354167 -0.19429044370232082 -0.16539366639963216 -0.19464940989712493 -0.1650347002257226 -0.19500837607103447 -0.1646757340518131 -0.19536734224494398 -0.16431676785700897 -0.19572630841885352 -0.16395780168309945 -0.19608527459276306 -0.1635988355091899 -0.19644424076667258 -0.16323986933528037 -0.19680320696147668 -0.16288090316137085" \
// RUN:   | FileCheck %s --check-prefix=F64
// F64: [SUCCESS] result[0]:
// F64-NOT: [FAILED]

func.func @main(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @f64(%x: tensor<1x32xf64>) -> tensor<1x32xf64> {
  %scale = arith.constant dense<1.0> : tensor<32xf64>
  %b = arith.constant dense<0.0> : tensor<32xf64>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<1x32xf64>, tensor<32xf64>, tensor<32xf64>)
      -> (tensor<1x32xf64>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y : tensor<1x32xf64>
}
