// LayerNormalization f64: rows with NaN, +Inf, -Inf (and +Inf with -Inf);
// Mean, InvStdDev and Y of such a row follow IEEE arithmetic (InvStdDev
// NaN: X - Mean is NaN), the finite row is untouched; epsilon 1e-5 and 0,
// dynamic and static shapes, the host's vectors and 128-bit ones.
// Found by a new user's hostile run: f64 gave InvStdDev = 1 / sqrt(epsilon)
// (316.22778) for these rows, f32 NaN (the exact recomputation's scale of
// the deviations dropped the NaN: buildDeviationScale).
// Expected: float64 reference (test/lib/reference.py, numpy), Y in f64 and
// Mean/InvStdDev rounded once to f32.

// RUN: norm-runner %s --function=dynamic \
// RUN:   --input="6x4xf64=nan 1 2 3 inf inf inf inf 1 2 3 nan 1 2 3 4 inf -inf 1 2 5 inf 1 2" \
// RUN:   --input="4xf64=1 0.5 2 1" --input="4xf64=0 0.25 0 -1" \
// RUN:   --expected-output="6x4xf64=nan nan nan nan nan nan nan nan nan nan nan nan -1.3416354199690625 0.02639409667182291 0.8944236133127084 0.34163541996906255 nan nan nan nan nan nan nan nan" \
// RUN:   --expected-output="6x1xf32=nan inf nan 2.5 nan inf" \
// RUN:   --expected-output="6x1xf32=nan nan nan 0.8944236 nan nan" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=dynamic --vector-bits=128 \
// RUN:   --input="6x4xf64=nan 1 2 3 inf inf inf inf 1 2 3 nan 1 2 3 4 inf -inf 1 2 5 inf 1 2" \
// RUN:   --input="4xf64=1 0.5 2 1" --input="4xf64=0 0.25 0 -1" \
// RUN:   --expected-output="6x4xf64=nan nan nan nan nan nan nan nan nan nan nan nan -1.3416354199690625 0.02639409667182291 0.8944236133127084 0.34163541996906255 nan nan nan nan nan nan nan nan" \
// RUN:   --expected-output="6x1xf32=nan inf nan 2.5 nan inf" \
// RUN:   --expected-output="6x1xf32=nan nan nan 0.8944236 nan nan" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=static_eps0 \
// RUN:   --input="6x4xf64=nan 1 2 3 inf inf inf inf 1 2 3 nan 1 2 3 4 inf -inf 1 2 5 inf 1 2" \
// RUN:   --input="4xf64=1 0.5 2 1" --input="4xf64=0 0.25 0 -1" \
// RUN:   --expected-output="6x4xf64=nan nan nan nan nan nan nan nan nan nan nan nan -1.3416407864998738 0.026393202250021036 0.8944271909999159 0.34164078649987384 nan nan nan nan nan nan nan nan" \
// RUN:   --expected-output="6x1xf32=nan inf nan 2.5 nan inf" \
// RUN:   --expected-output="6x1xf32=nan nan nan 0.8944272 nan nan" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @dynamic(%x: tensor<?x4xf64>, %s: tensor<4xf64>, %b: tensor<4xf64>)
    -> (tensor<?x4xf64>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<?x4xf64>, tensor<4xf64>, tensor<4xf64>)
      -> (tensor<?x4xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x4xf64>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @static_eps0(%x: tensor<6x4xf64>, %s: tensor<4xf64>, %b: tensor<4xf64>)
    -> (tensor<6x4xf64>, tensor<6x1xf32>, tensor<6x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b epsilon = 0.0
      : (tensor<6x4xf64>, tensor<4xf64>, tensor<4xf64>)
      -> (tensor<6x4xf64>, tensor<6x1xf32>, tensor<6x1xf32>)
  return %y, %m, %i : tensor<6x4xf64>, tensor<6x1xf32>, tensor<6x1xf32>
}
