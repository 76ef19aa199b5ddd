// norm-to-llvm fails, with one error at the op's location naming it, where
// an op is left that it could not lower, as a full conversion would: its
// conversions to the LLVM dialect are partial conversions, which leave an op
// they have no pattern for as it was. norm-opt exited 0 and printed such a
// module (linalg.softmax on buffers, a scalar math.erf); norm-runner then
// failed at the translation to LLVM IR with the function's location only
// ("LLVM Translation failed for operation: builtin.unrealized_conversion_cast",
// "missing `LLVMTranslationDialectInterface` registration"). What may be
// left: builtin.module, the llvm dialect and, with parallel=true, the omp
// dialect (norm-to-llvm-check-lowered).
// An op on tensors without a bufferization (a tosa op, an unregistered op)
// is named before One-Shot Bufferize, whose "op was not bufferized" names no
// op; sparse tensors, whose bufferization fails with two errors, too
// (norm-to-llvm-check-bufferizable).
// `sh -c '...; echo'` checks the exact exit status.

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{check} = FileCheck %s -DFILE=%t --implicit-check-not=error: --check-prefix

// linalg.softmax has a bufferization but no lowering to loops.
// RUN: sh -c 'norm-opt %t/softmax.mlir --norm-to-llvm -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=SOFTMAX
// RUN: sh -c 'norm-opt %t/softmax.mlir --norm-to-llvm=parallel=false -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=SOFTMAX
// SOFTMAX: [[FILE]]/softmax.mlir:3:8: error: 'linalg.softmax' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// SOFTMAX: exit status 1
// RUN: sh -c 'norm-runner %t/softmax.mlir --input="2x3xf32=1 2 3 4 5 6" 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s -DFILE=%t --implicit-check-not={{.}} --check-prefix=SOFTMAX-RUNNER
// SOFTMAX-RUNNER: norm-runner: error: cannot lower '[[FILE]]/softmax.mlir' to the LLVM dialect: [[FILE]]/softmax.mlir:3:8: 'linalg.softmax' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// SOFTMAX-RUNNER-NEXT: exit status 1
// RUN: sh -c 'norm-benchmark %t/softmax.mlir --input=2x3xf32 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s -DFILE=%t --implicit-check-not={{.}} --check-prefix=SOFTMAX-BENCHMARK
// SOFTMAX-BENCHMARK: norm-benchmark: error: cannot lower '[[FILE]]/softmax.mlir' to the LLVM dialect: [[FILE]]/softmax.mlir:3:8: 'linalg.softmax' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// SOFTMAX-BENCHMARK-NEXT: exit status 1
// RUN: sh -c 'norm-compile %t/softmax.mlir --prefix=k_ -o %t/softmax.o 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s -DFILE=%t --implicit-check-not=error: --check-prefix=SOFTMAX-COMPILE
// SOFTMAX-COMPILE: norm-compile: error: {{.*}}[[FILE]]/softmax.mlir:3:8: 'linalg.softmax' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// SOFTMAX-COMPILE: exit status 1

// math.erf on a tensor becomes a linalg.generic of scalar math.erf, which
// convert-math-to-llvm does not lower (no LLVM intrinsic).
// RUN: sh -c 'norm-opt %t/erf.mlir --norm-to-llvm -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=ERF
// ERF: [[FILE]]/erf.mlir:2:8: error: 'math.erf' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// ERF: exit status 1
// RUN: not norm-runner %t/erf.mlir --input="3xf32=0 1 2" 2>&1 \
// RUN:   | FileCheck %s -DFILE=%t --implicit-check-not={{.}} --check-prefix=ERF-RUNNER
// ERF-RUNNER: norm-runner: error: cannot lower '[[FILE]]/erf.mlir' to the LLVM dialect: [[FILE]]/erf.mlir:2:8: 'math.erf' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}

// In a nested module, lowered by itself: the op's own location.
// RUN: sh -c 'norm-opt %t/nested.mlir --norm-to-llvm -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=NESTED
// NESTED: [[FILE]]/nested.mlir:4:10: error: 'linalg.softmax' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// NESTED: exit status 1

// Ops on tensors without a bufferization.
// RUN: sh -c 'norm-opt %t/tosa.mlir --norm-to-llvm -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=TOSA
// TOSA: [[FILE]]/tosa.mlir:2:8: error: 'tosa.abs' op was not lowered to the LLVM dialect by norm-to-llvm: it has no bufferization (compute on ranked tensors with ops of the norm, linalg, tensor, arith, math, scf and func dialects, e.g. linalg.add or linalg.map){{$}}
// TOSA: exit status 1
// RUN: sh -c 'norm-opt %t/unregistered.mlir --allow-unregistered-dialect --norm-to-llvm -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=UNREGISTERED
// UNREGISTERED: [[FILE]]/unregistered.mlir:2:8: error: 'foo.bar' op was not lowered to the LLVM dialect by norm-to-llvm: it has no bufferization (compute on ranked tensors with ops of the norm, linalg, tensor, arith, math, scf and func dialects, e.g. linalg.add or linalg.map){{$}}
// UNREGISTERED: exit status 1
// RUN: sh -c 'norm-opt %t/sparse.mlir --norm-to-llvm -o /dev/null 2>&1; echo "exit status $?"' \
// RUN:   | %{check}=SPARSE
// SPARSE: [[FILE]]/sparse.mlir:4:8: error: 'sparse_tensor.convert' op was not lowered to the LLVM dialect by norm-to-llvm: sparse tensors are lowered by the sparsifier (mlir-opt --sparsifier), not by norm-to-llvm{{$}}
// SPARSE: exit status 1

// The check alone: an op left in a lowered module is named; an
// unrealized_conversion_cast only where nothing else is left (otherwise it
// is there because of the op that was not lowered).
// RUN: not norm-opt %t/left.mlir --norm-to-llvm-check-lowered -o /dev/null 2>&1 \
// RUN:   | %{check}=LEFT
// LEFT: [[FILE]]/left.mlir:5:8: error: 'arith.addi' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// RUN: not norm-opt %t/cast.mlir --norm-to-llvm-check-lowered -o /dev/null 2>&1 \
// RUN:   | %{check}=CAST
// CAST: [[FILE]]/cast.mlir:2:8: error: 'builtin.unrealized_conversion_cast' op was not lowered to the LLVM dialect by norm-to-llvm{{$}}
// A lowered module with OpenMP regions and a nested module passes unchanged.
// RUN: norm-opt %t/lowered.mlir --norm-to-llvm-check-lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: omp.parallel
// LOWERED: module @inner

//--- softmax.mlir
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//--- erf.mlir
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = math.erf %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}

//--- nested.mlir
module @inner {
  func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %e = tensor.empty() : tensor<2x3xf32>
    %0 = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

//--- tosa.mlir
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tosa.abs %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

//--- unregistered.mlir
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

//--- sparse.mlir
#SV = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // The first op on a sparse tensor.
  %s = sparse_tensor.convert %x : tensor<4xf32> to tensor<4xf32, #SV>
  %d = sparse_tensor.convert %s : tensor<4xf32, #SV> to tensor<4xf32>
  return %d : tensor<4xf32>
}

//--- left.mlir
llvm.func @f(%a: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i64 to index
  // The cast before it is there because of this op: it is the one named.
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  %2 = arith.addi %1, %1 : i64
  llvm.return %2 : i64
}

//--- cast.mlir
llvm.func @f(%a: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  llvm.return %1 : i64
}

//--- lowered.mlir
llvm.func @f() {
  omp.parallel {
    omp.terminator
  }
  llvm.return
}
module @inner {
  llvm.func @g() {
    llvm.return
  }
}
