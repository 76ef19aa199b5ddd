// RUN: norm-opt %s --split-input-file --norm-deinterleave-bf16-sums | FileCheck %s

// A sum of (x - mean)^2 over a bf16 row, as norm-vectorize-rows leaves it:
// a main loop and a masked remainder loop carrying 64 partial sums, then
// one add-reduction. The main loop's terms are widened as the even lanes
// (i32 pairs << 16) followed by the odd lanes (pairs & 0xffff0000); the
// remainder, whose lanes meet a mask, keeps arith.extf.
// CHECK-LABEL: func.func @sum_of_squares(
// CHECK:         scf.for
// CHECK:           %[[READ:.+]] = vector.transfer_read
// CHECK:           %[[ROW:.+]] = vector.broadcast %[[READ]] : vector<64xbf16> to vector<1x64xbf16>
// CHECK:           %[[FLAT:.+]] = vector.shape_cast %[[ROW]] : vector<1x64xbf16> to vector<64xbf16>
// CHECK:           %[[PAIRS:.+]] = vector.bitcast %[[FLAT]] : vector<64xbf16> to vector<32xi32>
// CHECK:           %[[C16:.+]] = arith.constant dense<16> : vector<32xi32>
// CHECK:           %[[SHL:.+]] = arith.shli %[[PAIRS]], %[[C16]]
// CHECK:           %[[EVEN:.+]] = arith.bitcast %[[SHL]] : vector<32xi32> to vector<32xf32>
// CHECK:           %[[HIGH:.+]] = arith.constant dense<-65536> : vector<32xi32>
// CHECK:           %[[AND:.+]] = arith.andi %[[PAIRS]], %[[HIGH]]
// CHECK:           %[[ODD:.+]] = arith.bitcast %[[AND]] : vector<32xi32> to vector<32xf32>
// CHECK:           %[[BOTH:.+]] = vector.shuffle %[[EVEN]], %[[ODD]] [0, 1, 2, {{.*}}, 62, 63] : vector<32xf32>, vector<32xf32>
// CHECK:           %[[TERMS:.+]] = vector.shape_cast %[[BOTH]] : vector<64xf32> to vector<1x64xf32>
// CHECK:           arith.subf %[[TERMS]]
// CHECK-NOT:       arith.extf
// CHECK:           scf.yield
// CHECK:         scf.for
// CHECK:           arith.extf %{{.+}} : vector<1x64xbf16> to vector<1x64xf32>
// CHECK:           arith.select
// CHECK:         vector.reduction <add>
func.func @sum_of_squares(%x: memref<?xbf16>, %mean: f32, %n: index,
                          %full: index, %mask: vector<1x64xi1>) -> f32 {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<1x64xf32>
  %m = vector.broadcast %mean : f32 to vector<1x64xf32>
  %main = scf.for %j = %c0 to %full step %c64 iter_args(%acc = %zero)
      -> (vector<1x64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %row = vector.broadcast %r : vector<64xbf16> to vector<1x64xbf16>
    %w = arith.extf %row : vector<1x64xbf16> to vector<1x64xf32>
    %d = arith.subf %w, %m : vector<1x64xf32>
    %sq = arith.mulf %d, %d : vector<1x64xf32>
    %next = arith.addf %acc, %sq fastmath<reassoc> : vector<1x64xf32>
    scf.yield %next : vector<1x64xf32>
  }
  %rest = scf.for %j = %full to %n step %c64 iter_args(%acc = %main)
      -> (vector<1x64xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %row = vector.broadcast %r : vector<64xbf16> to vector<1x64xbf16>
    %w = arith.extf %row : vector<1x64xbf16> to vector<1x64xf32>
    %d = arith.subf %w, %m : vector<1x64xf32>
    %sq = arith.mulf %d, %d : vector<1x64xf32>
    %added = arith.addf %acc, %sq fastmath<reassoc> : vector<1x64xf32>
    %next = arith.select %mask, %added, %acc : vector<1x64xi1>, vector<1x64xf32>
    scf.yield %next : vector<1x64xf32>
  }
  %flat = vector.extract %rest[0] : vector<64xf32> from vector<1x64xf32>
  %sum = vector.reduction <add>, %flat : vector<64xf32> into f32
  return %sum : f32
}

// -----

// Left alone: a term multiplied by a per-lane operand (the lane order
// matters), a sum whose lanes are read one by one, a product, a widened
// value that is stored, an odd lane count.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     vector.shuffle
// CHECK-COUNT-5: arith.extf
// CHECK-NOT:     vector.shuffle
func.func @left_alone(%x: memref<?xbf16>, %odd: memref<?xbf16>,
                      %scale: vector<64xf32>, %y: memref<?xf32>, %n: index)
    -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<64xf32>
  %zero63 = arith.constant dense<0.0> : vector<63xf32>
  %one = arith.constant dense<1.0> : vector<64xf32>
  %a, %b, %c, %d = scf.for %j = %c0 to %n step %c64
      iter_args(%s0 = %zero, %s1 = %zero, %p = %one, %s3 = %zero63)
      -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<63xf32>) {
    %r = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<64xbf16>
    %w0 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %t0 = arith.mulf %w0, %scale : vector<64xf32>
    %n0 = arith.addf %s0, %t0 : vector<64xf32>
    %w1 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %n1 = arith.addf %s1, %w1 : vector<64xf32>
    %w2 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    %n2 = arith.mulf %p, %w2 : vector<64xf32>
    %w3 = arith.extf %r : vector<64xbf16> to vector<64xf32>
    vector.transfer_write %w3, %y[%j] {in_bounds = [true]}
        : vector<64xf32>, memref<?xf32>
    %r63 = vector.transfer_read %odd[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<63xbf16>
    %w4 = arith.extf %r63 : vector<63xbf16> to vector<63xf32>
    %n3 = arith.addf %s3, %w4 : vector<63xf32>
    scf.yield %n0, %n1, %n2, %n3
        : vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<63xf32>
  }
  %ra = vector.reduction <add>, %a : vector<64xf32> into f32
  %rb = vector.extract %b[3] : f32 from vector<64xf32>
  %rc = vector.reduction <mul>, %c : vector<64xf32> into f32
  %rd = vector.reduction <add>, %d : vector<63xf32> into f32
  return %ra, %rb, %rc, %rd : f32, f32, f32, f32
}
