// Signatures norm-runner cannot call: one "norm-runner: error:" line and exit
// status 1 (`sh -c '...; echo'` checks the exact status; `not` would accept
// any failure).

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{check} = FileCheck %s --implicit-check-not={{.}} --check-prefix

// An unranked tensor argument or result is rejected before lowering (the
// lowered code would call the runtime's memrefCopy, which the runner does not
// provide), with the message of every other unsupported type.
// RUN: sh -c 'norm-runner %t/unranked_arg.mlir --input="2xf32=1 2" 2>&1; \
// RUN:   echo "exit status $?"' | %{check}=UNRANKED-ARG
// UNRANKED-ARG: norm-runner: error: function 'main': argument 0 has type tensor<*xf32>; norm-runner passes only ranked tensors of f16, bf16, f32, f64, i32, i64
// UNRANKED-ARG-NEXT: exit status 1
// RUN: sh -c 'norm-runner %t/unranked_result.mlir --input="2xf32=1 2" 2>&1; \
// RUN:   echo "exit status $?"' | %{check}=UNRANKED-RESULT
// UNRANKED-RESULT: norm-runner: error: function 'main': result 0 has type tensor<*xf32>; norm-runner passes only ranked tensors of f16, bf16, f32, f64, i32, i64
// UNRANKED-RESULT-NEXT: exit status 1
// Without --function every public function is checked: the module is
// compiled as a whole. With --function, only that function and what it
// references is (docs/Runner.md), so the other one does not stop it.
// RUN: sh -c 'norm-runner %t/unranked_other.mlir 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=UNRANKED-OTHER
// UNRANKED-OTHER: norm-runner: error: function 'unranked': argument 0 has type tensor<*xf32>; norm-runner passes only ranked tensors of f16, bf16, f32, f64, i32, i64
// UNRANKED-OTHER-NEXT: exit status 1
// RUN: sh -c 'norm-runner %t/unranked_other.mlir --function=ranked \
// RUN:   --input="2xf32=1 2" 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=RANKED-ONLY
// RANKED-ONLY: 2xf32=1 2
// RANKED-ONLY-NEXT: exit status 0

// A tuple argument, which the LLVM lowering has no conversion of,
// is rejected before lowering too, by both tools (before: "cannot lower ...
// to the LLVM dialect: ... 'func.func' op was not lowered").
// RUN: sh -c 'norm-runner %t/tuple_arg.mlir --input="2xf32=1 2" 2>&1; \
// RUN:   echo "exit status $?"' | %{check}=TUPLE-ARG
// TUPLE-ARG: norm-runner: error: function 'main': argument 1 has type tuple<f32>; norm-runner passes only ranked tensors of f16, bf16, f32, f64, i32, i64
// TUPLE-ARG-NEXT: exit status 1
// RUN: sh -c 'norm-benchmark %t/tuple_arg.mlir --input=2xf32 2>&1; \
// RUN:   echo "exit status $?"' | %{check}=TUPLE-ARG-BENCH
// TUPLE-ARG-BENCH: norm-benchmark: error: function 'main': argument 1 has type tuple<f32>; norm-benchmark passes only ranked tensors of f16, bf16, f32, f64, i32, i64
// TUPLE-ARG-BENCH-NEXT: exit status 1

// A 'norm.entry_signature' that is there but is not a function type.
// RUN: sh -c 'norm-runner %t/int_sig.mlir 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=INT-SIG
// INT-SIG: norm-runner: error: 'norm.entry_signature' of function 'main' must be a function type, got 5 : i64
// INT-SIG-NEXT: exit status 1
// RUN: sh -c 'norm-runner %t/tensor_sig.mlir 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=TENSOR-SIG
// TENSOR-SIG: norm-runner: error: 'norm.entry_signature' of function 'main' must be a function type, got tensor<2xf32>
// TENSOR-SIG-NEXT: exit status 1

//--- unranked_arg.mlir
func.func @main(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}

//--- unranked_result.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<*xf32> {
  %0 = tensor.cast %x : tensor<2xf32> to tensor<*xf32>
  return %0 : tensor<*xf32>
}

//--- unranked_other.mlir
func.func @ranked(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}

//--- tuple_arg.mlir
func.func @main(%x: tensor<2xf32>, %t: tuple<f32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

//--- int_sig.mlir
llvm.func @main() attributes {norm.entry_signature = 5 : i64} {
  llvm.return
}

//--- tensor_sig.mlir
llvm.func @main() attributes {norm.entry_signature = tensor<2xf32>} {
  llvm.return
}
