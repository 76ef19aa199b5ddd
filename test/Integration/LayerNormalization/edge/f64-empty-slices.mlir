// LayerNormalization f64 X with a normalized size of 0 and a non-empty outer
// part: Y is empty, Mean and InvStdDev are NaN (ReduceMean of an empty set,
// docs/semantics.md), also with stash_type 16 (bf16 InvStdDev) and over two
// normalized axes (3x0x5, axis 1); dynamic and static shapes, epsilon 1e-5
// (with epsilon 0 the old lowering gave NaN already). A constant row next
// to them keeps InvStdDev = 1 / sqrt(epsilon).
// Found by a new user's hostile run: f64 gave InvStdDev = 1 / sqrt(epsilon)
// (316.22778) for empty slices (the f64 recomputation's fallback where
// epsilon / P^2 overflows dropped the NaN of Var = 0 / 0); f32, f16 and
// bf16 X gave NaN.
// Expected: by the ruling (NaN), and 1 / sqrt(f32(1e-5)) = 316.2277...
// rounded to f32 (316.22778) for the constant row; the row [1, 2, 3] from a
// float64 computation (Var = 2/3, InvStdDev = 1 / sqrt(2/3 + f32(1e-5))).

// RUN: norm-runner %s --function=dynamic --input="2x0xf64=" --input="0xf64=" \
// RUN:   --expected-output="2x0xf64=" --expected-output="2x1xf32=nan nan" \
// RUN:   --expected-output="2x1xf32=nan nan" | FileCheck %s
// RUN: norm-runner %s --function=dynamic --input="2x3xf64=7 7 7 1 2 3" \
// RUN:   --input="3xf64=1 1 1" \
// RUN:   --expected-output="2x3xf64=0 0 0 -1.2247356859086223 0 1.2247356859086223" \
// RUN:   --expected-output="2x1xf32=7 2" \
// RUN:   --expected-output="2x1xf32=316.22778 1.2247357" | FileCheck %s
// RUN: norm-runner %s --function=static_bf16_stash \
// RUN:   --input="3x0x5xf64=" --input="0x5xf64=" \
// RUN:   --expected-output="3x0x5xf64=" --expected-output="3x1x1xbf16=nan nan nan" \
// RUN:   --expected-output="3x1x1xbf16=nan nan nan" | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

func.func @dynamic(%x: tensor<?x?xf64>, %s: tensor<?xf64>)
    -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf64>, tensor<?xf64>)
      -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @static_bf16_stash(%x: tensor<3x0x5xf64>, %s: tensor<0x5xf64>)
    -> (tensor<3x0x5xf64>, tensor<3x1x1xbf16>, tensor<3x1x1xbf16>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      stash_type = 16
      : (tensor<3x0x5xf64>, tensor<0x5xf64>)
      -> (tensor<3x0x5xf64>, tensor<3x1x1xbf16>, tensor<3x1x1xbf16>)
  return %y, %m, %i : tensor<3x0x5xf64>, tensor<3x1x1xbf16>, tensor<3x1x1xbf16>
}
