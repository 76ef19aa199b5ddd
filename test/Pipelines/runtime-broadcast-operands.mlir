// LayerNormalization f32 with Scale and B of dynamic size, each 1 or X's
// row length at run time, through norm-to-llvm: each is copied to X's row
// length (its one element repeated) only where its size is 1, else the row
// loops read the argument itself (no per-call copy: a buffer written on the
// calling thread and read by every thread of the row loop). At the end the
// function frees each copy it made, one at a time: the second unless it is
// the first one's buffer (norm-split-deallocations), with no dealloc_helper
// function in the module. Values: Integration/LayerNormalization/edge/
// dynamic-scale-b-size1.mlir.

// RUN: norm-opt %s "--norm-to-llvm=vector-bits=512 runtime-verification=false parallel=false" \
// RUN:   --mlir-print-ir-after=bufferization-lower-deallocations -o %t.mlir 2>&1 \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=LLVM < %t.mlir

// CHECK-LABEL: func.func @ln(
// CHECK-SAME:      %[[X:.+]]: memref<?x?xf32>, %[[S:.+]]: memref<?xf32>, %[[B:.+]]: memref<?xf32>)
// CHECK:         %[[SN:.+]] = memref.dim %[[S]], %{{.+}} : memref<?xf32>
// CHECK-NEXT:    %[[SONE:.+]] = arith.cmpi eq, %[[SN]], %{{.+}} : index
// CHECK-NEXT:    %[[SC:.+]]:2 = scf.if %[[SONE]] -> (memref<?xf32>, i1) {
// CHECK-NEXT:      %[[SCOPY:.+]] = memref.alloc(%{{.+}}) {{.*}}: memref<?xf32>
// CHECK:             memref.load %[[S]]
// CHECK:           scf.yield %[[SCOPY]], %{{.+}} : memref<?xf32>, i1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[S]], %{{.+}} : memref<?xf32>, i1
// CHECK-NEXT:    }
// CHECK:         %[[BN:.+]] = memref.dim %[[B]], %{{.+}} : memref<?xf32>
// CHECK-NEXT:    %[[BONE:.+]] = arith.cmpi eq, %[[BN]], %{{.+}} : index
// CHECK-NEXT:    %[[BC:.+]]:2 = scf.if %[[BONE]] -> (memref<?xf32>, i1) {
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[B]], %{{.+}} : memref<?xf32>, i1
// CHECK-NEXT:    }
// CHECK:         %[[P0:.+]] = memref.extract_aligned_pointer_as_index
// CHECK-NEXT:    %[[P1:.+]] = memref.extract_aligned_pointer_as_index
// CHECK:         scf.if %[[SC]]#1 {
// CHECK-NEXT:      memref.dealloc
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SAME:.+]] = arith.cmpi eq, %[[P0]], %[[P1]] : index
// CHECK-NEXT:    %[[FREED:.+]] = arith.andi %[[SC]]#1, %[[SAME]] : i1
// CHECK-NEXT:    %[[NOT:.+]] = arith.xori %[[FREED]], %{{.+}} : i1
// CHECK-NEXT:    %[[COND:.+]] = arith.andi %[[BC]]#1, %[[NOT]] : i1
// CHECK-NEXT:    scf.if %[[COND]] {
// CHECK-NEXT:      memref.dealloc
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// LLVM-LABEL: llvm.func @ln(
// LLVM-NOT:    dealloc_helper
func.func @ln(%x: tensor<?x?xf32>, %scale: tensor<?xf32>, %b: tensor<?xf32>)
    -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
