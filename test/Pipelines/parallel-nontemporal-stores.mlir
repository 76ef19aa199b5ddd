// Results written by non-temporal stores (norm-nontemporal-stores), here
// forced for any size with nontemporal-min-bytes=1: X 1031x144 (rows of 144
// f32 start on 64-byte lines, so the non-temporal version runs; 144 = two
// 64-wide tiles and a masked remainder of 16), on 2 threads and on 1, and
// 1031x131 (rows not aligned: the normal version). Expected: float64
// reference rounded once to f32 (Inputs/gen_parallel.py).

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/gen_parallel.py %t/aligned 144
// RUN: /usr/bin/python3 %S/Inputs/gen_parallel.py %t/misaligned 131
// RUN: norm-opt %s --norm-to-llvm='nontemporal-min-bytes=1' -o %t/lowered.mlir
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/lowered.mlir --function=layernorm \
// RUN:   --input=@%t/aligned/x.npy --input=@%t/aligned/scale.npy \
// RUN:   --input=@%t/aligned/bias.npy --expected-output=@%t/aligned/ln.npy \
// RUN:   | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 norm-runner %t/lowered.mlir --function=layernorm \
// RUN:   --input=@%t/aligned/x.npy --input=@%t/aligned/scale.npy \
// RUN:   --input=@%t/aligned/bias.npy --expected-output=@%t/aligned/ln.npy \
// RUN:   | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/lowered.mlir --function=layernorm \
// RUN:   --input=@%t/misaligned/x.npy --input=@%t/misaligned/scale.npy \
// RUN:   --input=@%t/misaligned/bias.npy \
// RUN:   --expected-output=@%t/misaligned/ln.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/lowered.mlir --function=lpnorm \
// RUN:   --input=@%t/aligned/x.npy --expected-output=@%t/aligned/lp.npy \
// RUN:   | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/lowered.mlir --function=lpnorm_axis0 \
// RUN:   --input=@%t/aligned/x.npy --expected-output=@%t/aligned/lp0.npy \
// RUN:   | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 norm-runner %t/lowered.mlir --function=normalizer \
// RUN:   --input=@%t/aligned/x.npy --expected-output=@%t/aligned/l1.npy \
// RUN:   | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

// The lowered functions store Y non-temporally (aligned) in their
// non-temporal version, and fence. The row loop is the function
// @layernorm_rows (norm-openmp-outline-rows), which the threads and the
// sequential version call.
// RUN: FileCheck %s --check-prefix=LLVM < %t/lowered.mlir
// LLVM-LABEL: llvm.func @layernorm(
// LLVM:         llvm.call @layernorm_rows(
// LLVM:         llvm.fence seq_cst
// LLVM:       llvm.func internal @layernorm_rows(
// LLVM:         llvm.store %{{.+}}, %{{.+}} {alignment = 64 : i64, nontemporal} : vector<{{[0-9]+}}xf32>, !llvm.ptr
// LLVM-LABEL: llvm.func @lpnorm(
// LLVM:         llvm.store %{{.+}}, %{{.+}} {alignment = 64 : i64, nontemporal}
// LLVM-LABEL: llvm.func @lpnorm_axis0(
// LLVM:         llvm.store %{{.+}}, %{{.+}} {alignment = 64 : i64, nontemporal}
// LLVM-LABEL: llvm.func @normalizer(
// LLVM:         llvm.store %{{.+}}, %{{.+}} {alignment = 64 : i64, nontemporal}

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

func.func @lpnorm_axis0(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @normalizer(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.normalizer %x norm = "L1" : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
