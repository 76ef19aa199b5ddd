// Above rank 8 (kMaxUncollapsedRank) the lowering of GroupNormalization
// runs on X collapsed to rank 3 and expands the results back: the pipeline
// then tiles and lowers rank-3 loop nests, whatever X's rank
// (docs/Development.md, "Compile time and rank"); rank 8 and below keep
// their own lowering. LpNormalization ([outer, axis, inner]),
// LayerNormalization and RMSNormalization (rows [O, n]) are collapsed at
// every rank where that removes dims (rank 3: lp-normalization.mlir,
// layer-normalization.mlir, rms-normalization.mlir). The values at rank 300
// and 100: test/Integration/Mixed/edge/high-rank.mlir.
// RUN: norm-opt %s --convert-norm-to-linalg -split-input-file | FileCheck %s

// A middle axis: [d0 * ... * d3, d4, d5 * ... * d8].
// CHECK-LABEL: func @lp_middle
// CHECK-SAME:  (%[[X:.+]]: tensor<2x1x3x1x4x1x5x1x2xf32>)
// CHECK:       %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2, 3], [4], [5, 6, 7, 8]] : tensor<2x1x3x1x4x1x5x1x2xf32> into tensor<6x4x10xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[C]] : tensor<6x4x10xf32>)
// CHECK:       %[[Y:.+]] = linalg.generic {{.*}} ins(%[[C]], %{{.+}} : tensor<6x4x10xf32>, tensor<6x10xf64>)
// CHECK:       %[[E:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1, 2, 3], [4], [5, 6, 7, 8]] output_shape [2, 1, 3, 1, 4, 1, 5, 1, 2] : tensor<6x4x10xf32> into tensor<2x1x3x1x4x1x5x1x2xf32>
// CHECK:       return %[[E]]
func.func @lp_middle(%x: tensor<2x1x3x1x4x1x5x1x2xf32>) -> tensor<2x1x3x1x4x1x5x1x2xf32> {
  %y = norm.lp_normalization %x axis = 4 p = 2 : tensor<2x1x3x1x4x1x5x1x2xf32>
  return %y : tensor<2x1x3x1x4x1x5x1x2xf32>
}

// -----

// The innermost axis with dynamic sizes: Y expanded to X's run-time sizes.
// CHECK-LABEL: func @lp_dynamic
// CHECK-SAME:  (%[[X:.+]]: tensor<?x1x3x1x?x1x5x1x?xf16>)
// CHECK:       %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] : tensor<?x1x3x1x?x1x5x1x?xf16> into tensor<?x?xf16>
// CHECK:       %[[Y:.+]] = linalg.generic {{.*}} ins(%[[C]], %{{.+}} : tensor<?x?xf16>, tensor<?xf32>)
// CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:   %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:   %[[D0:.+]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG:   %[[D4:.+]] = tensor.dim %[[X]], %[[C4]]
// CHECK-DAG:   %[[D8:.+]] = tensor.dim %[[X]], %[[C8]]
// CHECK:       %[[E:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] output_shape [%[[D0]], 1, 3, 1, %[[D4]], 1, 5, 1, %[[D8]]] : tensor<?x?xf16> into tensor<?x1x3x1x?x1x5x1x?xf16>
// CHECK:       return %[[E]]
func.func @lp_dynamic(%x: tensor<?x1x3x1x?x1x5x1x?xf16>) -> tensor<?x1x3x1x?x1x5x1x?xf16> {
  %y = norm.lp_normalization %x axis = -1 p = 1 : tensor<?x1x3x1x?x1x5x1x?xf16>
  return %y : tensor<?x1x3x1x?x1x5x1x?xf16>
}

// -----

// Rank 8: LpNormalization is collapsed at every rank where that removes
// dims (GroupNormalization only above rank 8).
// CHECK-LABEL: func @lp_rank8
// CHECK:       %[[C:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2, 3], [4], [5, 6, 7]] : tensor<2x1x3x1x4x1x5x2xf32> into tensor<6x4x10xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[C]] : tensor<6x4x10xf32>)
// CHECK:       tensor.expand_shape
// CHECK:       return
func.func @lp_rank8(%x: tensor<2x1x3x1x4x1x5x2xf32>) -> tensor<2x1x3x1x4x1x5x2xf32> {
  %y = norm.lp_normalization %x axis = 4 p = 2 : tensor<2x1x3x1x4x1x5x2xf32>
  return %y : tensor<2x1x3x1x4x1x5x2xf32>
}

// -----

// LayerNormalization over the innermost dim alone: X as [O, n], the
// statistics [O, 1] expanded to [d0, ..., d7, 1].
// CHECK-LABEL: func @layer_last
// CHECK-SAME:  (%[[X:.+]]: tensor<2x1x3x1x1x1x1x1x5xf32>
// CHECK:       tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] : tensor<2x1x3x1x1x1x1x1x5xf32> into tensor<6x5xf32>
// CHECK:       %[[Y:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] output_shape [2, 1, 3, 1, 1, 1, 1, 1, 5] : tensor<6x5xf32> into tensor<2x1x3x1x1x1x1x1x5xf32>
// CHECK:       %[[M:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] output_shape [2, 1, 3, 1, 1, 1, 1, 1, 1] : tensor<6x1xf32> into tensor<2x1x3x1x1x1x1x1x1xf32>
// CHECK:       %[[I:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] output_shape [2, 1, 3, 1, 1, 1, 1, 1, 1] : tensor<6x1xf32> into tensor<2x1x3x1x1x1x1x1x1xf32>
// CHECK:       return %[[Y]], %[[M]], %[[I]]
func.func @layer_last(%x: tensor<2x1x3x1x1x1x1x1x5xf32>, %s: tensor<5xf32>) -> (tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s : (tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<5xf32>) -> (tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>)
  return %y, %m, %i : tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>
}

// -----

// RMSNormalization: the same collapse; Y and InvStdDev expanded back.
// CHECK-LABEL: func @rms_last
// CHECK-SAME:  (%[[X:.+]]: tensor<2x1x3x1x1x1x1x1x5xf32>
// CHECK:       tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] : tensor<2x1x3x1x1x1x1x1x5xf32> into tensor<6x5xf32>
// CHECK:       %[[Y:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] output_shape [2, 1, 3, 1, 1, 1, 1, 1, 5] : tensor<6x5xf32> into tensor<2x1x3x1x1x1x1x1x5xf32>
// CHECK:       %[[I:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1, 2, 3, 4, 5, 6, 7], [8]] output_shape [2, 1, 3, 1, 1, 1, 1, 1, 1] : tensor<6x1xf32> into tensor<2x1x3x1x1x1x1x1x1xf32>
// CHECK:       return %[[Y]], %[[I]]
func.func @rms_last(%x: tensor<2x1x3x1x1x1x1x1x5xf32>, %s: tensor<5xf32>) -> (tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>) {
  %y, %i = norm.rms_normalization %x, %s : (tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<5xf32>) -> (tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>)
  return %y, %i : tensor<2x1x3x1x1x1x1x1x5xf32>, tensor<2x1x3x1x1x1x1x1x1xf32>
}

// -----

// GroupNormalization (NCHW): X as [N, C, D1 * ... * Dn], then the rank-3
// lowering.
// CHECK-LABEL: func @group
// CHECK-SAME:  (%[[X:.+]]: tensor<2x4x1x3x1x1x1x1x5xf32>
// CHECK:       tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3, 4, 5, 6, 7, 8]] : tensor<2x4x1x3x1x1x1x1x5xf32> into tensor<2x4x15xf32>
// CHECK:       %[[E:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0], [1], [2, 3, 4, 5, 6, 7, 8]] output_shape [2, 4, 1, 3, 1, 1, 1, 1, 5] : tensor<2x4x15xf32> into tensor<2x4x1x3x1x1x1x1x5xf32>
// CHECK:       return %[[E]]
func.func @group(%x: tensor<2x4x1x3x1x1x1x1x5xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x4x1x3x1x1x1x1x5xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 2 : (tensor<2x4x1x3x1x1x1x1x5xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x1x3x1x1x1x1x5xf32>
  return %y : tensor<2x4x1x3x1x1x1x1x5xf32>
}

// -----

// GroupNormalization, channels last: X as [N, D1 * ... * Dn, C].
// CHECK-LABEL: func @group_channels_last
// CHECK-SAME:  (%[[X:.+]]: tensor<2x1x3x1x1x1x1x5x4xf32>
// CHECK:       tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2, 3, 4, 5, 6, 7], [8]] : tensor<2x1x3x1x1x1x1x5x4xf32> into tensor<2x15x4xf32>
// CHECK:       scf.forall
// CHECK:       %[[E:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0], [1, 2, 3, 4, 5, 6, 7], [8]] output_shape [2, 1, 3, 1, 1, 1, 1, 5, 4] : tensor<2x15x4xf32> into tensor<2x1x3x1x1x1x1x5x4xf32>
// CHECK:       return %[[E]]
func.func @group_channels_last(%x: tensor<2x1x3x1x1x1x1x5x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x1x3x1x1x1x1x5x4xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 2 channels_last : (tensor<2x1x3x1x1x1x1x5x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x1x3x1x1x1x1x5x4xf32>
  return %y : tensor<2x1x3x1x1x1x1x5x4xf32>
}
