// mlir::ExecutionEngine enables LLVM's perf jitdump listener by default: every
// run of norm-runner and norm-benchmark left a directory
// .debug/jit/llvm-IR-jit-* holding a jit-<pid>.dump file under the temporary
// directory ($TMPDIR, else /tmp), never removed (a test suite run left
// thousands). The tools write it only where JITDUMPDIR is set and not empty,
// into $JITDUMPDIR/.debug/jit (docs/Runner.md).
// Y = [3, 4] / 5 (L2 norm 5).

// RUN: rm -rf %t && mkdir -p %t/tmp %t/dump %t/cwd
// RUN: env -u JITDUMPDIR -u TMP -u TEMP -u TEMPDIR TMPDIR=%t/tmp \
// RUN:   norm-runner %s --input="2xf32=3 4" --expected-output="2xf32=0.6 0.8" \
// RUN:   | FileCheck %s
// RUN: env -u JITDUMPDIR -u TMP -u TEMP -u TEMPDIR TMPDIR=%t/tmp \
// RUN:   norm-benchmark %s --input="2xf32=3 4" --benchmark_min_time=0.001 \
// RUN:   2>&1 | FileCheck %s --check-prefix=BENCH
// RUN: not test -e %t/tmp/.debug
// An empty JITDUMPDIR is unset too (LLVM would write .debug/jit under the
// current directory).
// RUN: cd %t/cwd && env JITDUMPDIR= TMPDIR=%t/tmp \
// RUN:   norm-runner %s --input="2xf32=3 4" --expected-output="2xf32=0.6 0.8" \
// RUN:   | FileCheck %s
// RUN: not test -e %t/cwd/.debug
// RUN: not test -e %t/tmp/.debug
// With JITDUMPDIR, the dump is written there, one directory per process.
// RUN: env JITDUMPDIR=%t/dump TMPDIR=%t/tmp \
// RUN:   norm-runner %s --input="2xf32=3 4" --expected-output="2xf32=0.6 0.8" \
// RUN:   | FileCheck %s
// RUN: ls %t/dump/.debug/jit | count 1
// RUN: not test -e %t/tmp/.debug

// CHECK: [SUCCESS] result[0]: 2xf32
// BENCH: main/real_time

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = norm.lp_normalization %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
