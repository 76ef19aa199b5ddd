// RUN: norm-opt %s --split-input-file --norm-prefetch-rows | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-prefetch-rows='stream-distance=0' \
// RUN:   | FileCheck %s --check-prefix=OFF

// A column loop reading four rows at once (leading-axis sums): each row is
// prefetched stream-distance bytes (default 1024: 256 f32) ahead of the
// tile, the column clamped to the last one, one prefetch per 64-byte line
// of the 32 x f32 tile (offsets 0 and 16), into the outer cache levels
// (locality 1).
// CHECK-LABEL: func.func @four_streams(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[B:[a-z0-9]+]]: memref<?x?xf32>, %[[C:[a-z0-9]+]]: memref<?x?xf32>, %[[D:[a-z0-9]+]]: memref<?x?xf32>, %[[R:[a-z0-9]+]]: index
// CHECK:         %[[ACOLS:.+]] = memref.dim %[[A]], %c1
// CHECK:         %[[ALAST:.+]] = arith.subi %[[ACOLS]], %c1
// CHECK:         scf.for %[[J:[a-z0-9]+]] =
// CHECK:           %[[J256:.+]] = arith.addi %[[J]], %c256
// CHECK:           %[[COL:.+]] = arith.minui %[[J256]], %[[ALAST]]
// CHECK:           memref.prefetch %[[A]][%[[R]], %[[COL]]], read, locality<1>, data
// CHECK:           %[[J272:.+]] = arith.addi %[[J]], %c272
// CHECK:           %[[COL2:.+]] = arith.minui %[[J272]], %[[ALAST]]
// CHECK:           memref.prefetch %[[A]][%[[R]], %[[COL2]]], read, locality<1>, data
// CHECK:           vector.transfer_read %[[A]][%[[R]], %[[J]]]
// CHECK-COUNT-2:   memref.prefetch %[[B]][%[[R]], %{{.+}}]
// CHECK:           vector.transfer_read %[[B]][%[[R]], %[[J]]]
// CHECK-COUNT-2:   memref.prefetch %[[C]][%[[R]], %{{.+}}]
// CHECK:           vector.transfer_read %[[C]][%[[R]], %[[J]]]
// CHECK-COUNT-2:   memref.prefetch %[[D]][%[[R]], %{{.+}}]
// CHECK:           vector.transfer_read %[[D]][%[[R]], %[[J]]]
// OFF-LABEL: func.func @four_streams(
// OFF-NOT:     memref.prefetch
func.func @four_streams(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                        %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                        %r: index, %n: index) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %sum = scf.for %j = %c0 to %n step %c32 iter_args(%acc = %zero)
      -> (vector<32xf32>) {
    %va = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vb = vector.transfer_read %b[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vc = vector.transfer_read %c[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vd = vector.transfer_read %d[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %s0 = arith.addf %va, %vb : vector<32xf32>
    %s1 = arith.addf %vc, %vd : vector<32xf32>
    %s2 = arith.addf %s0, %s1 : vector<32xf32>
    %next = arith.addf %acc, %s2 : vector<32xf32>
    scf.yield %next : vector<32xf32>
  }
  return %sum : vector<32xf32>
}

// -----

// Three streams (or masked reads) are left to the hardware prefetchers.
// CHECK-LABEL: func.func @three_streams(
// CHECK-NOT:     memref.prefetch
func.func @three_streams(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                         %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                         %r: index, %n: index, %m: vector<32xi1>)
    -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<32xf32>
  %sum = scf.for %j = %c0 to %n step %c32 iter_args(%acc = %zero)
      -> (vector<32xf32>) {
    %va = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vb = vector.transfer_read %b[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vc = vector.transfer_read %c[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vd = vector.transfer_read %d[%r, %j], %pad, %m {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %s0 = arith.addf %va, %vb : vector<32xf32>
    %s1 = arith.addf %vc, %vd : vector<32xf32>
    %s2 = arith.addf %s0, %s1 : vector<32xf32>
    %next = arith.addf %acc, %s2 : vector<32xf32>
    scf.yield %next : vector<32xf32>
  }
  return %sum : vector<32xf32>
}

// -----

// Memrefs of index (no size in bytes) get no prefetches, in either rule.
// CHECK-LABEL: func.func @sum4(
// CHECK-NOT:     memref.prefetch
func.func @sum4(%a: memref<?x?xindex>, %b: memref<?x?xindex>, %c: memref<?x?xindex>, %d: memref<?x?xindex>, %n: index) -> vector<8xindex> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant dense<0> : vector<8xindex>
  %pad = arith.constant 0 : index
  %r = scf.for %j = %c0 to %n step %c8 iter_args(%acc = %z) -> vector<8xindex> {
    %v0 = vector.transfer_read %a[%c0, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
    %v1 = vector.transfer_read %b[%c0, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
    %v2 = vector.transfer_read %c[%c0, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
    %v3 = vector.transfer_read %d[%c0, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
    %s = arith.addi %v0, %v1 : vector<8xindex>
    %s2 = arith.addi %v2, %v3 : vector<8xindex>
    %s3 = arith.addi %s, %s2 : vector<8xindex>
    %t = arith.addi %acc, %s3 : vector<8xindex>
    scf.yield %t : vector<8xindex>
  }
  return %r : vector<8xindex>
}

// -----

// CHECK-LABEL: func.func @rows(
// CHECK-NOT:     memref.prefetch
func.func @rows(%a: memref<?x?xindex>, %o: memref<?x8xindex>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant dense<0> : vector<8xindex>
  %pad = arith.constant 0 : index
  scf.forall (%r) in (%m) {
    %s1 = scf.for %j = %c0 to %n step %c8 iter_args(%acc = %z) -> vector<8xindex> {
      %v = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
      %t = arith.addi %acc, %v : vector<8xindex>
      scf.yield %t : vector<8xindex>
    }
    %s2 = scf.for %j = %c0 to %n step %c8 iter_args(%acc = %s1) -> vector<8xindex> {
      %v = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
      %t = arith.muli %acc, %v : vector<8xindex>
      scf.yield %t : vector<8xindex>
    }
    %s3 = scf.for %j = %c0 to %n step %c8 iter_args(%acc = %s2) -> vector<8xindex> {
      %v = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]} : memref<?x?xindex>, vector<8xindex>
      %t = arith.subi %acc, %v : vector<8xindex>
      scf.yield %t : vector<8xindex>
    }
    vector.transfer_write %s3, %o[%r, %c0] {in_bounds = [true]} : vector<8xindex>, memref<?x8xindex>
  }
  return
}
