// The narrow-row path in machine code: norm-jam-rows on LayerNorm rows of
// 64 f32 (one 4-register pass per row with 512-bit vectors), static shape,
// AVX-512 target. llc runs no IR optimization here.
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s

// A block reads its 4 rows (1 KiB) from one base: 16 loads of 64 bytes, the
// last at offset 960 (a row alone ends at 192). The 4 rows' statistics are
// one stretch of code: their square roots side by side, not one per loop
// iteration.
// CHECK-LABEL: layernorm:
// CHECK:         vmovups 960(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}}), %zmm
// CHECK:         vsqrtss
// CHECK-NEXT:    vsqrtss
// CHECK-NEXT:    vsqrtss
// CHECK-NEXT:    vsqrtss
// CHECK:         .cfi_endproc
func.func @layernorm(%x: tensor<64x64xf32>, %scale: tensor<64xf32>,
                     %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<64x64xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x64xf32>
}
