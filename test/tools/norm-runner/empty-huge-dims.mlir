// An empty X whose other dims are huge (2^40) returns at once with its empty
// results: no loop iterates over the non-zero dims (before the fix, the row
// loop of [2^40, 0] ran 2^40 times, about an hour). `timeout` turns such a
// regression into a failure instead of a hung test suite. Nothing of 2^40
// elements is allocated: the inputs and results are empty, and the only
// non-empty results (LayerNorm over all axes) have one element.

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

// Ops left outside the row loops (reductions over a leading axis).
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

// Non-empty inputs through the same functions are unchanged.
// RUN: norm-runner %s --function=lp_axis0 --input="2x2xf32=3 4 4 3" \
// RUN:   --expected-output="2x2xf32=0.42857143 0.5714286 0.5714286 0.42857143" | FileCheck %s --check-prefix=OK
// RUN: norm-runner %s --function=layer --input="1x2x4xf32=1 2 3 4 0 0 0 0" \
// RUN:   --input="4xf32=1 1 1 1" --input="4xf32=0 0 0 1" \
// RUN:   --expected-output="1x2x4xf32=-1.3416355 -0.4472118 0.4472118 2.3416355 0 0 0 1" \
// RUN:   --expected-output="1x2x1xf32=2.5 0" \
// RUN:   --expected-output="1x2x1xf32=0.8944236 316.22775" | FileCheck %s --check-prefix=OK
// OK-NOT: [FAILED]
// OK: [SUCCESS]
// OK-NOT: [FAILED]

func.func @lp(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @lp_axis0(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 1 : tensor<?x?xf32>
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
func.func @layer_all(%x: tensor<?x?xf32>, %s: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 0
      : (tensor<?x?xf32>, tensor<?x?xf32>)
      -> (tensor<?x?xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y, %m, %i : tensor<?x?xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}
