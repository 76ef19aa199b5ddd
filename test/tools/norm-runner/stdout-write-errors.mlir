// Results printed to a standard output that cannot be written (a node of
// /dev/full, made here with mknod, hence root) are one error line and exit
// status 1, never "LLVM ERROR" nor a silent success.
// REQUIRES: root

// RUN: rm -rf %t && mkdir %t && mknod %t/full c 1 7
// RUN: not norm-runner %s --function=identity --input="2xf32=1 2" \
// RUN:   2>&1 > %t/full | FileCheck %s
// CHECK: norm-runner: error: cannot write '<stdout>': No space left on device
// CHECK-NOT: {{.}}

func.func @identity(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
