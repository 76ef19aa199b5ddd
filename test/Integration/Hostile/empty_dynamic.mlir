// Zero-size tensors through dynamic shapes, every op: the results have the
// input's (empty) shape; Mean/InvStdDev of an empty normalized part are NaN
// (ReduceMean of an empty set, docs/Rationale.md). Run under the ASan build
// (scripts/sanitize.sh), these also show that nothing is read or written.

// RUN: norm-runner %s --function=lp --input="0x5xf32=" | FileCheck %s --check-prefix=LP0
// LP0: 0x5xf32={{$}}
// RUN: norm-runner %s --function=lp --input="5x0xf32=" | FileCheck %s --check-prefix=LP1
// LP1: 5x0xf32={{$}}
// RUN: norm-runner %s --function=normalizer --input="0x3xi32=" | FileCheck %s --check-prefix=NZ
// NZ: 0x3xf32={{$}}
// RUN: norm-runner %s --function=normalizer --input="3x0xi32=" | FileCheck %s --check-prefix=NZ1
// NZ1: 3x0xf32={{$}}
// RUN: norm-runner %s --function=layer --input="0x4xf16=" --input="4xf16=1 2 3 4" \
// RUN:   | FileCheck %s --check-prefix=LN0
// LN0: 0x4xf16={{$}}
// LN0-NEXT: 0x1xf32={{$}}
// LN0-NEXT: 0x1xf32={{$}}
// RUN: norm-runner %s --function=layer --input="2x0xf16=" --input="0xf16=" \
// RUN:   | FileCheck %s --check-prefix=LN1
// LN1: 2x0xf16={{$}}
// LN1-NEXT: 2x1xf32=[nan][nan]
// LN1-NEXT: 2x1xf32=[nan][nan]

func.func @lp(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @normalizer(%x: tensor<?x?xi32>) -> tensor<?x?xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<?x?xi32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @layer(%x: tensor<?x?xf16>, %s: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf16>, tensor<?xf16>)
      -> (tensor<?x?xf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x?xf16>, tensor<?x1xf32>, tensor<?x1xf32>
}
