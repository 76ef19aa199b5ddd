// The narrow-row path in machine code: norm-jam-rows on LayerNorm rows of
// 64 f32 (one 4-register pass per row with 512-bit vectors), static shape,
// AVX-512 target. llc runs no IR optimization here.
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=NOGATHER

// A block reads its 4 rows (1 KiB) from one base: 16 loads of 64 bytes, the
// last at offset 960 (a row alone ends at 192). The 4 rows' statistics are
// one stretch of vector code (norm-jam-rows with pack-rows): each of the two
// sums of the 4 rows is one transposed reduction (128-bit lane shuffles of
// the rows' 512-bit partial sums, then one permutation gathering the 4
// sums into one register), and the 4 rows' square roots and divisions one
// vsqrtps and one vdivps on 4 lanes, not one per row; the rows' first
// elements are loaded one by one, no gather.
// CHECK-LABEL: layernorm:
// CHECK:         vmovups 960(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}}), %zmm
// CHECK:         vshuff64x2
// CHECK:         vpermps %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm
// CHECK:         vshuff64x2
// CHECK:         vpermps %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm
// CHECK:         vsqrtps %xmm
// CHECK:         vdivps %xmm
// CHECK:         .cfi_endproc
// NOGATHER-NOT:  vgather
func.func @layernorm(%x: tensor<64x64xf32>, %scale: tensor<64xf32>,
                     %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<64x64xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x64xf32>
}
