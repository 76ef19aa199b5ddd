// f32 -> bf16 rounding of Y in the machine code: with
// bf16-truncation=native, vcvtne2ps2bf16 (32 lanes from two zmm registers;
// no vcvtneps2bf16 and insert), a test of the words (vptestnmw) and branch, and the integer
// expansion (shift by 16 after adding the rounding bias) behind it; with
// 256-bit vectors (32 lanes per step) llvm.fptrunc, which LLVM 22 lowers
// to vcvtneps2bf16 per 16 lanes (still on zmm registers for znver4); with
// bf16-truncation=integer no conversion instruction.
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=native vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=NATIVE --implicit-check-not=vcvtneps2bf16
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=native vector-bits=256 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=NARROW --implicit-check-not=vcvtne2ps2bf16
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=integer vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=INTEGER

// NATIVE-LABEL: layernorm_bf16:
// NATIVE-DAG:     vcvtne2ps2bf16 %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm
// NATIVE-DAG:     vptestnmw %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %k
// NATIVE-DAG:     kortestd
// NATIVE-DAG:     vpsrld $16, %zmm
// NATIVE:         .cfi_endproc
// NARROW-LABEL: layernorm_bf16:
// NARROW-DAG:     vcvtneps2bf16 %zmm{{[0-9]+}}, %ymm
// NARROW-DAG:     kortest
// NARROW:         .cfi_endproc
// INTEGER-LABEL: layernorm_bf16:
// INTEGER-NOT:    vcvtneps2bf16
// INTEGER:        vpsrld $16, %zmm
// INTEGER-NOT:    vcvtneps2bf16
// INTEGER:        .cfi_endproc
func.func @layernorm_bf16(%x: tensor<?x?xbf16>, %scale: tensor<?xbf16>,
                          %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xbf16>, tensor<?xbf16>, tensor<?xbf16>)
      -> (tensor<?x?xbf16>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xbf16>
}
