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
