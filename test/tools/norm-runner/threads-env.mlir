// An empty OMP_NUM_THREADS means unset (all cores), as the OpenMP spec
// treats it: it is neither rejected nor passed to the OpenMP runtime, which
// would fail an assertion on it. A value of blanks stays an error.
// The function has a parallel row loop (64x1024: over the 32Ki elements
// below which rows run on the calling thread). Rows of 1024 ones have L2
// norm 32: every element of Y is exactly 1/32.

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 -c "import numpy as np; np.save('%t/x.npy', np.ones((64, 1024), '<f4')); np.save('%t/y.npy', np.full((64, 1024), 1 / 32, '<f4'))"
// RUN: env OMP_NUM_THREADS= norm-runner %s --input=@%t/x.npy \
// RUN:   --expected-output=@%t/y.npy 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: env OMP_NUM_THREADS= norm-benchmark %s --input=@%t/x.npy \
// RUN:   --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH --implicit-check-not=error:
// CHECK: [SUCCESS] result[0]: 64x1024xf32
// BENCH: main/real_time
// RUN: env "OMP_NUM_THREADS= " not norm-runner %s --input=@%t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BLANK
// BLANK: norm-runner: error: OMP_NUM_THREADS=' ' is not a thread count

// The variable is checked also where --threads is given, by both tools: the
// OpenMP runtime reads it when it starts, whatever count the tool sets (with
// --threads, norm-benchmark ran with OMP_NUM_THREADS=99999999 until libomp
// ran out of memory, and with 2,abc under a libomp warning). An empty value
// with --threads still counts as unset.
// RUN: env OMP_NUM_THREADS=4097 not norm-benchmark %s --input=@%t/x.npy \
// RUN:   --threads=2 --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-BIG
// BENCH-BIG: norm-benchmark: error: OMP_NUM_THREADS='4097' is not a thread count: expected numbers from 1 to 4096, separated by commas
// RUN: env OMP_NUM_THREADS=2,abc not norm-benchmark %s --input=@%t/x.npy \
// RUN:   --threads=2 --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-LIST
// BENCH-LIST: norm-benchmark: error: OMP_NUM_THREADS='2,abc' is not a thread count: expected numbers from 1 to 4096, separated by commas
// RUN: env OMP_NUM_THREADS=2,abc not norm-runner %s --input=@%t/x.npy \
// RUN:   --threads=2 2>&1 | FileCheck %s --check-prefix=RUNNER-LIST
// RUNNER-LIST: norm-runner: error: OMP_NUM_THREADS='2,abc' is not a thread count: expected numbers from 1 to 4096, separated by commas
// RUN: env OMP_NUM_THREADS= norm-benchmark %s --input=@%t/x.npy --threads=2 \
// RUN:   --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH --implicit-check-not=error:

// The lowered function forks threads (so the runtime reads the variable).
// RUN: norm-opt %s --norm-to-llvm | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: omp.parallel

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
