// --benchmark_out naming a device that takes no data (a node of /dev/full,
// made here with mknod, hence root) is an error line and exit status 1, not
// a lost report with exit status 0.
// REQUIRES: root

// RUN: rm -rf %t && mkdir %t && mknod %t/full c 1 7
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=%t/full 2>&1 | FileCheck %s
// CHECK: norm-benchmark: error: cannot write '{{.+}}/full' (--benchmark_out): No space left on device

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
