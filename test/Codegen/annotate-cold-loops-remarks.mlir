// RUN: norm-opt %s --norm-annotate-cold-loops \
// RUN:   --remarks-filter=norm-annotate-cold-loops \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null

// The optimization remark of norm-annotate-cold-loops: at each loop marked
// cold, none at the others.

func.func @marked(%n: index, %a: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  // expected-remark @+1 {{[Passed] Annotated | Category:norm-annotate-cold-loops | Function=marked | Remark="cold loop: LLVM interleaving and unrolling disabled"}}
  %cold = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f64 {
    %next = arith.addf %acc, %a : f64
    scf.yield %next : f64
  } {norm.cold_loop}
  %hot = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cold) -> f64 {
    %next = arith.mulf %acc, %a : f64
    scf.yield %next : f64
  }
  return %hot : f64
}
