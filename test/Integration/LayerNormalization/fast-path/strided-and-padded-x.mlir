// LayerNormalization over two dims (axis 1) of an X that is not a plain
// row-major buffer: a strided slice, and a tensor.pad result.
// * Slice: X = big[1:4:2, 1:4, 1:5] of big = 1..120 as [4, 5, 6]. Its
//   buffer is a strided view that cannot be collapsed to [2, 12] without a
//   copy, so this X keeps the uncollapsed lowering (found by a review:
//   the collapse needed memref.copy).
// * Pad: X = pad(1..12 as [2, 3, 2], one column of 5 on each side of the
//   last dim). Bufferizing tensor.pad copies its source into the padded
//   buffer with memref.copy into a strided view, which norm-copies-to-loops
//   makes loops (memref-to-llvm would call memrefCopy of MLIR's C runner
//   utilities, as it did before that pass).
// Scale = 1..12 as [3, 4], no B. Expected: float64 reference (numpy: mean,
// mean of squared deviations, 1 / sqrt(var + f32(1e-5)), (x - mean) *
// InvStdDev * Scale), rounded to f32; runner default tolerances.

// RUN: norm-runner %s --function=slice \
// RUN:   --input="4x5x6xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120" \
// RUN:   --input="3x4xf32=1 2 3 4 5 6 7 8 9 10 11 12" \
// RUN:   --expected-output="2x3x4xf32=-1.4925555 -2.5870962 -3.283622 -3.5821333 -1.4925555 -0.59702218 0.69652587 2.3880887 8.0597992 10.945407 14.229029 17.910666 -1.4925555 -2.5870962 -3.283622 -3.5821333 -1.4925555 -0.59702218 0.69652587 2.3880887 8.0597992 10.945407 14.229029 17.910666" \
// RUN:   --expected-output="2x1x1xf32=45.5 105.5" \
// RUN:   --expected-output="2x1x1xf32=0.19900739 0.19900739" \
// RUN:   | FileCheck %s
// RUN: norm-runner %s --function=padded \
// RUN:   --input="2x3x2xf32=1 2 3 4 5 6 7 8 9 10 11 12" \
// RUN:   --input="3x4xf32=1 2 3 4 5 6 7 8 9 10 11 12" \
// RUN:   --expected-output="2x3x4xf32=0.52758801 -4.5724297 -4.7482924 2.110352 2.6379402 -5.2758803 -1.2310388 4.2207041 4.7482924 5.2758803 13.541427 6.3310566 -0.88111103 -0.19580245 0.88111103 -3.5244441 -4.4055552 4.1118512 7.5383945 -7.0488882 -7.9299994 14.685184 20.461355 -10.573332" \
// RUN:   --expected-output="2x1x1xf32=4.25 7.25" \
// RUN:   --expected-output="2x1x1xf32=0.70345074 0.3916049" \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm | FileCheck %s --check-prefix=IR --implicit-check-not=memrefCopy

// CHECK: [SUCCESS] result[0]:
// CHECK: [SUCCESS] result[1]:
// CHECK: [SUCCESS] result[2]:
// CHECK-NOT: [FAILED]

// The slice needs no copy; the pad does, as loops: no memrefCopy call.
// IR-LABEL: llvm.func @slice(
// IR-LABEL: llvm.func @padded(

func.func @slice(%big: tensor<4x5x6xf32>, %s: tensor<3x4xf32>)
    -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %x = tensor.extract_slice %big[1, 1, 1] [2, 3, 4] [2, 1, 1]
      : tensor<4x5x6xf32> to tensor<2x3x4xf32>
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<2x3x4xf32>, tensor<3x4xf32>)
      -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y, %m, %i : tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

func.func @padded(%a: tensor<2x3x2xf32>, %s: tensor<3x4xf32>)
    -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %c = arith.constant 5.0 : f32
  %x = tensor.pad %a low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index):
    tensor.yield %c : f32
  } : tensor<2x3x2xf32> to tensor<2x3x4xf32>
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<2x3x4xf32>, tensor<3x4xf32>)
      -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y, %m, %i : tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}
