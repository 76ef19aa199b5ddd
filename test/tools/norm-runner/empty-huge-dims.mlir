// An empty X whose other dims are huge (2^40) returns at once with its empty
// results: no loop iterates over the non-zero dims (before the fix, the row
// loop of [2^40, 0] ran 2^40 times, about an hour). `timeout` turns such a
// regression into a failure instead of a hung test suite. Nothing of 2^40
// elements is allocated: the inputs and results are empty. Reductions over a
// leading axis: empty-huge-dims-leading-axis.mlir.

// Fused row loops (innermost axis), every op.
// RUN: timeout 60 norm-runner %s --function=lp --input="1099511627776x0xf32=" \
// RUN:   | FileCheck %s --check-prefix=LP
// LP: {{^}}1099511627776x0xf32={{$}}
// RUN: timeout 60 norm-runner %s --function=normalizer \
// RUN:   --input="1099511627776x0xi64=" | FileCheck %s --check-prefix=NZ
// NZ: {{^}}1099511627776x0xf32={{$}}
// LayerNorm over the last axis of [2^40, 0, 4]: Y, Mean and InvStdDev are all
// empty (the outer part [2^40, 0] is).
// RUN: timeout 60 norm-runner %s --function=layer \
// RUN:   --input="1099511627776x0x4xf32=" --input="4xf32=1 2 3 4" \
// RUN:   --input="4xf32=0 0 0 0" | FileCheck %s --check-prefix=LN
// LN:      {{^}}1099511627776x0x4xf32={{$}}
// LN-NEXT: {{^}}1099511627776x0x1xf32={{$}}
// LN-NEXT: {{^}}1099511627776x0x1xf32={{$}}
// The same with only Y used: the loop yields nothing else.
// RUN: timeout 60 norm-runner %s --function=layer_y \
// RUN:   --input="1099511627776x0xf32=" --input="0xf32=" \
// RUN:   | FileCheck %s --check-prefix=LNY
// LNY: {{^}}1099511627776x0xf32={{$}}

func.func @lp(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @normalizer(%x: tensor<?x?xi64>) -> tensor<?x?xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<?x?xi64> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layer(%x: tensor<?x?x?xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<?x?x?xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<?x?x?xf32>, tensor<4xf32>, tensor<4xf32>)
      -> (tensor<?x?x?xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>)
  return %y, %m, %i : tensor<?x?x?xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>
}
func.func @layer_y(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
