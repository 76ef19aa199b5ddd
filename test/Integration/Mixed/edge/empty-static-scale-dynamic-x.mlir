// A Scale or B with a static size 0 where X's matching size is dynamic
// (Scale [0, 1] for X [3, ?, ?] with axis 1): the run-time check makes that
// size of X 0, so Y is empty, and the statistics of the empty normalized
// part are NaN (ReduceMean of an empty set, docs/Rationale.md). A new user's
// run found norm-fuse-rows failing on them: tiling Y's op sliced the empty
// Scale at offset 0, which MLIR 22's verifier rejects even for a slice of
// size 0 ("offset 0 is out-of-bounds: 0 >= 0"). Such an op runs no
// iteration; norm-fuse-rows replaces it by its init.

// RUN: norm-opt %s --norm-to-llvm -o /dev/null

// RUN: norm-runner %s --function=layer --input="3x0x4xf32=" \
// RUN:   --input="0x1xf32=" | FileCheck %s --check-prefix=LN
// LN: 3x0x4xf32={{$}}
// LN-NEXT: 3x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{\[\[}}nan]]{{$}}
// LN-NEXT: 3x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{\[\[}}nan]]{{$}}
// RUN: norm-runner %s --function=layer_bias --input="3x0x4xf32=" \
// RUN:   --input="0x1xf32=" --input="0x1xf32=" | FileCheck %s --check-prefix=LN
// RUN: norm-runner %s --function=layer_bias_only --input="3x0x4xf32=" \
// RUN:   --input="1x4xf32=1 2 3 4" --input="0x1xf32=" \
// RUN:   | FileCheck %s --check-prefix=LN
// RUN: norm-runner %s --function=layer_dynamic_x --input="2x0x4xf32=" \
// RUN:   --input="0x1xf32=" | FileCheck %s --check-prefix=LN2
// LN2: 2x0x4xf32={{$}}
// LN2-NEXT: 2x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{$}}
// LN2-NEXT: 2x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{$}}

// The empty dim last: Scale [1, 0].
// RUN: norm-runner %s --function=layer_last --input="3x5x0xf32=" \
// RUN:   --input="1x0xf32=" | FileCheck %s --check-prefix=LNL
// LNL: 3x5x0xf32={{$}}
// LNL-NEXT: 3x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{\[\[}}nan]]{{$}}
// LNL-NEXT: 3x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{\[\[}}nan]]{{$}}

// RUN: norm-runner %s --function=rms --input="3x0x4xf32=" \
// RUN:   --input="0x1xf32=" | FileCheck %s --check-prefix=RMS
// RMS: 3x0x4xf32={{$}}
// RMS-NEXT: 3x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]{{\[\[}}nan]]{{$}}
// RUN: norm-runner %s --function=rms_f16 --input="3x0x4x5xf16=" \
// RUN:   --input="0x4x1xf16=" | FileCheck %s --check-prefix=RMS16
// RMS16: 3x0x4x5xf16={{$}}
// RMS16-NEXT: 3x1x1x1xf32={{\[\[\[}}nan]]]{{\[\[\[}}nan]]]{{\[\[\[}}nan]]]{{$}}

// An X whose size is not 0 there is one run-time error, no result.
// RUN: not norm-runner %s --function=layer \
// RUN:   --input="3x2x1xf32=1 2 3 4 5 6" --input="0x1xf32=" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: norm-runner: error: run-time check failed: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale' is 0, expected 2 (dimension 1 of 'X') or 1{{$}}
// MISMATCH-NOT: 3x2x1xf32

// A normalization next to it in the same function is unaffected: an
// ordinary LayerNorm of [2, 4] (rows [1 2 3 4] and [5 6 7 8]: +-3/sqrt(5),
// +-1/sqrt(5) with variance 1.25 and epsilon 1e-5, times 2).
// RUN: norm-runner %s --function=mixed --input="3x0x4xf32=" \
// RUN:   --input="0x1xf32=" --input="2x4xf32=1 2 3 4 5 6 7 8" --input="4xf32=2 2 2 2" \
// RUN:   --expected-output="3x0x4xf32=" \
// RUN:   --expected-output="2x4xf32=-2.683271 -0.8944236 0.8944236 2.683271 -2.683271 -0.8944236 0.8944236 2.683271" \
// RUN:   | FileCheck %s --check-prefix=MIXED
// MIXED: [SUCCESS] result[0]: 3x0x4xf32
// MIXED: [SUCCESS] result[1]: 2x4xf32

func.func @layer(%x: tensor<3x?x?xf32>, %s: tensor<0x1xf32>)
    -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<3x?x?xf32>, tensor<0x1xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>)
  return %y, %m, %i : tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>
}

func.func @layer_bias(%x: tensor<3x?x?xf32>, %s: tensor<0x1xf32>,
                      %b: tensor<0x1xf32>)
    -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = 1
      : (tensor<3x?x?xf32>, tensor<0x1xf32>, tensor<0x1xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>)
  return %y, %m, %i : tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>
}

func.func @layer_bias_only(%x: tensor<3x?x?xf32>, %s: tensor<?x?xf32>,
                           %b: tensor<0x1xf32>)
    -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = 1
      : (tensor<3x?x?xf32>, tensor<?x?xf32>, tensor<0x1xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>)
  return %y, %m, %i : tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>
}

func.func @layer_dynamic_x(%x: tensor<?x?x?xf32>, %s: tensor<0x1xf32>)
    -> (tensor<?x?x?xf32>, tensor<?x1x1xf32>, tensor<?x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<?x?x?xf32>, tensor<0x1xf32>)
      -> (tensor<?x?x?xf32>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  return %y, %m, %i : tensor<?x?x?xf32>, tensor<?x1x1xf32>, tensor<?x1x1xf32>
}

func.func @layer_last(%x: tensor<3x?x?xf32>, %s: tensor<1x0xf32>)
    -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<3x?x?xf32>, tensor<1x0xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>)
  return %y, %m, %i : tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>
}

func.func @rms(%x: tensor<3x?x?xf32>, %s: tensor<0x1xf32>)
    -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>) {
  %y, %i = norm.rms_normalization %x, %s axis = 1
      : (tensor<3x?x?xf32>, tensor<0x1xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>)
  return %y, %i : tensor<3x?x?xf32>, tensor<3x1x1xf32>
}

func.func @rms_f16(%x: tensor<3x?x?x?xf16>, %s: tensor<0x?x1xf16>)
    -> (tensor<3x?x?x?xf16>, tensor<3x1x1x1xf32>) {
  %y, %i = norm.rms_normalization %x, %s axis = 1
      : (tensor<3x?x?x?xf16>, tensor<0x?x1xf16>)
      -> (tensor<3x?x?x?xf16>, tensor<3x1x1x1xf32>)
  return %y, %i : tensor<3x?x?x?xf16>, tensor<3x1x1x1xf32>
}

func.func @mixed(%x: tensor<3x?x?xf32>, %s: tensor<0x1xf32>,
                 %x2: tensor<?x?xf32>, %s2: tensor<?xf32>)
    -> (tensor<3x?x?xf32>, tensor<?x?xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<3x?x?xf32>, tensor<0x1xf32>)
      -> (tensor<3x?x?xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>)
  %y2, %m2, %i2 = norm.layer_normalization %x2, %s2
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %y2 : tensor<3x?x?xf32>, tensor<?x?xf32>
}
