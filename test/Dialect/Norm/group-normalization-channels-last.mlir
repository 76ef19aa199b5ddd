// norm.group_normalization's optional attributes of ONNX Runtime's GroupNorm
// (docs/semantics.md, GroupNormalization): `channels_last` (X [N, D..., C])
// and `activation` (0 none, 1 SiLU). The custom form leaves out absent and
// default values, the generic form without them is the NCHW op, and the
// verifier takes C from X's last dim under `channels_last`.
// RUN: norm-opt %s -split-input-file --verify-roundtrip | FileCheck %s
// RUN: norm-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @nhwc_silu
// CHECK: norm.group_normalization %{{.*}}, %{{.*}}, %{{.*}} num_groups = 32 channels_last activation = 1 : (tensor<2x4x4x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<2x4x4x64xf16>
// GENERIC-LABEL: sym_name = "nhwc_silu"
// GENERIC: "norm.group_normalization"({{.*}}) <{activation = 1 : i64, channels_last, epsilon = 9.99999974E-6 : f32, num_groups = 32 : i64, stash_type = 1 : i64}>
func.func @nhwc_silu(%x: tensor<2x4x4x64xf16>, %s: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<2x4x4x64xf16> {
  %y = norm.group_normalization %x, %s, %b num_groups = 32 channels_last activation = 1
      : (tensor<2x4x4x64xf16>, tensor<64xf16>, tensor<64xf16>) -> tensor<2x4x4x64xf16>
  return %y : tensor<2x4x4x64xf16>
}

// -----

// The issue's generic form, without the new attributes: NCHW, no activation.
// CHECK-LABEL: func.func @generic_nchw
// CHECK: norm.group_normalization %{{.*}}, %{{.*}}, %{{.*}} num_groups = 4 : (tensor<2x8x5x5xf32>
// GENERIC-LABEL: sym_name = "generic_nchw"
// GENERIC: <{epsilon = 9.99999974E-6 : f32, num_groups = 4 : i64, stash_type = 1 : i64}>
func.func @generic_nchw(%x: tensor<2x8x5x5xf32>, %scale: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8x5x5xf32> {
  %y = "norm.group_normalization"(%x, %scale, %b) {epsilon = 1.0e-05 : f32, num_groups = 4 : i64, stash_type = 1 : i64}
      : (tensor<2x8x5x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5x5xf32>
  return %y : tensor<2x8x5x5xf32>
}

// -----

// channels_last with C = 6 last; dim 1 (5) does not divide by 3, which does
// not matter.
// CHECK-LABEL: func.func @nhwc_generic
// CHECK: num_groups = 3 channels_last :
func.func @nhwc_generic(%x: tensor<2x5x6xf32>, %s: tensor<6xf32>) -> tensor<2x5x6xf32> {
  %y = "norm.group_normalization"(%x, %s, %s) {num_groups = 3 : i64, channels_last}
      : (tensor<2x5x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x5x6xf32>
  return %y : tensor<2x5x6xf32>
}

// -----

// Dynamic dims.
// CHECK-LABEL: func.func @nhwc_dynamic
// CHECK: num_groups = 4 channels_last activation = 1 : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?x?xf32>
func.func @nhwc_dynamic(%x: tensor<?x?x?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?x?x?xf32> {
  %y = norm.group_normalization %x, %s, %s num_groups = 4 channels_last activation = 1
      : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}
