// norm-benchmark's `threads` counter is the number of threads the parallel
// loops run on, as the OpenMP runtime has it: --threads, else
// OMP_NUM_THREADS, at most OMP_THREAD_LIMIT (omp_get_max_threads() at most
// omp_get_thread_limit()), and 1 for a function without parallel loops.
// Before, it was --threads (or OMP_NUM_THREADS) as given: with
// OMP_THREAD_LIMIT=1 --threads=2 the runtime formed teams of 1 thread (its
// own warning below says so) and the counter said 2.
// X [256, 256] f32: 64Ki elements in 256 rows, enough for the row loop to
// start its threads (32Ki elements and 2 rows at least).

// RUN: env OMP_THREAD_LIMIT=1 norm-benchmark %s --function=lp --input=256x256xf32 \
// RUN:   --threads=2 --name=b --benchmark_min_time=0.01 2>%t.err \
// RUN:   | FileCheck %s --check-prefix=LIMIT1
// LIMIT1: {{^}}b/real_time {{.*}} threads=1{{$}}
// The runtime's own account of the team it formed.
// RUN: FileCheck %s --check-prefix=TEAM < %t.err
// TEAM: OMP: Warning #96: Cannot form a team with 2 threads, using 1 instead.

// Without the limit, or with one above it, --threads.
// RUN: norm-benchmark %s --function=lp --input=256x256xf32 --threads=2 \
// RUN:   --name=b --benchmark_min_time=0.01 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=TWO
// RUN: env OMP_THREAD_LIMIT=3 norm-benchmark %s --function=lp \
// RUN:   --input=256x256xf32 --threads=2 --name=b --benchmark_min_time=0.01 \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=TWO
// TWO: {{^}}b/real_time {{.*}} threads=2{{$}}

// OMP_NUM_THREADS without --threads: at most OMP_THREAD_LIMIT too.
// RUN: env OMP_NUM_THREADS=4 OMP_THREAD_LIMIT=3 norm-benchmark %s --function=lp \
// RUN:   --input=256x256xf32 --name=b --benchmark_min_time=0.01 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=THREE
// THREE: {{^}}b/real_time {{.*}} threads=3{{$}}
// RUN: env OMP_NUM_THREADS=4 norm-benchmark %s --function=lp \
// RUN:   --input=256x256xf32 --name=b --benchmark_min_time=0.01 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=FOUR
// FOUR: {{^}}b/real_time {{.*}} threads=4{{$}}

// A function without parallel loops runs on the calling thread alone.
// RUN: norm-benchmark %s --function=copy --input=256x256xf32 --threads=2 \
// RUN:   --name=b --benchmark_min_time=0.01 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=ONE
// ONE: {{^}}b/real_time {{.*}} threads=1{{$}}

func.func @lp(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @copy(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
