// RUN: norm-opt %s --split-input-file --norm-record-entry-signatures | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-to-llvm | FileCheck %s --check-prefix=LLVM

// norm-record-entry-signatures sets norm.entry_signature = <function type>
// on every public func.func that does not have it yet: the tensor types of
// the arguments and results, which the LLVM calling convention erases and
// runners need (the first step of norm-to-llvm, so the attribute is on the
// lowered llvm.func).

// A public function with static and dynamic, f32 and f16 tensors.
// CHECK-LABEL: func.func @layer(
// CHECK-SAME:      attributes {norm.entry_signature = (tensor<2x3xf32>, tensor<?xf16>) -> (tensor<2x3xf32>, tensor<2x1xf32>)}
func.func @layer(%x: tensor<2x3xf32>, %scale: tensor<?xf16>)
    -> (tensor<2x3xf32>, tensor<2x1xf32>) {
  %y = tensor.empty() : tensor<2x3xf32>
  %m = tensor.empty() : tensor<2x1xf32>
  return %y, %m : tensor<2x3xf32>, tensor<2x1xf32>
}

// Private functions and declarations are no entry points: untouched.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME:      %{{.+}}: tensor<4xi32>) -> tensor<4xi32> {
func.func private @helper(%x: tensor<4xi32>) -> tensor<4xi32> {
  return %x : tensor<4xi32>
}
// CHECK-LABEL: func.func private @decl(tensor<8xbf16>) -> tensor<8xbf16>{{$}}
func.func private @decl(tensor<8xbf16>) -> tensor<8xbf16>

// A signature recorded before (e.g. ahead of a shape specialization) is
// kept, not overwritten with the current type.
// CHECK-LABEL: func.func @kept(
// CHECK-SAME:      -> tensor<3xf64> attributes {norm.entry_signature = (tensor<?xf64>) -> tensor<?xf64>}
func.func @kept(%x: tensor<3xf64>) -> tensor<3xf64>
    attributes {norm.entry_signature = (tensor<?xf64>) -> tensor<?xf64>} {
  return %x : tensor<3xf64>
}

// No arguments and no results: the empty signature.
// CHECK-LABEL: func.func @no_io()
// CHECK-SAME:      attributes {norm.entry_signature = () -> ()}
func.func @no_io() {
  return
}

// -----

// Through norm-to-llvm, the signature of the tensor function is on the
// llvm.func whose arguments are memref descriptors.
// LLVM-LABEL: llvm.func @lp(
// LLVM-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: i64
// LLVM-SAME:      attributes {norm.entry_signature = (tensor<?x3xf32>) -> tensor<?x3xf32>}
// CHECK-LABEL: func.func @lp(
// CHECK-SAME:      attributes {norm.entry_signature = (tensor<?x3xf32>) -> tensor<?x3xf32>}
func.func @lp(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
