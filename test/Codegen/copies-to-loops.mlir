// RUN: norm-opt %s --split-input-file --norm-copies-to-loops | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-copies-to-loops \
// RUN:   --finalize-memref-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=memrefCopy
// RUN: norm-opt %s --split-input-file --finalize-memref-to-llvm \
// RUN:   | FileCheck %s --check-prefix=BEFORE

// memref.copy that memref-to-llvm would lower to a call of memrefCopy (MLIR's
// runner utilities, which an object of norm-compile cannot link) becomes
// loops of loads and stores; a copy it lowers to one memcpy stays.
// BEFORE: llvm.call @memrefCopy

// A buffer copied into a row block of another (dynamic size, dynamic
// offset), as bufferization writes for the row blocks of
// Instance/GroupNormalization with a dynamic batch.
// CHECK-LABEL: func.func @row_block(
// CHECK-SAME:      %[[SRC:.+]]: memref<?xf32>, %[[DST:.+]]: memref<?xf32>,
// CHECK:         %[[VIEW:.+]] = memref.subview %[[DST]]
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[N:.+]] = memref.dim %[[SRC]], %{{.+}} : memref<?xf32>
// CHECK:         scf.for %[[I:.+]] = %[[C0]] to %[[N]] step %[[C1]] {
// CHECK-NEXT:      %[[V:.+]] = memref.load %[[SRC]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:      memref.store %[[V]], %[[VIEW]][%[[I]]] : memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    }
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @row_block(%src: memref<?xf32>, %dst: memref<?xf32>, %off: index,
                     %n: index) {
  %view = memref.subview %dst[%off] [%n] [1]
      : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %src, %view
      : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// -----

// A static strided source (rows of 3 out of 8): one loop per dim, the
// outer dim first, static bounds.
// CHECK-LABEL: func.func @static_strided(
// CHECK-SAME:      %[[SRC:.+]]: memref<2x3xf16, strided<[8, 1], offset: ?>>, %[[DST:.+]]: memref<2x3xf16>)
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %[[C2]]
// CHECK:           scf.for %[[J:.+]] = %{{.+}} to %[[C3]]
// CHECK-NEXT:        %[[V:.+]] = memref.load %[[SRC]][%[[I]], %[[J]]]
// CHECK-NEXT:        memref.store %[[V]], %[[DST]][%[[I]], %[[J]]] : memref<2x3xf16>
// CHECK-NOT:     memref.copy
func.func @static_strided(%src: memref<2x3xf16, strided<[8, 1], offset: ?>>,
                          %dst: memref<2x3xf16>) {
  memref.copy %src, %dst
      : memref<2x3xf16, strided<[8, 1], offset: ?>> to memref<2x3xf16>
  return
}

// -----

// Identity layouts: memref-to-llvm copies with one memcpy; left alone.
// CHECK-LABEL: func.func @contiguous(
// CHECK:         memref.copy %{{.+}}, %{{.+}} : memref<?x4xf32> to memref<?x4xf32>
// CHECK-NOT:     scf.for
// LLVM-LABEL:  func.func @contiguous(
// LLVM:          "llvm.intr.memcpy"
func.func @contiguous(%src: memref<?x4xf32>, %dst: memref<?x4xf32>) {
  memref.copy %src, %dst : memref<?x4xf32> to memref<?x4xf32>
  return
}
