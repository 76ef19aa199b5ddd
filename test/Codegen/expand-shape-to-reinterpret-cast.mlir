// RUN: norm-opt %s --split-input-file --norm-expand-shape-to-reinterpret-cast | FileCheck %s

// One dim split into two dynamic ones (what expand-strided-metadata crashes
// on in MLIR 22): offset 0, the output shape as sizes, row-major strides
// (1, the innermost size, the product of the two inner sizes).
// CHECK-LABEL: func.func @two_dynamic(
// CHECK-SAME:      %[[M:.+]]: memref<?x?xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index, %[[D2:.+]]: index)
// CHECK:         %[[S0:.+]] = arith.muli %[[D2]], %[[D1]] : index
// CHECK:         %[[R:.+]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[D0]], %[[D1]], %[[D2]]], strides: [%[[S0]], %[[D2]], 1] : memref<?x?xf32> to memref<?x?x?xf32>
// CHECK-NOT:     memref.expand_shape
// CHECK:         return %[[R]]
func.func @two_dynamic(%m: memref<?x?xf32>, %d0: index, %d1: index,
                       %d2: index) -> memref<?x?x?xf32> {
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%d0, %d1, %d2]
      : memref<?x?xf32> into memref<?x?x?xf32>
  return %e : memref<?x?x?xf32>
}

// -----

// Static sizes: static sizes and strides.
// CHECK-LABEL: func.func @static(
// CHECK-SAME:      %[[M:.+]]: memref<6x4xf32>)
// CHECK:         %[[R:.+]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [2, 3, 4], strides: [12, 4, 1] : memref<6x4xf32> to memref<2x3x4xf32>
// CHECK:         return %[[R]]
func.func @static(%m: memref<6x4xf32>) -> memref<2x3x4xf32> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 4]
      : memref<6x4xf32> into memref<2x3x4xf32>
  return %e : memref<2x3x4xf32>
}

// -----

// A strided source is not an identity layout: left to
// expand-strided-metadata.
// CHECK-LABEL: func.func @strided_source(
// CHECK:         memref.expand_shape
// CHECK-NOT:     memref.reinterpret_cast
func.func @strided_source(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>,
                          %d: index)
    -> memref<2x2x?xf32, strided<[?, ?, 1], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, %d]
      : memref<4x?xf32, strided<[?, 1], offset: ?>>
        into memref<2x2x?xf32, strided<[?, ?, 1], offset: ?>>
  return %e : memref<2x2x?xf32, strided<[?, ?, 1], offset: ?>>
}
