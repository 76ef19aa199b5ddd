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
// A constant X of static empty shape cast to a dynamic one, into the
// leading-axis LpNormalization: canonicalization folds the cast into the
// lowering's ops; X's known size 0 makes Y = X before any loop is built
// (before, a tensor.parallel_insert_slice at a static offset into the empty
// dim failed to verify).
// RUN: norm-opt %s --norm-to-llvm -o /dev/null
// RUN: norm-runner %s --function=lp_cast_constant | FileCheck %s --check-prefix=LPC
// LPC: 2x0xf32={{$}}
// RUN: norm-runner %s --function=lp_cast_constant_rank3 | FileCheck %s --check-prefix=LPC3
// LPC3: 0x3x4xf16={{$}}

func.func @lp_cast_constant() -> tensor<?x?xf32> {
  %c = arith.constant dense<> : tensor<2x0xf32>
  %x = tensor.cast %c : tensor<2x0xf32> to tensor<?x?xf32>
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @lp_cast_constant_rank3() -> tensor<?x?x?xf16> {
  %c = arith.constant dense<> : tensor<0x3x4xf16>
  %x = tensor.cast %c : tensor<0x3x4xf16> to tensor<?x?x?xf16>
  %y = norm.lp_normalization %x axis = 1 p = 1 : tensor<?x?x?xf16>
  return %y : tensor<?x?x?xf16>
}
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

// LayerNormalization over several dims with a static 0 next to a dynamic
// size in the same group of dims (found by a review: collapsing such X to
// [O, n] failed to bufferize, "collapsed dim (0) must be dynamic if and only
// if reassociation group is dynamic"; such X are not collapsed).
// Normalized size 0: Mean/InvStdDev NaN; outer size 0: empty results.
// RUN: norm-runner %s --function=layer_static_zero_normalized \
// RUN:   --input="2x3x0xf32=" --input="0xf32=" \
// RUN:   | FileCheck %s --check-prefix=LNZ
// LNZ: 2x3x0xf32={{$}}
// LNZ-NEXT: 2x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]
// LNZ-NEXT: 2x1x1xf32={{\[\[}}nan]]{{\[\[}}nan]]
// RUN: norm-runner %s --function=layer_static_zero_outer \
// RUN:   --input="3x0x4x4xf32=" --input="4xf32=1 2 3 4" \
// RUN:   | FileCheck %s --check-prefix=LNO
// LNO: 3x0x4x4xf32={{$}}
// LNO-NEXT: 3x0x1x1xf32={{$}}
// LNO-NEXT: 3x0x1x1xf32={{$}}
func.func @layer_static_zero_normalized(%x: tensor<2x?x0xf32>,
                                        %s: tensor<0xf32>)
    -> (tensor<2x?x0xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1
      : (tensor<2x?x0xf32>, tensor<0xf32>)
      -> (tensor<2x?x0xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y, %m, %i : tensor<2x?x0xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}
func.func @layer_static_zero_outer(%x: tensor<?x0x4x4xf32>, %s: tensor<4xf32>)
    -> (tensor<?x0x4x4xf32>, tensor<?x0x1x1xf32>, tensor<?x0x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 2
      : (tensor<?x0x4x4xf32>, tensor<4xf32>)
      -> (tensor<?x0x4x4xf32>, tensor<?x0x1x1xf32>, tensor<?x0x1x1xf32>)
  return %y, %m, %i
      : tensor<?x0x4x4xf32>, tensor<?x0x1x1xf32>, tensor<?x0x1x1xf32>
}

// Static empty shapes on the last axis (found by a review: norm-fuse-rows
// replaces the statically empty Y op by its init, and erasing the per-row
// maps left dead by it, whose regions hold scf.if ops, used freed memory:
// heap corruption). Each returns its (empty) Y; the LayerNorm returns Y only.
// RUN: norm-runner %s --function=lp_static_3x0 | FileCheck %s --check-prefix=LPS
// LPS: 3x0xf32={{$}}
// RUN: norm-runner %s --function=lp1_static_3x0 | FileCheck %s --check-prefix=LPS
// RUN: norm-runner %s --function=normalizer_static_3x0 \
// RUN:   | FileCheck %s --check-prefix=LPS
// RUN: norm-runner %s --function=layer_static_2x0_y_only \
// RUN:   | FileCheck %s --check-prefix=LNS
// LNS: 2x0xf32={{$}}
func.func @lp_static_3x0() -> tensor<3x0xf32> {
  %x = tensor.empty() : tensor<3x0xf32>
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<3x0xf32>
  return %y : tensor<3x0xf32>
}
func.func @lp1_static_3x0() -> tensor<3x0xf32> {
  %x = tensor.empty() : tensor<3x0xf32>
  %y = norm.lp_normalization %x axis = -1 p = 1 : tensor<3x0xf32>
  return %y : tensor<3x0xf32>
}
func.func @normalizer_static_3x0() -> tensor<3x0xf32> {
  %x = tensor.empty() : tensor<3x0xf32>
  %y = norm.normalizer %x norm = "L2" : tensor<3x0xf32> -> tensor<3x0xf32>
  return %y : tensor<3x0xf32>
}
func.func @layer_static_2x0_y_only() -> tensor<2x0xf32> {
  %x = tensor.empty() : tensor<2x0xf32>
  %s = tensor.empty() : tensor<0xf32>
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x0xf32>, tensor<0xf32>)
      -> (tensor<2x0xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x0xf32>
}

// A static size 0 next to a dynamic normalized length (found by an
// adversarial review: the f32/f64 choice of LayerNorm's sum of squares and
// the f32 fast path of LpNorm/Normalizer sliced X at offset 0 along the
// static 0, which the tensor.extract_slice verifier rejects: "offset 0 is
// out-of-bounds"). Such X have no element: empty Y, Mean and InvStdDev.
// RUN: norm-runner %s --function=layer_0xd --input="0x4xf32=" \
// RUN:   --input="4xf32=1 2 3 4" | FileCheck %s --check-prefix=L0D
// L0D: 0x4xf32={{$}}
// L0D-NEXT: 0x1xf32={{$}}
// L0D-NEXT: 0x1xf32={{$}}
// RUN: norm-runner %s --function=layer_2x0xd --input="2x0x3xbf16=" \
// RUN:   --input="3xbf16=1 2 3" | FileCheck %s --check-prefix=L20D
// L20D: 2x0x3xbf16={{$}}
// L20D-NEXT: 2x0x1xf32={{$}}
// L20D-NEXT: 2x0x1xf32={{$}}
// RUN: norm-runner %s --function=lp_0xd --input="0x5xf32=" \
// RUN:   | FileCheck %s --check-prefix=LP0D
// LP0D: 0x5xf32={{$}}
// RUN: norm-runner %s --function=normalizer_0xd --input="0x5xf32=" \
// RUN:   | FileCheck %s --check-prefix=LP0D
func.func @layer_0xd(%x: tensor<0x?xf32>, %s: tensor<?xf32>)
    -> (tensor<0x?xf32>, tensor<0x1xf32>, tensor<0x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<0x?xf32>, tensor<?xf32>)
      -> (tensor<0x?xf32>, tensor<0x1xf32>, tensor<0x1xf32>)
  return %y, %m, %i : tensor<0x?xf32>, tensor<0x1xf32>, tensor<0x1xf32>
}
func.func @layer_2x0xd(%x: tensor<2x0x?xbf16>, %s: tensor<?xbf16>)
    -> (tensor<2x0x?xbf16>, tensor<2x0x1xf32>, tensor<2x0x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x0x?xbf16>, tensor<?xbf16>)
      -> (tensor<2x0x?xbf16>, tensor<2x0x1xf32>, tensor<2x0x1xf32>)
  return %y, %m, %i
      : tensor<2x0x?xbf16>, tensor<2x0x1xf32>, tensor<2x0x1xf32>
}
func.func @lp_0xd(%x: tensor<0x?xf32>) -> tensor<0x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 1 : tensor<0x?xf32>
  return %y : tensor<0x?xf32>
}
func.func @normalizer_0xd(%x: tensor<0x?xf32>) -> tensor<0x?xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<0x?xf32> -> tensor<0x?xf32>
  return %y : tensor<0x?xf32>
}
