// RUN: norm-opt %s --convert-norm-to-linalg --linalg-fuse-elementwise-ops \
// RUN:   --canonicalize --norm-fuse-rows --canonicalize --cse | FileCheck %s

// One loop nest per op: the reductions (sum, sum of squared deviations) and
// the elementwise tail run per row inside one scf.forall; no linalg op on
// the whole of X is left outside.

// CHECK-LABEL: func.func @layernorm
// CHECK-NOT:     linalg.generic
// CHECK:         scf.forall
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}tensor<1x?xf32>
// CHECK-NOT:       iterator_types = ["parallel", "reduction"]{{.*}}ins(%extracted_slice : tensor<1x?xf32>)
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}tensor<1x?xf32>
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}}tensor<1x?xf32>
// CHECK:           tensor.parallel_insert_slice
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                     %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

// A rank-3 X that the lowering keeps at rank 3 (LayerNorm with a Scale that
// varies over the outer dims; a rank-3 X with a [hidden] Scale is lowered as
// rows): a two-dimensional scf.forall over the slices [1, 1, ?].
// CHECK-LABEL: func.func @layernorm_rank3_scale_outer
// CHECK-NOT:     linalg.generic
// CHECK:         scf.forall ({{.*}}, {{.*}}) in
// CHECK:           linalg.generic {{.*}}tensor<1x1x?xf32>
// CHECK:           linalg.generic {{.*}}tensor<1x1x?xf32>
// CHECK:           tensor.parallel_insert_slice {{.+}} [1, 1, %{{.+}}] [1, 1, 1] : tensor<1x1x?xf32> into tensor<4x?x?xf32>
// CHECK:         return
func.func @layernorm_rank3_scale_outer(%x: tensor<4x?x?xf32>,
                                       %s: tensor<4x?x?xf32>)
    -> tensor<4x?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 2
      : (tensor<4x?x?xf32>, tensor<4x?x?xf32>)
      -> (tensor<4x?x?xf32>, tensor<4x?x1xf32>, tensor<4x?x1xf32>)
  return %y : tensor<4x?x?xf32>
}

// The leading axis: convert-norm-to-linalg already builds its loops (with
// 8 rows, fewer than 8 chunks of 8: one plain reduction, then Y row by row
// in an scf.forall); norm-fuse-rows adds none.
// CHECK-LABEL: func.func @lpnorm_axis0
// CHECK:         linalg.generic {{.+}} ins(%{{.+}} : tensor<8x16xf32>) outs(%{{.+}} : tensor<16xf64>)
// CHECK:         scf.forall (%{{.+}}) in (8) shared_outs(%{{.+}} = %{{.+}}) -> (tensor<8x16xf32>)
// CHECK-NOT:     scf.forall (
// CHECK:         return
func.func @lpnorm_axis0(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
