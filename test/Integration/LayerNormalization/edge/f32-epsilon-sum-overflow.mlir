// LayerNormalization with an epsilon near f32's largest value (3.4e38): on
// slices whose f32 variance is finite but whose Var + epsilon overflows f32,
// InvStdDev was 1 / sqrt(inf) = 0 and Y = B, although both are finite and
// far inside the range (docs/semantics.md: no spurious overflow). Found by
// a new user's hostile run (also GroupNormalization and
// InstanceNormalization: GroupNormalization/epsilon-sum-overflow.mlir).
// Such slices are now recomputed in f64; a module whose epsilon is below
// 2^103 (where f32's largest value plus epsilon stays finite) is unchanged.
// Expected values: exact rational arithmetic on the inputs rounded to X's
// type (Mean and Var exact, sqrt to 80 digits), Y = (X - Mean) / D * Scale
// + B and InvStdDev = 1 / D rounded once to their types; --atol=0 compares
// the tiny values relatively.

// [1, 2, 3, 4]: Var + epsilon is finite (the vector path, as before).
// RUN: norm-runner %s --function=f32 --atol=0 \
// RUN:   --input="3x4xf32=9e18 -9e18 9e18 -9e18 9e18 -9e18 1 -1 1 2 3 4" \
// RUN:   --expected-output="3x4xf32=0.43863317 -0.43863317 0.43863317 -0.43863317 0.46138683 -0.46138683 5.12652e-20 -5.12652e-20 -8.134892e-20 -2.711631e-20 2.711631e-20 8.134892e-20" \
// RUN:   --expected-output="3x1xf32=0 0 2.5" \
// RUN:   --expected-output="3x1xf32=4.8737016e-20 5.12652e-20 5.423262e-20" \
// RUN:   | FileCheck %s --check-prefix=THREE
// A static row of 64, alternately 2.2e18 and -2.2e18, Scale 1.5, B 0.25.
// RUN: norm-runner %s --function=f32_row64 \
// RUN:   --input="1x64xf32=2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18 2.2e18 -2.2e18" \
// RUN:   --expected-output="1x64xf32=0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275 0.42770725 0.07229275" \
// RUN:   --expected-output="1x1xf32=0" \
// RUN:   --expected-output="1x1xf32=5.385068e-20" \
// RUN:   | FileCheck %s --check-prefix=THREE
// bf16 X: 9e18 rounds to 1.953125 * 2^62 = 9.007199254740992e18; Y =
// +-0.439453125 in bf16.
// RUN: norm-runner %s --function=bf16 --atol=0 \
// RUN:   --input="1x2xbf16=9e18 -9e18" \
// RUN:   --expected-output="1x2xbf16=0.439453125 -0.439453125" \
// RUN:   --expected-output="1x1xf32=0" \
// RUN:   --expected-output="1x1xf32=4.8729517e-20" \
// RUN:   | FileCheck %s --check-prefix=THREE

// THREE: [SUCCESS] result[0]:
// THREE: [SUCCESS] result[1]:
// THREE: [SUCCESS] result[2]:
// THREE-NOT: [FAILED]

func.func @f32(%x: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<4xf32>
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 3.4e+38
      : (tensor<?x?xf32>, tensor<4xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @f32_row64(%x: tensor<1x64xf32>)
    -> (tensor<1x64xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %s = arith.constant dense<1.5> : tensor<64xf32>
  %b = arith.constant dense<0.25> : tensor<64xf32>
  %y, %m, %i = norm.layer_normalization %x, %s, %b epsilon = 3.4e+38
      : (tensor<1x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<1x64xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y, %m, %i : tensor<1x64xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

func.func @bf16(%x: tensor<?x?xbf16>)
    -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %s = arith.constant dense<1.0> : tensor<2xbf16>
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 3.4e+38
      : (tensor<?x?xbf16>, tensor<2xbf16>)
      -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>
}
