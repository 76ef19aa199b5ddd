// The row loop on OpenMP threads: 1031x131 (more than the 32Ki elements
// below which norm-openmp-cleanup keeps a loop on the calling thread), row
// count not a multiple of the thread count, dynamic shapes. Expected: float64
// reference rounded once to f32. Same results with 1, 2 and 3 threads.

// RUN: rm -rf %t && /usr/bin/python3 %S/Inputs/gen_parallel.py %t
// RUN: env OMP_NUM_THREADS=2 norm-runner %s --function=layernorm \
// RUN:   --input=@%t/x.npy --input=@%t/scale.npy --input=@%t/bias.npy \
// RUN:   --expected-output=@%t/ln.npy | FileCheck %s
// RUN: norm-runner --threads=3 %s --function=layernorm \
// RUN:   --input=@%t/x.npy --input=@%t/scale.npy --input=@%t/bias.npy \
// RUN:   --expected-output=@%t/ln.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 norm-runner %s --function=layernorm \
// RUN:   --input=@%t/x.npy --input=@%t/scale.npy --input=@%t/bias.npy \
// RUN:   --expected-output=@%t/ln.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %s --function=lpnorm \
// RUN:   --input=@%t/x.npy --expected-output=@%t/lp.npy | FileCheck %s

// RUN: not norm-runner --threads=0 %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: norm-runner: error: --threads needs a number from 1 to 4096, found '0'
// RUN: not norm-runner %s --threads two 2>&1 | FileCheck %s --check-prefix=BAD2
// BAD2: norm-runner: error: --threads needs a number from 1 to 4096, found 'two'

// The lowered module has the parallel loop and its sequential version.
// RUN: norm-opt %s --norm-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: norm-opt %s --norm-to-llvm="parallel=false" \
// RUN:   | FileCheck %s --check-prefix=SEQ

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

// Each thread computes its own block of rows (norm-openmp-cleanup): no
// omp.wsloop, whose __kmpc_for_static_init formats a debug string per call
// in Debian's libomp.
// LLVM-DAG: llvm.func @omp_get_max_threads() -> i32
// LLVM-DAG: llvm.func @omp_get_thread_num() -> i32
// LLVM-DAG: llvm.func @omp_get_num_threads() -> i32
// LLVM-LABEL: llvm.func @layernorm(
// LLVM:         llvm.call @omp_get_max_threads()
// LLVM:         omp.parallel
// LLVM-NOT:     omp.wsloop
// LLVM:         llvm.call @omp_get_thread_num()
// LLVM-NEXT:    llvm.sext
// LLVM-NEXT:    llvm.call @omp_get_num_threads()
// LLVM-NOT:     omp.wsloop
// LLVM-LABEL: llvm.func @lpnorm(
// LLVM:         omp.parallel
// LLVM-NOT:     omp.wsloop
// LLVM:         llvm.call @omp_get_thread_num()

// SEQ-NOT: omp.
// SEQ-NOT: omp_get_max_threads

func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                     %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

func.func @lpnorm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
