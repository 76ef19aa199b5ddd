// Round trip of norm.batch_normalization, norm.instance_normalization and
// norm.group_normalization in the custom form and through the generic form
// (the generic forms of issue 20 are parsed as written there).
// RUN: norm-opt %s --verify-roundtrip | FileCheck %s
// RUN: norm-opt %s --mlir-print-op-generic | norm-opt | FileCheck %s
// RUN: norm-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func @batch_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4x4xf32>, %[[S:.+]]: tensor<3xf32>, %[[B:.+]]: tensor<3xf32>, %[[M:.+]]: tensor<3xf32>, %[[V:.+]]: tensor<3xf32>, %[[D:.+]]: tensor<?x?xf16>, %[[H:.+]]: tensor<?xbf16>, %[[W:.+]]: tensor<?xf64>)
func.func @batch_normalization(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>,
    %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>,
    %d: tensor<?x?xf16>, %h: tensor<?xbf16>, %w: tensor<?xf64>)
    -> (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>, tensor<?x?xf16>) {
  // CHECK: norm.batch_normalization %[[X]], %[[S]], %[[B]], %[[M]], %[[V]] : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  // GENERIC: "norm.batch_normalization"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 9.99999974E-6 : f32}> : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  %0 = "norm.batch_normalization"(%x, %s, %b, %m, %v) {epsilon = 1.0e-05 : f32}
      : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  // CHECK: norm.batch_normalization %[[X]], %[[S]], %[[B]], %[[M]], %[[V]] epsilon = 1.000000e-03 :
  // GENERIC: "norm.batch_normalization"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 1.000000e-03 : f32}>
  %1 = norm.batch_normalization %x, %s, %b, %m, %v epsilon = 1.0e-03
      : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  // T, T1 and T2 differ; dynamic sizes.
  // CHECK: norm.batch_normalization %[[D]], %[[H]], %[[H]], %[[W]], %[[W]] : (tensor<?x?xf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf64>, tensor<?xf64>) -> tensor<?x?xf16>
  %2 = norm.batch_normalization %d, %h, %h, %w, %w
      : (tensor<?x?xf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf64>, tensor<?xf64>) -> tensor<?x?xf16>
  return %0, %1, %2 : tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>, tensor<?x?xf16>
}

// CHECK-LABEL: func @instance_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4x4xf16>, %[[S:.+]]: tensor<3xf16>, %[[B:.+]]: tensor<3xf16>)
func.func @instance_normalization(%x: tensor<2x3x4x4xf16>, %s: tensor<3xf16>,
    %b: tensor<3xf16>) -> (tensor<2x3x4x4xf16>, tensor<?x3x?xf16>) {
  // CHECK: norm.instance_normalization %[[X]], %[[S]], %[[B]] : (tensor<2x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x4x4xf16>
  // GENERIC: "norm.instance_normalization"(%{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 9.99999974E-6 : f32}> : (tensor<2x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x4x4xf16>
  %0 = "norm.instance_normalization"(%x, %s, %b) {epsilon = 1.0e-05 : f32}
      : (tensor<2x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x4x4xf16>
  %c = tensor.collapse_shape %x [[0], [1], [2, 3]] : tensor<2x3x4x4xf16> into tensor<2x3x16xf16>
  %d = tensor.cast %c : tensor<2x3x16xf16> to tensor<?x3x?xf16>
  // CHECK: norm.instance_normalization %{{.+}}, %[[S]], %[[B]] epsilon = 2.500000e-01 : (tensor<?x3x?xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<?x3x?xf16>
  %1 = norm.instance_normalization %d, %s, %b epsilon = 0.25
      : (tensor<?x3x?xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<?x3x?xf16>
  return %0, %1 : tensor<2x3x4x4xf16>, tensor<?x3x?xf16>
}

// CHECK-LABEL: func @group_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<2x8x5x5xf32>, %[[S:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>, %[[D:.+]]: tensor<?x?xbf16>, %[[DS:.+]]: tensor<?xbf16>)
func.func @group_normalization(%x: tensor<2x8x5x5xf32>, %s: tensor<8xf32>,
    %b: tensor<8xf32>, %d: tensor<?x?xbf16>, %ds: tensor<?xbf16>)
    -> (tensor<2x8x5x5xf32>, tensor<2x8x5x5xf32>, tensor<?x?xbf16>) {
  // CHECK: norm.group_normalization %[[X]], %[[S]], %[[B]] num_groups = 4 : (tensor<2x8x5x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5x5xf32>
  // GENERIC: "norm.group_normalization"(%{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 9.99999974E-6 : f32, num_groups = 4 : i64, stash_type = 1 : i64}> : (tensor<2x8x5x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5x5xf32>
  %0 = "norm.group_normalization"(%x, %s, %b) {epsilon = 1.0e-05 : f32, num_groups = 4 : i64, stash_type = 1 : i64}
      : (tensor<2x8x5x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5x5xf32>
  // CHECK: norm.group_normalization %[[X]], %[[S]], %[[B]] num_groups = 8 epsilon = 1.000000e-03 stash_type = 11 :
  // GENERIC: "norm.group_normalization"(%{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 1.000000e-03 : f32, num_groups = 8 : i64, stash_type = 11 : i64}>
  %1 = norm.group_normalization %x, %s, %b num_groups = 8 epsilon = 1.0e-03 stash_type = 11
      : (tensor<2x8x5x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5x5xf32>
  // Rank 2 and a dynamic C (checked at run time).
  // CHECK: norm.group_normalization %[[D]], %[[DS]], %[[DS]] num_groups = 3 : (tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  %2 = norm.group_normalization %d, %ds, %ds num_groups = 3
      : (tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  return %0, %1, %2 : tensor<2x8x5x5xf32>, tensor<2x8x5x5xf32>, tensor<?x?xbf16>
}
