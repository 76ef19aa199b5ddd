// downstream-to-llvm (registerNormToLLVMPipelineVariant) runs on
// builtin.module: nested in func.func it is one error of the pipeline parser
// and exit 1, not an abort; nested in a builtin.module it lowers that module.

// RUN: not downstream-opt %s '--pass-pipeline=builtin.module(func.func(downstream-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUNC --implicit-check-not='LLVM ERROR'
// FUNC: error: 'downstream-to-llvm' runs on 'builtin.module', not nested in 'func.func'

// RUN: downstream-opt %s '--pass-pipeline=builtin.module(builtin.module(downstream-to-llvm))' \
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
