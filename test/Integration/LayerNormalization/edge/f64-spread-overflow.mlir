// LayerNormalization f64: rows spanning more than DBL_MAX. The exact f64
// recomputation's own sum of K - X overflowed (row 0: 1e308 - -1e308),
// giving Y = NaN and Mean = -inf; it now sums (K - X) * 2^-64 where the
// plain sum is not finite, takes the deviations as X * 0.5 - Mean * 0.5
// where X - Mean is not, and Y = X * InvStdDev - Mean * InvStdDev where the
// standard deviation exceeds 2^1024 / sqrt(n) (rows 1 and 2;
// docs/numerics.md, LayerNorm range). Found by a new user's run.
// Expected Y: exact rational arithmetic (Python fractions: the mean and the
// variance exactly, the square root of the variance / 2^1200 in float64
// times 2^600), rounded to f64; Mean and InvStdDev rounded to the f32 stash
// type: 8.5e307 and 2.5e307 round to inf, InvStdDev about 1e-308 to 0.
// Row 3 is ordinary.

// RUN: norm-runner %s \
// RUN:   --input="4x4xf64=1e308 -1e308 1e308 -1e308 1.7e308 1.7e308 1.7e308 -1.7e308 -1.7e308 1e308 1.7e308 0 1 2 3 4" \
// RUN:   --input="4xf64=1 1 1 1" \
// RUN:   --expected-output="4x4xf64=1.0 -1.0 1.0 -1.0 0.5773502691896257 0.5773502691896257 0.5773502691896257 -1.7320508075688772 -1.526187936379923 0.5869953601461242 1.1348576962825068 -0.19566512004870806 -1.3416354199690625 -0.4472118066563542 0.4472118066563542 1.3416354199690625" \
// RUN:   --expected-output="4x1xf32=0.0 inf inf 2.5" \
// RUN:   --expected-output="4x1xf32=0.0 0.0 0.0 0.8944236" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @main(%x: tensor<4x4xf64>, %s: tensor<4xf64>)
    -> (tensor<4x4xf64>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %s
      : (tensor<4x4xf64>, tensor<4xf64>) -> (tensor<4x4xf64>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %y, %mean, %inv : tensor<4x4xf64>, tensor<4x1xf32>, tensor<4x1xf32>
}
