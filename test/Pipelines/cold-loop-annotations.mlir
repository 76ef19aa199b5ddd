// RUN: norm-opt %s --norm-to-llvm | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=IR

// The scalar f64 loops of LayerNormalization's exact recomputation (rare
// slices) reach LLVM with loop metadata that keeps LLVM from interleaving
// and unrolling them (norm-annotate-cold-loops): the f64 shifted sum and the
// f64 sum of squares around the recomputed mean, once each, in the
// row-by-row body only (the jammed rows have no copy of the rare path). So
// do the per-call copies of Scale and B in the entry function (their
// locations carry the marker norm.copy_loop), one loop each. The hot loops
// (vector partial sums, the Y loops) carry no metadata.

// CHECK: #[[$COLD:.+]] = #llvm.loop_annotation<interleave = #{{.+}}, unroll = #{{.+}}>
// CHECK-LABEL: llvm.func @layernorm(
// CHECK-COUNT-2: llvm.br ^bb{{[0-9]+}}(%{{[0-9]+}} : i64) {loop_annotation = #[[$COLD]]}
// CHECK-NOT:     loop_annotation
// CHECK-LABEL: llvm.func internal @layernorm_rows(
// CHECK-COUNT-2: llvm.br ^bb{{[0-9]+}}(%{{[0-9]+}}, %{{[0-9]+}} : i64, f64) {loop_annotation = #[[$COLD]]}
// CHECK-NOT:     loop_annotation
// The vector loops' latches, without metadata.
// CHECK-NOT:     llvm.br ^bb{{[0-9]+}}({{.*}}vector<{{.*}}loop_annotation

// IR-LABEL:   define {{.*}} @layernorm(
// IR-COUNT-2: br label %{{[0-9]+}}, !llvm.loop ![[$LOOP:[0-9]+]]
// IR-NOT:     !llvm.loop
// IR-LABEL:   define internal void @layernorm_rows(
// IR-COUNT-2: br label %{{[0-9]+}}, !llvm.loop ![[$LOOP]]
// IR-NOT:     !llvm.loop
// IR-DAG:     !{!"llvm.loop.interleave.count", i32 1}
// IR-DAG:     !{!"llvm.loop.unroll.disable"}
func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                     %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
