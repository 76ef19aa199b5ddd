// RUN: norm-opt %s --convert-norm-to-linalg --linalg-fuse-elementwise-ops \
// RUN:   --canonicalize --norm-fuse-rows --canonicalize --cse | FileCheck %s

// Empty tensors cost no time in their non-zero dims: a slice loop whose
// results are all empty runs no iteration, and a linalg op left outside the
// slice loops is skipped when its iteration space is empty.

// Y [rows, cols] is empty when either is 0: the row loop's bound is then 0.
// CHECK-LABEL: func.func @lpnorm_rows
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[ROWS:.*]] = tensor.dim %{{.*}}, %[[C0]]
// CHECK-DAG:     %[[COLS:.*]] = tensor.dim %{{.*}}, %c1
// CHECK-DAG:     %[[ROWS0:.*]] = arith.cmpi eq, %[[ROWS]], %[[C0]]
// CHECK-DAG:     %[[COLS0:.*]] = arith.cmpi eq, %[[COLS]], %[[C0]]
// CHECK:         %[[EMPTY:.*]] = arith.ori %[[ROWS0]], %[[COLS0]]
// CHECK:         %[[BOUND:.*]] = arith.select %[[EMPTY]], %[[C0]], %[[ROWS]]
// CHECK:         scf.forall (%{{.*}}) in (%[[BOUND]])
func.func @lpnorm_rows(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// The loop also yields Mean and InvStdDev, NaN per row even for 0 columns:
// it runs for every row.
// CHECK-LABEL: func.func @layernorm_stats
// CHECK:         %[[ROWS:.*]] = tensor.dim %{{.*}}, %c0
// CHECK-NOT:     arith.select {{.*}}, %[[ROWS]]
// CHECK:         scf.forall (%{{.*}}) in (%[[ROWS]])
func.func @layernorm_stats(%x: tensor<?x?xf32>, %s: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

// A reduction outside any slice loop: skipped (the result is the init) when
// a dim of its iteration space is 0.
// CHECK-LABEL: func.func @column_sums
// CHECK-SAME:    (%[[X:.*]]: tensor<?x?xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG:     %[[D1:.*]] = tensor.dim %[[X]], %c1
// CHECK-DAG:     %[[FILL:.*]] = linalg.fill
// CHECK-DAG:     %[[Z0:.*]] = arith.cmpi eq, %[[D0]], %[[C0]]
// CHECK-DAG:     %[[Z1:.*]] = arith.cmpi eq, %[[D1]], %[[C0]]
// CHECK:         %[[EMPTY:.*]] = arith.ori %[[Z0]], %[[Z1]]
// CHECK:         %[[SUMS:.*]] = scf.if %[[EMPTY]] -> (tensor<?xf32>) {
// CHECK-NEXT:      scf.yield %[[FILL]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<?x?xf32>) outs(%[[FILL]] : tensor<?xf32>)
// CHECK:           scf.yield %[[R]]
// CHECK:         return %[[SUMS]]
#xy = affine_map<(d0, d1) -> (d0, d1)>
#y = affine_map<(d0, d1) -> (d1)>
func.func @column_sums(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%cols) : tensor<?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  %sums = linalg.generic {indexing_maps = [#xy, #y],
                          iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %sums : tensor<?xf32>
}

// Static non-zero sizes: nothing to skip.
// CHECK-LABEL: func.func @column_sums_static
// CHECK-NOT:     scf.if
// CHECK:         linalg.generic
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @column_sums_static(%x: tensor<4x8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<8xf32>) -> tensor<8xf32>
  %sums = linalg.generic {indexing_maps = [#xy, #y],
                          iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sums : tensor<8xf32>
}

// A constant X cast to a dynamic shape with rows longer than 1024: the f32
// sum of LpNormalization's guarded fast path reads X[:, 0:0], which
// canonicalization folds to a constant tensor<3x0xf32>. The reduction over
// it has an empty iteration space and is replaced by its init (the fill):
// tiling it crashed MLIR 22, and it has nothing to do.
// CHECK-LABEL: func.func @lpnorm_folded_empty_sum
// CHECK:         %[[FILL:.*]] = linalg.fill
// CHECK-NOT:     tensor<3x0xf32>
// CHECK:         linalg.map ins(%[[FILL]] : tensor<3xf32>)
// CHECK-NOT:     tensor<3x0xf32>
// CHECK:         return
func.func @lpnorm_folded_empty_sum() -> tensor<?x?xf32> {
  %xs = arith.constant dense<2.0> : tensor<3x2000xf32>
  %x = tensor.cast %xs : tensor<3x2000xf32> to tensor<?x?xf32>
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// A Scale of static shape [0, 1] for X [3, ?, ?] with axis 1: X's dim 1 is
// dynamic, so Y's iteration space is not statically empty, but the Scale
// operand has no element (its run-time check makes X's dim 1 equal 0), so
// the op runs no iteration and Y is its init. Tiling it sliced the Scale at
// offset 0 ("offset 0 is out-of-bounds: 0 >= 0" from the verifier of
// tensor.extract_slice). The statistics (NaN) are still computed: with no Y
// to root a loop over rows, their reduction is skipped when X is empty.
// CHECK-LABEL: func.func @rms_static_empty_scale
// CHECK-SAME:    (%[[X:.*]]: tensor<3x?x?xf32>, %[[S:.*]]: tensor<0x1xf32>)
// CHECK-NOT:     %[[S]]
// CHECK:         scf.if
// CHECK:           linalg.generic {{.*}} ins(%[[X]] : tensor<3x?x?xf32>) outs(%{{.*}} : tensor<3xf64>)
// CHECK-NOT:     %[[S]]
// CHECK:         %[[Y:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<3x?x?xf32>
// CHECK-NOT:     %[[S]]
// CHECK:         return %[[Y]], %{{.*}} : tensor<3x?x?xf32>, tensor<3x1x1xf32>
func.func @rms_static_empty_scale(%x: tensor<3x?x?xf32>, %s: tensor<0x1xf32>)
    -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>) {
  %y, %i = norm.rms_normalization %x, %s axis = 1
      : (tensor<3x?x?xf32>, tensor<0x1xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>)
  return %y, %i : tensor<3x?x?xf32>, tensor<3x1x1xf32>
}
