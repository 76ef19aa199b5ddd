// A constant X cast to a dynamic shape, with rows longer than 1024: after
// constant folding the f32 sum of LpNormalization's guarded fast path
// (X[..., 0:0] for long rows) has a static size 0. norm-fuse-rows crashed
// in MLIR 22's tiling on such a reduction; it now folds ops with an empty
// iteration space to their inits first.
// Expected values: X = 2 over rows of 2000, so Y = 2 / (2 * 2000) = 0.0005
// (p = 1) and Y = 2 / sqrt(4 * 2000) = 1 / sqrt(2000) = 0.022360680
// (p = 2), rounded to f32.

// RUN: norm-runner %s --function=p2 \
// RUN:   --expected-output="3x2xf32=0.02236068 0.02236068 0.02236068 0.02236068 0.02236068 0.02236068" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=p1 \
// RUN:   --expected-output="3x2xf32=0.0005 0.0005 0.0005 0.0005 0.0005 0.0005" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS]
// CHECK-NOT: [FAILED]

func.func @p2() -> tensor<3x2xf32> {
  %xs = arith.constant dense<2.0> : tensor<3x2000xf32>
  %x = tensor.cast %xs : tensor<3x2000xf32> to tensor<?x?xf32>
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  %s = tensor.extract_slice %y[0, 1998] [3, 2] [1, 1]
      : tensor<?x?xf32> to tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

func.func @p1() -> tensor<3x2xf32> {
  %xs = arith.constant dense<2.0> : tensor<3x2000xf32>
  %x = tensor.cast %xs : tensor<3x2000xf32> to tensor<?x?xf32>
  %y = norm.lp_normalization %x axis = -1 p = 1 : tensor<?x?xf32>
  %s = tensor.extract_slice %y[0, 0] [3, 2] [1, 1]
      : tensor<?x?xf32> to tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}
