// RMSNormalization on a very long row (1 x 2^20), very many short rows
// (2^20 x 1) and zero-size tensors through dynamic shapes. The input
// x[i] = (i mod 7) - 3 (f32) is built inside the module, so no 4 MiB fixture
// is needed; each function returns its results' first and last 4 elements.
// Hand-written. Expected: float64 reference (test/lib/reference.py:
// rms_normalization) rounded to f32, and by hand: the 2^20 = 7*149796 + 4
// squares sum to 28*149796 + 14 = 4194302, so InvStdDev = 1 / sqrt(4194302 /
// 2^20 + f32(1e-5)) = 0.4999995 and Y = x * InvStdDev (Scale 1), the last 4
// elements again -3 -2 -1 0. Short rows (Scale 0.5): InvStdDev =
// 1 / sqrt(x^2 + f32(1e-5)) (316.22778 for x = 0), Y = 0.5 * x * InvStdDev.
// Empty: results of the input's (empty) shape, InvStdDev NaN for an empty
// normalized part (docs/semantics.md).

// RUN: norm-runner %s --function=long_row \
// RUN:   --expected-output="4xf32=-1.4999985 -0.999999 -0.4999995 0" \
// RUN:   --expected-output="4xf32=-1.4999985 -0.999999 -0.4999995 0" \
// RUN:   --expected-output="1x1xf32=0.4999995" \
// RUN:   | FileCheck %s --check-prefix=LONG
// LONG-COUNT-3: [SUCCESS]
// LONG-NOT: FAILED

// RUN: norm-runner %s --function=short_rows \
// RUN:   --expected-output="4xf32=-0.49999973 -0.49999937 -0.4999975 0" \
// RUN:   --expected-output="4xf32=-0.49999973 -0.49999937 -0.4999975 0" \
// RUN:   --expected-output="4xf32=0.33333313 0.49999937 0.999995 316.22778" \
// RUN:   --expected-output="4xf32=0.33333313 0.49999937 0.999995 316.22778" \
// RUN:   | FileCheck %s --check-prefix=SHORT
// SHORT-COUNT-4: [SUCCESS]
// SHORT-NOT: FAILED

// RUN: norm-runner %s --function=empty --input="0x4xf16=" --input="4xf16=1 2 3 4" \
// RUN:   | FileCheck %s --check-prefix=EMPTY0
// EMPTY0: 0x4xf16={{$}}
// EMPTY0-NEXT: 0x1xf32={{$}}
// RUN: norm-runner %s --function=empty --input="3x0xf16=" --input="0xf16=" \
// RUN:   | FileCheck %s --check-prefix=EMPTY1
// EMPTY1: 3x0xf16={{$}}
// EMPTY1-NEXT: 3x1xf32=[nan][nan][nan]
// A Scale of run-time size 1 broadcast over an empty row.
// RUN: norm-runner %s --function=empty --input="3x0xf16=" --input="1xf16=2" \
// RUN:   | FileCheck %s --check-prefix=EMPTY1
// RUN: norm-runner %s --function=empty --input="0x0xf16=" --input="0xf16=" \
// RUN:   | FileCheck %s --check-prefix=EMPTY2
// EMPTY2: 0x0xf16={{$}}
// EMPTY2-NEXT: 0x1xf32={{$}}

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// x[i] = (i mod 7) - 3 over the flattened elements of a 2-D tensor.
func.func private @pattern(%init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %x = linalg.generic {indexing_maps = [#id2],
                       iterator_types = ["parallel", "parallel"]}
      outs(%init : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %k, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %f = arith.sitofp %mi : i32 to f32
    %c3 = arith.constant 3.0 : f32
    %v = arith.subf %f, %c3 : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %x : tensor<?x?xf32>
}

func.func @long_row() -> (tensor<4xf32>, tensor<4xf32>, tensor<?x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = arith.constant 1048576 : index
  %init = tensor.empty(%c1, %n) : tensor<?x?xf32>
  %x = call @pattern(%init) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %one = arith.constant 1.0 : f32
  %s0 = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.fill ins(%one : f32) outs(%s0 : tensor<?xf32>) -> tensor<?xf32>
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  %first = tensor.extract_slice %y[0, 0] [1, 4] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  %c4 = arith.constant 4 : index
  %last0 = arith.subi %n, %c4 : index
  %last = tensor.extract_slice %y[0, %last0] [1, 4] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  return %first, %last, %inv : tensor<4xf32>, tensor<4xf32>, tensor<?x1xf32>
}

func.func @short_rows()
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %n = arith.constant 1048576 : index
  %init = tensor.empty(%n, %c1) : tensor<?x?xf32>
  %x = call @pattern(%init) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = arith.constant dense<0.5> : tensor<1xf32>
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<?x?xf32>, tensor<1xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  %c4 = arith.constant 4 : index
  %last0 = arith.subi %n, %c4 : index
  %y0 = tensor.extract_slice %y[0, 0] [4, 1] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  %y1 = tensor.extract_slice %y[%last0, 0] [4, 1] [1, 1]
      : tensor<?x?xf32> to tensor<4xf32>
  %i0 = tensor.extract_slice %inv[0, 0] [4, 1] [1, 1]
      : tensor<?x1xf32> to tensor<4xf32>
  %i1 = tensor.extract_slice %inv[%last0, 0] [4, 1] [1, 1]
      : tensor<?x1xf32> to tensor<4xf32>
  return %y0, %y1, %i0, %i1
      : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

func.func @empty(%x: tensor<?x?xf16>, %s: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  return %y, %inv : tensor<?x?xf16>, tensor<?x1xf32>
}
