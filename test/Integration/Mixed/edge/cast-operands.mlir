// Operands whose producers fix sizes the op's types leave dynamic (a
// tensor.cast of a static tensor, a tensor.extract_slice of constant size):
// canonicalization after the lowering folds them into the linalg ops. Where
// the sizes agree (a Scale of X's size or of size 1, X cast from a static
// shape), the op compiles and computes as with the dynamic sizes; where they
// disagree, convert-norm-to-linalg reports the run-time check's text at
// compile time (test/Conversion/NormToLinalg/known-sizes.mlir), here through
// norm-compile and norm-opt.

// Rows [1 2 3 4] and [5 6 7 8] (mean 2.5 and 6.5, variance 1.25, epsilon
// 1e-5): standardized -1.341635 -0.4472118 0.4472118 1.341635.
// RUN: norm-runner %s --function=layer_scale_bias \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="4xf32=1 2 3 4" --input="1xf32=10" \
// RUN:   --expected-output="2x4xf32=8.658365 9.105576 11.34164 15.36654 8.658365 9.105576 11.34164 15.36654" \
// RUN:   --expected-output="2x1xf32=2.5 6.5" \
// RUN:   | FileCheck %s --check-prefix=OK2
// RUN: norm-runner %s --function=rms_scale_one \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="1xf32=2" \
// RUN:   --expected-output="2x4xf32=0.7302963 1.460593 2.190889 2.921185 1.516196 1.819435 2.122674 2.425913" \
// RUN:   | FileCheck %s --check-prefix=OK1
// RUN: norm-runner %s --function=layer_x_cast \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="4xf32=2 2 2 2" \
// RUN:   --expected-output="2x4xf32=-2.683271 -0.8944236 0.8944236 2.683271 -2.683271 -0.8944236 0.8944236 2.683271" \
// RUN:   | FileCheck %s --check-prefix=OK1
// The Scale [1 2 3 4] at offset 2 of a vector of 10.
// RUN: norm-runner %s --function=layer_slice \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="10xf32=0 0 1 2 3 4 0 0 0 0" \
// RUN:   --expected-output="2x4xf32=-1.341635 -0.8944236 1.341635 5.366542 -1.341635 -0.8944236 1.341635 5.366542" \
// RUN:   | FileCheck %s --check-prefix=OK1
// GroupNormalization of X [1, 4, 3] = 1..12 in 2 groups (mean 3.5 and 9.5,
// variance 35/12), scale [1 2 3 4], B [0 1 0 1].
// RUN: norm-runner %s --function=group_cast \
// RUN:   --input="1x4x3xf32=1 2 3 4 5 6 7 8 9 10 11 12" --input="4xf32=1 2 3 4" \
// RUN:   --input="4xf32=0 1 0 1" \
// RUN:   --expected-output="1x4x3xf32=-1.463848 -0.8783086 -0.2927695 1.585539 2.756617 3.927695 -4.391543 -2.634926 -0.8783086 2.171078 4.513234 6.85539" \
// RUN:   | FileCheck %s --check-prefix=OK1
// InstanceNormalization: each channel's 3 values standardized (variance
// 2/3), scale [1 1 2 2].
// RUN: norm-runner %s --function=instance_cast \
// RUN:   --input="1x4x3xf32=1 2 3 4 5 6 7 8 9 10 11 12" --input="4xf32=1 1 2 2" \
// RUN:   --input="4xf32=0 0 0 0" \
// RUN:   --expected-output="1x4x3xf32=-1.224736 0 1.224736 -1.224736 0 1.224736 -2.449471 0 2.449471 -2.449471 0 2.449471" \
// RUN:   | FileCheck %s --check-prefix=OK1
// BatchNormalization with input_mean [1 2 3 4] and input_var 4: (X - mean) / 2.
// RUN: norm-runner %s --function=batch_cast \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="4xf32=1 1 1 1" \
// RUN:   --input="4xf32=0 0 0 0" --input="4xf32=1 2 3 4" --input="4xf32=4 4 4 4" \
// RUN:   --expected-output="2x4xf32=0 0 0 0 1.999998 1.999998 1.999998 1.999998" \
// RUN:   | FileCheck %s --check-prefix=OK1
// OK1: [SUCCESS] result[0]
// OK2: [SUCCESS] result[0]
// OK2: [SUCCESS] result[1]

// The valid functions compile (norm-compile analyses the whole module, so
// without the invalid one, which follows the split marker), the invalid one
// is one error naming the operand and the sizes.
// RUN: norm-opt %s --norm-to-llvm --split-input-file -o /dev/null \
// RUN:   --verify-diagnostics
// RUN: sed -n '1,/^\/\/ -----$/p' %s > %t.valid.mlir
// RUN: norm-compile %t.valid.mlir -o %t.o
// RUN: sh -c 'norm-compile %s --function=layer_bad_scale -o %t.bad.o 2>&1; \
// RUN:   echo "exit status $?"' | FileCheck %s --check-prefix=BAD --match-full-lines
// BAD: norm-compile: error: cannot analyse the shapes of the module: {{.*}}cast-operands.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1
// BAD-NEXT: exit status 1

func.func @layer_scale_bias(%x: tensor<2x4xf32>, %s: tensor<4xf32>, %b: tensor<1xf32>)
    -> (tensor<2x4xf32>, tensor<2x1xf32>) {
  %cs = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
  %cb = tensor.cast %b : tensor<1xf32> to tensor<?xf32>
  %y, %m, %i = norm.layer_normalization %x, %cs, %cb
      : (tensor<2x4xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %m : tensor<2x4xf32>, tensor<2x1xf32>
}

func.func @rms_scale_one(%x: tensor<2x4xf32>, %s: tensor<1xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %s : tensor<1xf32> to tensor<?xf32>
  %y, %i = norm.rms_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

func.func @layer_x_cast(%x0: tensor<2x4xf32>, %s: tensor<4xf32>) -> tensor<?x?xf32> {
  %x = tensor.cast %x0 : tensor<2x4xf32> to tensor<?x?xf32>
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<4xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

func.func @layer_slice(%x: tensor<2x4xf32>, %s: tensor<10xf32>) -> tensor<2x4xf32> {
  %c4 = arith.constant 4 : index
  %c = tensor.extract_slice %s[2] [%c4] [1] : tensor<10xf32> to tensor<?xf32>
  %y, %m, %i = norm.layer_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>)
      -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

func.func @group_cast(%x0: tensor<1x4x3xf32>, %s0: tensor<4xf32>, %b: tensor<4xf32>)
    -> tensor<?x?x?xf32> {
  %x = tensor.cast %x0 : tensor<1x4x3xf32> to tensor<?x?x?xf32>
  %s = tensor.cast %s0 : tensor<4xf32> to tensor<?xf32>
  %y = norm.group_normalization %x, %s, %b num_groups = 2
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

func.func @instance_cast(%x: tensor<1x4x3xf32>, %s0: tensor<4xf32>, %b0: tensor<4xf32>)
    -> tensor<1x4x3xf32> {
  %s = tensor.cast %s0 : tensor<4xf32> to tensor<?xf32>
  %b = tensor.cast %b0 : tensor<4xf32> to tensor<?xf32>
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<1x4x3xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

func.func @batch_cast(%x: tensor<2x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>,
                      %m0: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x4xf32> {
  %m = tensor.cast %m0 : tensor<4xf32> to tensor<?xf32>
  %y = norm.batch_normalization %x, %s, %b, %m, %v
      : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<?xf32>, tensor<4xf32>)
      -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @layer_bad_scale(%x: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  // expected-error @+1 {{'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1}}
  %y, %m, %i = norm.layer_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>)
      -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}
