// The module's own `puts` and `abort` keep their meaning: the runner routes
// only the failure paths of lowered `cf.assert`s (run-time checks) to a
// function of its own. A `puts` prints its line on stdout, before the
// results; an `abort` is one error saying the module called it, status 1.

// RUN: rm -rf %t && split-file %s %t

// RUN: norm-runner %t/user.mlir --function=greet --input="2xf32=1 2" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GREET --implicit-check-not=error:
// GREET: hello
// GREET-NEXT: 2xf32=1 2
// The order holds with --expected-output too.
// RUN: norm-runner %t/user.mlir --function=greet --input="2xf32=1 2" \
// RUN:   --expected-output="2xf32=1 2" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GREETEXP --implicit-check-not=error:
// GREETEXP: hello
// GREETEXP-NEXT: [SUCCESS] result[0]: 2xf32

// RUN: not norm-runner %t/user.mlir --function=stop --input="2xf32=1 2" > %t/out 2> %t/err
// RUN: FileCheck %s --check-prefix=STOP < %t/err
// STOP: {{^}}norm-runner: error: the compiled module called abort(){{$}}
// STOP-NOT: run-time check
// RUN: FileCheck %s --check-prefix=STOPOUT --allow-empty < %t/out
// STOPOUT-NOT: 2xf32

// A module whose `puts` also serves its run-time checks: its own line
// prints, then the failed check is one error. (C's declaration, returning
// int, and functions of the module's own named `puts` or `abort`:
// user-c-functions.mlir.)
// RUN: not norm-runner %t/check.mlir --function=check --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="3xf32=1 1 1" > %t/out 2> %t/err
// RUN: FileCheck %s --check-prefix=CHECK-ERR --implicit-check-not=error: < %t/err
// CHECK-ERR: {{^}}norm-runner: error: run-time check failed: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization'
// CHECK-ERR-SAME: op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1{{$}}
// RUN: FileCheck %s --check-prefix=CHECK-OUT < %t/out
// CHECK-OUT: checking
// CHECK-OUT-NOT: 2x4xf32

//--- user.mlir
llvm.mlir.global internal constant @hello("hello\00") {addr_space = 0 : i32}
llvm.func @puts(!llvm.ptr) -> i32
llvm.func @abort()

func.func @greet(%x: tensor<2xf32>) -> tensor<2xf32> {
  %p = llvm.mlir.addressof @hello : !llvm.ptr
  %r = llvm.call @puts(%p) : (!llvm.ptr) -> i32
  return %x : tensor<2xf32>
}

func.func @stop(%x: tensor<2xf32>) -> tensor<2xf32> {
  llvm.call @abort() : () -> ()
  return %x : tensor<2xf32>
}

//--- check.mlir
llvm.mlir.global internal constant @checking("checking\00") {addr_space = 0 : i32}
llvm.func @puts(!llvm.ptr)

func.func @check(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %p = llvm.mlir.addressof @checking : !llvm.ptr
  llvm.call @puts(%p) : (!llvm.ptr) -> ()
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
