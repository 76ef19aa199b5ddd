// ONNX Runtime's SiLU (activation = 1) where exp(-y) overflows: y below
// -88.37 (f32 computation: f32, bf16 and f16 X) or -709.78 (f64), where
// SiLU(y) = y / (1 + exp(-y)) is still a normal or subnormal number
// (f32: y = -90 gives -7.3746e-38; f64: y = -710 gives -3.178e-306), and the
// normal range. scale 0 makes Y = B[c] before the SiLU (docs/numerics.md,
// ONNX Runtime's SiLU), so B holds the arguments.
//
// Expected: y / (1 + exp(-y)), for y < 0 as y exp(y) / (1 + exp(y)), in
// Python's decimal at 50 digits, rounded to X's type (-inf and NaN: NaN, as
// the float64 reference's -inf / inf):
//   from decimal import Decimal, getcontext; getcontext().prec = 50
//   e = Decimal(y).exp() if y < 0 else (-Decimal(y)).exp()
//   float(y * e / (1 + e) if y < 0 else y / (1 + e))
// Tolerances: the default rtol of each type (docs/semantics.md, Tolerances),
// and an atol of at most one or two steps of the type's subnormals (f32
// 1.5e-45, f16 6e-8, f64 1e-323, bf16 0) instead of the defaults, which
// would accept -0 for every value here under 1e-6 (f32) or 1e-3 (bf16).
// f16 cannot hold SiLU(-90) (-0); bf16 rounds SiLU(-100) to -0.

// RUN: norm-runner %s --function=f32 \
// RUN:   --input="1x14x2xf32=1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0" \
// RUN:   --input="14xf32=0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0" \
// RUN:   --input="14xf32=-90 -100 -103 -88.5 -87 -50 -1 0 1 20 88.5 -200 -inf nan" \
// RUN:   --expected-output="1x14x2xf32=-7.37461119e-38 -7.37461119e-38 -3.72044742e-42 -3.72044742e-42 -1.90576591e-43 -1.90576591e-43 -3.24998691e-37 -3.24998691e-37 -1.43185592e-36 -1.43185592e-36 -9.64374899e-21 -9.64374899e-21 -0.268941432 -0.268941432 0 0 0.731058598 0.731058598 20 20 88.5 88.5 -0 -0 nan nan nan nan" \
// RUN:   --atol=1.5e-45 | FileCheck %s --check-prefix=F32
// F32: [SUCCESS] result[0]:
// F32-NOT: [FAILED]

// RUN: norm-runner %s --function=bf16 \
// RUN:   --input="1x8x2xbf16=1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0" \
// RUN:   --input="8xbf16=0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0" \
// RUN:   --input="8xbf16=-90 -88.5 -87 -50 -1 0 1 20" \
// RUN:   --expected-output="1x8x2xbf16=-7.38357389e-38 -7.38357389e-38 -3.24730314e-37 -3.24730314e-37 -1.43410311e-36 -1.43410311e-36 -9.63499978e-21 -9.63499978e-21 -0.26953125 -0.26953125 0 0 0.73046875 0.73046875 20 20" \
// RUN:   --atol=0 | FileCheck %s --check-prefix=BF16
// BF16: [SUCCESS] result[0]:
// BF16-NOT: [FAILED]

// RUN: norm-runner %s --function=f16 \
// RUN:   --input="1x7x2xf16=1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0" \
// RUN:   --input="7xf16=0.0 0.0 0.0 0.0 0.0 0.0 0.0" \
// RUN:   --input="7xf16=-90 -15 -10 -1 0 1 10" \
// RUN:   --expected-output="1x7x2xf16=-0 -0 -4.58955765e-06 -4.58955765e-06 -0.000453948975 -0.000453948975 -0.269042969 -0.269042969 0 0 0.730957031 0.730957031 10 10" \
// RUN:   --atol=6e-8 | FileCheck %s --check-prefix=F16
// F16: [SUCCESS] result[0]:
// F16-NOT: [FAILED]

// RUN: norm-runner %s --function=f64 \
// RUN:   --input="1x13x2xf64=1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0 1.0 -1.0" \
// RUN:   --input="13xf64=0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0" \
// RUN:   --input="13xf64=-740 -710 -709 -700 -1419 -1500 -50 -1 0 1 800 -inf nan" \
// RUN:   --expected-output="1x13x2xf64=-3.09967e-319 -3.09967e-319 -3.1781632202293424e-306 -3.1781632202293424e-306 -8.62697552192007e-306 -8.62697552192007e-306 -6.90177358063184e-302 -6.90177358063184e-302 -0.0 -0.0 -0.0 -0.0 -9.643749239819589e-21 -9.643749239819589e-21 -0.2689414213699951 -0.2689414213699951 0.0 0.0 0.7310585786300049 0.7310585786300049 800.0 800.0 nan nan nan nan" \
// RUN:   --atol=1e-323 | FileCheck %s --check-prefix=F64
// F64: [SUCCESS] result[0]:
// F64-NOT: [FAILED]

func.func @f32(%x: tensor<1x14x2xf32>, %scale: tensor<14xf32>,
    %b: tensor<14xf32>) -> tensor<1x14x2xf32> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 1 activation = 1
      : (tensor<1x14x2xf32>, tensor<14xf32>, tensor<14xf32>) -> tensor<1x14x2xf32>
  return %y : tensor<1x14x2xf32>
}

func.func @bf16(%x: tensor<1x8x2xbf16>, %scale: tensor<8xbf16>,
    %b: tensor<8xbf16>) -> tensor<1x8x2xbf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 1 activation = 1
      : (tensor<1x8x2xbf16>, tensor<8xbf16>, tensor<8xbf16>) -> tensor<1x8x2xbf16>
  return %y : tensor<1x8x2xbf16>
}

func.func @f16(%x: tensor<1x7x2xf16>, %scale: tensor<7xf16>,
    %b: tensor<7xf16>) -> tensor<1x7x2xf16> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 1 activation = 1
      : (tensor<1x7x2xf16>, tensor<7xf16>, tensor<7xf16>) -> tensor<1x7x2xf16>
  return %y : tensor<1x7x2xf16>
}

func.func @f64(%x: tensor<1x13x2xf64>, %scale: tensor<13xf64>,
    %b: tensor<13xf64>) -> tensor<1x13x2xf64> {
  %y = norm.group_normalization %x, %scale, %b num_groups = 1 activation = 1
      : (tensor<1x13x2xf64>, tensor<13xf64>, tensor<13xf64>) -> tensor<1x13x2xf64>
  return %y : tensor<1x13x2xf64>
}
