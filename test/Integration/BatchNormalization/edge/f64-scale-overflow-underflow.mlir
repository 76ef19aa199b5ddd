// f64 A = scale / sqrt(input_var + epsilon) out of f64's normal range where
// Y is finite. Channel 0: scale = 2^1020, input_var = 2^-20, epsilon 0, so
// A = 2^1030 (beyond f64), B = 1; with X = 2^-30, 0, -2^-40 and 2^-1000
// the exact Y are 2^1000 + 1, 1, -2^990 + 1 and 2^30 + 1 (rounded to f64:
// 2^1000, 1, -2^990, 2^30 + 1). Channel 1: scale = 5 * 2^-1074 (subnormal),
// input_var = 4: A = 2.5 * 2^-1074 is not an f64 (as a subnormal it rounds
// to 2 * 2^-1074, 20% off); with X = 2^1000, 2^1023, -2^1000 and 0 the
// exact Y are 2.5 * 2^-74, 2.5 * 2^-51, -2.5 * 2^-74 and 0 (B = 0). @rank2
// takes the elementwise op over X [N, C], @rows the channel rows (planes of
// 16: the four values four times). Written by hand (the float64 reference
// of gen_channel.py overflows or rounds A itself here); all values exact.

// RUN: norm-runner %s --function=rank2 \
// RUN:   --input="4x2xf64=9.313225746154785e-10 1.0715086071862673e+301 0.0 8.98846567431158e+307 -9.094947017729282e-13 -1.0715086071862673e+301 9.332636185032189e-302 0.0" \
// RUN:   --input="2xf64=1.1235582092889474e+307 2.5e-323" --input="2xf64=1.0 0.0" \
// RUN:   --input="2xf64=0.0 0.0" --input="2xf64=9.5367431640625e-07 4.0" \
// RUN:   --expected-output="4x2xf64=1.0715086071862673e+301 1.3234889800848443e-22 1.0 1.1102230246251565e-15 -1.0463951242053392e+298 -1.3234889800848443e-22 1073741825.0 0.0" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=rows \
// RUN:   --input="1x2x16xf64=9.313225746154785e-10 0.0 -9.094947017729282e-13 9.332636185032189e-302 9.313225746154785e-10 0.0 -9.094947017729282e-13 9.332636185032189e-302 9.313225746154785e-10 0.0 -9.094947017729282e-13 9.332636185032189e-302 9.313225746154785e-10 0.0 -9.094947017729282e-13 9.332636185032189e-302 1.0715086071862673e+301 8.98846567431158e+307 -1.0715086071862673e+301 0.0 1.0715086071862673e+301 8.98846567431158e+307 -1.0715086071862673e+301 0.0 1.0715086071862673e+301 8.98846567431158e+307 -1.0715086071862673e+301 0.0 1.0715086071862673e+301 8.98846567431158e+307 -1.0715086071862673e+301 0.0" \
// RUN:   --input="2xf64=1.1235582092889474e+307 2.5e-323" --input="2xf64=1.0 0.0" \
// RUN:   --input="2xf64=0.0 0.0" --input="2xf64=9.5367431640625e-07 4.0" \
// RUN:   --expected-output="1x2x16xf64=1.0715086071862673e+301 1.0 -1.0463951242053392e+298 1073741825.0 1.0715086071862673e+301 1.0 -1.0463951242053392e+298 1073741825.0 1.0715086071862673e+301 1.0 -1.0463951242053392e+298 1073741825.0 1.0715086071862673e+301 1.0 -1.0463951242053392e+298 1073741825.0 1.3234889800848443e-22 1.1102230246251565e-15 -1.3234889800848443e-22 0.0 1.3234889800848443e-22 1.1102230246251565e-15 -1.3234889800848443e-22 0.0 1.3234889800848443e-22 1.1102230246251565e-15 -1.3234889800848443e-22 0.0 1.3234889800848443e-22 1.1102230246251565e-15 -1.3234889800848443e-22 0.0" \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

func.func @rank2(%x: tensor<4x2xf64>, %scale: tensor<2xf64>, %b: tensor<2xf64>, %mean: tensor<2xf64>, %var: tensor<2xf64>)
    -> tensor<4x2xf64> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var epsilon = 0.0
      : (tensor<4x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<4x2xf64>
  return %y : tensor<4x2xf64>
}

func.func @rows(%x: tensor<1x2x16xf64>, %scale: tensor<2xf64>, %b: tensor<2xf64>, %mean: tensor<2xf64>, %var: tensor<2xf64>)
    -> tensor<1x2x16xf64> {
  %y = norm.batch_normalization %x, %scale, %b, %mean, %var epsilon = 0.0
      : (tensor<1x2x16xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<1x2x16xf64>
  return %y : tensor<1x2x16xf64>
}
