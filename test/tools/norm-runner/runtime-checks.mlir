// Sizes that disagree at run time are one error and exit status 1, never
// a wrong answer or an out-of-bounds read.
// RUN: not norm-runner %s --function=scale --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="3xf32=1 1 1" 2>&1 | FileCheck %s --check-prefix=SCALE
// One line: the location, the op and the broken rule (upstream's four lines,
// "ERROR: Runtime op verification failed", the op, "^ rule", "Location:", joined).
// SCALE: {{^}}norm-runner: error: run-time check failed: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale' is not broadcastable to dimension 1 of 'X' (sizes differ and are not 1){{$}}
// SCALE-NOT: Location:
// SCALE-NOT: ERROR: Runtime
// SCALE-NOT: 2x4xf32=
// The error names the tool (it was "error: ..." alone), norm-benchmark too.
// RUN: not norm-benchmark %s --function=scale --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="3xf32=1 1 1" 2>&1 | FileCheck %s --check-prefix=SCALE-BENCHMARK
// SCALE-BENCHMARK: {{^}}norm-benchmark: error: run-time check failed: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization' op dimension 0 of 'Scale'

// A static Scale against a dynamic X of another size.
// RUN: not norm-runner %s --function=static_scale --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --input="4xf32=1 1 1 1" 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: error: run-time check failed:
// STATIC-SAME: op dimension 0 of 'Scale' is not broadcastable to dimension 1 of 'X'

// A result more static than X.
// RUN: not norm-runner %s --function=normalizer --input="3x2xf32=1 2 3 4 5 6" \
// RUN:   2>&1 | FileCheck %s --check-prefix=RESULT
// RESULT: error: run-time check failed:
// RESULT-SAME: op dimension 0 of 'X' differs from the static size of result 'Y'

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
