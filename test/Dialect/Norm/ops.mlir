// Round trip of every op in the custom form, and through the generic form.
// RUN: norm-opt %s --verify-roundtrip | FileCheck %s
// RUN: norm-opt %s --mlir-print-op-generic | norm-opt | FileCheck %s
// RUN: norm-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func @lp_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<2x2x3xf32>, %[[D:.+]]: tensor<?x8xbf16>)
func.func @lp_normalization(%x: tensor<2x2x3xf32>, %d: tensor<?x8xbf16>)
    -> (tensor<2x2x3xf32>, tensor<2x2x3xf32>, tensor<?x8xbf16>) {
  // Default attributes are elided when printed.
  // CHECK: norm.lp_normalization %[[X]] : tensor<2x2x3xf32>
  // GENERIC: "norm.lp_normalization"(%{{.*}}) <{axis = -1 : i64, p = 2 : i64}> : (tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %0 = norm.lp_normalization %x : tensor<2x2x3xf32>
  // CHECK: norm.lp_normalization %[[X]] axis = 0 p = 1 : tensor<2x2x3xf32>
  // GENERIC: "norm.lp_normalization"(%{{.*}}) <{axis = 0 : i64, p = 1 : i64}> : (tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %1 = norm.lp_normalization %x axis = 0 p = 1 : tensor<2x2x3xf32>
  // CHECK: norm.lp_normalization %[[D]] axis = -2 : tensor<?x8xbf16>
  %2 = norm.lp_normalization %d axis = -2 : tensor<?x8xbf16>
  return %0, %1, %2 : tensor<2x2x3xf32>, tensor<2x2x3xf32>, tensor<?x8xbf16>
}

// CHECK-LABEL: func @normalizer
// CHECK-SAME: (%[[X:.+]]: tensor<3x4xi64>, %[[R:.+]]: tensor<?xf64>)
func.func @normalizer(%x: tensor<3x4xi64>, %r: tensor<?xf64>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<?xf32>) {
  // CHECK: norm.normalizer %[[X]] : tensor<3x4xi64> -> tensor<3x4xf32>
  // GENERIC: "norm.normalizer"(%{{.*}}) <{norm = "MAX"}> : (tensor<3x4xi64>) -> tensor<3x4xf32>
  %0 = norm.normalizer %x : tensor<3x4xi64> -> tensor<3x4xf32>
  // CHECK: norm.normalizer %[[X]] norm = "L1" : tensor<3x4xi64> -> tensor<3x4xf32>
  // GENERIC: "norm.normalizer"(%{{.*}}) <{norm = "L1"}> : (tensor<3x4xi64>) -> tensor<3x4xf32>
  %1 = norm.normalizer %x norm = "L1" : tensor<3x4xi64> -> tensor<3x4xf32>
  // CHECK: norm.normalizer %[[R]] norm = "L2" : tensor<?xf64> -> tensor<?xf32>
  %2 = norm.normalizer %r norm = "L2" : tensor<?xf64> -> tensor<?xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<?xf32>
}

// CHECK-LABEL: func @layer_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4xf16>, %[[S:.+]]: tensor<4xf16>, %[[B:.+]]: tensor<1x4xf16>, %[[D:.+]]: tensor<?x?xf64>, %[[DS:.+]]: tensor<?xf64>)
func.func @layer_normalization(%x: tensor<2x3x4xf16>, %scale: tensor<4xf16>,
                               %b: tensor<1x4xf16>, %d: tensor<?x?xf64>,
                               %ds: tensor<?xf64>)
    -> (tensor<2x3x4xf16>, tensor<2x1x1xbf16>, tensor<?x1xf32>) {
  // CHECK: norm.layer_normalization %[[X]], %[[S]], %[[B]] axis = 1 epsilon = 1.000000e-03 stash_type = 16 : (tensor<2x3x4xf16>, tensor<4xf16>, tensor<1x4xf16>) -> (tensor<2x3x4xf16>, tensor<2x1x1xbf16>, tensor<2x1x1xbf16>)
  // GENERIC: "norm.layer_normalization"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = 1 : i64, epsilon = 1.000000e-03 : f32, stash_type = 16 : i64}> : (tensor<2x3x4xf16>, tensor<4xf16>, tensor<1x4xf16>) -> (tensor<2x3x4xf16>, tensor<2x1x1xbf16>, tensor<2x1x1xbf16>)
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      epsilon = 1.0e-3 stash_type = 16
      : (tensor<2x3x4xf16>, tensor<4xf16>, tensor<1x4xf16>)
      -> (tensor<2x3x4xf16>, tensor<2x1x1xbf16>, tensor<2x1x1xbf16>)
  // Without B, default axis/epsilon/stash_type, dynamic dims.
  // CHECK: norm.layer_normalization %[[D]], %[[DS]] : (tensor<?x?xf64>, tensor<?xf64>) -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  // GENERIC: "norm.layer_normalization"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, epsilon = 9.99999974E-6 : f32, stash_type = 1 : i64}> : (tensor<?x?xf64>, tensor<?xf64>) -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  %y2, %mean2, %inv2 = norm.layer_normalization %d, %ds
      : (tensor<?x?xf64>, tensor<?xf64>)
      -> (tensor<?x?xf64>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv2 : tensor<2x3x4xf16>, tensor<2x1x1xbf16>, tensor<?x1xf32>
}

// Static sizes beside dynamic ones of X that can all hold at run time: Y, Mean
// and Scale agree on X's dim 1 (6), Mean and Y on dim 0 (2); a static 1 of B
// fixes nothing.
// CHECK-LABEL: func @layer_normalization_dynamic
// CHECK-SAME: (%[[X:.+]]: tensor<?x?x4xf32>, %[[S:.+]]: tensor<6x1xf32>, %[[B:.+]]: tensor<1x4xf32>)
func.func @layer_normalization_dynamic(%x: tensor<?x?x4xf32>,
                                       %scale: tensor<6x1xf32>,
                                       %b: tensor<1x4xf32>)
    -> (tensor<2x6x4xf32>, tensor<2x1x1xf32>, tensor<?x1x1xf32>) {
  // CHECK: norm.layer_normalization %[[X]], %[[S]], %[[B]] axis = 1 : (tensor<?x?x4xf32>, tensor<6x1xf32>, tensor<1x4xf32>) -> (tensor<2x6x4xf32>, tensor<2x1x1xf32>, tensor<?x1x1xf32>)
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b axis = 1
      : (tensor<?x?x4xf32>, tensor<6x1xf32>, tensor<1x4xf32>)
      -> (tensor<2x6x4xf32>, tensor<2x1x1xf32>, tensor<?x1x1xf32>)
  return %y, %mean, %inv : tensor<2x6x4xf32>, tensor<2x1x1xf32>, tensor<?x1x1xf32>
}

// A Y more static than X (checked at run time).
// CHECK-LABEL: func @normalizer_dynamic
// CHECK: norm.normalizer %{{.+}} : tensor<?x4xi64> -> tensor<3x4xf32>
func.func @normalizer_dynamic(%x: tensor<?x4xi64>) -> tensor<3x4xf32> {
  %0 = norm.normalizer %x : tensor<?x4xi64> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// The largest byte sizes that fit in int64: 2^61 - 1 f32 elements, and an
// empty tensor whose other sizes make 2^63 - 8 bytes of f64.
// CHECK-LABEL: func @largest_types
// CHECK: norm.lp_normalization %{{.+}} axis = 0 : tensor<2305843009213693951xf32>
// CHECK: norm.lp_normalization %{{.+}} : tensor<0x1152921504606846975xf64>
func.func @largest_types(%x: tensor<2305843009213693951xf32>,
                         %e: tensor<0x1152921504606846975xf64>)
    -> (tensor<2305843009213693951xf32>, tensor<0x1152921504606846975xf64>) {
  %0 = norm.lp_normalization %x axis = 0 : tensor<2305843009213693951xf32>
  %1 = norm.lp_normalization %e : tensor<0x1152921504606846975xf64>
  return %0, %1 : tensor<2305843009213693951xf32>, tensor<0x1152921504606846975xf64>
}

// CHECK-LABEL: func @rms_normalization
// CHECK-SAME: (%[[X:.+]]: tensor<4x8xf16>, %[[S:.+]]: tensor<8xf16>, %[[X2:.+]]: tensor<2x3x4xbf16>, %[[S2:.+]]: tensor<1x4xf32>, %[[D:.+]]: tensor<?x?xf64>, %[[DS:.+]]: tensor<?xf16>)
func.func @rms_normalization(%x: tensor<4x8xf16>, %scale: tensor<8xf16>,
                             %x2: tensor<2x3x4xbf16>, %scale2: tensor<1x4xf32>,
                             %d: tensor<?x?xf64>, %ds: tensor<?xf16>)
    -> (tensor<4x8xf16>, tensor<2x3x4xf32>, tensor<2x1x1xf64>, tensor<?x?xf16>, tensor<?x1xbf16>) {
  // The generic form of issue 19; default attributes are elided when printed.
  // CHECK: norm.rms_normalization %[[X]], %[[S]] : (tensor<4x8xf16>, tensor<8xf16>) -> (tensor<4x8xf16>, tensor<4x1xf32>)
  // GENERIC: "norm.rms_normalization"(%{{.*}}, %{{.*}}) <{axis = -1 : i64, epsilon = 9.99999974E-6 : f32, stash_type = 1 : i64}> : (tensor<4x8xf16>, tensor<8xf16>) -> (tensor<4x8xf16>, tensor<4x1xf32>)
  %y, %inv = "norm.rms_normalization"(%x, %scale) {axis = -1 : i64, epsilon = 1.0e-05 : f32, stash_type = 1 : i64}
      : (tensor<4x8xf16>, tensor<8xf16>) -> (tensor<4x8xf16>, tensor<4x1xf32>)
  // T != V: Y takes Scale's type; stash_type 11 gives f64 InvStdDev.
  // CHECK: norm.rms_normalization %[[X2]], %[[S2]] axis = 1 epsilon = 1.000000e-03 stash_type = 11 : (tensor<2x3x4xbf16>, tensor<1x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf64>)
  // GENERIC: "norm.rms_normalization"(%{{.*}}, %{{.*}}) <{axis = 1 : i64, epsilon = 1.000000e-03 : f32, stash_type = 11 : i64}> : (tensor<2x3x4xbf16>, tensor<1x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf64>)
  %y2, %inv2 = norm.rms_normalization %x2, %scale2 axis = 1 epsilon = 1.0e-3
      stash_type = 11
      : (tensor<2x3x4xbf16>, tensor<1x4xf32>)
      -> (tensor<2x3x4xf32>, tensor<2x1x1xf64>)
  // Dynamic dims, f16 and bf16 stash types.
  // CHECK: norm.rms_normalization %[[D]], %[[DS]] stash_type = 10 : (tensor<?x?xf64>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf16>)
  %y3, %inv3 = norm.rms_normalization %d, %ds stash_type = 10
      : (tensor<?x?xf64>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf16>)
  // CHECK: norm.rms_normalization %[[D]], %[[DS]] axis = 0 stash_type = 16 : (tensor<?x?xf64>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<1x1xbf16>)
  %y4, %inv4 = norm.rms_normalization %d, %ds axis = 0 stash_type = 16
      : (tensor<?x?xf64>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<1x1xbf16>)
  %inv5 = tensor.cast %inv4 : tensor<1x1xbf16> to tensor<?x1xbf16>
  return %y, %y2, %inv2, %y3, %inv5 : tensor<4x8xf16>, tensor<2x3x4xf32>, tensor<2x1x1xf64>, tensor<?x?xf16>, tensor<?x1xbf16>
}

// norm.check_message: the message of a run-time check with the sizes it
// found, with and without values; it returns its condition.
// CHECK-LABEL: func @check_message
// CHECK-SAME: (%[[OK:.*]]: i1, %[[A:.*]]: index, %[[B:.*]]: index)
func.func @check_message(%ok: i1, %a: index, %b: index) -> (i1, i1) {
  // CHECK: %[[M:.*]] = norm.check_message %[[OK]], "size {1}, expected {0}"(%[[A]], %[[B]])
  // GENERIC: "norm.check_message"(%{{.*}}, %{{.*}}, %{{.*}}) <{format = "size {1}, expected {0}"}> : (i1, index, index) -> i1
  %m = norm.check_message %ok, "size {1}, expected {0}" (%a, %b)
  // CHECK: norm.check_message %[[OK]], "no sizes"{{$}}
  %n = norm.check_message %ok, "no sizes"
  return %m, %n : i1, i1
}
