// RMSNormalization of f16 rows of a static length below 4, whose X is made
// by an elementwise op in the same function (a residual add, a truncation).
// The lowering's sum of squares reads the row in four quarters of length 0
// and a remainder; norm-fuse-elementwise tiled the producer to those empty
// quarters and crashed (a new user's run). Now the empty quarters are empty
// tensors and the values are those of the op.
// Hand-written. Expected: float64 computation with NumPy (not the lowering):
// InvStdDev = f32(1 / sqrt(sum(x^2) / n + f32(1e-5))), Normalized =
// f16(f32(x) * InvStdDev), Y = f16(Normalized * Scale); X = f16(a + b) or
// f16(x32).

// RUN: norm-runner %s --function=residual_add \
// RUN:   --input="2x3xf16=1 2 3 4 5 6" \
// RUN:   --input="2x3xf16=0.5 0.25 -1 2 -8 0.125" \
// RUN:   --input="3xf16=1 0.5 2" \
// RUN:   --expected-output="2x3xf16=0.7724609375 0.5791015625 2.060546875 1.14453125 -0.2861328125 2.3359375" \
// RUN:   --expected-output="2x1xf32=0.51496863 0.19067442" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=truncated \
// RUN:   --input="3x2xf32=0.1 -3.7 1000.3 2.0e-3 7 7" \
// RUN:   --input="2xf16=1 -1" \
// RUN:   --expected-output="3x2xf16=0.0382080078125 1.4140625 1.4140625 -2.8014183044433594e-06 1 -1" \
// RUN:   --expected-output="3x1xf32=0.38216078 0.0014135068 0.14285713" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=one_element \
// RUN:   --input="1x1xf16=3" --input="1x1xf16=1" --input="1xf16=1" \
// RUN:   --expected-output="1x1xf16=1" --expected-output="1x1xf32=0.24999993" \
// RUN:   | FileCheck %s
// CHECK-COUNT-2: [SUCCESS]
// CHECK-NOT: FAILED

func.func @residual_add(%a: tensor<2x3xf16>, %b: tensor<2x3xf16>,
                        %s: tensor<3xf16>)
    -> (tensor<2x3xf16>, tensor<2x1xf32>) {
  %x = arith.addf %a, %b : tensor<2x3xf16>
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<2x3xf16>, tensor<3xf16>) -> (tensor<2x3xf16>, tensor<2x1xf32>)
  return %y, %inv : tensor<2x3xf16>, tensor<2x1xf32>
}

func.func @truncated(%x32: tensor<3x2xf32>, %s: tensor<2xf16>)
    -> (tensor<3x2xf16>, tensor<3x1xf32>) {
  %x = arith.truncf %x32 : tensor<3x2xf32> to tensor<3x2xf16>
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<3x2xf16>, tensor<2xf16>) -> (tensor<3x2xf16>, tensor<3x1xf32>)
  return %y, %inv : tensor<3x2xf16>, tensor<3x1xf32>
}

func.func @one_element(%a: tensor<1x1xf16>, %b: tensor<1x1xf16>,
                       %s: tensor<1xf16>)
    -> (tensor<1x1xf16>, tensor<1x1xf32>) {
  %x = arith.addf %a, %b : tensor<1x1xf16>
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<1x1xf16>, tensor<1xf16>) -> (tensor<1x1xf16>, tensor<1x1xf32>)
  return %y, %inv : tensor<1x1xf16>, tensor<1x1xf32>
}
