// norm-to-llvm-runtime-calls, the step of norm-to-llvm that lowers the
// run-time checks (cf.assert) before the conversions to LLVM would: a
// failed check prints its message with C's `puts` and calls `abort`, using
// the module's own declarations of them whatever their result type, or calls
// __norm_runtime_check_failed where the module has other functions of those
// names. Upstream's lowering failed on C's `puts` returning int.

// RUN: norm-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(norm-to-llvm-runtime-calls)' | FileCheck %s

// No puts or abort: declared as upstream declares them. The message is
// "size mismatch" and a NUL, in bytes.
// CHECK-LABEL: module @none
// CHECK-DAG:   llvm.func @abort()
// CHECK-DAG:   llvm.func @puts(!llvm.ptr)
// CHECK-DAG:   llvm.mlir.global private constant @assert_msg(dense<[115, 105, 122, 101, 32, 109, 105, 115, 109, 97, 116, 99, 104, 0]> : tensor<14xi8>)
// CHECK:       func.func @f(%[[C:.*]]: i1)
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[OK:.*]], ^[[FAIL:.*]]
// CHECK-NEXT:  ^[[OK]]:
// CHECK-NEXT:    return
// CHECK-NEXT:  ^[[FAIL]]:
// CHECK-NEXT:    %[[ADDR:.*]] = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT:    %[[MSG:.*]] = llvm.getelementptr %[[ADDR]][0, 0]
// CHECK-NEXT:    llvm.call @puts(%[[MSG]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.call @abort() : () -> ()
// CHECK-NEXT:    llvm.unreachable
module @none {
  func.func @f(%c: i1) {
    cf.assert %c, "size mismatch"
    return
  }
}

// -----

// C's declarations (puts returns int), as func.func: called through
// func.call; a global named assert_msg of the module's keeps its name.
// CHECK-LABEL: module @c_declarations
// CHECK-NOT:   llvm.func @puts
// CHECK-DAG:   llvm.mlir.global internal constant @assert_msg("mine\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[NAME:assert_msg_[0-9]+]](dense<[115, 105, 122, 101, 32, 109, 105, 115, 109, 97, 116, 99, 104, 0]>
// CHECK:         cf.cond_br %{{.*}}, ^{{.*}}, ^[[FAIL:.*]]
// CHECK:       ^[[FAIL]]:
// CHECK-NEXT:    %[[ADDR:.*]] = llvm.mlir.addressof @[[NAME]] : !llvm.ptr
// CHECK-NEXT:    %[[MSG:.*]] = llvm.getelementptr %[[ADDR]][0, 0]
// CHECK-NEXT:    %{{.*}} = call @puts(%[[MSG]]) : (!llvm.ptr) -> i32
// CHECK-NEXT:    %{{.*}} = call @abort() : () -> i32
// CHECK-NEXT:    llvm.unreachable
module @c_declarations {
  llvm.mlir.global internal constant @assert_msg("mine\00") {addr_space = 0 : i32}
  func.func private @puts(!llvm.ptr) -> i32
  func.func private @abort() -> i32
  func.func @f(%c: i1) {
    cf.assert %c, "size mismatch"
    return
  }
}

// -----

// C's puts as llvm.func: llvm.call with its type.
// CHECK-LABEL: module @c_llvm_declaration
// CHECK:         llvm.call @puts(%{{.*}}) : (!llvm.ptr) -> i32
// CHECK-NEXT:    llvm.call @abort() : () -> ()
module @c_llvm_declaration {
  llvm.func @puts(!llvm.ptr) -> i32
  func.func @f(%c: i1) {
    cf.assert %c, "size mismatch"
    return
  }
}

// -----

// The module defines its own puts: neither it nor C's abort is called.
// CHECK-LABEL: module @own_puts
// CHECK-NOT:   @abort
// CHECK:       llvm.func @__norm_runtime_check_failed(!llvm.ptr)
// CHECK:       func.func @f(
// CHECK:         llvm.call @__norm_runtime_check_failed(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.unreachable
module @own_puts {
  func.func @puts(%p: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : i32
    return %c0 : i32
  }
  func.func @f(%c: i1) {
    cf.assert %c, "size mismatch"
    return
  }
}

// -----

// An abort of other parameters.
// CHECK-LABEL: module @other_abort
// CHECK:         llvm.call @__norm_runtime_check_failed(
module @other_abort {
  func.func private @abort(i32)
  func.func @f(%c: i1) {
    cf.assert %c, "size mismatch"
    return
  }
}

// -----

// __norm_runtime_check_failed is reserved.
module @reserved {
  // expected-error @below {{'__norm_runtime_check_failed' is reserved for the run-time checks (a declaration taking the message, a pointer), which call it because the module has its own 'puts' or 'abort'}}
  func.func private @__norm_runtime_check_failed(i32)
  func.func private @puts(i32)
  func.func @f(%c: i1) {
    cf.assert %c, "size mismatch"
    return
  }
}

// -----

// A check whose condition comes through norm.check_message prints that
// message with the sizes: printf of "%lld {x} %lld%%\n" (the format's {1}
// and {0} as %lld in that order, '{{' as '{', '%' as '%%', a newline as puts
// would end it) with the sizes as i64, then abort. The message op is gone;
// puts, which no check calls, is not declared.
// CHECK-LABEL: module @with_sizes
// CHECK-NOT:   @puts
// CHECK-DAG:   llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG:   llvm.mlir.global private constant @assert_msg(dense<[37, 108, 108, 100, 32, 123, 120, 125, 32, 37, 108, 108, 100, 37, 37, 10, 0]> : tensor<17xi8>)
// CHECK:       func.func @f(%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NOT:     norm.check_message
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %[[A]], %[[B]] : index
// CHECK-NEXT:    cf.cond_br %[[EQ]], ^[[OK:.*]], ^[[FAIL:.*]]
// CHECK:       ^[[FAIL]]:
// CHECK-NEXT:    %[[ADDR:.*]] = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT:    %[[MSG:.*]] = llvm.getelementptr %[[ADDR]][0, 0]
// CHECK-NEXT:    %[[VB:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK-NEXT:    %[[VA:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK-NEXT:    llvm.call @printf(%[[MSG]], %[[VB]], %[[VA]]) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
// CHECK-NEXT:    llvm.call @abort() : () -> ()
// CHECK-NEXT:    llvm.unreachable
module @with_sizes {
  func.func @f(%a: index, %b: index) {
    %eq = arith.cmpi eq, %a, %b : index
    %m = norm.check_message %eq, "{1} {{x} {0}%" (%a, %b)
    cf.assert %m, "sizes differ"
    return
  }
}

// -----

// The module has its own puts: a check with sizes calls
// __norm_runtime_check_failed_values with the format and four i64 sizes,
// those the format does not take 0 ("n = %lld\n").
// CHECK-LABEL: module @own_puts_with_sizes
// CHECK-NOT:   @__norm_runtime_check_failed(
// CHECK-DAG:   llvm.func @__norm_runtime_check_failed_values(!llvm.ptr, i64, i64, i64, i64)
// CHECK-DAG:   llvm.mlir.global private constant @assert_msg(dense<[110, 32, 61, 32, 37, 108, 108, 100, 10, 0]> : tensor<10xi8>)
// CHECK:       ^{{.*}}:
// CHECK:         %[[V:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT:    %[[Z1:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    %[[Z2:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    %[[Z3:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:    llvm.call @__norm_runtime_check_failed_values(%{{.*}}, %[[V]], %[[Z1]], %[[Z2]], %[[Z3]])
// CHECK-NEXT:    llvm.unreachable
module @own_puts_with_sizes {
  func.func @puts(%p: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : i32
    return %c0 : i32
  }
  func.func @f(%n: index) {
    %c4 = arith.constant 4 : index
    %eq = arith.cmpi eq, %n, %c4 : index
    %m = norm.check_message %eq, "n = {0}" (%n)
    cf.assert %m, "n is not 4"
    return
  }
}

// -----

// __norm_runtime_check_failed_values is reserved.
module @reserved_values {
  // expected-error @below {{'__norm_runtime_check_failed_values' is reserved for the run-time checks (a declaration of type '!llvm.func<void (ptr, i64, i64, i64, i64)>'), which call it because the module has its own 'puts', 'abort' or 'printf'}}
  func.func private @__norm_runtime_check_failed_values(i32)
  func.func private @printf(i32)
  func.func @f(%n: index) {
    %c4 = arith.constant 4 : index
    %eq = arith.cmpi eq, %n, %c4 : index
    %m = norm.check_message %eq, "n = {0}" (%n)
    cf.assert %m, "n is not 4"
    return
  }
}

// -----

// The memref lowering declared C's malloc as malloc_0, the module's malloc
// having another type.
module @other_malloc {
  // expected-error @below {{the module's 'malloc' is not C's malloc, which the lowering calls for buffers as '!llvm.func<ptr (i64)>', but it has type '(i32) -> i32'; rename it, or give it C's type}}
  func.func private @malloc(i32) -> i32
  llvm.func @malloc_0(i64) -> !llvm.ptr
}

// -----

// A nested module's checks are left to its own run of the pipeline.
// CHECK-LABEL: module @outer
// CHECK:         module @inner
// CHECK:           cf.assert
module @outer {
  module @inner {
    func.func @f(%c: i1) {
      cf.assert %c, "size mismatch"
      return
    }
  }
}
