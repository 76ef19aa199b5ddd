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

// With --threads, the variable does not matter: both tools set it to the
// --threads count before the OpenMP runtime starts and reads it. Before,
// a value the check rejects was an error although --threads was given, and
// before that norm-benchmark --threads=1 with OMP_NUM_THREADS=99999999 grew
// past 10 GB until libomp ran out of memory (the runtime read the variable
// first): under a 4 GB address-space limit it runs now. Without --threads the
// variable is checked as above.
// RUN: env OMP_NUM_THREADS=abc norm-runner %s --input=@%t/x.npy \
// RUN:   --threads=2 --expected-output=@%t/y.npy 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: env OMP_NUM_THREADS=2,abc norm-runner %s --input=@%t/x.npy \
// RUN:   --threads=2 --expected-output=@%t/y.npy 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: env OMP_NUM_THREADS=4097 norm-benchmark %s --input=@%t/x.npy \
// RUN:   --threads=2 --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-T2 --implicit-check-not=error:
// RUN: env OMP_NUM_THREADS=2,abc norm-benchmark %s --input=@%t/x.npy \
// RUN:   --threads=2 --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-T2 --implicit-check-not=error:
// (A huge OMP_NUM_THREADS with --threads=1 under `ulimit -v`: in
// openmp-limits.mlir, which sanitizer builds skip.)
// BENCH-T2: main/real_time {{.*}} threads=2{{$}}
// RUN: env OMP_NUM_THREADS= norm-benchmark %s --input=@%t/x.npy --threads=2 \
// RUN:   --benchmark_min_time=0.001 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH --implicit-check-not=error:
// RUN: env OMP_NUM_THREADS=2,abc not norm-runner %s --input=@%t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER-LIST
// RUNNER-LIST: norm-runner: error: OMP_NUM_THREADS='2,abc' is not a thread count: expected numbers from 1 to 4096, separated by commas

// The lowered function forks threads (so the runtime reads the variable).
// RUN: norm-opt %s --norm-to-llvm | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: omp.parallel

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
