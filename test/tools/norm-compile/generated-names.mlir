// The names norm-compile generates from an exported name (the CPU accessor
// `<name>_cpu` and the variants `<name>__<cpu>` of an object of several
// CPUs, the variants `<name>__aligned` and `<name>__any` on x86) must not be
// another exported name or a symbol of the module: such a module is one
// error naming both functions and the name, and nothing is written. Without
// the check the header declared `k_f_cpu` twice and a kernel was exported
// as `k_f_cpu.3` or `f__aligned.1`, which C cannot name.

// RUN: rm -rf %t && split-file %s %t

// RUN: not norm-compile %t/accessor.mlir --prefix=k_ --mcpu=x86-64,x86-64-v3 \
// RUN:   --parallel=false -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ACCESSOR --implicit-check-not=error
// ACCESSOR: norm-compile: error: functions 'f' and 'f_cpu' clash on the name 'k_f_cpu': the CPU accessor (--mcpu with several CPUs) of 'f' and the exported function of 'f_cpu'; rename one of them
// RUN: not ls %t/out.o %t/out.h

// RUN: not norm-compile %t/variant.mlir --prefix=k_ --mcpu=x86-64,x86-64-v3 \
// RUN:   --parallel=false -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VARIANT --implicit-check-not=error
// VARIANT: norm-compile: error: functions 'f__x86_64' and 'f' clash on the name 'k_f__x86_64': the exported function of 'f__x86_64' and the internal variant for x86-64 of 'f'; rename one of them
// RUN: not ls %t/out.o %t/out.h

// One CPU on x86: the variants by result alignment.
// RUN: not norm-compile %t/aligned.mlir --target-triple=x86_64-linux-gnu \
// RUN:   --mcpu=x86-64-v3 --parallel=false -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALIGNED --implicit-check-not=error
// ALIGNED: norm-compile: error: functions 'f__aligned' and 'f' clash on the name 'f__aligned': the exported function of 'f__aligned' and the internal variant for aligned results of 'f'; rename one of them
// RUN: not ls %t/out.o %t/out.h

// A function of the module that is not exported.
// RUN: not norm-compile %t/accessor.mlir --function=f --mcpu=x86-64,x86-64-v3 \
// RUN:   --parallel=false -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE --implicit-check-not=error
// MODULE: norm-compile: error: the module's symbol 'f_cpu' is the name of the CPU accessor (--mcpu with several CPUs) that norm-compile generates for function 'f'; rename one of them
// RUN: not ls %t/out.o %t/out.h

// Where the names are not generated, the same modules compile, each kernel
// under its own name: one CPU, another prefix for the accessor, or a target
// other than x86.
// RUN: norm-compile %t/accessor.mlir --prefix=k_ --mcpu=x86-64-v3 \
// RUN:   --parallel=false -o %t/one.o
// RUN: llvm-nm --defined-only %t/one.o | FileCheck %s --check-prefix=ONE
// ONE-DAG: T k_f{{$}}
// ONE-DAG: T k_f_cpu{{$}}
// RUN: norm-compile %t/accessor.mlir --prefix=k_ --function=f \
// RUN:   --mcpu=x86-64,x86-64-v3 --parallel=false -o %t/two.o
// RUN: llvm-nm --defined-only %t/two.o | FileCheck %s --check-prefix=TWO
// TWO-DAG: T k_f{{$}}
// TWO-DAG: T k_f_cpu{{$}}
// RUN: norm-compile %t/aligned.mlir --target-triple=aarch64-linux-gnu \
// RUN:   --parallel=false -o %t/arm.o
// RUN: llvm-nm --defined-only %t/arm.o | FileCheck %s --check-prefix=ARM
// ARM-DAG: T f{{$}}
// ARM-DAG: T f__aligned{{$}}

//--- accessor.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @f_cpu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x p = 1 : tensor<4xf32>
  return %y : tensor<4xf32>
}
//--- variant.mlir
func.func @f__x86_64(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x p = 1 : tensor<4xf32>
  return %y : tensor<4xf32>
}
//--- aligned.mlir
func.func @f__aligned(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x p = 1 : tensor<4xf32>
  return %y : tensor<4xf32>
}
