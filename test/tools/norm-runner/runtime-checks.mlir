// Sizes that disagree at run time are one error and exit status 1, never
// a wrong answer or an out-of-bounds read.
// RUN: not norm-runner %s --function=scale --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="3xf32=1 1 1" 2>&1 | FileCheck %s --check-prefix=SCALE
// One line: the location, the op and the broken rule (upstream's four lines,
// "ERROR: Runtime op verification failed", the op, "^ rule", "Location:", joined).
// SCALE: {{^}}norm-runner: error: run-time check failed: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1{{$}}
// SCALE-NOT: Location:
// SCALE-NOT: ERROR: Runtime
// SCALE-NOT: 2x4xf32=
// The error names the tool (it was "error: ..." alone), norm-benchmark too.
// RUN: not norm-benchmark %s --function=scale --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="3xf32=1 1 1" 2>&1 | FileCheck %s --check-prefix=SCALE-BENCHMARK
// SCALE-BENCHMARK: {{^}}norm-benchmark: error: run-time check failed: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1{{$}}

// A static Scale against a dynamic X of another size.
// RUN: not norm-runner %s --function=static_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="4xf32=1 1 1 1" 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: error: run-time check failed:
// STATIC-SAME: op dimension 0 of 'Scale' is 4, expected 3 (dimension 1 of 'X') or 1{{$}}

// A result more static than X.
// RUN: not norm-runner %s --function=normalizer --input="3x2xf32=1 2 3 4 5 6" \
// RUN:   2>&1 | FileCheck %s --check-prefix=RESULT
// RESULT: error: run-time check failed:
// RESULT-SAME: op dimension 0 of 'X' is 3, expected 2 (the static size of result 'Y'){{$}}

// The message gives the sizes found at run time (norm.check_message), with
// exit status 1. GroupNormalization: C = 6 (dimension 1 of X 1x6x1) is not
// a multiple of num_groups = 4; a scale of 5 elements against C = 4; an
// InstanceNormalization B of 3 elements against C = 2.
// RUN: sh -c 'norm-runner %s --function=groups \
// RUN:   --input="1x6x1xf32=1 2 3 4 5 6" --input="6xf32=1 1 1 1 1 1" \
// RUN:   --input="6xf32=0 0 0 0 0 0" 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=GROUPS --match-full-lines
// GROUPS: norm-runner: error: run-time check failed: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.group_normalization' op C = 6 (dimension 1 of 'X') is not divisible by 'num_groups' = 4
// GROUPS-NEXT: exit status 1
// RUN: sh -c 'norm-runner %s --function=groups \
// RUN:   --input="1x4x1xf32=1 2 3 4" --input="5xf32=1 1 1 1 1" \
// RUN:   --input="4xf32=0 0 0 0" 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=GROUP-SCALE --match-full-lines
// GROUP-SCALE: norm-runner: error: run-time check failed: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.group_normalization' op the size of 'scale' is 5, expected C = 4 (dimension 1 of 'X')
// GROUP-SCALE-NEXT: exit status 1
// RUN: sh -c 'norm-benchmark %s --function=instance \
// RUN:   --input="1x2x2xf32=1 2 3 4" --input="2xf32=1 1" \
// RUN:   --input="3xf32=0 0 0" 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=INSTANCE --match-full-lines
// INSTANCE: norm-benchmark: error: run-time check failed: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.instance_normalization' op the size of 'B' is 3, expected C = 2 (dimension 1 of 'input')
// INSTANCE-NEXT: exit status 1
// Sizes that the operands' producers fix at compile time (a Scale of 3
// elements cast to tensor<?xf32>, X of static width 4): the check would fail
// on every call, so convert-norm-to-linalg reports it at compile time, the
// same text with the sizes, with or without --verify-each. (It used to fail
// at run time without --verify-each and, with it, on the verifier's
// "'linalg.generic' op inferred input/output operand #4 has shape's
// dimension #0 to be 4, but found 3": canonicalization folded the cast into
// the lowered linalg.generic. test/Conversion/NormToLinalg/known-sizes.mlir
// has the other ops and producers.)
// RUN: sh -c 'norm-runner --verify-each=false %s --function=cast_scale \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="3xf32=1 1 1" 2>&1; \
// RUN:   echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=CAST --match-full-lines
// RUN: sh -c 'norm-runner --verify-each %s --function=cast_scale \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" --input="3xf32=1 1 1" 2>&1; \
// RUN:   echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=CAST --match-full-lines
// CAST: norm-runner: error: cannot lower '{{.*}}runtime-checks.mlir' to the LLVM dialect: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1
// CAST-NEXT: exit status 1

// Sizes that agree pass the checks: Scale of run-time size 1 broadcasts.
// Expected: rows [1 2 3 4] and [5 6 7 8] standardize to
// +-3/sqrt(5), +-1/sqrt(5) (variance 1.25, epsilon 1e-5: 1/sqrt(1.25001)),
// times 2.
// RUN: norm-runner %s --function=scale --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="1xf32=2" \
// RUN:   --expected-output="2x4xf32=-2.683271 -0.8944236 0.8944236 2.683271 -2.683271 -0.8944236 0.8944236 2.683271" \
// RUN:   | FileCheck %s --check-prefix=OK
// OK: [SUCCESS] result[0]: 2x4xf32

func.func @scale(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

func.func @static_scale(%x: tensor<?x?xf32>, %s: tensor<4xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<4xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

func.func @normalizer(%x: tensor<?x2xf32>) -> tensor<2x2xf32> {
  %y = norm.normalizer %x : tensor<?x2xf32> -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

func.func @groups(%x: tensor<?x?x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>)
    -> tensor<?x?x?xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

func.func @instance(%x: tensor<?x?x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>)
    -> tensor<?x?x?xf32> {
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

func.func @cast_scale(%x: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  %c = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  %y, %m, %i = norm.layer_normalization %x, %c
      : (tensor<2x4xf32>, tensor<?xf32>)
      -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}
