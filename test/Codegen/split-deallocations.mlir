// RUN: norm-opt %s --split-input-file --norm-split-deallocations | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-split-deallocations \
// RUN:   --bufferization-lower-deallocations | FileCheck %s --check-prefix=LOWER
// RUN: norm-opt %s --split-input-file --norm-split-deallocations \
// RUN:   --remarks-filter=norm-split-deallocations --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// Two buffers the function may own (LayerNormalization's Scale and B, each
// either a copy or the argument): one dealloc per buffer; the second is
// freed where its condition holds unless the first one's holds and it is
// the same buffer (equal aligned pointers). Lowered, each is an scf.if
// around memref.dealloc, and no dealloc_helper is added.
// CHECK-LABEL: func.func @two(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: memref<f32>, %[[B:[a-z0-9]+]]: memref<f32>, %[[CA:[a-z0-9]+]]: i1, %[[CB:[a-z0-9]+]]: i1
// CHECK-DAG:     %[[PA:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG:     %[[PB:.+]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-DAG:     %[[TRUE:.+]] = arith.constant true
// CHECK:         bufferization.dealloc (%[[A]] : memref<f32>) if (%[[CA]])
// CHECK-NEXT:    %[[SAME:.+]] = arith.cmpi eq, %[[PA]], %[[PB]] : index
// CHECK-NEXT:    %[[FREED:.+]] = arith.andi %[[CA]], %[[SAME]] : i1
// CHECK-NEXT:    %[[NOTFREED:.+]] = arith.xori %[[FREED]], %[[TRUE]] : i1
// CHECK-NEXT:    %[[COND:.+]] = arith.andi %[[CB]], %[[NOTFREED]] : i1
// CHECK-NEXT:    bufferization.dealloc (%[[B]] : memref<f32>) if (%[[COND]])
// CHECK-NEXT:    return
// LOWER-LABEL: func.func @two(
// LOWER-NOT:     call
// LOWER:         scf.if
// LOWER-NEXT:      memref.dealloc
// LOWER:         scf.if
// LOWER-NEXT:      memref.dealloc
// LOWER-NOT:     dealloc_helper
// LOWER-LABEL: func.func @three(
func.func @two(%a: memref<f32>, %b: memref<f32>, %ca: i1, %cb: i1) {
  // expected-remark @+1 {{[Passed] Split | Category:norm-split-deallocations | Function=two | Remark="2 memrefs deallocated one by one, each unless an earlier one is the same buffer (no dealloc_helper)"}}
  bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%ca, %cb)
  return
}

// -----

// Three buffers: the third is checked against the first and the second.
// CHECK-LABEL: func.func @three(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: memref<f32>, %[[B:[a-z0-9]+]]: memref<4xf32>, %[[C:[a-z0-9]+]]: memref<f32>, %[[CA:[a-z0-9]+]]: i1, %[[CB:[a-z0-9]+]]: i1, %[[CC:[a-z0-9]+]]: i1
// CHECK-DAG:     %[[PA:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG:     %[[PB:.+]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-DAG:     %[[PC:.+]] = memref.extract_aligned_pointer_as_index %[[C]]
// CHECK:         bufferization.dealloc (%[[A]] : memref<f32>) if (%[[CA]])
// CHECK:         bufferization.dealloc (%[[B]] : memref<4xf32>) if
// CHECK:         arith.cmpi eq, %[[PA]], %[[PC]] : index
// CHECK:         arith.andi %[[CA]],
// CHECK:         arith.cmpi eq, %[[PB]], %[[PC]] : index
// CHECK:         arith.andi %[[CB]],
// CHECK:         bufferization.dealloc (%[[C]] : memref<f32>) if
func.func @three(%a: memref<f32>, %b: memref<4xf32>, %c: memref<f32>,
                 %ca: i1, %cb: i1, %cc: i1) {
  // expected-remark @+1 {{3 memrefs deallocated one by one}}
  bufferization.dealloc (%a, %b, %c : memref<f32>, memref<4xf32>, memref<f32>) if (%ca, %cb, %cc)
  return
}

// -----

// Left alone: one memref (already lowered inline), retained memrefs (the
// op's results depend on them), unranked memrefs (no aligned pointer).
// CHECK-LABEL: func.func @left_alone(
// CHECK:         bufferization.dealloc (%{{.+}} : memref<f32>) if (%{{.+}})
// CHECK-NEXT:    bufferization.dealloc (%{{.+}}, %{{.+}} : memref<f32>, memref<f32>) if (%{{.+}}, %{{.+}}) retain (%{{.+}} : memref<f32>)
// CHECK-NEXT:    bufferization.dealloc (%{{.+}}, %{{.+}} : memref<*xf32>, memref<f32>) if (%{{.+}}, %{{.+}})
// CHECK-NEXT:    return
func.func @left_alone(%a: memref<f32>, %b: memref<f32>, %u: memref<*xf32>,
                      %ca: i1, %cb: i1) -> i1 {
  bufferization.dealloc (%a : memref<f32>) if (%ca)
  %r = bufferization.dealloc (%a, %b : memref<f32>, memref<f32>) if (%ca, %cb) retain (%b : memref<f32>)
  bufferization.dealloc (%u, %b : memref<*xf32>, memref<f32>) if (%ca, %cb)
  return %r : i1
}
