// --benchmark_out (and BENCHMARK_OUT, its default) names a file the tool
// checks before compiling: a file that cannot be opened or written is one
// error line and exit status 1. Before, Google Benchmark printed
// "invalid file name" without the tool's name for some, and for a device
// that takes no data (/dev/full) lost the report with exit status 0.

// RUN: rm -rf %t && mkdir %t
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=%t 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: norm-benchmark: error: cannot write '{{.+}}' (--benchmark_out): Is a directory
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=%t/missing/out.json 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: norm-benchmark: error: cannot write '{{.+}}/missing/out.json' (--benchmark_out): No such file or directory
// RUN: env BENCHMARK_OUT=%t/missing/env.json not norm-benchmark %s --input=4xf32 \
// RUN:   --threads=1 --benchmark_min_time=0.001 2>&1 | FileCheck %s --check-prefix=ENV
// ENV: norm-benchmark: error: cannot write '{{.+}}/missing/env.json' (--benchmark_out): No such file or directory

// A writable file gets the report (in JSON, with the benchmark's name),
// the newline of the check replaced.
// RUN: norm-benchmark %s --input=4xf32 --threads=1 --name=b --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=%t/out.json --benchmark_out_format=json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t/out.json
// JSON: {
// JSON: "name": "b/real_time",

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
