// A symbol name with a NUL character (valid MLIR, and what a corrupted
// bytecode file that still parses can hold) is an error of norm-runner and
// norm-benchmark: the JIT links symbols by C strings, and such a name
// crashed it ("double free or corruption").
// RUN: sh -c 'norm-runner %s --input="1x4xf32=1 2 3 4" 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=RUNNER --implicit-check-not=PLEASE
// RUN: sh -c 'norm-benchmark %s --input=1x4xf32 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=BENCH --implicit-check-not=PLEASE
// RUNNER: norm-runner: error: cannot compile '{{.*}}nul-symbol-name.mlir': symbol 'l\x00p' has a NUL character in its name, which the JIT's symbol names cannot hold
// RUNNER-NEXT: exit status 1
// BENCH: cannot compile '{{.*}}nul-symbol-name.mlir': symbol 'l\x00p' has a NUL character in its name
// BENCH: exit status 1

func.func @"l\00p"(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
