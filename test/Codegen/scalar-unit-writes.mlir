// RUN: norm-opt %s --split-input-file --norm-scalar-unit-writes | FileCheck %s

// Single-element vector writes into stack buffers of several elements (and
// views of them) become scalar stores at the same indices: LLVM 22's SROA
// builds invalid IR from some blocks of single-element vector stores that
// cover such an alloca (Passes.td, docs/Development.md).
// CHECK-LABEL: func.func @unit_writes(
// CHECK-SAME:      %[[V:.+]]: vector<1xf64>, %[[W:.+]]: vector<1x1xf32>, %[[Z:.+]]: vector<f32>, %[[I:.+]]: index, %[[J:.+]]: index)
// CHECK:         %[[M:.+]] = memref.alloca() : memref<5xf64>
// CHECK:         %[[M2:.+]] = memref.alloca() : memref<3x4xf32>
// CHECK:         %[[E:.+]] = vector.extract %[[V]][0] : f64 from vector<1xf64>
// CHECK:         memref.store %[[E]], %[[M]][%[[I]]] : memref<5xf64>
// CHECK:         %[[S:.+]] = memref.subview %[[M]][%[[I]]] [1] [1]
// CHECK:         %[[ES:.+]] = vector.extract %[[V]][0] : f64 from vector<1xf64>
// CHECK:         memref.store %[[ES]], %[[S]][%[[J]]]
// CHECK:         %[[E2:.+]] = vector.extract %[[W]][0, 0] : f32 from vector<1x1xf32>
// CHECK:         memref.store %[[E2]], %[[M2]][%[[I]], %[[J]]] : memref<3x4xf32>
// CHECK:         %[[F:.+]] = vector.extract %[[Z]][] : f32 from vector<f32>
// CHECK:         %[[B:.+]] = vector.broadcast %[[F]] : f32 to vector<1xf32>
// CHECK:         %[[E3:.+]] = vector.extract %[[B]][0] : f32 from vector<1xf32>
// CHECK:         memref.store %[[E3]], %[[M2]][%[[J]], %[[I]]] : memref<3x4xf32>
// CHECK-NOT:     vector.transfer_write
// CHECK:         return
func.func @unit_writes(%v: vector<1xf64>, %w: vector<1x1xf32>,
                       %z: vector<f32>, %i: index, %j: index) {
  %m = memref.alloca() : memref<5xf64>
  %m2 = memref.alloca() : memref<3x4xf32>
  vector.transfer_write %v, %m[%i] {in_bounds = [true]}
      : vector<1xf64>, memref<5xf64>
  // Through a subview (the slice buffers' per-row views).
  %s = memref.subview %m[%i] [1] [1]
      : memref<5xf64> to memref<1xf64, strided<[1], offset: ?>>
  vector.transfer_write %v, %s[%j] {in_bounds = [true]}
      : vector<1xf64>, memref<1xf64, strided<[1], offset: ?>>
  vector.transfer_write %w, %m2[%i, %j] {in_bounds = [true, true]}
      : vector<1x1xf32>, memref<3x4xf32>
  // A 1-D vector written along the outer dim: still one element.
  %f = vector.extract %z[] : f32 from vector<f32>
  %b = vector.broadcast %f : f32 to vector<1xf32>
  vector.transfer_write %b, %m2[%j, %i]
      {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>}
      : vector<1xf32>, memref<3x4xf32>
  return
}

// -----

// Left alone: several elements; a write that may be out of bounds (it
// writes nothing there); a masked write; a write into a tensor; writes into
// a stack buffer of one element (one store covers it: no merge), a heap
// buffer or a function argument (not SROA's).
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-7: vector.transfer_write
// CHECK-NOT:     memref.store
func.func @kept(%arg: memref<5xf64>, %v: vector<1xf64>, %v4: vector<4xf64>,
                %mask: vector<1xi1>, %t: tensor<?xf64>, %i: index)
    -> tensor<?xf64> {
  %m = memref.alloca() : memref<5xf64>
  vector.transfer_write %v4, %m[%i] {in_bounds = [true]}
      : vector<4xf64>, memref<5xf64>
  vector.transfer_write %v, %m[%i] : vector<1xf64>, memref<5xf64>
  vector.transfer_write %v, %m[%i], %mask {in_bounds = [true]}
      : vector<1xf64>, memref<5xf64>
  %r = vector.transfer_write %v, %t[%i] {in_bounds = [true]}
      : vector<1xf64>, tensor<?xf64>
  %one = memref.alloca() : memref<1xf64>
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %one[%c0] {in_bounds = [true]}
      : vector<1xf64>, memref<1xf64>
  %heap = memref.alloc() : memref<5xf64>
  vector.transfer_write %v, %heap[%i] {in_bounds = [true]}
      : vector<1xf64>, memref<5xf64>
  vector.transfer_write %v, %arg[%i] {in_bounds = [true]}
      : vector<1xf64>, memref<5xf64>
  memref.dealloc %heap : memref<5xf64>
  return %r : tensor<?xf64>
}
