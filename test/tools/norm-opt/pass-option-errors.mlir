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
// PIPELINE-NEXT: norm-opt: error: failed to add `convert-norm-to-linalg` with options `reduction-partial-sums=-1`{{$}}

// An option the pass does not have: one error line.
// RUN: not norm-opt %s --convert-norm-to-linalg=foo=1 -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not={{.}}
// RUN: not norm-opt %s --convert-norm-to-linalg=foo=1 -o /dev/null 2>&1 \
// RUN:   | count 1
// UNKNOWN: norm-opt: error: <Pass-Options-Parser>: no such option foo{{$}}

// A value out of an option's range (checked by the pass before it runs)
// has no location: one tool error "norm-opt: error: ...", as the errors
// above, not "<unknown>:0: error: ...". Exit status 1.
// RUN: sh -c "norm-opt %s -o /dev/null 2>&1 --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{min-rows-ahead=0}))'; echo \"exit status \$?\"" \
// RUN:   | FileCheck %s --check-prefix=RANGE --match-full-lines --implicit-check-not={{.}}
// RANGE: norm-opt: error: norm-prefetch-rows: min-rows-ahead must be 1 (`distance` alone) to 64 rows, got 0
// RANGE-NEXT: exit status 1
// RUN: sh -c "norm-opt %s -o /dev/null 2>&1 --norm-vectorize-rows=unroll=17; echo \"exit status \$?\"" \
// RUN:   | FileCheck %s --check-prefix=UNROLL --match-full-lines --implicit-check-not={{.}}
// UNROLL: norm-opt: error: norm-vectorize-rows: unroll must be 1 to 16 (vector registers of partial sums per tile: 0 would tile nothing, and more than a CPU's register file holds would spill), got 17
// UNROLL-NEXT: exit status 1
// A pass nested wrongly: the error line is the tool's too.
// RUN: not norm-opt %s -o /dev/null 2>&1 \
// RUN:   --pass-pipeline='builtin.module(norm-prefetch-rows{min-rows-ahead=0})' \
// RUN:   | FileCheck %s --check-prefix=NEST
// NEST: {{^}}norm-opt: error: Can't add pass 'PrefetchRowsPass' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?{{$}}
// The pipeline parser's lines after the reason, naming what it failed to
// add, are notes with the tool's prefix (before, they followed as bare
// lines: "failed to add `norm-fuse-rows` with options ``"). A function pass
// on the module:
// RUN: sh -c "norm-opt %s -o /dev/null 2>&1 --pass-pipeline='builtin.module(norm-fuse-rows)'; echo \"exit status \$?\"" \
// RUN:   | FileCheck %s --check-prefix=NEST-FUNC --match-full-lines --implicit-check-not={{.}}
// NEST-FUNC: norm-opt: error: Can't add pass 'FuseRowsPass' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?
// NEST-FUNC-NEXT: norm-opt: note: failed to add `norm-fuse-rows` with options ``
// NEST-FUNC-NEXT: exit status 1
// The module pipeline in a function:
// RUN: sh -c "norm-opt %s -o /dev/null 2>&1 --pass-pipeline='builtin.module(func.func(norm-to-llvm))'; echo \"exit status \$?\"" \
// RUN:   | FileCheck %s --check-prefix=NEST-MODULE --match-full-lines --implicit-check-not={{.}}
// NEST-MODULE: norm-opt: error: 'norm-to-llvm' runs on 'builtin.module', not nested in 'func.func'
// NEST-MODULE-NEXT: norm-opt: note: failed to add `norm-to-llvm` with options ``
// NEST-MODULE-NEXT: norm-opt: note: failed to add `func.func` with options `` to inner pipeline
// NEST-MODULE-NEXT: exit status 1
// An option the nested pass does not have: the same form.
// RUN: not norm-opt %s -o /dev/null 2>&1 \
// RUN:   --pass-pipeline='builtin.module(func.func(norm-fuse-rows{foo=1}))' \
// RUN:   | FileCheck %s --check-prefix=NEST-UNKNOWN --match-full-lines --implicit-check-not={{.}}
// NEST-UNKNOWN: norm-opt: error: <Pass-Options-Parser>: no such option foo
// NEST-UNKNOWN-NEXT: norm-opt: note: failed to add `norm-fuse-rows` with options `foo=1`
// NEST-UNKNOWN-NEXT: norm-opt: note: failed to add `func.func` with options `` to inner pipeline
// With --verify-diagnostics, such an error is left to the verifier, which
// reports it as unexpected (an error without a location cannot be expected).
// RUN: not norm-opt %s -o /dev/null --verify-diagnostics 2>&1 \
// RUN:   --norm-vectorize-rows=unroll=17 | FileCheck %s --check-prefix=VERIFY
// VERIFY: error: unexpected error: norm-vectorize-rows: unroll must be 1 to 16

func.func @lp(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
