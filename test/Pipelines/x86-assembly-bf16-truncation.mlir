// f32 -> bf16 rounding of Y in the machine code: with
// bf16-truncation=native, vcvtneps2bf16 on zmm registers, a mask test and
// branch, and the integer expansion (shift by 16 after adding the rounding
// bias) behind it; with bf16-truncation=integer no conversion instruction.
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=native vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=NATIVE
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=integer vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefix=INTEGER

// NATIVE-LABEL: layernorm_bf16:
// NATIVE-DAG:     vcvtneps2bf16 %zmm{{[0-9]+}}, %ymm
// NATIVE-DAG:     kortest
// NATIVE-DAG:     vpsrld $16, %zmm
// NATIVE:         .cfi_endproc
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
