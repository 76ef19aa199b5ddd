// norm-runner, norm-benchmark and norm-compile parse with norm-opt's dialect
// registry (registerNormToolDialects: every upstream dialect and extension,
// and the norm dialect): a module that parses in norm-opt parses in each.
// They registered only the dialects of the norm lowerings, and a module with
// index, tosa or sparse_tensor ops was "Dialect `index' not found for custom
// op 'index.constant'" in the runner while norm-opt took it. Now a module
// norm-to-llvm can lower runs (the index dialect: convert-index-to-llvm),
// and one it cannot is norm-to-llvm's error naming the op, as in norm-opt
// (test/Pipelines/not-lowered.mlir).

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{check} = FileCheck %s -DFILE=%t --implicit-check-not={{.}} --check-prefix

// 7 + 5 in the index dialect.
// RUN: norm-runner %t/index.mlir --input="3xi64=1 2 3" | %{check}=INDEX
// INDEX: 3xi64=12 12 12{{$}}
// RUN: norm-compile %t/index.mlir -o %t/index.o
// RUN: norm-benchmark %t/index.mlir --input=3xi64 --benchmark_min_time=0.001 \
// RUN:   2>&1 | FileCheck %s --check-prefix=INDEX-BENCHMARK
// INDEX-BENCHMARK: index_sum

// RUN: sh -c 'norm-runner %t/tosa.mlir --input="2x3xf32=1 2 3 4 5 6" 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=TOSA
// TOSA: norm-runner: error: cannot lower '[[FILE]]/tosa.mlir' to the LLVM dialect: [[FILE]]/tosa.mlir:2:8: 'tosa.abs' op was not lowered to the LLVM dialect by norm-to-llvm: it has no bufferization (compute on ranked tensors with ops of the norm, linalg, tensor, arith, math, scf and func dialects, e.g. linalg.add or linalg.map){{$}}
// TOSA-NEXT: exit status 1
// RUN: sh -c 'norm-benchmark %t/tosa.mlir --input=2x3xf32 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=TOSA-BENCHMARK
// TOSA-BENCHMARK: norm-benchmark: error: cannot lower '[[FILE]]/tosa.mlir' to the LLVM dialect: [[FILE]]/tosa.mlir:2:8: 'tosa.abs' op was not lowered to the LLVM dialect by norm-to-llvm: it has no bufferization {{.*}}{{$}}
// TOSA-BENCHMARK-NEXT: exit status 1
// RUN: sh -c 'norm-compile %t/tosa.mlir --prefix=k_ -o %t/tosa.o 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=TOSA-COMPILE
// TOSA-COMPILE: norm-compile: error: cannot lower '[[FILE]]/tosa.mlir' to the LLVM dialect: [[FILE]]/tosa.mlir:2:8: 'tosa.abs' op was not lowered to the LLVM dialect by norm-to-llvm: it has no bufferization {{.*}}{{$}}
// TOSA-COMPILE-NEXT: exit status 1

// RUN: sh -c 'norm-runner %t/sparse.mlir --input="4xf32=1 0 2 0" 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=SPARSE
// SPARSE: norm-runner: error: cannot lower '[[FILE]]/sparse.mlir' to the LLVM dialect: [[FILE]]/sparse.mlir:3:8: 'sparse_tensor.convert' op was not lowered to the LLVM dialect by norm-to-llvm: sparse tensors are lowered by the sparsifier (mlir-opt --sparsifier), not by norm-to-llvm{{$}}
// SPARSE-NEXT: exit status 1

// norm-opt parses each of them.
// RUN: norm-opt %t/index.mlir -o /dev/null
// RUN: norm-opt %t/tosa.mlir -o /dev/null
// RUN: norm-opt %t/sparse.mlir -o /dev/null

//--- index.mlir
func.func @index_sum(%x: tensor<3xi64>) -> tensor<3xi64> {
  %c7 = index.constant 7
  %c5 = index.constant 5
  %sum = index.add %c7, %c5
  %i = index.casts %sum : index to i64
  %y = tensor.splat %i : tensor<3xi64>
  return %y : tensor<3xi64>
}

//--- tosa.mlir
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tosa.abs %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//--- sparse.mlir
#SV = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = sparse_tensor.convert %x : tensor<4xf32> to tensor<4xf32, #SV>
  %d = sparse_tensor.convert %s : tensor<4xf32, #SV> to tensor<4xf32>
  return %d : tensor<4xf32>
}
