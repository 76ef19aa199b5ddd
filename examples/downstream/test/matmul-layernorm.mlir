// A larger function with a norm op inside: linalg.matmul, then
// norm.layer_normalization over the last axis.

// norm's patterns in the downstream compiler's own conversion: the norm op
// is gone, the matmul stays.
// RUN: downstream-opt %s --downstream-lower-norm | FileCheck %s --check-prefix=LINALG

// The same pass pipeline string gives the same output in downstream-opt as
// in the installed norm-opt.
// RUN: downstream-opt %s -o %t.downstream.mlir \
// RUN:   --pass-pipeline="builtin.module(func.func(convert-norm-to-linalg,canonicalize),norm-to-llvm)"
// RUN: norm-opt %s -o %t.norm.mlir \
// RUN:   --pass-pipeline="builtin.module(func.func(convert-norm-to-linalg,canonicalize),norm-to-llvm)"
// RUN: diff %t.downstream.mlir %t.norm.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t.downstream.mlir

// The downstream pipeline (downstream-lower-norm + buildNormToLLVMPipeline),
// compiled by the JIT and run.
// RUN: downstream-opt %s --downstream-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so,%mlir_lib_dir/libmlir_runner_utils.so \
// RUN: | FileCheck %s --check-prefix=JIT

// LINALG-LABEL: func.func @matmul_layernorm(
// LINALG:         linalg.matmul
// LINALG:         linalg.generic
// No norm op is left (the lowering's discardable norm.cold_loop marker on
// scf.for may stay: norm-to-llvm reads it).
// LINALG-NOT:     norm.{{[a-z_]+}} %
// LINALG-NOT:     "norm.
// LINALG:         return

// LLVM-LABEL: llvm.func @matmul_layernorm(
// LLVM-NOT:     linalg.
// LLVM-NOT:     norm.layer_normalization
// LLVM:         llvm.return

func.func @matmul_layernorm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>,
                            %scale: tensor<4xf32>, %bias: tensor<4xf32>)
    -> tensor<2x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x4xf32>)
      -> tensor<2x4xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>)
      outs(%init : tensor<2x4xf32>) -> tensor<2x4xf32>
  %y, %mean, %inv_std_dev = norm.layer_normalization %mm, %scale, %bias
      : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x4xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

// mm = [[1, 2, 3, 6], [4, 5, 6, 15]]; per row (x - mean) / sqrt(var + 1e-5)
// with the population variance, times scale, plus bias.
// JIT-LABEL: Unranked Memref
// JIT-SAME:    sizes = [2, 4]
// JIT-NEXT:    [-2.138{{[0-9]*}}, -0.5345{{[0-9]*}}, 0, 1.1017{{[0-9]*}}]
// JIT-NEXT:    [-1.5954{{[0-9]*}}, -0.5698{{[0-9]*}}, -0.3418{{[0-9]*}}, 1.1547{{[0-9]*}}]
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0],
                             [0.0, 0.0, 1.0, 1.0]]> : tensor<3x4xf32>
  %scale = arith.constant dense<[2.0, 1.0, 1.0, 0.5]> : tensor<4xf32>
  %bias = arith.constant dense<[0.0, 0.0, 0.0, 0.3]> : tensor<4xf32>
  %y = call @matmul_layernorm(%a, %b, %scale, %bias)
      : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>)
      -> tensor<2x4xf32>
  %buf = bufferization.to_buffer %y read_only : tensor<2x4xf32> to memref<2x4xf32>
  %unranked = memref.cast %buf : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%unranked) : (memref<*xf32>) -> ()
  return
}
