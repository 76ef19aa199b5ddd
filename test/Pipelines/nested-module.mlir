// norm-to-llvm lowers the builtin.modules nested in the module it runs on,
// at any depth, each as a module of its own (a nested module is a symbol
// table: its functions call only its own). It used to leave their norm ops
// and tensors as they were and exit 0.

// DEFINE: %{only-llvm} = FileCheck %s \
// DEFINE:   --implicit-check-not='{{[ "](scf|cf|memref|func|tensor|linalg|bufferization|arith|math|vector|affine|index|ub)\.[a-z]}}' \
// DEFINE:   --implicit-check-not='{{[ "]norm\.(lp_normalization|normalizer|layer_normalization)}}' \
// DEFINE:   --implicit-check-not=error
// RUN: norm-opt %s --norm-to-llvm 2>&1 | %{only-llvm}
// RUN: norm-opt %s --norm-to-llvm=parallel=false 2>&1 | %{only-llvm}

// CHECK-LABEL: module @inner {
// CHECK:         llvm.func @malloc
// CHECK:         llvm.func @f(
// CHECK-SAME:      norm.entry_signature = (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:           llvm.call @helper(
// CHECK:         llvm.func @helper(
// CHECK-NOT:       norm.entry_signature
// CHECK:         module @deeper {
// CHECK:           llvm.func @g(
// CHECK-SAME:        norm.entry_signature = (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
// CHECK:         }
// CHECK:         module @empty {
// CHECK-NEXT:    }
// CHECK:       }
// CHECK:       llvm.func @main(
// CHECK-SAME:    norm.entry_signature = (tensor<2x3xf32>) -> tensor<2x3xf32>

// norm-runner calls the functions of the top-level module; the LLVM IR
// translation leaves nested modules out, so their functions cannot be called.
// RUN: norm-runner %s --input="2x3xf32=3 4 0 0 0 -5" \
// RUN:   --expected-output="2x3xf32=0.6 0.8 0 0 0 -1" | FileCheck %s --check-prefix=JIT
// JIT: [SUCCESS] result[0]: 2x3xf32
// RUN: not norm-runner %s --function=f 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: norm-runner: error: function 'f' not found; public functions: main; the nested module '@inner' (at {{.*}}nested-module.mlir:[[# @LINE + 3]]:3) has functions, which are not run: the JIT runs the functions of the top-level module only{{$}}

module {
  module @inner {
    func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
      %y = call @helper(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      return %y : tensor<2x3xf32>
    }
    func.func private @helper(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
      %y = norm.lp_normalization %x axis = 1 p = 1 : tensor<2x3xf32>
      return %y : tensor<2x3xf32>
    }
    module @deeper {
      func.func @g(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
        %y, %m, %i = norm.layer_normalization %x, %s
            : (tensor<?x?xf32>, tensor<?xf32>)
            -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
        return %y : tensor<?x?xf32>
      }
    }
    module @empty {
    }
  }
  func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<2x3xf32>
    return %y : tensor<2x3xf32>
  }
}
