// --function naming a function that exists but cannot be run says so, with
// what can be run: "function 'hidden' is private: only public functions with
// a body can be run; public functions: ...". It said "function 'hidden' not
// found", as for a name the module does not have. The same in norm-benchmark
// (which shares the lookup) and norm-compile ("can be exported"), for
// func.func and for a module already in the LLVM dialect (an llvm.func of
// internal linkage is private). A name the module does not have is still
// "not found". Each is one error line and exit status 1.

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{check} = FileCheck %s --implicit-check-not={{.}} --check-prefix

// RUN: sh -c 'norm-runner %t/func.mlir --function=hidden --input="2xf32=1 2" 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=HIDDEN
// HIDDEN: norm-runner: error: function 'hidden' is private: only public functions with a body can be run; public functions: pub{{$}}
// HIDDEN-NEXT: exit status 1
// RUN: sh -c 'norm-runner %t/func.mlir --function=decl --input="2xf32=1 2" 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=DECL
// DECL: norm-runner: error: function 'decl' is private: only public functions with a body can be run; public functions: pub{{$}}
// DECL-NEXT: exit status 1
// RUN: sh -c 'norm-runner %t/func.mlir --function=nope --input="2xf32=1 2" 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=NOPE
// NOPE: norm-runner: error: function 'nope' not found; public functions: pub{{$}}
// NOPE-NEXT: exit status 1
// The public function that calls the private one runs: [1, 2] + [1, 2].
// RUN: norm-runner %t/func.mlir --function=pub --input="2xf32=1 2" | %{check}=PUB
// PUB: 2xf32=2 4{{$}}

// RUN: sh -c 'norm-benchmark %t/func.mlir --function=hidden --input=2xf32 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=BENCH-HIDDEN
// BENCH-HIDDEN: norm-benchmark: error: function 'hidden' is private: only public functions with a body can be run; public functions: pub{{$}}
// BENCH-HIDDEN-NEXT: exit status 1

// RUN: sh -c 'norm-compile %t/func.mlir --function=hidden -o %t/f.o 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=COMPILE-HIDDEN
// COMPILE-HIDDEN: norm-compile: error: function 'hidden' is private: only public functions with a body can be exported; public functions: pub{{$}}
// COMPILE-HIDDEN-NEXT: exit status 1

// A module in the LLVM dialect (not lowered again), where a public
// declaration is valid.
// RUN: sh -c 'norm-runner %t/llvm.mlir --function=helper 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=LLVM-HIDDEN
// LLVM-HIDDEN: norm-runner: error: function 'helper' is private: only public functions with a body can be run; public functions: main{{$}}
// LLVM-HIDDEN-NEXT: exit status 1
// RUN: sh -c 'norm-runner %t/llvm.mlir --function=external 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=LLVM-DECL
// LLVM-DECL: norm-runner: error: function 'external' is a declaration without a body: only public functions with a body can be run; public functions: main{{$}}
// LLVM-DECL-NEXT: exit status 1

//--- func.mlir
func.func private @hidden(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = arith.addf %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// A declaration (func.func declarations are private).
func.func private @decl(%x: tensor<2xf32>) -> tensor<2xf32>
func.func @pub(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @hidden(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- llvm.mlir
llvm.func internal @helper() -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}
llvm.func @external() -> i32
llvm.func @main() -> i32 {
  %0 = llvm.call @helper() : () -> i32
  llvm.return %0 : i32
}
