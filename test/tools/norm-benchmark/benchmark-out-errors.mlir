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

// The module file or the file of an --input=@FILE (by any path or link) is
// an error too, the file left as it was: the check opened it truncated (an
// empty module, a lost input), and the library would replace it.
// RUN: cp %s %t/m.mlir && ln -s m.mlir %t/link.mlir
// RUN: not norm-benchmark %t/m.mlir --input=4xf32 --threads=1 \
// RUN:   --benchmark_min_time=0.001 --benchmark_out=%t/link.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE
// MODULE: norm-benchmark: error: cannot write '{{.+}}link.mlir' (--benchmark_out): it is the module file, which the results would replace
// RUN: cmp %s %t/m.mlir
// RUN: env BENCHMARK_OUT=%t/m.mlir not norm-benchmark %t/m.mlir --input=4xf32 \
// RUN:   --threads=1 --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE-ENV
// MODULE-ENV: norm-benchmark: error: cannot write '{{.+}}m.mlir' (--benchmark_out): it is the module file, which the results would replace
// RUN: cmp %s %t/m.mlir
// The regular file standard input is redirected from (here the module,
// read as '-'), by any path: it was replaced. It is refused before the flags
// naming the module are parsed, since a path in /dev is opened at once.
// RUN: not norm-benchmark - --input=4xf32 --threads=1 \
// RUN:   --benchmark_min_time=0.001 --benchmark_out=/dev/stdin < %t/m.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE-STDIN
// RUN: not norm-benchmark /dev/stdin --input=4xf32 --threads=1 \
// RUN:   --benchmark_min_time=0.001 --benchmark_out=/dev/fd/0 < %t/m.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE-STDIN
// MODULE-STDIN: norm-benchmark: error: cannot write '{{/dev/stdin|/dev/fd/0}}' (--benchmark_out): it is the file standard input is redirected from, which the results would replace
// RUN: cmp %s %t/m.mlir
// RUN: /usr/bin/python3 -c "import numpy as np; np.save('%t/x.npy', np.array([3, 4, 0, 0], '<f4'))"
// RUN: cp %t/x.npy %t/x.orig
// RUN: not norm-benchmark %s --input=@%t/x.npy --threads=1 \
// RUN:   --benchmark_min_time=0.001 --benchmark_out=%t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUT
// INPUT: norm-benchmark: error: cannot write '{{.+}}x.npy' (--benchmark_out): it is the file of input 0, which the results would replace
// RUN: cmp %t/x.npy %t/x.orig

// --benchmark_out naming standard output (by any path, or the file stdout is
// redirected to) is an error: the library opened it a second time,
// truncated, and the console report overwrote the start of the JSON (exit
// status 0). --benchmark_format=json puts the JSON on standard output.
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=/dev/stdout --benchmark_out_format=json > %t/stdout.json 2> %t/stdout.err
// RUN: FileCheck %s --check-prefix=STDOUT < %t/stdout.err
// RUN: not test -s %t/stdout.json
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=/dev/fd/1 2>&1 | FileCheck %s --check-prefix=STDOUT
// RUN: not norm-benchmark %s --input=4xf32 --threads=1 --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=%t/same.json > %t/same.json 2> %t/same.err
// RUN: FileCheck %s --check-prefix=STDOUT < %t/same.err
// STDOUT: norm-benchmark: error: cannot write '{{.+}}' (--benchmark_out): it is standard output, where the console report goes; use --benchmark_format=json (or csv) to have the report on standard output in that format
// STDOUT-NOT: {{.}}

// A writable file gets the report (in JSON, with the benchmark's name).
// RUN: norm-benchmark %s --input=4xf32 --threads=1 --name=b --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=%t/out.json --benchmark_out_format=json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t/out.json
// JSON: {
// JSON: "name": "b/real_time",

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
