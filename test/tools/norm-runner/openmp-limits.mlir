// What the tools give the OpenMP runtime (libomp) is checked first: the
// runtime aborts with a stack dump in __kmpc_fork_call when it cannot
// create its threads, and ignores a stack size it cannot parse.
// ASan reserves terabytes of shadow memory, which `ulimit -v` forbids.
// UNSUPPORTED: sanitizers

// Z: 256x256 zeros, enough elements (>= 32Ki) for the row loop to start
// the runtime's threads; each zero column normalizes to zeros.
// RUN: rm -rf %t && mkdir %t
// RUN: /usr/bin/python3 %S/Inputs/gen_sparse_tensor.py npy %t/z.npy 256,256

// 4096 threads with 8 GB of address space: the 4095 worker stacks (the
// stack limit's size each, 8 MiB by default) do not fit. Checked before
// the first call, by mapping the stacks as the thread library would.
// RUN: (ulimit -v 8000000 && not norm-runner %s --threads=4096 \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THREADS
// RUN: (ulimit -v 8000000 && env OMP_NUM_THREADS=4096 not norm-runner %s \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THREADS
// THREADS: norm-runner: error: cannot start 4096 OpenMP threads: only {{[0-9]+}} of the 4095 worker stacks of {{[0-9]+}} bytes (the stack limit, ulimit -s) fit in the memory this process may map; use fewer threads (--threads, OMP_NUM_THREADS) or a smaller OMP_STACKSIZE
// RUN: (ulimit -v 8000000 && not norm-benchmark %s --threads=4096 \
// RUN:   --input=256x256xf32) 2>&1 | FileCheck %s --check-prefix=BENCHMARK
// BENCHMARK: norm-benchmark: error: cannot start 4096 OpenMP threads: only {{[0-9]+}} of the 4095 worker stacks
// The check does not depend on the input: a tensor too small for the
// threads to start is rejected the same.
// RUN: (ulimit -v 8000000 && not norm-runner %s --threads=4096 \
// RUN:   --input="2x2xf32=3 0 4 0") 2>&1 | FileCheck %s --check-prefix=THREADS

// OMP_THREAD_LIMIT caps every team the runtime forms, so the check counts
// the threads the runtime starts: the requested count at most the limit.
// With the limit 2, --threads=4096 (or OMP_NUM_THREADS=4096) needs one
// worker stack and runs on 2 threads, with libomp's own warning. Before,
// the check counted the 4096 requested and refused them as above.
// RUN: (ulimit -v 8000000 && env OMP_THREAD_LIMIT=2 norm-runner %s \
// RUN:   --threads=4096 --input=@%t/z.npy --expected-output=@%t/z.npy \
// RUN:   2>%t/limit.err) | FileCheck %s --check-prefix=FITS
// RUN: FileCheck %s --check-prefix=LIMIT-TEAM < %t/limit.err
// LIMIT-TEAM: OMP: Warning #96: Cannot form a team with 4096 threads, using 2 instead.
// RUN: (ulimit -v 8000000 && env OMP_THREAD_LIMIT=2 OMP_NUM_THREADS=4096 \
// RUN:   norm-runner %s --input=@%t/z.npy --expected-output=@%t/z.npy \
// RUN:   2>/dev/null) | FileCheck %s --check-prefix=FITS
// RUN: (ulimit -v 8000000 && env OMP_THREAD_LIMIT=2 norm-benchmark %s \
// RUN:   --threads=4096 --input=256x256xf32 --name=b \
// RUN:   --benchmark_min_time=0.001 2>/dev/null) \
// RUN:   | FileCheck %s --check-prefix=BENCH-LIMIT
// BENCH-LIMIT: {{^}}b/real_time {{.*}} threads=2{{$}}
// A limit above the request changes nothing; one the runtime does not take
// (not a number: libomp warns and keeps its default) is no limit.
// RUN: (ulimit -v 8000000 && env OMP_THREAD_LIMIT=5000 not norm-runner %s \
// RUN:   --threads=4096 --input=@%t/z.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THREADS
// RUN: (ulimit -v 8000000 && env OMP_THREAD_LIMIT=abc not norm-runner %s \
// RUN:   --threads=4096 --input=@%t/z.npy) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THREADS

// --threads replaces OMP_NUM_THREADS before the runtime starts: a count
// of 99999999 in the variable (whose worker stacks would exhaust the
// address space) costs nothing with --threads=1 (threads-env.mlir has the
// other values).
// RUN: (ulimit -v 4000000 && env OMP_NUM_THREADS=99999999 norm-benchmark %s \
// RUN:   --input=@%t/z.npy --threads=1 --benchmark_min_time=0.001) 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-T1 --implicit-check-not=error:
// BENCH-T1: main/real_time {{.*}} threads=1{{$}}

// Fewer threads fit.
// RUN: (ulimit -v 8000000 && norm-runner %s --threads=2 --input=@%t/z.npy \
// RUN:   --expected-output=@%t/z.npy) | FileCheck %s --check-prefix=FITS
// FITS: [SUCCESS] result[0]: 256x256xf32

// A stack larger than the address space, even for one worker.
// RUN: env OMP_STACKSIZE=99999999G not norm-runner %s --threads=2 \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HUGE-STACK
// HUGE-STACK: norm-runner: error: cannot start 2 OpenMP threads: only 0 of the 1 worker stacks of 107374181326258176 bytes (OMP_STACKSIZE=99999999G) fit in the memory this process may map; use fewer threads (--threads, OMP_NUM_THREADS) or a smaller OMP_STACKSIZE{{$}}
// The message names the variable the size came from (it advised
// OMP_STACKSIZE for any). libomp uses the first of KMP_STACKSIZE,
// GOMP_STACKSIZE and OMP_STACKSIZE that is set and ignores the others, so
// the check does too (it took the largest of them).
// RUN: env KMP_STACKSIZE=99999999G not norm-runner %s --threads=2 \
// RUN:   --input=@%t/z.npy 2>&1 | FileCheck %s --check-prefix=HUGE-KMP
// HUGE-KMP: norm-runner: error: cannot start 2 OpenMP threads: only 0 of the 1 worker stacks of 107374181326258176 bytes (KMP_STACKSIZE=99999999G) fit in the memory this process may map; use fewer threads (--threads, OMP_NUM_THREADS) or a smaller KMP_STACKSIZE{{$}}
// RUN: env GOMP_STACKSIZE=99999999G OMP_STACKSIZE=1M not norm-runner %s \
// RUN:   --threads=2 --input=@%t/z.npy 2>&1 | FileCheck %s --check-prefix=HUGE-GOMP
// HUGE-GOMP: norm-runner: error: cannot start 2 OpenMP threads: only 0 of the 1 worker stacks of 107374181326258176 bytes (GOMP_STACKSIZE=99999999G) fit in the memory this process may map; use fewer threads (--threads, OMP_NUM_THREADS) or a smaller GOMP_STACKSIZE{{$}}
// RUN: env KMP_STACKSIZE=1M OMP_STACKSIZE=99999999G norm-runner %s --threads=2 \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=FITS
// RUN: env OMP_STACKSIZE=99999999G not norm-benchmark %s --threads=2 \
// RUN:   --input=256x256xf32 2>&1 | FileCheck %s --check-prefix=HUGE-STACK-BENCHMARK
// HUGE-STACK-BENCHMARK: norm-benchmark: error: cannot start 2 OpenMP threads: only 0 of the 1 worker stacks
// One thread starts no worker: the stack size is not used.
// RUN: env OMP_STACKSIZE=99999999G norm-runner %s --threads=1 \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy \
// RUN:   | FileCheck %s --check-prefix=FITS

// Stack sizes are parsed as libomp does: an integer, an optional unit B, K,
// M, G or T (K by default) with an optional trailing B, blanks around.
// RUN: env OMP_STACKSIZE=abc not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   2>&1 | FileCheck %s --check-prefix=NOT-A-SIZE
// NOT-A-SIZE: norm-runner: error: OMP_STACKSIZE='abc' is not a stack size: expected a positive integer with an optional unit B, K, M, G or T (default K), e.g. '16M'
// RUN: env KMP_STACKSIZE=12X not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   2>&1 | FileCheck %s --check-prefix=BAD-UNIT
// BAD-UNIT: norm-runner: error: KMP_STACKSIZE='12X' is not a stack size
// RUN: env GOMP_STACKSIZE=0 not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: norm-runner: error: GOMP_STACKSIZE='0' is not a stack size
// RUN: env OMP_STACKSIZE=99999999999999999999 not norm-benchmark %s \
// RUN:   --input=2x2xf32 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: norm-benchmark: error: OMP_STACKSIZE='99999999999999999999' is not a stack size
// RUN: env OMP_STACKSIZE=" 2 mb " norm-runner %s --threads=2 \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy \
// RUN:   | FileCheck %s --check-prefix=FITS
// RUN: env OMP_STACKSIZE=4096 KMP_STACKSIZE= norm-runner %s --threads=2 \
// RUN:   --input=@%t/z.npy --expected-output=@%t/z.npy \
// RUN:   | FileCheck %s --check-prefix=FITS

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
