// RUN: norm-opt %s --split-input-file --norm-deinterleave-bf16-sums | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-deinterleave-bf16-sums \
// RUN:   --remarks-filter=norm-deinterleave-bf16-sums -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

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

// -----

// RMSNormalization's sum of squares of a bf16 row: four pieces of the row
// side by side, each term (a^2 + b^2) + (c^2 + d^2) in f32, widened to f64
// and added to an f64 sum. The four widenings are combined lane by lane with
// each other (all deinterleaved alike, so lane k of each is the same column
// offset) and through arith.extf to f64: all four are deinterleaved.
// CHECK-LABEL: func.func @sum_of_four_squares(
// CHECK:         scf.for
// CHECK-COUNT-4:   vector.shuffle %{{.+}}, %{{.+}} [0, 1, 2, {{.*}}, 30, 31] : vector<16xf32>, vector<16xf32>
// CHECK-NOT:       arith.extf %{{.+}} : vector<1x32xbf16>
// CHECK:           arith.extf %{{.+}} : vector<1x32xf32> to vector<1x32xf64>
// CHECK:           scf.yield
// CHECK:         vector.reduction <add>
func.func @sum_of_four_squares(%x: memref<?xbf16>, %q: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<1x32xf64>
  %q2 = arith.addi %q, %q : index
  %q3 = arith.addi %q2, %q : index
  %main = scf.for %j = %c0 to %q step %c32 iter_args(%acc = %zero)
      -> (vector<1x32xf64>) {
    %j1 = arith.addi %j, %q : index
    %j2 = arith.addi %j, %q2 : index
    %j3 = arith.addi %j, %q3 : index
    %ra = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<32xbf16>
    %rb = vector.transfer_read %x[%j1], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<32xbf16>
    %rc = vector.transfer_read %x[%j2], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<32xbf16>
    %rd = vector.transfer_read %x[%j3], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<32xbf16>
    %ba = vector.broadcast %ra : vector<32xbf16> to vector<1x32xbf16>
    %bb = vector.broadcast %rb : vector<32xbf16> to vector<1x32xbf16>
    %bc = vector.broadcast %rc : vector<32xbf16> to vector<1x32xbf16>
    %bd = vector.broadcast %rd : vector<32xbf16> to vector<1x32xbf16>
    %a = arith.extf %ba : vector<1x32xbf16> to vector<1x32xf32>
    %b = arith.extf %bb : vector<1x32xbf16> to vector<1x32xf32>
    %c = arith.extf %bc : vector<1x32xbf16> to vector<1x32xf32>
    %d = arith.extf %bd : vector<1x32xbf16> to vector<1x32xf32>
    %a2 = arith.mulf %a, %a : vector<1x32xf32>
    %b2 = arith.mulf %b, %b : vector<1x32xf32>
    %c2 = arith.mulf %c, %c : vector<1x32xf32>
    %d2 = arith.mulf %d, %d : vector<1x32xf32>
    %ab = arith.addf %a2, %b2 : vector<1x32xf32>
    %cd = arith.addf %c2, %d2 : vector<1x32xf32>
    %t = arith.addf %ab, %cd : vector<1x32xf32>
    %t64 = arith.extf %t : vector<1x32xf32> to vector<1x32xf64>
    %next = arith.addf %acc, %t64 fastmath<reassoc> : vector<1x32xf64>
    scf.yield %next : vector<1x32xf64>
  }
  %flat = vector.extract %main[0] : vector<32xf64> from vector<1x32xf64>
  %sum = vector.reduction <add>, %flat : vector<32xf64> into f64
  return %sum : f64
}

// -----

// The same with the term of %b also stored (its lane order matters): %b is
// not deinterleaved, and so neither is %a, whose lanes are added to %b's.
// REMARK-DAG: remark: [Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=partner_keeps_order | Reason="its lanes reach vector.extract, not only arith.addf, subf, mulf and extf"
// REMARK-DAG: remark: [Missed] NotDeinterleaved | Category:norm-deinterleave-bf16-sums | Function=partner_keeps_order | Reason="its lanes are combined with those of a widening that keeps its lane order"
// CHECK-LABEL: func.func @partner_keeps_order(
// CHECK-NOT:     vector.shuffle
// CHECK:         arith.extf %{{.+}} : vector<1x32xbf16> to vector<1x32xf32>
// CHECK:         arith.extf %{{.+}} : vector<1x32xbf16> to vector<1x32xf32>
// CHECK-NOT:     vector.shuffle
// CHECK:         return
func.func @partner_keeps_order(%x: memref<?xbf16>, %y: memref<?xf32>,
                               %q: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<1x32xf64>
  %main = scf.for %j = %c0 to %q step %c32 iter_args(%acc = %zero)
      -> (vector<1x32xf64>) {
    %j1 = arith.addi %j, %q : index
    %ra = vector.transfer_read %x[%j], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<32xbf16>
    %rb = vector.transfer_read %x[%j1], %pad {in_bounds = [true]}
        : memref<?xbf16>, vector<32xbf16>
    %ba = vector.broadcast %ra : vector<32xbf16> to vector<1x32xbf16>
    %bb = vector.broadcast %rb : vector<32xbf16> to vector<1x32xbf16>
    %a = arith.extf %ba : vector<1x32xbf16> to vector<1x32xf32>
    %b = arith.extf %bb : vector<1x32xbf16> to vector<1x32xf32>
    %b1 = vector.extract %b[0] : vector<32xf32> from vector<1x32xf32>
    vector.transfer_write %b1, %y[%j] {in_bounds = [true]}
        : vector<32xf32>, memref<?xf32>
    %t = arith.addf %a, %b : vector<1x32xf32>
    %t64 = arith.extf %t : vector<1x32xf32> to vector<1x32xf64>
    %next = arith.addf %acc, %t64 fastmath<reassoc> : vector<1x32xf64>
    scf.yield %next : vector<1x32xf64>
  }
  %flat = vector.extract %main[0] : vector<32xf64> from vector<1x32xf64>
  %sum = vector.reduction <add>, %flat : vector<32xf64> into f64
  return %sum : f64
}
