// RUN: norm-opt %s --split-input-file --norm-deinterleave-bf16-sums | FileCheck %s

// LayerNormalization's shifted sum over a bf16 row: K - x with x widened
// in the loop. The shift becomes math.fma %x, -1, %K with the -1 from the
// bits 0xbf800000 (-1082130432) through an empty inline asm before the loop
// (LLVM would fold a constant -1 back into a subtraction); the widening is
// deinterleaved as before, and the fma takes its result.
// CHECK-LABEL: func.func @shifted_sum_bf16(
// CHECK-SAME:      %[[X:.+]]: memref<?xbf16>, %[[K:.+]]: f32
// CHECK:         %[[SHIFT:.+]] = vector.broadcast %[[K]] : f32 to vector<1x64xf32>
// CHECK:         %[[BITS:.+]] = arith.constant -1082130432 : i32
// CHECK:         %[[OPAQUE:.+]] = llvm.inline_asm "", "=r,0" %[[BITS]] : (i32) -> i32
// CHECK:         %[[M1:.+]] = arith.bitcast %[[OPAQUE]] : i32 to f32
// CHECK:         %[[MINUS1:.+]] = vector.broadcast %[[M1]] : f32 to vector<1x64xf32>
// CHECK:         scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
// CHECK:           %[[BOTH:.+]] = vector.shuffle
// CHECK:           %[[TERMS:.+]] = vector.shape_cast %[[BOTH]] : vector<64xf32> to vector<1x64xf32>
// CHECK-NOT:       arith.subf
// CHECK:           %[[D:.+]] = math.fma %[[TERMS]], %[[MINUS1]], %[[SHIFT]] : vector<1x64xf32>
// CHECK:           %[[NEXT:.+]] = arith.addf %[[ACC]], %[[D]] fastmath<reassoc>
// CHECK:           scf.yield %[[NEXT]]
func.func @shifted_sum_bf16(%x: memref<?xbf16>, %k: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<1x64xf32>
  %kv = vector.broadcast %k : f32 to vector<1x64xf32>
  %sum = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %zero)
      -> (vector<1x64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %row = vector.broadcast %r : vector<64xbf16> to vector<1x64xbf16>
    %w = arith.extf %row : vector<1x64xbf16> to vector<1x64xf32>
    %d = arith.subf %kv, %w : vector<1x64xf32>
    %next = arith.addf %acc, %d fastmath<reassoc> : vector<1x64xf32>
    scf.yield %next : vector<1x64xf32>
  }
  %flat = vector.extract %sum[0] : vector<64xf32> from vector<1x64xf32>
  %total = vector.reduction <add>, %flat : vector<64xf32> into f32
  return %total : f32
}

// -----

// The same over an f16 row, in a sum of squares ((K - x) - Q)^2: only the
// shift of the widened term is fused; the widening (arith.extf) and the
// subtraction of Q stay.
// CHECK-LABEL: func.func @shifted_squares_f16(
// CHECK-SAME:      %[[X:.+]]: memref<?xf16>, %[[K:.+]]: f32, %[[Q:.+]]: f32
// CHECK-DAG:     %[[SHIFT:.+]] = vector.broadcast %[[K]] : f32 to vector<64xf32>
// CHECK-DAG:     %[[QV:.+]] = vector.broadcast %[[Q]] : f32 to vector<64xf32>
// CHECK:         %[[OPAQUE:.+]] = llvm.inline_asm "", "=r,0"
// CHECK:         %[[M1:.+]] = arith.bitcast %[[OPAQUE]] : i32 to f32
// CHECK:         %[[MINUS1:.+]] = vector.broadcast %[[M1]] : f32 to vector<64xf32>
// CHECK:         scf.for
// CHECK:           %[[W:.+]] = arith.extf %{{.+}} : vector<64xf16> to vector<64xf32>
// CHECK:           %[[D:.+]] = math.fma %[[W]], %[[MINUS1]], %[[SHIFT]] : vector<64xf32>
// CHECK:           %[[E:.+]] = arith.subf %[[D]], %[[QV]] : vector<64xf32>
// CHECK:           arith.mulf %[[E]], %[[E]]
func.func @shifted_squares_f16(%x: memref<?xf16>, %k: f32, %q: f32,
                               %n: index) -> vector<64xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %kv = vector.broadcast %k : f32 to vector<64xf32>
  %qv = vector.broadcast %q : f32 to vector<64xf32>
  %sum = scf.for %j = %c0 to %n step %c64 iter_args(%acc = %zero)
      -> (vector<64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xf16>, vector<64xf16>
    %w = arith.extf %r : vector<64xf16> to vector<64xf32>
    %d = arith.subf %kv, %w : vector<64xf32>
    %e = arith.subf %d, %qv : vector<64xf32>
    %sq = arith.mulf %e, %e fastmath<contract> : vector<64xf32>
    %next = arith.addf %acc, %sq fastmath<reassoc, contract> : vector<64xf32>
    scf.yield %next : vector<64xf32>
  }
  return %sum : vector<64xf32>
}

// -----

// Left alone: x - K (the widened term first), K - y with y not widened
// (f32 X), K - x with K differing between lanes, and K - x in a loop that
// carries nothing (Y's loop).
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     math.fma
// CHECK-NOT:     llvm.inline_asm
// CHECK-COUNT-4: arith.subf
// CHECK-NOT:     math.fma
func.func @left_alone(%x: memref<?xbf16>, %f: memref<?xf32>,
                      %y: memref<?xf32>, %k: f32, %lanes: vector<64xf32>,
                      %n: index) -> (vector<64xf32>, vector<64xf32>,
                                     vector<64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %padf = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %kv = vector.broadcast %k : f32 to vector<64xf32>
  %a, %b, %c = scf.for %j = %c0 to %n step %c64
      iter_args(%s0 = %zero, %s1 = %zero, %s2 = %zero)
      -> (vector<64xf32>, vector<64xf32>, vector<64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %w = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %d0 = arith.subf %w, %kv : vector<64xf32>
    %n0 = arith.addf %s0, %d0 fastmath<reassoc> : vector<64xf32>
    %rf = vector.transfer_read %f[%j], %padf {in_bounds = [true]}
        : memref<?xf32>, vector<64xf32>
    %d1 = arith.subf %kv, %rf : vector<64xf32>
    %n1 = arith.addf %s1, %d1 fastmath<reassoc> : vector<64xf32>
    %d2 = arith.subf %lanes, %w : vector<64xf32>
    %n2 = arith.addf %s2, %d2 fastmath<reassoc> : vector<64xf32>
    scf.yield %n0, %n1, %n2 : vector<64xf32>, vector<64xf32>, vector<64xf32>
  }
  scf.for %j = %c0 to %n step %c64 {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %w = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %d = arith.subf %kv, %w : vector<64xf32>
    vector.transfer_write %d, %y[%j] {in_bounds = [true]}
        : vector<64xf32>, memref<?xf32>
  }
  return %a, %b, %c : vector<64xf32>, vector<64xf32>, vector<64xf32>
}
