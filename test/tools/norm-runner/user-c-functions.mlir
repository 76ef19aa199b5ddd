// A module with functions named like the C functions that the lowering of
// its run-time checks and buffers calls (`puts`, `abort`, `malloc`, `free`)
// lowers and runs: C's own declaration of `puts`, returning int, made the
// lowering fail ("redefinition of reserved function 'puts'"), a module that
// defines `abort` failed to link, and a `malloc` of another type left a
// `malloc_1` that linked to nothing (found by a hostile new-user run).
// Every case runs a LayerNormalization whose Scale does not fit X (a failed
// check: one error, exit status 1) and one whose Scale fits (the result).
// Expected values: rows [1 2 3 4] and [5 6 7 8] standardize to +-3/sqrt(5),
// +-1/sqrt(5) (variance 1.25, epsilon 1e-5).

// RUN: rm -rf %t && split-file %s %t
// DEFINE: %{fails} = --function=check --input="2x4xf32=1 2 3 4 5 6 7 8" --input="3xf32=1 1 1"
// DEFINE: %{fits} = --function=check --input="2x4xf32=1 2 3 4 5 6 7 8" --input="4xf32=1 1 1 1" \
// DEFINE:   --expected-output="2x4xf32=-1.3416355 -0.4472118 0.4472118 1.3416355 -1.3416355 -0.4472118 0.4472118 1.3416355"

// C's declarations, `puts` returning int, as func.func and as llvm.func,
// with the OpenMP runtime and without.
// RUN: not norm-runner %t/c-puts.mlir %{fails} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILED --implicit-check-not=error:
// RUN: not norm-runner %t/c-puts.mlir %{fails} --threads=1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILED --implicit-check-not=error:
// RUN: norm-runner %t/c-puts.mlir %{fits} | FileCheck %s --check-prefix=FITS
// RUN: not norm-runner %t/c-puts-llvm.mlir %{fails} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILED --implicit-check-not=error:
// RUN: norm-runner %t/c-puts-llvm.mlir %{fits} | FileCheck %s --check-prefix=FITS
// FAILED: {{^}}norm-runner: error: run-time check failed: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization'
// FAILED-SAME: op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1
// FITS: [SUCCESS] result[0]: 2x4xf32

// The module's own `puts` (the function prints "mine") and `abort`, and a
// `puts` of other parameters: the checks do not call them. The module's
// `puts` still serves the module.
// RUN: not norm-runner %t/own-puts.mlir %{fails} > %t/out 2> %t/err
// RUN: FileCheck %s --check-prefix=FAILED --implicit-check-not=error: < %t/err
// RUN: FileCheck %s --check-prefix=MINE < %t/out
// MINE: mine
// MINE-NOT: 2x4xf32
// RUN: norm-runner %t/own-puts.mlir %{fits} | FileCheck %s --check-prefix=FITS
// RUN: not norm-runner %t/own-abort.mlir %{fails} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILED --implicit-check-not=error:
// RUN: norm-runner %t/own-abort.mlir %{fits} | FileCheck %s --check-prefix=FITS
// The module's `abort` is its own function: calling it returns.
// RUN: norm-runner %t/own-abort.mlir --function=abort | count 0
// RUN: not norm-runner %t/other-puts.mlir %{fails} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILED --implicit-check-not=error:

// A `malloc` or `free` of another type than C's is one error naming it; a
// module that defines C's `malloc` cannot take the runner's.
// RUN: not norm-runner %t/other-malloc.mlir %{fits} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MALLOC --implicit-check-not=error:
// MALLOC: norm-runner: error: cannot lower '{{.*}}other-malloc.mlir' to the LLVM dialect: {{.*}}other-malloc.mlir:1:1: the module's 'malloc' is not C's malloc, which the lowering calls for buffers as '!llvm.func<ptr (i64)>', but it has type '(i32) -> i32'; rename it, or give it C's type
// RUN: not norm-runner %t/other-free.mlir %{fits} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FREE --implicit-check-not=error:
// FREE: norm-runner: error: cannot lower '{{.*}}other-free.mlir' to the LLVM dialect: {{.*}}other-free.mlir:1:1: the module's 'free' is not C's free, which the lowering calls for buffers as '!llvm.func<void (ptr)>', but it has type '(i32) -> ()'
// RUN: not norm-runner %t/own-malloc.mlir %{fits} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OWN-MALLOC --implicit-check-not=error:
// OWN-MALLOC: norm-runner: error: cannot JIT-compile '{{.*}}own-malloc.mlir': the module defines a function 'malloc', but norm-runner provides the compiled code's malloc and free (checked allocation; the results are freed by the runner): rename the module's function

//--- c-puts.mlir
func.func private @puts(!llvm.ptr) -> i32
func.func private @abort()
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- c-puts-llvm.mlir
llvm.func @puts(!llvm.ptr) -> i32
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- own-puts.mlir
llvm.mlir.global internal constant @mine("mine\0A\00") {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
func.func private @puts(%p: !llvm.ptr) -> i32 {
  %r = llvm.call @printf(%p) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
  return %r : i32
}
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %p = llvm.mlir.addressof @mine : !llvm.ptr
  %r = func.call @puts(%p) : (!llvm.ptr) -> i32
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- own-abort.mlir
func.func @abort() {
  return
}
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- other-puts.mlir
func.func private @puts(i32) -> i32
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- other-malloc.mlir
func.func private @malloc(i32) -> i32
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- other-free.mlir
func.func private @free(i32)
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

//--- own-malloc.mlir
llvm.func @malloc(%n: i64) -> !llvm.ptr {
  %p = llvm.mlir.zero : !llvm.ptr
  llvm.return %p : !llvm.ptr
}
func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
