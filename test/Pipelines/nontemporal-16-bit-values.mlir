// Values of bf16 and f16 results written by non-temporal stores
// (norm-nontemporal-stores stores their bits as integers xor-ed with an
// opaque zero; test/Pipelines/x86-assembly-nontemporal-16-bit.mlir checks
// the machine code), forced for any size with nontemporal-min-bytes=1:
// X [67, 192] (rows of 384 bytes start on 64-byte lines: the non-temporal
// version of the loops runs), on 2 threads and on 1, with both bf16
// roundings, and X [67, 100] (rows not aligned: the normal version).
// Expected: float64 reference rounded once to the type
// (Inputs/gen_nontemporal_16_bit.py); runner default tolerances.

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/gen_nontemporal_16_bit.py %t/bf16 bf16 67 192
// RUN: /usr/bin/python3 %S/Inputs/gen_nontemporal_16_bit.py %t/f16 f16 67 192
// RUN: /usr/bin/python3 %S/Inputs/gen_nontemporal_16_bit.py %t/bf16-odd bf16 67 100
// RUN: /usr/bin/python3 %S/Inputs/gen_nontemporal_16_bit.py %t/f16-odd f16 67 100
// RUN: norm-opt %s --norm-to-llvm='nontemporal-min-bytes=1 bf16-truncation=native vector-bits=512' -o %t/native.mlir
// RUN: norm-opt %s --norm-to-llvm='nontemporal-min-bytes=1 bf16-truncation=integer' -o %t/integer.mlir
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/native.mlir --function=layernorm_bf16 \
// RUN:   --input=@%t/bf16/x.npy --input=@%t/bf16/scale.npy \
// RUN:   --input=@%t/bf16/bias.npy --expected-output=@%t/bf16/y.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 norm-runner %t/native.mlir --function=layernorm_bf16 \
// RUN:   --input=@%t/bf16/x.npy --input=@%t/bf16/scale.npy \
// RUN:   --input=@%t/bf16/bias.npy --expected-output=@%t/bf16/y.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/integer.mlir --function=layernorm_bf16 \
// RUN:   --input=@%t/bf16/x.npy --input=@%t/bf16/scale.npy \
// RUN:   --input=@%t/bf16/bias.npy --expected-output=@%t/bf16/y.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/native.mlir --function=layernorm_bf16 \
// RUN:   --input=@%t/bf16-odd/x.npy --input=@%t/bf16-odd/scale.npy \
// RUN:   --input=@%t/bf16-odd/bias.npy --expected-output=@%t/bf16-odd/y.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/native.mlir --function=layernorm_f16 \
// RUN:   --input=@%t/f16/x.npy --input=@%t/f16/scale.npy \
// RUN:   --input=@%t/f16/bias.npy --expected-output=@%t/f16/y.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 norm-runner %t/native.mlir --function=layernorm_f16 \
// RUN:   --input=@%t/f16/x.npy --input=@%t/f16/scale.npy \
// RUN:   --input=@%t/f16/bias.npy --expected-output=@%t/f16/y.npy | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 norm-runner %t/native.mlir --function=layernorm_f16 \
// RUN:   --input=@%t/f16-odd/x.npy --input=@%t/f16-odd/scale.npy \
// RUN:   --input=@%t/f16-odd/bias.npy --expected-output=@%t/f16-odd/y.npy | FileCheck %s

// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]

// The lowered functions store Y non-temporally as 16-bit integers in their
// non-temporal version, in the row function that norm-openmp-outline-rows
// makes (which computes the opaque zero itself): f16 as the xor of the bits
// with the opaque zero; bf16 (native rounding) as the bits of a phi of
// 16-bit integers (the native words out of the zero test's empty inline
// asm, or the exact code's), without the xor. With 512-bit vectors f16 is
// stored in pieces of 16 lanes (what one vcvtps2ph gives), each through an
// empty inline asm instead of the xor (norm-nontemporal-stores'
// f16-store-lanes).
// RUN: FileCheck %s --check-prefix=LLVM < %t/native.mlir
// LLVM-LABEL: llvm.func @layernorm_bf16(
// LLVM:         llvm.call @layernorm_bf16_rows(
// LLVM:         llvm.fence seq_cst
// LLVM:       llvm.func internal @layernorm_bf16_rows(
// LLVM:         llvm.inline_asm "", "=v,0"
// LLVM-NOT:     llvm.xor %{{.+}}, %{{.+}} : vector<{{[0-9]+}}xi16>
// LLVM:         llvm.br ^[[JOIN:bb[0-9]+]](%{{.+}} : vector<{{[0-9]+}}xi16>)
// LLVM:       ^[[JOIN]](%[[WORDS:.+]]: vector<{{[0-9]+}}xi16>):
// LLVM-NOT:     llvm.xor %{{.+}}, %{{.+}} : vector<{{[0-9]+}}xi16>
// LLVM:         %[[Y:.+]] = llvm.bitcast %[[WORDS]] : vector<{{[0-9]+}}xi16> to vector<{{[0-9]+}}xbf16>
// LLVM-NOT:     llvm.xor %{{.+}}, %{{.+}} : vector<{{[0-9]+}}xi16>
// LLVM:         llvm.store %{{.+}}, %{{.+}} {alignment = 64 : i64, nontemporal} : vector<{{[0-9]+}}xbf16>, !llvm.ptr
// LLVM-LABEL: llvm.func @layernorm_f16(
// LLVM:         llvm.call @layernorm_f16_rows(
// LLVM:         llvm.fence seq_cst
// LLVM:       llvm.func internal @layernorm_f16_rows(
// LLVM-NOT:     llvm.xor %{{.+}}, %{{.+}} : vector<{{[0-9]+}}xi16>
// LLVM:         llvm.inline_asm "", "=v,0" %{{.+}} : (vector<16xi16>) -> vector<16xi16>
// LLVM-NOT:     llvm.xor %{{.+}}, %{{.+}} : vector<{{[0-9]+}}xi16>
// LLVM:         llvm.store %{{.+}}, %{{.+}} {alignment = 32 : i64, nontemporal} : vector<16xf16>, !llvm.ptr

func.func @layernorm_bf16(%x: tensor<?x?xbf16>, %scale: tensor<?xbf16>,
                          %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16>)
      -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xbf16>
}

func.func @layernorm_f16(%x: tensor<?x?xf16>, %scale: tensor<?xf16>,
                         %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf16>, tensor<?xf16>, tensor<?xf16>)
      -> (tensor<?x?xf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf16>
}
