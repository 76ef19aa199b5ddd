// A tool started with standard output closed (`>&-`) used to give descriptor 1
// to the next file it opened and write its output there, exiting with status 0:
// norm-runner wrote its results into LLVM's perf jitdump file, norm-compile
// with `-o -` wrote its LLVM IR into its own header file, norm-benchmark its
// table into whatever held the number. Every tool now reserves a closed
// standard descriptor with /dev/null opened the other way
// (norm/Support/StandardStreams.h): the write fails, one error line, status 1
// (norm-benchmark's too, written through std::cout: runToolMain's buffer of
// std::cout keeps the errno, where it was "Input/output error" before).

// RUN: rm -rf %t && mkdir %t

// RUN: sh -c 'norm-runner %s --input="2xf32=3 4" >&-; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER
// RUNNER: norm-runner: error: cannot write '<stdout>': Bad file descriptor
// RUNNER-NEXT: exit status 1

// RUN: sh -c 'norm-benchmark %s --input=2xf32 --benchmark_min_time=0.001 >&-; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH
// BENCH: norm-benchmark: error: cannot write '<stdout>': Bad file descriptor
// BENCH-NEXT: exit status 1

// RUN: sh -c 'norm-opt %s >&-; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPT
// OPT: norm-opt: error: cannot write '<stdout>': Bad file descriptor
// OPT-NEXT: exit status 1

// RUN: sh -c 'norm-translate --import-onnx %S/../Target/ONNX/Inputs/ok-batchnorm-f32.onnx >&-; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: norm-translate: error: cannot write '<stdout>': Bad file descriptor
// TRANSLATE-NEXT: exit status 1

// The header is not written (it held the LLVM IR, then the header).
// RUN: sh -c 'norm-compile %s --prefix=k_ --emit=llvm-ir -o - --header=%t/k.h >&-; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMPILE
// COMPILE: norm-compile: error: cannot write '<stdout>': Bad file descriptor
// COMPILE-NEXT: exit status 1
// RUN: not test -e %t/k.h

// Standard input closed: the module is not read from a file opened later.
// RUN: sh -c 'norm-runner - --input="2xf32=3 4" <&-; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN
// STDIN: norm-runner: error: cannot read '-': Bad file descriptor
// STDIN-NEXT: exit status 1

// Standard error closed: an error keeps its status, a success prints as usual
// (Y = [3, 4] / 5).
// RUN: sh -c 'norm-runner %s --input="2xf32=3" 2>&-; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=STDERR-ERROR
// STDERR-ERROR: exit status 1
// RUN: sh -c 'norm-runner %s --input="2xf32=3 4" 2>&-; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=STDERR-OK
// STDERR-OK: 2xf32=0.6 0.8
// STDERR-OK-NEXT: exit status 0

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = norm.lp_normalization %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
