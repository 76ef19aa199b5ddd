// The verifier rule of the norm dialect's discardable attribute
// norm.entry_signature (NormBase.td): it must be on a function. MLIR
// verifies a dialect attribute where its dialect is loaded, so every chunk
// holds a norm op.
// RUN: norm-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// A tensor signature on func.func verifies, and so does the same attribute
// on the llvm.func that the lowering makes of it. Other norm. attributes
// (markers of the codegen passes) are not checked.
// CHECK-LABEL: func.func @lp(
// CHECK-SAME:      attributes {norm.entry_signature = (tensor<?x3xf32>) -> tensor<?x3xf32>}
// CHECK:         norm.lp_normalization {{.*}} {norm.vectorize = 8 : i64}
// CHECK-LABEL: llvm.func @lowered(
// CHECK-SAME:      attributes {norm.entry_signature = (tensor<2xf32>) -> ()}
func.func @lp(%x: tensor<?x3xf32>) -> tensor<?x3xf32>
    attributes {norm.entry_signature = (tensor<?x3xf32>) -> tensor<?x3xf32>} {
  %y = norm.lp_normalization %x {norm.vectorize = 8 : i64} : tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
llvm.func @lowered(%a: !llvm.ptr, %b: !llvm.ptr, %c: i64, %d: i64, %e: i64)
    attributes {norm.entry_signature = (tensor<2xf32>) -> ()} {
  llvm.return
}

// -----

// The value is not checked here: the parser verifies a module as soon as it
// has read it, so norm-runner, which checks the value when it reads it
// (test/tools/norm-runner/signature-errors.mlir), could no longer name the
// function in its message.
// CHECK-LABEL: func.func @int_signature(
// CHECK-SAME:      attributes {norm.entry_signature = 5 : i64}
func.func @int_signature(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {norm.entry_signature = 5 : i64} {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Only functions have a signature to record: not an op inside one.
func.func @on_an_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'norm.entry_signature' must be on a function (func.func, or the llvm.func it lowers to)}}
  %y = norm.lp_normalization %x {norm.entry_signature = (tensor<4xf32>) -> tensor<4xf32>} : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Nor the module.
// expected-error @+1 {{'norm.entry_signature' must be on a function (func.func, or the llvm.func it lowers to)}}
module attributes {norm.entry_signature = () -> ()} {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = norm.lp_normalization %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
