// LayerNormalization f32, f16, bf16 and f64: long constant slices, whose
// f32 (f64) sums of n copies are inexact. docs/semantics.md: a constant row
// gives Y = B and InvStdDev = 1/sqrt(epsilon). Each function builds a
// constant X (f32 230.9655 = 230.96549987792969, 24 significant bits, so
// k * x is inexact for most k; f16 230.875; bf16 231 and 1e30; f64 1e20
// and 1e300), Scale = 1.5 and B = 0.25, and returns the first elements of
// Y's first slice, the last of its last slice, Mean and InvStdDev.
// Expected, independent of the lowering: Y = B = 0.25 exactly, Mean = the
// value (230.9655, 230.875, 231, 1.0002555517425873e30, 1e20; 1e300 is inf
// in the f32 stash type), InvStdDev = 1/sqrt(f32(1e-5)) in float64 rounded
// to f32 = 316.22778.
// These all failed before the exact recomputation of such slices
// (docs/numerics.md): Mean 230.96527, InvStdDev 315.4 and Y = 0.358
// (non_innermost, innermost), Mean 230.96542, Y = 0.286 (dynamic),
// Y = 0.2355 (f16_dynamic), Y = 0.243 (bf16_dynamic), InvStdDev 0
// (bf16_huge), and Y = 1.75, InvStdDev 6.1e-5 and 0 (f64_large).

// RUN: norm-runner %s --function=non_innermost \
// RUN:   --expected-output="2xf32=0.25 0.25" \
// RUN:   --expected-output="2xf32=0.25 0.25" \
// RUN:   --expected-output="1x1x1xf32=230.9655" \
// RUN:   --expected-output="1x1x1xf32=316.22778" \
// RUN:   --rtol=0 | FileCheck %s
// RUN: norm-runner %s --function=innermost \
// RUN:   --expected-output="4xf32=0.25 0.25 0.25 0.25" \
// RUN:   --expected-output="4xf32=0.25 0.25 0.25 0.25" \
// RUN:   --expected-output="2x1xf32=230.9655 230.9655" \
// RUN:   --expected-output="2x1xf32=316.22778 316.22778" \
// RUN:   --rtol=0 | FileCheck %s
// RUN: norm-runner %s --function=dynamic \
// RUN:   --expected-output="4xf32=0.25 0.25 0.25 0.25" \
// RUN:   --expected-output="4xf32=0.25 0.25 0.25 0.25" \
// RUN:   --expected-output="3x1xf32=230.9655 230.9655 230.9655" \
// RUN:   --expected-output="3x1xf32=316.22778 316.22778 316.22778" \
// RUN:   --rtol=0 | FileCheck %s

// RUN: norm-runner %s --function=f16_dynamic \
// RUN:   --expected-output="2xf16=0.25 0.25" \
// RUN:   --expected-output="2xf16=0.25 0.25" \
// RUN:   --expected-output="1x1x1xf32=230.875" \
// RUN:   --expected-output="1x1x1xf32=316.22778" \
// RUN:   --rtol=0 | FileCheck %s
// RUN: norm-runner %s --function=bf16_dynamic \
// RUN:   --expected-output="2xbf16=0.25 0.25" \
// RUN:   --expected-output="2xbf16=0.25 0.25" \
// RUN:   --expected-output="1x1x1xf32=231" \
// RUN:   --expected-output="1x1x1xf32=316.22778" \
// RUN:   --rtol=0 | FileCheck %s
// RUN: norm-runner %s --function=bf16_huge \
// RUN:   --expected-output="2xbf16=0.25 0.25" \
// RUN:   --expected-output="2xbf16=0.25 0.25" \
// RUN:   --expected-output="1x1x1xf32=1.0002555517425873e30" \
// RUN:   --expected-output="1x1x1xf32=316.22778" \
// RUN:   --rtol=0 | FileCheck %s
// RUN: norm-runner %s --function=f64_large \
// RUN:   --expected-output="4xf64=0.25 0.25 0.25 0.25" \
// RUN:   --expected-output="4xf64=0.25 0.25 0.25 0.25" \
// RUN:   --expected-output="2x1xf32=1e20 inf" \
// RUN:   --expected-output="2x1xf32=316.22778 316.22778" \
// RUN:   --rtol=0 | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK: [SUCCESS] result[3]:
// CHECK-NOT: [FAILED]

// Over a non-innermost axis: 4096 x 2 elements per slice.
func.func @non_innermost() -> (tensor<2xf32>, tensor<2xf32>,
                               tensor<1x1x1xf32>, tensor<1x1x1xf32>) {
  %x = arith.constant dense<230.9655> : tensor<1x4096x2xf32>
  %scale = arith.constant dense<1.5> : tensor<4096x2xf32>
  %b = arith.constant dense<0.25> : tensor<4096x2xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<1x4096x2xf32>, tensor<4096x2xf32>, tensor<4096x2xf32>)
      -> (tensor<1x4096x2xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>)
  %first = tensor.extract_slice %y[0, 0, 0] [1, 1, 2] [1, 1, 1]
      : tensor<1x4096x2xf32> to tensor<2xf32>
  %last = tensor.extract_slice %y[0, 4095, 0] [1, 1, 2] [1, 1, 1]
      : tensor<1x4096x2xf32> to tensor<2xf32>
  return %first, %last, %mean, %inv
      : tensor<2xf32>, tensor<2xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}

// Over the innermost axis: two rows of 8192.
func.func @innermost() -> (tensor<4xf32>, tensor<4xf32>, tensor<2x1xf32>,
                           tensor<2x1xf32>) {
  %x = arith.constant dense<230.9655> : tensor<2x8192xf32>
  %scale = arith.constant dense<1.5> : tensor<8192xf32>
  %b = arith.constant dense<0.25> : tensor<8192xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<2x8192xf32>, tensor<8192xf32>, tensor<8192xf32>)
      -> (tensor<2x8192xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %first = tensor.extract_slice %y[0, 0] [1, 4] [1, 1]
      : tensor<2x8192xf32> to tensor<4xf32>
  %last = tensor.extract_slice %y[1, 8188] [1, 4] [1, 1]
      : tensor<2x8192xf32> to tensor<4xf32>
  return %first, %last, %mean, %inv
      : tensor<4xf32>, tensor<4xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// Dynamic shapes, rows of 6001 (a masked remainder).
func.func @dynamic() -> (tensor<4xf32>, tensor<4xf32>, tensor<3x1xf32>,
                         tensor<3x1xf32>) {
  %xs = arith.constant dense<230.9655> : tensor<3x6001xf32>
  %scales = arith.constant dense<1.5> : tensor<6001xf32>
  %bs = arith.constant dense<0.25> : tensor<6001xf32>
  %x = tensor.cast %xs : tensor<3x6001xf32> to tensor<?x?xf32>
  %scale = tensor.cast %scales : tensor<6001xf32> to tensor<?xf32>
  %b = tensor.cast %bs : tensor<6001xf32> to tensor<?xf32>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  %first = tensor.extract_slice %y[0, 0] [1, 4] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  %last = tensor.extract_slice %y[2, 5997] [1, 4] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  %m = tensor.cast %mean : tensor<?x1xf32> to tensor<3x1xf32>
  %i = tensor.cast %inv : tensor<?x1xf32> to tensor<3x1xf32>
  return %first, %last, %m, %i
      : tensor<4xf32>, tensor<4xf32>, tensor<3x1xf32>, tensor<3x1xf32>
}

// f16 and bf16: long slices summed along a normalized dim of 2 (nearly
// sequentially), where the f32 sums of a constant slice are not exact:
// f16 230.875 (1847 / 8) times 20000 per lane needs 26 bits, bf16 231 times
// 100000 needs 25.
func.func @f16_dynamic() -> (tensor<2xf16>, tensor<2xf16>, tensor<1x1x1xf32>,
                             tensor<1x1x1xf32>) {
  %xs = arith.constant dense<230.875> : tensor<1x20000x2xf16>
  %scales = arith.constant dense<1.5> : tensor<20000x2xf16>
  %bs = arith.constant dense<0.25> : tensor<20000x2xf16>
  %x = tensor.cast %xs : tensor<1x20000x2xf16> to tensor<?x?x?xf16>
  %scale = tensor.cast %scales : tensor<20000x2xf16> to tensor<?x?xf16>
  %b = tensor.cast %bs : tensor<20000x2xf16> to tensor<?x?xf16>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<?x?x?xf16>, tensor<?x?xf16>, tensor<?x?xf16>)
      -> (tensor<?x?x?xf16>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  %first = tensor.extract_slice %y[0, 0, 0] [1, 1, 2] [1, 1, 1]
      : tensor<?x?x?xf16> to tensor<2xf16>
  %last = tensor.extract_slice %y[0, 19999, 0] [1, 1, 2] [1, 1, 1]
      : tensor<?x?x?xf16> to tensor<2xf16>
  %m = tensor.cast %mean : tensor<?x1x1xf32> to tensor<1x1x1xf32>
  %i = tensor.cast %inv : tensor<?x1x1xf32> to tensor<1x1x1xf32>
  return %first, %last, %m, %i
      : tensor<2xf16>, tensor<2xf16>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}

func.func @bf16_dynamic() -> (tensor<2xbf16>, tensor<2xbf16>,
                              tensor<1x1x1xf32>, tensor<1x1x1xf32>) {
  %xs = arith.constant dense<231.0> : tensor<1x100000x2xbf16>
  %scales = arith.constant dense<1.5> : tensor<100000x2xbf16>
  %bs = arith.constant dense<0.25> : tensor<100000x2xbf16>
  %x = tensor.cast %xs : tensor<1x100000x2xbf16> to tensor<?x?x?xbf16>
  %scale = tensor.cast %scales : tensor<100000x2xbf16> to tensor<?x?xbf16>
  %b = tensor.cast %bs : tensor<100000x2xbf16> to tensor<?x?xbf16>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<?x?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>)
      -> (tensor<?x?x?xbf16>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  %first = tensor.extract_slice %y[0, 0, 0] [1, 1, 2] [1, 1, 1]
      : tensor<?x?x?xbf16> to tensor<2xbf16>
  %last = tensor.extract_slice %y[0, 99999, 0] [1, 1, 2] [1, 1, 1]
      : tensor<?x?x?xbf16> to tensor<2xbf16>
  %m = tensor.cast %mean : tensor<?x1x1xf32> to tensor<1x1x1xf32>
  %i = tensor.cast %inv : tensor<?x1x1xf32> to tensor<1x1x1xf32>
  return %first, %last, %m, %i
      : tensor<2xbf16>, tensor<2xbf16>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}

// bf16 1e30 (1.0002555517425873e30), 200000 times: the inexact f32 Mean
// leaves D ~ 1e25 per element and D * D overflows, so the vector pass has
// SumSq = +inf; the slice is recomputed in f64 all the same (before:
// Mean 1.0002553e30, InvStdDev 0).
func.func @bf16_huge() -> (tensor<2xbf16>, tensor<2xbf16>, tensor<1x1x1xf32>,
                           tensor<1x1x1xf32>) {
  %xs = arith.constant dense<1.0e30> : tensor<1x100000x2xbf16>
  %scales = arith.constant dense<1.5> : tensor<100000x2xbf16>
  %bs = arith.constant dense<0.25> : tensor<100000x2xbf16>
  %x = tensor.cast %xs : tensor<1x100000x2xbf16> to tensor<?x?x?xbf16>
  %scale = tensor.cast %scales : tensor<100000x2xbf16> to tensor<?x?xbf16>
  %b = tensor.cast %bs : tensor<100000x2xbf16> to tensor<?x?xbf16>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<?x?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>)
      -> (tensor<?x?x?xbf16>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  %first = tensor.extract_slice %y[0, 0, 0] [1, 1, 2] [1, 1, 1]
      : tensor<?x?x?xbf16> to tensor<2xbf16>
  %last = tensor.extract_slice %y[0, 99999, 0] [1, 1, 2] [1, 1, 1]
      : tensor<?x?x?xbf16> to tensor<2xbf16>
  %m = tensor.cast %mean : tensor<?x1x1xf32> to tensor<1x1x1xf32>
  %i = tensor.cast %inv : tensor<?x1x1xf32> to tensor<1x1x1xf32>
  return %first, %last, %m, %i
      : tensor<2xbf16>, tensor<2xbf16>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}

// f64: n copies of a 53-bit value are inexact in f64 too (1e20 = 5^20 *
// 2^20, and 5^20 has 47 bits). The f64 Mean is exact after the
// recomputation, whose shift has no magnitude limit: 1e300 works as well
// (its Mean rounds to +inf in the f32 stash type; Y and InvStdDev are
// exact).
func.func @f64_large() -> (tensor<4xf64>, tensor<4xf64>, tensor<2x1xf32>,
                           tensor<2x1xf32>) {
  %a = arith.constant dense<1.0e20> : tensor<1x1001xf64>
  %c = arith.constant dense<1.0e300> : tensor<1x1001xf64>
  %xs = tensor.concat dim(0) %a, %c
      : (tensor<1x1001xf64>, tensor<1x1001xf64>) -> tensor<2x1001xf64>
  %scales = arith.constant dense<1.5> : tensor<1001xf64>
  %bs = arith.constant dense<0.25> : tensor<1001xf64>
  %x = tensor.cast %xs : tensor<2x1001xf64> to tensor<?x?xf64>
  %scale = tensor.cast %scales : tensor<1001xf64> to tensor<?xf64>
  %b = tensor.cast %bs : tensor<1001xf64> to tensor<?xf64>
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf64>, tensor<?xf64>, tensor<?xf64>)
      -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  %first = tensor.extract_slice %y[0, 0] [1, 4] [1, 1]
      : tensor<?x?xf64> to tensor<4xf64>
  %last = tensor.extract_slice %y[1, 997] [1, 4] [1, 1]
      : tensor<?x?xf64> to tensor<4xf64>
  %m = tensor.cast %mean : tensor<?x1xf32> to tensor<2x1xf32>
  %i = tensor.cast %inv : tensor<?x1xf32> to tensor<2x1xf32>
  return %first, %last, %m, %i
      : tensor<4xf64>, tensor<4xf64>, tensor<2x1xf32>, tensor<2x1xf32>
}
