// The norm dialect's inliner interface: upstream `inline` moves norm ops
// into their callers (norm-compile inlines every call so, docs/AOT.md).

// RUN: norm-opt %s --inline | FileCheck %s --implicit-check-not=func.call

// CHECK-NOT:  @ln(
// CHECK-LABEL: func.func @f(
// CHECK-SAME:  %[[X:.*]]: tensor<?x4xf32>, %[[S:.*]]: tensor<?xf32>, %[[T:.*]]: tensor<?xf32>)
// CHECK:       %[[Y:.*]], %{{.*}}, %{{.*}} = norm.layer_normalization %[[X]], %[[S]] epsilon = 1.000000e-03
// CHECK:       %[[Z:.*]], %{{.*}}, %{{.*}} = norm.layer_normalization %[[X]], %[[T]] epsilon = 1.000000e-03
// CHECK:       return %[[Y]], %[[Z]]
func.func private @ln(%x: tensor<?x4xf32>, %s: tensor<?xf32>) -> tensor<?x4xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s epsilon = 1.0e-3
      : (tensor<?x4xf32>, tensor<?xf32>) -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x4xf32>
}
func.func @f(%x: tensor<?x4xf32>, %s: tensor<?xf32>, %t: tensor<?xf32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %y = func.call @ln(%x, %s) : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  %z = func.call @ln(%x, %t) : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  return %y, %z : tensor<?x4xf32>, tensor<?x4xf32>
}
