// bf16 and f16 results written by non-temporal stores in the machine code.
// LLVM 22's x86 backend writes a 16-bit float vector with a normal store
// even when it is non-temporal (bf16 always, f16 with AVX512-FP16), and folds
// a bitcast to integers back into the store; norm-nontemporal-stores stores
// the bits through an integer xor with an opaque zero
// (lib/Codegen/NontemporalStores.cpp), which x86 writes with vmovntdq (or
// vmovntps: the same store in the float domain).
//
// Y is [8192, 1024] (16 MiB, the default nontemporal-min-bytes): every store
// of Y is non-temporal (static shapes: no copy of the loop with normal
// stores), so no Y element (an address with index scale 2) is written by a
// normal vector store, and a locked instruction (the fence) follows.
// Three targets: znver4 (AVX512-BF16, no AVX512-FP16) straight from llc;
// sapphirerapids (AVX512-BF16 and AVX512-FP16) and x86-64-v3 (AVX2, 256-bit
// vectors, the integer bf16 rounding) after opt -O3, as the JIT and
// norm-compile optimize (InstCombine is one of the folds to survive).
//
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=native vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZMM
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=native vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | %llvm_tools_dir/opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=sapphirerapids \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=sapphirerapids \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZMM
// RUN: norm-opt %s --norm-to-llvm='bf16-truncation=integer vector-bits=256 parallel=false runtime-verification=false' \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | %llvm_tools_dir/opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,YMM

// CHECK-LABEL: layernorm_bf16:
// CHECK-NOT:     vmov{{(a|u)(ps|pd)|dq(a|u)(8|16|32|64)?}}{{[[:space:]]+}}%{{[xyz]}}mm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// ZMM:           vmovnt{{dq|ps}} %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// YMM:           vmovnt{{dq|ps}} %ymm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK-NOT:     vmov{{(a|u)(ps|pd)|dq(a|u)(8|16|32|64)?}}{{[[:space:]]+}}%{{[xyz]}}mm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK:         lock
// CHECK-NOT:     vmov{{(a|u)(ps|pd)|dq(a|u)(8|16|32|64)?}}{{[[:space:]]+}}%{{[xyz]}}mm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK:         .Lfunc_end{{[0-9]+}}:
func.func @layernorm_bf16(%x: tensor<8192x1024xbf16>, %scale: tensor<1024xbf16>,
                          %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>)
      -> (tensor<8192x1024xbf16>, tensor<8192x1xf32>, tensor<8192x1xf32>)
  return %y : tensor<8192x1024xbf16>
}

// f16 Y is stored as 256-bit pieces with 512-bit vectors too: one
// vcvtps2ph gives 16 lanes in a 256-bit register, and norm-nontemporal-stores
// (f16-store-lanes=16) stores each without joining pairs first.
// CHECK-LABEL: layernorm_f16:
// CHECK-NOT:     vmov{{(a|u)(ps|pd)|dq(a|u)(8|16|32|64)?}}{{[[:space:]]+}}%{{[xyz]}}mm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK:         vmovnt{{dq|ps|pd}} %ymm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK-NOT:     vmov{{(a|u)(ps|pd)|dq(a|u)(8|16|32|64)?}}{{[[:space:]]+}}%{{[xyz]}}mm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK:         lock
// CHECK-NOT:     vmov{{(a|u)(ps|pd)|dq(a|u)(8|16|32|64)?}}{{[[:space:]]+}}%{{[xyz]}}mm{{[0-9]+}}, {{-?[0-9]*}}(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},2)
// CHECK:         .Lfunc_end{{[0-9]+}}:
func.func @layernorm_f16(%x: tensor<8192x1024xf16>, %scale: tensor<1024xf16>,
                         %b: tensor<1024xf16>) -> tensor<8192x1024xf16> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<8192x1024xf16>, tensor<1024xf16>, tensor<1024xf16>)
      -> (tensor<8192x1024xf16>, tensor<8192x1xf32>, tensor<8192x1xf32>)
  return %y : tensor<8192x1024xf16>
}
