// RUN: norm-opt %s --split-input-file --norm-widen-rows | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-widen-rows='max-row-bytes=4096' \
// RUN:   | FileCheck %s --check-prefix=LIMIT
// RUN: norm-opt %s --split-input-file --norm-widen-rows='max-row-bytes=0' \
// RUN:   | FileCheck %s --check-prefix=NONE

// The shape of an f16 RMSNormalization after norm-vectorize-rows and
// bufferization: a sum pass over the row (a main loop of full tiles up to
// (n floordiv 32) * 32, a masked remainder loop through a subview), then Y's
// pass (the same two loops) writing the row. The sum pass's reads cover
// [0, n) exactly, so it also stores each widened tile into an f32 row buffer
// (allocated at the start of the forall body, of the row length where rows
// are at most max-row-bytes / 4 = 16384 elements, else of 0), and Y's reads
// become reads of that buffer; the original body is the else branch for
// longer rows. The prefetch of the row ahead in Y's pass goes to the outer
// cache levels (locality 1) in the widened version only.
// CHECK-LABEL: func.func @sum_then_y
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf16>, %[[Y:.+]]: memref<?x?xf16>
// CHECK:         %[[N:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[MAIN:.+]] = affine.apply
// CHECK:         %[[LEN:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %[[LEN]], %c16384
// CHECK:         %[[SIZE:.+]] = arith.select %[[SMALL]], %[[LEN]], %c0
// CHECK:         scf.forall (%[[R:.+]]) in
// CHECK-NEXT:      %[[BUF:.+]] = memref.alloc(%[[SIZE]]) {alignment = 64 : i64} : memref<1x?xf32>
// CHECK-NEXT:      scf.if %[[SMALL]] {
// CHECK:             scf.for %[[J:.+]] = %c0 to %[[MAIN]] step %c32
// CHECK:               %[[V:.+]] = vector.transfer_read %[[X]][%[[R]], %[[J]]]
// CHECK:               %[[W:.+]] = arith.extf %[[V]] : vector<1x32xf16> to vector<1x32xf32>
// CHECK:               vector.transfer_write %[[W]], %[[BUF]][%c0{{.*}}, %[[J]]] {in_bounds = [true, true]}
// CHECK:             scf.for %[[J:.+]] = %[[MAIN]] to %[[N]] step %c32
// CHECK:               %[[LEFT:.+]] = affine.apply {{.*}}(%[[J]])[%[[N]]]
// CHECK:               %[[MASK:.+]] = vector.create_mask %c1, %[[LEFT]]
// CHECK:               %[[V:.+]] = vector.transfer_read {{.*}}, %[[MASK]]
// CHECK:               %[[W:.+]] = arith.extf %[[V]]
// CHECK:               vector.transfer_write %[[W]], %[[BUF]][%c0{{.*}}, %[[J]]], %[[MASK]]
// CHECK:             scf.for %[[J:.+]] = %c0 to %[[MAIN]] step %c32
// CHECK:               memref.prefetch %[[X]]{{.*}}, read, locality<1>, data
// CHECK-NOT:           arith.extf
// CHECK:               %[[W:.+]] = vector.transfer_read %[[BUF]][%c0{{.*}}, %[[J]]], %{{.*}} {in_bounds = [true, true]} : memref<1x?xf32>, vector<1x32xf32>
// CHECK:               arith.mulf %[[W]]
// CHECK:             scf.for %[[J:.+]] = %[[MAIN]] to %[[N]] step %c32
// CHECK:               %[[MASK:.+]] = vector.create_mask
// CHECK-NOT:           arith.extf
// CHECK:               %[[W:.+]] = vector.transfer_read %[[BUF]][%c0{{.*}}, %[[J]]], %{{.*}}, %[[MASK]]
// CHECK:               arith.mulf %[[W]]
// CHECK:           } else {
// CHECK:             arith.extf
// CHECK:             arith.extf
// CHECK:             memref.prefetch %[[X]]{{.*}}, read, locality<3>, data
// CHECK:             arith.extf
// CHECK:             arith.extf
// CHECK:           }
// CHECK-NEXT:    }
// With max-row-bytes=4096, rows of up to 1024 elements are widened.
// LIMIT-LABEL: func.func @sum_then_y
// LIMIT:         arith.cmpi ule, %{{.+}}, %c1024
// With max-row-bytes=0 no row is widened.
// NONE-LABEL: func.func @sum_then_y
// NONE-NOT:     memref.alloc
// NONE-NOT:     scf.if
// NONE:         return

#main = affine_map<()[s0] -> ((s0 floordiv 32) * 32)>
#left = affine_map<(d0)[s0] -> (-d0 + s0)>
func.func @sum_then_y(%x: memref<?x?xf16>, %y: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  %rows = memref.dim %x, %c0 : memref<?x?xf16>
  %n = memref.dim %x, %c1 : memref<?x?xf16>
  %main = affine.apply #main()[%n]
  scf.forall (%r) in (%rows) {
    %s0 = scf.for %j = %c0 to %main step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<?x?xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %s = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %s : vector<1x32xf32>
    }
    %s1 = scf.for %j = %main to %n step %c32 iter_args(%acc = %s0)
        -> (vector<1x32xf32>) {
      %left = affine.apply #left(%j)[%n]
      %tail = memref.subview %x[%r, %j] [1, %left] [1, 1]
          : memref<?x?xf16> to memref<1x?xf16, strided<[?, 1], offset: ?>>
      %mask = vector.create_mask %c1, %left : vector<1x32xi1>
      %v = vector.transfer_read %tail[%c0, %c0], %pad, %mask
          {in_bounds = [true, true]}
          : memref<1x?xf16, strided<[?, 1], offset: ?>>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %s = arith.addf %acc, %w : vector<1x32xf32>
      %kept = arith.select %mask, %s, %acc : vector<1x32xi1>, vector<1x32xf32>
      scf.yield %kept : vector<1x32xf32>
    }
    scf.for %j = %c0 to %main step %c32 {
      memref.prefetch %x[%r, %j], read, locality<3>, data : memref<?x?xf16>
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<?x?xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s1 : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xf16>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true, true]}
          : vector<1x32xf16>, memref<?x?xf16>
    }
    scf.for %j = %main to %n step %c32 {
      %left = affine.apply #left(%j)[%n]
      %tail = memref.subview %x[%r, %j] [1, %left] [1, 1]
          : memref<?x?xf16> to memref<1x?xf16, strided<[?, 1], offset: ?>>
      %mask = vector.create_mask %c1, %left : vector<1x32xi1>
      %v = vector.transfer_read %tail[%c0, %c0], %pad, %mask
          {in_bounds = [true, true]}
          : memref<1x?xf16, strided<[?, 1], offset: ?>>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s1 : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xf16>
      vector.transfer_write %h, %y[%r, %j], %mask {in_bounds = [true, true]}
          : vector<1x32xf16>, memref<?x?xf16>
    }
  }
  return
}

// -----

// Rows of a static length above max-row-bytes / 4 elements: left as they are.
// CHECK-LABEL: func.func @long_static_rows
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @long_static_rows(%x: memref<4x16416xf16>, %y: memref<4x16416xf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c16416 = arith.constant 16416 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  scf.forall (%r) in (%c4) {
    %s = scf.for %j = %c0 to %c16416 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x16416xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c16416 step %c32 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x16416xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xf16>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true, true]}
          : vector<1x32xf16>, memref<4x16416xf16>
    }
  }
  return
}
