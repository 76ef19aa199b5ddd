// RMSNormalization of f16 rows of run-time length 16384 and 16385 around
// the limit of norm-widen-rows (rows of at most 16384 elements, 64 KiB of
// f32, are widened to f32 once into a row buffer; longer rows take the
// version that reads X in each pass). Two rows, built in the module:
// x[i, j] = ((i + j) mod 13) - 6 and Scale[j] = 1 + (j mod 5) / 8 (both exact
// in f16), called through @rms so that X is a memref argument of the
// normalization's function, not a fused producer. Each function returns row
// 1's first and last 8 elements of Y and both InvStdDev values.
// Hand-written. Expected: float64 computation with NumPy (not the lowering):
// InvStdDev = f32(1 / sqrt(sum(x^2) / n + f32(1e-5))) (sum(x^2) = 28 * n / 13
// plus the partial period: 16384 -> 0.26724368 and 0.2672623, 16385 ->
// 0.2672495 and 0.26726988), Y = f16(f16(f32(x) * InvStdDev) * Scale).

// RUN: norm-runner %s --function=widened \
// RUN:   --expected-output="8xf16=-1.3359375 -1.203125 -1.001953125 -0.7353515625 -0.40087890625 0 0.30078125 0.66845703125" \
// RUN:   --expected-output="8xf16=1.203125 1.669921875 2.205078125 -2.40625 -1.3359375 -1.203125 -1.001953125 -0.7353515625" \
// RUN:   --expected-output="2x1xf32=0.26724368 0.2672623" \
// RUN:   | FileCheck %s --check-prefix=WIDENED
// WIDENED-COUNT-3: [SUCCESS]
// WIDENED-NOT: FAILED

// RUN: norm-runner %s --function=not_widened \
// RUN:   --expected-output="8xf16=-1.3359375 -1.203125 -1.001953125 -0.7353515625 -0.40087890625 0 0.30078125 0.66845703125" \
// RUN:   --expected-output="8xf16=1.669921875 2.205078125 -2.40625 -1.3359375 -1.203125 -1.001953125 -0.7353515625 -0.40087890625" \
// RUN:   --expected-output="2x1xf32=0.2672495 0.26726988" \
// RUN:   | FileCheck %s --check-prefix=LONGER
// LONGER-COUNT-3: [SUCCESS]
// LONGER-NOT: FAILED

// The normalization's module widens its rows, with the limit of 16384.
// RUN: norm-opt %s --norm-to-llvm --remarks-filter=norm-widen-rows \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: [Passed] WidenedRow | Category:norm-widen-rows | Function=rms

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func private @pattern(%init: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %x = linalg.generic {indexing_maps = [#id2],
                       iterator_types = ["parallel", "parallel"]}
      outs(%init : tensor<?x?xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %c13 = arith.constant 13 : index
    %m = arith.remui %k, %c13 : index
    %mi = arith.index_cast %m : index to i32
    %f = arith.sitofp %mi : i32 to f16
    %c6 = arith.constant 6.0 : f16
    %v = arith.subf %f, %c6 : f16
    linalg.yield %v : f16
  } -> tensor<?x?xf16>
  return %x : tensor<?x?xf16>
}

func.func private @scale(%init: tensor<?xf16>) -> tensor<?xf16> {
  %s = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]}
      outs(%init : tensor<?xf16>) {
  ^bb0(%o: f16):
    %j = linalg.index 0 : index
    %c5 = arith.constant 5 : index
    %m = arith.remui %j, %c5 : index
    %mi = arith.index_cast %m : index to i32
    %f = arith.sitofp %mi : i32 to f16
    %eighth = arith.constant 0.125 : f16
    %one = arith.constant 1.0 : f16
    %p = arith.mulf %f, %eighth : f16
    %v = arith.addf %p, %one : f16
    linalg.yield %v : f16
  } -> tensor<?xf16>
  return %s : tensor<?xf16>
}

func.func @rms(%x: tensor<?x?xf16>, %s: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %s
      : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  return %y, %inv : tensor<?x?xf16>, tensor<?x1xf32>
}

func.func private @run(%n: index)
    -> (tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>) {
  %c2 = arith.constant 2 : index
  %xi = tensor.empty(%c2, %n) : tensor<?x?xf16>
  %x = call @pattern(%xi) : (tensor<?x?xf16>) -> tensor<?x?xf16>
  %si = tensor.empty(%n) : tensor<?xf16>
  %s = call @scale(%si) : (tensor<?xf16>) -> tensor<?xf16>
  %y, %inv = call @rms(%x, %s)
      : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  %first = tensor.extract_slice %y[1, 0] [1, 8] [1, 1]
      : tensor<?x?xf16> to tensor<8xf16>
  %c8 = arith.constant 8 : index
  %last0 = arith.subi %n, %c8 : index
  %last = tensor.extract_slice %y[1, %last0] [1, 8] [1, 1]
      : tensor<?x?xf16> to tensor<8xf16>
  return %first, %last, %inv : tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>
}

func.func @widened() -> (tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>) {
  %n = arith.constant 16384 : index
  %r:3 = call @run(%n)
      : (index) -> (tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>)
  return %r#0, %r#1, %r#2 : tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>
}

func.func @not_widened() -> (tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>) {
  %n = arith.constant 16385 : index
  %r:3 = call @run(%n)
      : (index) -> (tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>)
  return %r#0, %r#1, %r#2 : tensor<8xf16>, tensor<8xf16>, tensor<?x1xf32>
}
