// f16 X: the sum of squares adds f32 terms of four squares each in f64
// (RMSNormalization.cpp, buildF16SumOfSquares), which must stay as accurate
// as the f64 sum of all squares. Rows of n = 2^20 + 3 elements (a tail of 3
// beyond the four pieces), built inside the module:
// * row 0: x = 2048 at the first 64 positions, 0.49951171875 elsewhere. Each
//   small square (0.2495) is below half an f32 ulp of 2048^2 = 2^22, so an
//   f32 sum of the squares, sequential or in 16, 64 or 128 strided partial
//   sums, loses all of them after the large ones: InvStdDev 0.06250009 (or
//   0.062484864 with 128 partial sums), 5e-4 (2.4e-4) off the reference,
//   far beyond the f32 tolerance (rtol 1e-5).
// * row 1: the same small value everywhere but the last element (in the
//   tail), 2048; a sequential f32 sum gives InvStdDev 0.48507223.
// Scale 1. Expected: float64 reference (test/lib/reference.py:
// rms_normalization, X / RMS rounded once to f16) rounded to f16 and f32;
// the f32 sums simulated with NumPy, not with this lowering. Hand-written.
// Y is checked at positions 0, 64 and n - 1 of each row.

// RUN: norm-runner %s --function=dynamic --input="0x1048579xf16=" \
// RUN:   --expected-output="2x3xf16=127.94 0.0312 0.0312 0.2423 0.2423 993.5" \
// RUN:   --expected-output="2x1xf32=0.062469654 0.4850992" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=static \
// RUN:   --expected-output="2x3xf16=127.94 0.0312 0.0312 0.2423 0.2423 993.5" \
// RUN:   --expected-output="2x1xf32=0.062469654 0.4850992" \
// RUN:   | FileCheck %s
// CHECK-COUNT-2: [SUCCESS]
// CHECK-NOT: FAILED

#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func private @rows(%x: tensor<2x?xf16>)
    -> (tensor<2x3xf16>, tensor<2x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<2x?xf16>
  %one = arith.constant 1.0 : f16
  %s0 = tensor.empty(%n) : tensor<?xf16>
  %s = linalg.fill ins(%one : f16) outs(%s0 : tensor<?xf16>) -> tensor<?xf16>
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<2x?xf16>, tensor<?xf16>) -> (tensor<2x?xf16>, tensor<2x1xf32>)
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %last = arith.subi %n, %c1 : index
  %picked = tensor.generate {
  ^bb0(%i: index, %k: index):
    %c2 = arith.constant 2 : index
    %is0 = arith.cmpi eq, %k, %c0 : index
    %is1 = arith.cmpi eq, %k, %c1 : index
    %j1 = arith.select %is1, %c64, %last : index
    %j = arith.select %is0, %c0, %j1 : index
    %v = tensor.extract %y[%i, %j] : tensor<2x?xf16>
    tensor.yield %v : f16
  } : tensor<2x3xf16>
  return %picked, %inv : tensor<2x3xf16>, tensor<2x1xf32>
}

// Row 0: 2048 at j < 64; row 1: 2048 at j = n - 1; 0.49951171875 elsewhere.
func.func private @fill(%init: tensor<2x?xf16>) -> tensor<2x?xf16> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %init, %c1 : tensor<2x?xf16>
  %x = linalg.generic {indexing_maps = [#id2],
                       iterator_types = ["parallel", "parallel"]}
      outs(%init : tensor<2x?xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %last = arith.subi %n, %c1 : index
    %row0 = arith.cmpi eq, %i, %c0 : index
    %first = arith.cmpi ult, %j, %c64 : index
    %isLast = arith.cmpi eq, %j, %last : index
    %big = arith.select %row0, %first, %isLast : i1
    %large = arith.constant 2048.0 : f16
    %small = arith.constant 0.49951171875 : f16
    %v = arith.select %big, %large, %small : f16
    linalg.yield %v : f16
  } -> tensor<2x?xf16>
  return %x : tensor<2x?xf16>
}

func.func @dynamic(%shape: tensor<0x?xf16>)
    -> (tensor<2x3xf16>, tensor<2x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %shape, %c1 : tensor<0x?xf16>
  %init = tensor.empty(%n) : tensor<2x?xf16>
  %x = call @fill(%init) : (tensor<2x?xf16>) -> tensor<2x?xf16>
  %r:2 = call @rows(%x) : (tensor<2x?xf16>) -> (tensor<2x3xf16>, tensor<2x1xf32>)
  return %r#0, %r#1 : tensor<2x3xf16>, tensor<2x1xf32>
}

func.func @static() -> (tensor<2x3xf16>, tensor<2x1xf32>) {
  %init = tensor.empty() : tensor<2x1048579xf16>
  %dyn = tensor.cast %init : tensor<2x1048579xf16> to tensor<2x?xf16>
  %x0 = call @fill(%dyn) : (tensor<2x?xf16>) -> tensor<2x?xf16>
  %x1 = tensor.cast %x0 : tensor<2x?xf16> to tensor<2x1048579xf16>
  %one = arith.constant dense<1.0> : tensor<1048579xf16>
  %y, %inv = norm.rms_normalization %x1, %one
      : (tensor<2x1048579xf16>, tensor<1048579xf16>)
      -> (tensor<2x1048579xf16>, tensor<2x1xf32>)
  %y0 = tensor.extract_slice %y[0, 0] [2, 1] [1, 1]
      : tensor<2x1048579xf16> to tensor<2x1xf16>
  %y1 = tensor.extract_slice %y[0, 64] [2, 1] [1, 1]
      : tensor<2x1048579xf16> to tensor<2x1xf16>
  %y2 = tensor.extract_slice %y[0, 1048578] [2, 1] [1, 1]
      : tensor<2x1048579xf16> to tensor<2x1xf16>
  %picked = tensor.concat dim(1) %y0, %y1, %y2
      : (tensor<2x1xf16>, tensor<2x1xf16>, tensor<2x1xf16>) -> tensor<2x3xf16>
  return %picked, %inv : tensor<2x3xf16>, tensor<2x1xf32>
}
