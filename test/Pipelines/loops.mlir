// norm-to-llvm on scf.for and scf.while loops whose loop-carried tensor is
// yielded as a new tensor each iteration (a norm op's result, or plain
// linalg's on a tensor.empty). one-shot-bufferize rejected all of them
// ("Yield operand #0 is not equivalent to the corresponding iter bbArg")
// until it was allowed to yield new buffers from loops. The values are
// checked in test/Integration/Mixed/loops.mlir.

// The whole pipeline, with and without threads: no error, and only LLVM
// (and OpenMP) dialect ops come out, each public function with its tensor
// signature.
// DEFINE: %{only-llvm} = FileCheck %s --check-prefix=LLVM \
// DEFINE:   --implicit-check-not='{{[ "](scf|cf|memref|func|tensor|linalg|bufferization|arith|math|vector|affine|index|ub)\.[a-z]}}' \
// DEFINE:   --implicit-check-not='{{[ "]norm\.(lp_normalization|normalizer|layer_normalization)}}' \
// DEFINE:   --implicit-check-not=error
// RUN: norm-opt %s --norm-to-llvm 2>&1 | %{only-llvm}
// RUN: norm-opt %s --norm-to-llvm=parallel=false 2>&1 | %{only-llvm}
// LLVM-LABEL: llvm.func @linalg_for(
// LLVM-SAME:    norm.entry_signature = (tensor<4xf32>, index) -> tensor<4xf32>
// LLVM-LABEL: llvm.func @lp_for(
// LLVM-SAME:    norm.entry_signature = (tensor<2x5xf32>, index) -> tensor<2x5xf32>
// LLVM-LABEL: llvm.func @layer_for(
// LLVM-SAME:    norm.entry_signature = (tensor<3x4xf32>, tensor<4xf32>, index) -> (tensor<3x4xf32>, tensor<3x1xf32>)
// LLVM-LABEL: llvm.func @normalizer_while(
// LLVM-SAME:    norm.entry_signature = (tensor<?x?xf32>, i64) -> tensor<?x?xf32>

// The buffers after the deallocation pipeline: the loop carries its buffer
// with an ownership flag (false for the argument it starts from); each
// iteration allocates the new result, frees the previous iteration's buffer
// if it owns it, and yields the new one as owned. After an scf.for that ran
// no iteration the result is still the argument, which is copied: the caller
// always owns what a function returns. scf.while copies its loop-carried
// buffer in the condition region (upstream bufferization of scf.condition),
// so its result is always owned.
// RUN: norm-opt %s --norm-to-llvm=parallel=false -o /dev/null \
// RUN:   --mlir-print-ir-after=convert-bufferization-to-memref 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEM

// MEM-LABEL: func.func @linalg_for(
// MEM-SAME:      %[[X:.*]]: memref<4xf32>, %[[N:.*]]: index)
// MEM:         %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[X]], %[[OWNED:.*]] = %false) -> (memref<4xf32>, i1) {
// MEM:           %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// MEM:           %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
// MEM-NEXT:      scf.if %[[OWNED]] {
// MEM-NEXT:        memref.dealloc %[[BASE]]
// MEM-NEXT:      }
// MEM-NEXT:      scf.yield %[[NEW]], %true : memref<4xf32>, i1
// MEM-NEXT:    }
// MEM-NEXT:    %[[RESULT:.*]] = scf.if %[[LOOP]]#1 -> (memref<4xf32>) {
// MEM-NEXT:      scf.yield %[[LOOP]]#0
// MEM-NEXT:    } else {
// MEM-NEXT:      %[[COPY:.*]] = memref.alloc() : memref<4xf32>
// MEM-NEXT:      memref.copy %[[LOOP]]#0, %[[COPY]]
// MEM-NEXT:      scf.yield %[[COPY]]
// MEM-NEXT:    }
// MEM:         return %[[RESULT]] : memref<4xf32>
func.func @linalg_for(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.map { math.absf } ins(%a : tensor<4xf32>)
                                  outs(%e : tensor<4xf32>)
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// MEM-LABEL: func.func @lp_for(
// MEM:         %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %arg0, %[[OWNED:.*]] = %false) -> (memref<2x5xf32>, i1) {
// MEM:           %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x5xf32>
// MEM:           %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// MEM-NEXT:      scf.if %[[OWNED]] {
// MEM-NEXT:        memref.dealloc %[[BASE]]
// MEM-NEXT:      }
// MEM-NEXT:      scf.yield %[[NEW]], %true : memref<2x5xf32>, i1
// MEM:         scf.if %[[LOOP]]#1 -> (memref<2x5xf32>) {
// MEM:           memref.copy %[[LOOP]]#0
func.func @lp_for(%x: tensor<2x5xf32>, %n: index) -> tensor<2x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> tensor<2x5xf32> {
    %y = norm.lp_normalization %a axis = 1 p = 2 : tensor<2x5xf32>
    scf.yield %y : tensor<2x5xf32>
  }
  return %r : tensor<2x5xf32>
}

// Two loop-carried tensors, Y and Mean (a view of a new [3] buffer): both
// previous buffers are freed.
// MEM-LABEL: func.func @layer_for(
// MEM:         %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%[[A:.*]] = %arg0, %[[M:.*]] = %{{.*}}, %[[OWNED:.*]] = %false) -> (memref<3x4xf32>, memref<3x1xf32>, i1) {
// MEM-DAG:       %[[NEWM:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// MEM-DAG:       %[[NEWY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
// MEM:           %[[VIEWM:.*]] = memref.expand_shape %[[NEWM]]
// MEM:           %[[BASEA:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// MEM:           %[[BASEM:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[M]]
// MEM-NEXT:      scf.if %[[OWNED]] {
// MEM-NEXT:        memref.dealloc %[[BASEA]]
// MEM-NEXT:        memref.dealloc %[[BASEM]]
// MEM-NEXT:      }
// MEM-NEXT:      scf.yield %[[NEWY]], %[[VIEWM]], %true
func.func @layer_for(%x: tensor<3x4xf32>, %s: tensor<4xf32>, %n: index)
    -> (tensor<3x4xf32>, tensor<3x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<3x1xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %m0 = %e)
      -> (tensor<3x4xf32>, tensor<3x1xf32>) {
    %y, %m, %inv = norm.layer_normalization %a, %s
        : (tensor<3x4xf32>, tensor<4xf32>)
        -> (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
    scf.yield %y, %m : tensor<3x4xf32>, tensor<3x1xf32>
  }
  return %r#0, %r#1 : tensor<3x4xf32>, tensor<3x1xf32>
}

// MEM-LABEL: func.func @normalizer_while(
// MEM:         scf.while (%{{.*}} = %{{.*}}, %[[A:.*]] = %arg0, %[[OWNED:.*]] = %false) : (i64, memref<?x?xf32>, i1) -> (i64, memref<?x?xf32>) {
// MEM:           %[[COPY:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// MEM-NEXT:      memref.copy %[[A]], %[[COPY]]
// MEM-NEXT:      %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// MEM-NEXT:      scf.if %[[OWNED]] {
// MEM-NEXT:        memref.dealloc %[[BASE]]
// MEM-NEXT:      }
// MEM-NEXT:      scf.condition(%{{.*}}) %{{.*}}, %[[COPY]] : i64, memref<?x?xf32>
// MEM-NEXT:    } do {
// MEM-NEXT:    ^bb0(%{{.*}}: i64, %[[B:.*]]: memref<?x?xf32>):
// MEM:           %[[NEW:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// MEM:           %[[BASEB:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[B]]
// MEM-NEXT:      memref.dealloc %[[BASEB]]
// MEM-NEXT:      scf.yield %{{.*}}, %[[NEW]], %true : i64, memref<?x?xf32>, i1
func.func @normalizer_while(%x: tensor<?x?xf32>, %n: i64) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r:2 = scf.while (%i = %c0, %a = %x) : (i64, tensor<?x?xf32>)
      -> (i64, tensor<?x?xf32>) {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i, %a : i64, tensor<?x?xf32>
  } do {
  ^bb0(%i: i64, %a: tensor<?x?xf32>):
    %y = norm.normalizer %a norm = "L2" : tensor<?x?xf32> -> tensor<?x?xf32>
    %next = arith.addi %i, %c1 : i64
    scf.yield %next, %y : i64, tensor<?x?xf32>
  }
  return %r#1 : tensor<?x?xf32>
}
