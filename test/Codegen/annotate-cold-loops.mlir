// RUN: norm-opt %s --split-input-file --norm-annotate-cold-loops | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-annotate-cold-loops \
// RUN:   --convert-scf-to-cf --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:   --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

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
