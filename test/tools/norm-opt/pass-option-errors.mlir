// A pass option value that llvm::cl rejects is reported by llvm::cl, one
// line; norm-opt adds no empty "<unknown>:0: error: " line after it (the
// empty message MLIR's pass registry passes on). Exit status 1.
// RUN: not norm-opt %s --convert-norm-to-linalg=reduction-partial-sums=-1 \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALUE \
// RUN:   --implicit-check-not={{.}}
// RUN: not norm-opt %s --convert-norm-to-linalg=reduction-partial-sums=-1 \
// RUN:   -o /dev/null 2>&1 | count 1
// VALUE: norm-opt: for the --reduction-partial-sums option: '-1' value invalid for uint argument!{{$}}
// The same for an upstream pass.
// RUN: not norm-opt %s --canonicalize=max-iterations=x -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM --implicit-check-not={{.}}
// RUN: not norm-opt %s --canonicalize=max-iterations=x -o /dev/null 2>&1 \
// RUN:   | count 1
// UPSTREAM: norm-opt: for the --max-iterations option: 'x' value invalid for long argument!{{$}}
// A pipeline option: one line too (it was one line before).
// RUN: not norm-opt %s --norm-to-llvm=vector-bits=-1 -o /dev/null 2>&1 \
// RUN:   | count 1

// In --pass-pipeline, the error that names the pass follows, without the
// blank lines around it.
// RUN: not norm-opt %s -o /dev/null 2>&1 \
// RUN:   --pass-pipeline='builtin.module(convert-norm-to-linalg{reduction-partial-sums=-1})' \
// RUN:   | FileCheck %s --check-prefix=PIPELINE --implicit-check-not={{.}}
// RUN: not norm-opt %s -o /dev/null 2>&1 \
// RUN:   --pass-pipeline='builtin.module(convert-norm-to-linalg{reduction-partial-sums=-1})' \
// RUN:   | count 2
// PIPELINE: norm-opt: for the --reduction-partial-sums option: '-1' value invalid for uint argument!{{$}}
// PIPELINE-NEXT: <unknown>:0: error: failed to add `convert-norm-to-linalg` with options `reduction-partial-sums=-1`{{$}}

// An option the pass does not have: one error line.
// RUN: not norm-opt %s --convert-norm-to-linalg=foo=1 -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not={{.}}
// RUN: not norm-opt %s --convert-norm-to-linalg=foo=1 -o /dev/null 2>&1 \
// RUN:   | count 1
// UNKNOWN: <unknown>:0: error: <Pass-Options-Parser>: no such option foo{{$}}

func.func @lp(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
