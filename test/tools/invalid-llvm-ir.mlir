// Invalid LLVM IR after LLVM's optimizations is an internal error (one
// line, exit status 1), not compiled: the code generator may crash on it
// (the SIGSEGV in the register allocator of docs/Development.md, "LLVM
// 22's SROA tree merge") or compile it into code nobody checked (this
// kernel happened to give the right values).
// The kernel stores two single-element vectors into an alloca, the one at
// the higher offset first, and reads them back as one vector: LLVM 22's SROA
// inserts its shufflevector before the second stored value is defined (a
// bug of SROA's tree-structured merge, llvm/llvm-project#189680). noinline
// keeps it out of the wrappers, where the invalid IR crashed a later pass of
// the optimizer instead (which this check cannot catch).

// RUN: rm -rf %t && mkdir %t
// RUN: not norm-runner %s --input="2xf64=4 16" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER --implicit-check-not={{.}}
// RUN: not norm-benchmark %s --input="2xf64=4 16" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCHMARK --implicit-check-not={{.}}
// RUN: not norm-compile %s -o %t/k.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMPILE --implicit-check-not={{.}}
// RUN: not test -e %t/k.o
// RUN: not test -e %t/k.h
// RUNNER: norm-runner: error: cannot JIT-compile '{{.*}}invalid-llvm-ir.mlir': internal error: LLVM's optimizations produced invalid LLVM IR (Instruction does not dominate all uses!), which is not compiled: a bug of LLVM or of norm-mlir's lowering; please report it with the module{{$}}
// BENCHMARK: norm-benchmark: error: cannot JIT-compile '{{.*}}invalid-llvm-ir.mlir': internal error: LLVM's optimizations produced invalid LLVM IR (Instruction does not dominate all uses!), which is not compiled: a bug of LLVM or of norm-mlir's lowering; please report it with the module{{$}}
// COMPILE: norm-compile: error: cannot compile '{{.*}}invalid-llvm-ir.mlir': internal error: LLVM's optimizations produced invalid LLVM IR (Instruction does not dominate all uses!), which is not compiled: a bug of LLVM or of norm-mlir's lowering; please report it with the module{{$}}

func.func @kernel(%x: tensor<2xf64>) -> tensor<2xf64>
    attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x !llvm.array<2 x f64> {alignment = 16 : i64}
      : (i64) -> !llvm.ptr
  %q = llvm.getelementptr %p[8] : (!llvm.ptr) -> !llvm.ptr, i8
  // p[1] = sqrt(x[0]) first, then p[0] = sqrt(x[1]).
  %a = tensor.extract %x[%c0] : tensor<2xf64>
  %as = llvm.intr.sqrt(%a) : (f64) -> f64
  %av = vector.broadcast %as : f64 to vector<1xf64>
  llvm.store %av, %q {alignment = 8 : i64} : vector<1xf64>, !llvm.ptr
  %b = tensor.extract %x[%c1] : tensor<2xf64>
  %bs = llvm.intr.sqrt(%b) : (f64) -> f64
  %bv = vector.broadcast %bs : f64 to vector<1xf64>
  llvm.store %bv, %p {alignment = 16 : i64} : vector<1xf64>, !llvm.ptr
  // 1 / p: [1 / sqrt(x[1]), 1 / sqrt(x[0])] ([0.25, 0.5] for [4, 16]).
  %v = llvm.load %p {alignment = 16 : i64} : !llvm.ptr -> vector<2xf64>
  %ones = llvm.mlir.constant(dense<1.0> : vector<2xf64>) : vector<2xf64>
  %w = llvm.fdiv %ones, %v : vector<2xf64>
  %empty = tensor.empty() : tensor<2xf64>
  %t = vector.transfer_write %w, %empty[%c0] {in_bounds = [true]}
      : vector<2xf64>, tensor<2xf64>
  return %t : tensor<2xf64>
}
