// As empty-huge-dims.mlir, for reductions over a leading axis, whose loops
// are not norm-fuse-rows' row loops: an empty X [2^40, 0] returns at once.
// `timeout` turns a regression (a loop over the 2^40 rows of nothing) into a
// failure instead of a hung test suite.

// RUN: timeout 60 norm-runner %s --function=lp_axis0 \
// RUN:   --input="1099511627776x0xf32=" | FileCheck %s --check-prefix=LP0
// LP0: {{^}}1099511627776x0xf32={{$}}
// LayerNorm over all axes: Mean and InvStdDev of an empty set are NaN.
// RUN: timeout 60 norm-runner %s --function=layer_all \
// RUN:   --input="1099511627776x0xf32=" --input="1x0xf32=" \
// RUN:   | FileCheck %s --check-prefix=LNALL
// LNALL:      {{^}}1099511627776x0xf32={{$}}
// LNALL-NEXT: {{^}}1x1xf32=[nan]{{$}}
// LNALL-NEXT: {{^}}1x1xf32=[nan]{{$}}

func.func @lp_axis0(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 1 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layer_all(%x: tensor<?x?xf32>, %s: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 0
      : (tensor<?x?xf32>, tensor<?x?xf32>)
      -> (tensor<?x?xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}
