// Compiled code that faults is the module's error, not the runner's: one
// line naming the function and the signal, exit status 1, and no "PLEASE
// submit a bug report" crash report (which it used to print, dying by the
// signal). The handlers are those of norm/Runner/ToolMain.h.

// A load through an address from the input (-2^60: non-canonical, so it
// faults on every machine). An out-of-bounds index of tensor.extract or
// memref.load is caught before it faults, by a run-time check
// (runtime-checks-upstream-ops.mlir).
// RUN: not norm-runner %s --function=load \
// RUN:   --input="i64=-1152921504606846976" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEGV --implicit-check-not=PLEASE \
// RUN:       --implicit-check-not="Stack dump"
// SEGV: norm-runner: error: function 'load' faulted at run time: SIGSEGV (invalid memory access{{( at address 0x[0-9a-f]+)?}}, e.g. an out-of-bounds index)
// RUN: not norm-benchmark %s --function=load \
// RUN:   --input="i64=-1152921504606846976" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCHMARK --implicit-check-not=PLEASE
// BENCHMARK: norm-benchmark: error: function 'load' faulted at run time: SIGSEGV

// An integer division by zero traps (x86: SIGFPE).
// RUN: not norm-runner %s --function=divide --input="i32=7" --input="i32=0" \
// RUN:   2>&1 | FileCheck %s --check-prefix=FPE --implicit-check-not=PLEASE
// FPE: norm-runner: error: function 'divide' faulted at run time: SIGFPE (arithmetic exception, e.g. an integer division by zero)
// RUN: norm-runner %s --function=divide --input="i32=7" --input="i32=2" \
// RUN:   | FileCheck %s --check-prefix=QUOTIENT
// QUOTIENT: i32=3

func.func @load(%address: tensor<i64>) -> tensor<f32> {
  %v = tensor.extract %address[] : tensor<i64>
  %p = llvm.inttoptr %v : i64 to !llvm.ptr
  %e = llvm.load %p : !llvm.ptr -> f32
  %r = tensor.from_elements %e : tensor<f32>
  return %r : tensor<f32>
}

func.func @divide(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %x = tensor.extract %a[] : tensor<i32>
  %y = tensor.extract %b[] : tensor<i32>
  %q = arith.divsi %x, %y : i32
  %r = tensor.from_elements %q : tensor<i32>
  return %r : tensor<i32>
}
