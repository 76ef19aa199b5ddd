// norm-to-llvm runs on builtin.module: nested in another op it is one error
// of the pipeline parser and exit 1, not a fatal error of the PassManager
// (LLVM ERROR, abort).

// RUN: not norm-opt %s '--pass-pipeline=builtin.module(func.func(norm-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUNC --implicit-check-not='LLVM ERROR'
// FUNC: error: 'norm-to-llvm' runs on 'builtin.module', not nested in 'func.func'

// RUN: not norm-opt %s '--pass-pipeline=builtin.module(func.func(norm-to-llvm{vector-bits=256}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUNC --implicit-check-not='LLVM ERROR'

// RUN: not norm-opt %s '--pass-pipeline=func.func(norm-to-llvm)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUNC --implicit-check-not='LLVM ERROR'

// Nested in a builtin.module it lowers that module.
// RUN: norm-opt %s '--pass-pipeline=builtin.module(builtin.module(norm-to-llvm))' \
// RUN:   | FileCheck %s --check-prefix=NESTED
// NESTED: module {
// NESTED:   module {
// NESTED:     llvm.func @lp(
// NESTED-NOT:   norm.lp_normalization

module {
  module {
    func.func @lp(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
      %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<2x4xf32>
      return %y : tensor<2x4xf32>
    }
  }
}
