// A report (Google Benchmark's, on std::cout) that cannot be written (a
// node of /dev/full, made here with mknod, hence root) is an error line and
// exit status 1, never a silent success.
// REQUIRES: root

// RUN: rm -rf %t && mkdir %t && mknod %t/full c 1 7
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --name=b \
// RUN:   --benchmark_min_time=0.001 2>&1 > %t/full | FileCheck %s
// CHECK: norm-benchmark: error: cannot write '<stdout>': No space left on device{{$}}

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
