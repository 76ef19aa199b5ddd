// A Scale with a static size 0 (so X is empty at run time) and a dynamic size
// in the same normalized group: the op is lowered uncollapsed (a static 0 in
// a group with a dynamic size cannot be collapsed: memref.collapse_shape
// requires a dynamic result dim there). A new user's run found the
// collapsed form failing to verify ('memref.collapse_shape' op collapsed
// dim (0) must be dynamic if and only if reassociation group is dynamic).
// The normalized part is empty: InvStdDev (and Mean) NaN, ReduceMean of an
// empty set (docs/Rationale.md).

// RUN: norm-runner %s --function=rms_axis0 --input="0x3xf32=" --input="0x3xf32=" \
// RUN:   | FileCheck %s --check-prefix=RMS
// RMS: 0x3xf32={{$}}
// RMS-NEXT: 1x1xf32=[nan]
// RUN: norm-runner %s --function=layer_axis0 --input="0x5x4xf32=" \
// RUN:   --input="0x5x4xf32=" | FileCheck %s --check-prefix=LN
// LN: 0x5x4xf32={{$}}
// LN-NEXT: 1x1x1xf32={{\[\[}}nan]]
// LN-NEXT: 1x1x1xf32={{\[\[}}nan]]
// RUN: norm-opt %s --norm-to-llvm -o /dev/null

func.func @rms_axis0(%x: tensor<?x?xf32>, %s: tensor<0x?xf32>)
    -> (tensor<?x?xf32>, tensor<1x1xf32>) {
  %y, %i = norm.rms_normalization %x, %s axis = 0
      : (tensor<?x?xf32>, tensor<0x?xf32>) -> (tensor<?x?xf32>, tensor<1x1xf32>)
  return %y, %i : tensor<?x?xf32>, tensor<1x1xf32>
}

func.func @layer_axis0(%x: tensor<?x?x4xf32>, %s: tensor<0x5x?xf32>)
    -> (tensor<?x?x4xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 0
      : (tensor<?x?x4xf32>, tensor<0x5x?xf32>)
      -> (tensor<?x?x4xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>)
  return %y, %m, %i : tensor<?x?x4xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}
