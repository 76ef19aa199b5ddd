// With --function, norm-runner lowers and compiles only that function and
// the functions it references (JitOptions::entryFunction): a public function
// the entry does not call is not compiled, so it cannot stop the run; one it
// calls is compiled with it. Without --function the whole module is.

// @main calls @helper: LpNormalization (p = 2) of [3, 4] is [0.6, 0.8].
// RUN: norm-runner %s --function=main --input="1x2xf32=3 4" \
// RUN:   | FileCheck %s --check-prefix=MAIN
// MAIN: 1x2xf32=[0.6 0.8]

// @unranked has an unranked argument, which norm-runner cannot run.
// RUN: not norm-runner %s --function=unranked 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNRANKED
// RUN: not norm-runner %s 2>&1 | FileCheck %s --check-prefix=UNRANKED
// UNRANKED: norm-runner: error: function 'unranked': argument 0 has type tensor<*xf32>; norm-runner passes only ranked tensors

// A --function that names no public function with a body (a misspelled
// name, a private function, a declaration) is that error (which says
// whether the function is missing or private; private-functions.mlir), not an error of
// the functions the whole module would then compile (here @unranked's).
// RUN: not norm-runner %s --function=mian 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: norm-runner: error: function 'mian' not found; public functions: helper, main, unranked
// RUN: not norm-runner %s --function=private_helper 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: norm-runner: error: function 'private_helper' is private: only public functions with a body can be run; public functions: helper, main, unranked
// RUN: not norm-runner %s --function=declared 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DECLARED
// DECLARED: norm-runner: error: function 'declared' is private: only public functions with a body can be run; public functions: helper, main, unranked
// RUN: not norm-benchmark %s --function=mian 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-MISSING
// BENCH-MISSING: norm-benchmark: error: function 'mian' not found; public functions: helper, main, unranked

func.func private @private_helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func private @declared(tensor<2xf32>) -> tensor<2xf32>
func.func @helper(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = func.call @helper(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}
