// The vector width reaches the machine code: norm-to-llvm's inner loops are
// vector dialect code (not left to LLVM's loop vectorizer: llc runs no IR
// optimization here), 512-bit registers with vector-bits=512 on an AVX-512
// CPU, 256-bit ones with vector-bits=256 on an AVX2 CPU, whatever the host.
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=AVX512
// RUN: norm-opt %s --norm-to-llvm='vector-bits=256 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=haswell \
// RUN:   | FileCheck %s --check-prefix=AVX2

// LayerNorm on a dynamic shape: the row sum, the sum of squares of X - Mean
// and Y = (X - Mean) * InvStdDev * Scale + B (the multiplications fused:
// (X - High) * InvStdDev - Low * InvStdDev) on full registers, with masked
// loads and stores for the remainder. Large results (norm-nontemporal-stores)
// are written by non-temporal stores (MOVNTPS) and fenced (a locked op).
// AVX512-LABEL: layernorm:
// AVX512-DAG:     vaddps {{.*}}%zmm
// AVX512-DAG:     vsubps {{.*}}%zmm
// AVX512-DAG:     vfmsub{{[0-9]+}}ps {{.*}}%zmm
// AVX512-DAG:     vmovups {{.*}}%zmm{{[0-9]+}}, {{.*}}(%r
// AVX512-DAG:     vmovups {{.*}}, %zmm{{[0-9]+}} {%k{{[1-7]}}} {z}
// AVX512-DAG:     vmovntps %zmm{{[0-9]+}}, {{.*}}(%r
// AVX512-DAG:     lock orl $0
// AVX512:         .cfi_endproc
// AVX2-LABEL:   layernorm:
// AVX2-NOT:       zmm
// AVX2-DAG:       vaddps {{.*}}%ymm
// AVX2-DAG:       vsubps {{.*}}%ymm
// AVX2-DAG:       vmaskmovps
// AVX2-DAG:       vmovntps %ymm{{[0-9]+}}, {{.*}}(%r
// AVX2:           .cfi_endproc
func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                     %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
