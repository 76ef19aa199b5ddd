// RUN: norm-opt %s --split-input-file --norm-annotate-cold-loops | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-annotate-cold-loops \
// RUN:   --finalize-memref-to-llvm --convert-scf-to-cf --convert-arith-to-llvm \
// RUN:   --convert-cf-to-llvm \
// RUN:   --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-translate --split-input-file --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=IR

// A loop marked cold (norm.cold_loop, from a lowering's rare path) gets
// LLVM loop metadata: no interleaving, no unrolling; the marker is gone. An
// unmarked loop (the hot path) is left without metadata.

// CHECK-DAG: #[[$INTERLEAVE:.+]] = #llvm.loop_interleave<count = 1 : i32>
// CHECK-DAG: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[$COLD:.+]] = #llvm.loop_annotation<interleave = #[[$INTERLEAVE]], unroll = #[[$UNROLL]]>
// CHECK-LABEL: func.func @cold_and_hot(
// CHECK:         scf.for
// CHECK:           arith.addf
// CHECK:         } {loop_annotation = #[[$COLD]]}
// CHECK:         scf.for
// CHECK:           arith.mulf
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }{{$}}
// CHECK-NOT:     norm.cold_loop

// The LLVM IR has the metadata on the latch of the cold loop only.
// IR-LABEL: define double @cold_and_hot(
// IR:         fadd double
// IR:         br label %{{[0-9]+}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR:         fmul double
// IR:         br label %{{[0-9]+$}}
// IR:       ![[LOOP]] = distinct !{![[LOOP]], ![[IC:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
// IR-DAG:   ![[IC]] = !{!"llvm.loop.interleave.count", i32 1}
// IR-DAG:   ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
func.func @cold_and_hot(%n: index, %a: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %cold = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f64 {
    %next = arith.addf %acc, %a : f64
    scf.yield %next : f64
  } {norm.cold_loop}
  %hot = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cold) -> f64 {
    %next = arith.mulf %acc, %a : f64
    scf.yield %next : f64
  }
  return %hot : f64
}

// -----

// The loop of a per-call copy (a lowering's copy of Scale or B, whose
// location carries the metadata norm.copy_loop: tensor.generate drops its
// attributes when bufferized, its loops keep its location) gets the same
// metadata. A loop whose location is fused with other metadata, or with
// none, is left alone.

// CHECK-DAG: #[[$INTERLEAVE:.+]] = #llvm.loop_interleave<count = 1 : i32>
// CHECK-DAG: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[$COLD:.+]] = #llvm.loop_annotation<interleave = #[[$INTERLEAVE]], unroll = #[[$UNROLL]]>
// CHECK-LABEL: func.func @copies(
// CHECK:         scf.for
// CHECK:           memref.store %{{.+}}, %[[D:.+]][
// CHECK:         } {loop_annotation = #[[$COLD]]}
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK-NEXT:    }{{$}}
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK-NEXT:    }{{$}}

// IR-LABEL: define void @copies(
// IR:         store float
// IR:         br label %{{[0-9]+}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR:         store float
// IR:         br label %{{[0-9]+$}}
// IR:         store float
// IR:         br label %{{[0-9]+$}}
// IR:       ![[LOOP]] = distinct !{![[LOOP]], ![[IC:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
// IR-DAG:   ![[IC]] = !{!"llvm.loop.interleave.count", i32 1}
// IR-DAG:   ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
func.func @copies(%n: index, %a: f32, %d: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %a, %d[%i] : memref<?xf32>
  } loc(fused<"norm.copy_loop">["copy.mlir":1:1])
  scf.for %i = %c0 to %n step %c1 {
    memref.store %a, %d[%i] : memref<?xf32>
  } loc(fused<"other">["copy.mlir":2:1])
  scf.for %i = %c0 to %n step %c1 {
    memref.store %a, %d[%i] : memref<?xf32>
  } loc(fused["copy.mlir":3:1, "copy.mlir":4:1])
  return
}
