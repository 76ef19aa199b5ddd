// RUN: norm-opt %s --split-input-file --norm-fuse-elementwise | FileCheck %s

// Elementwise producer with a single use: fused into its consumer, as by
// linalg-fuse-elementwise-ops.
// CHECK-LABEL: func.func @fuse_chain(
// CHECK-SAME:      %[[X:.+]]: tensor<?xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]] : tensor<?xf32>)
// CHECK:           math.absf
// CHECK:           arith.mulf
// CHECK:         return %[[R]]
func.func @fuse_chain(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.absf %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.mulf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %m : tensor<?xf32>
}

// -----

// A result expanded after the op (the collapsed LayerNormalization's Y):
// the expand_shape stays after the 2-D op. linalg-fuse-elementwise-ops
// would move it above, giving a 3-D op over [?, ?, ?].
// CHECK-LABEL: func.func @keep_expand_below(
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        outs(%{{.+}} : tensor<?x?xf32>)
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[R]] {{\[}}[0], [1, 2]]
// CHECK:         return %[[E]]
func.func @keep_expand_below(%x: tensor<?x?xf32>, %d0: index, %d1: index,
                             %d2: index) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %x, %c0 : tensor<?x?xf32>
  %c = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%r, %c) : tensor<?x?xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.absf %in : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  %y = tensor.expand_shape %a [[0], [1, 2]] output_shape [%d0, %d1, %d2]
      : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// A slice of an upstream elementwise result with a static size of 0 (a
// quarter of RMSNormalization's sum of squares on rows of 3 elements) holds
// no element: it becomes an empty tensor of its shape, with no tile of the
// producer (tiling the producer to it crashed in linalg's tiling).
// CHECK-LABEL: func.func @zero_size_slice(
// CHECK-NOT:     tensor.extract_slice {{.*}} [2, 0]
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<2x0xf16>
// CHECK:         linalg.generic {{.*}} ins(%[[EMPTY]] : tensor<2x0xf16>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @zero_size_slice(%a: tensor<2x3xf16>, %b: tensor<2x3xf16>)
    -> tensor<2xf32> {
  %sum = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xf16>, tensor<2x3xf16>)
      outs(%a : tensor<2x3xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.addf %x, %y : f16
    linalg.yield %s : f16
  } -> tensor<2x3xf16>
  %quarter = tensor.extract_slice %sum[0, 0] [2, 0] [1, 1]
      : tensor<2x3xf16> to tensor<2x0xf16>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<2xf32>)
      -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#id, #row],
                       iterator_types = ["parallel", "reduction"]}
      ins(%quarter : tensor<2x0xf16>) outs(%fill : tensor<2xf32>) {
  ^bb0(%x: f16, %acc: f32):
    %w = arith.extf %x : f16 to f32
    %t = arith.addf %acc, %w : f32
    linalg.yield %t : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}
