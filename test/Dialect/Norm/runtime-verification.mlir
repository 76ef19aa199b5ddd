// Run-time checks of what the verifiers cannot check on dynamic sizes.
// RUN: norm-opt %s --generate-runtime-verification -split-input-file | FileCheck %s

// A dynamic Scale size must be X's size or 1 (broadcast); a static Scale size
// other than 1 must be X's dynamic size; a static Mean size must be X's.
// CHECK-LABEL: func @layer_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<?x?xf32>, %[[S:.+]]: tensor<?xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK:       %[[C0:.+]] = arith.constant 0 : index
// CHECK:       %[[SSIZE:.+]] = tensor.dim %[[S]], %[[C0]] : tensor<?xf32>
// CHECK:       %[[C1:.+]] = arith.constant 1 : index
// CHECK:       %[[XSIZE:.+]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?xf32>
// CHECK:       %[[EQ:.+]] = arith.cmpi eq, %[[SSIZE]], %[[XSIZE]] : index
// CHECK:       %[[ONE:.+]] = arith.constant 1 : index
// CHECK:       %[[ISONE:.+]] = arith.cmpi eq, %[[SSIZE]], %[[ONE]] : index
// CHECK:       %[[OK:.+]] = arith.ori %[[EQ]], %[[ISONE]] : i1
// CHECK:       %[[MSG:.+]] = norm.check_message %[[OK]], "dimension 0 of 'Scale' is {0}, expected {1} (dimension 1 of 'X') or 1"(%[[SSIZE]], %[[XSIZE]])
// CHECK:       cf.assert %[[MSG]], "{{.*}}dimension 0 of 'Scale' is not broadcastable to dimension 1 of 'X' (sizes differ and are not 1)
// CHECK:       %[[C4:.+]] = arith.constant 4 : index
// CHECK:       %[[XSIZE2:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?xf32>
// CHECK:       %[[EQ2:.+]] = arith.cmpi eq, %[[C4]], %[[XSIZE2]] : index
// CHECK:       %[[MSG2:.+]] = norm.check_message %[[EQ2]], "dimension 0 of 'B' is {0}, expected {1} (dimension 1 of 'X') or 1"(%[[C4]], %[[XSIZE2]])
// CHECK:       cf.assert %[[MSG2]], "{{.*}}dimension 0 of 'B' is not broadcastable to dimension 1 of 'X'
// CHECK:       %[[C2:.+]] = arith.constant 2 : index
// CHECK:       %[[XROWS:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?xf32>
// CHECK:       %[[EQ3:.+]] = arith.cmpi eq, %[[C2]], %[[XROWS]] : index
// CHECK:       %[[MSG3:.+]] = norm.check_message %[[EQ3]], "dimension 0 of 'X' is {1}, expected {0} (the static size of result 'Mean')"(%[[C2]], %[[XROWS]])
// CHECK:       cf.assert %[[MSG3]], "{{.*}}dimension 0 of 'X' differs from the static size of result 'Mean'
// CHECK-NOT:   cf.assert
// CHECK:       norm.layer_normalization
func.func @layer_normalization(%x: tensor<?x?xf32>, %s: tensor<?xf32>, %b: tensor<4xf32>)
    -> (tensor<?x?xf32>, tensor<2x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<4xf32>)
      -> (tensor<?x?xf32>, tensor<2x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<2x1xf32>, tensor<?x1xf32>
}

// -----

// Static shapes, and a static Scale size of 1, need no check.
// CHECK-LABEL: func @layer_normalization_static
// CHECK-NOT:   cf.assert
// CHECK:       norm.layer_normalization
func.func @layer_normalization_static(%x: tensor<2x?xf32>, %s: tensor<1xf32>)
    -> tensor<2x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x?xf32>, tensor<1xf32>)
      -> (tensor<2x?xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func @normalizer
// CHECK-SAME: (%[[X:.+]]: tensor<?x3xi32>)
// CHECK:       %[[C2:.+]] = arith.constant 2 : index
// CHECK:       %[[ROWS:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x3xi32>
// CHECK:       %[[EQ:.+]] = arith.cmpi eq, %[[C2]], %[[ROWS]] : index
// CHECK:       %[[MSG:.+]] = norm.check_message %[[EQ]], "dimension 0 of 'X' is {1}, expected {0} (the static size of result 'Y')"(%[[C2]], %[[ROWS]])
// CHECK:       cf.assert %[[MSG]], "{{.*}}dimension 0 of 'X' differs from the static size of result 'Y'
// CHECK-NOT:   cf.assert
// CHECK:       norm.normalizer
func.func @normalizer(%x: tensor<?x3xi32>) -> tensor<2x3xf32> {
  %y = norm.normalizer %x : tensor<?x3xi32> -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// RMSNormalization: a dynamic Scale size must be X's size or 1, a static
// InvStdDev size must be X's.
// CHECK-LABEL: func @rms_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<?x?xf16>, %[[S:.+]]: tensor<?xf32>)
// CHECK:       %[[C0:.+]] = arith.constant 0 : index
// CHECK:       %[[SSIZE:.+]] = tensor.dim %[[S]], %[[C0]] : tensor<?xf32>
// CHECK:       %[[C1:.+]] = arith.constant 1 : index
// CHECK:       %[[XSIZE:.+]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?xf16>
// CHECK:       %[[EQ:.+]] = arith.cmpi eq, %[[SSIZE]], %[[XSIZE]] : index
// CHECK:       %[[ONE:.+]] = arith.constant 1 : index
// CHECK:       %[[ISONE:.+]] = arith.cmpi eq, %[[SSIZE]], %[[ONE]] : index
// CHECK:       %[[OK:.+]] = arith.ori %[[EQ]], %[[ISONE]] : i1
// CHECK:       %[[MSG:.+]] = norm.check_message %[[OK]], "dimension 0 of 'Scale' is {0}, expected {1} (dimension 1 of 'X') or 1"(%[[SSIZE]], %[[XSIZE]])
// CHECK:       cf.assert %[[MSG]], "{{.*}}dimension 0 of 'Scale' is not broadcastable to dimension 1 of 'X' (sizes differ and are not 1)
// CHECK:       %[[C3:.+]] = arith.constant 3 : index
// CHECK:       %[[XROWS:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?xf16>
// CHECK:       %[[EQ2:.+]] = arith.cmpi eq, %[[C3]], %[[XROWS]] : index
// CHECK:       %[[MSG2:.+]] = norm.check_message %[[EQ2]], "dimension 0 of 'X' is {1}, expected {0} (the static size of result 'InvStdDev')"(%[[C3]], %[[XROWS]])
// CHECK:       cf.assert %[[MSG2]], "{{.*}}dimension 0 of 'X' differs from the static size of result 'InvStdDev'
// CHECK-NOT:   cf.assert
// CHECK:       norm.rms_normalization
func.func @rms_normalization(%x: tensor<?x?xf16>, %s: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<3x1xf32>) {
  %y, %i = norm.rms_normalization %x, %s
      : (tensor<?x?xf16>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<3x1xf32>)
  return %y, %i : tensor<?x?xf32>, tensor<3x1xf32>
}
