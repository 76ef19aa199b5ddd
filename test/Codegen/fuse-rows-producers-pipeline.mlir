// RUN: norm-opt %s "--norm-to-llvm=vector-bits=512 runtime-verification=false" \
// RUN:   --mlir-print-ir-after=norm-nontemporal-stores -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NT
// RUN: norm-opt %s "--norm-to-llvm=vector-bits=512 runtime-verification=false" \
// RUN:   --remarks-filter="norm-vectorize-rows|norm-nontemporal-stores" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: norm-opt %s "--norm-to-llvm=vector-bits=512 runtime-verification=false" \
// RUN:   | FileCheck %s --check-prefix=LLVM

// SkipSimplifiedLayerNormalization [16384, 4096] f32 with the sum output
// through the whole norm-to-llvm pipeline: after producer fusion
// (fuse-rows-producers.mlir) the row loop stays vectorized, and both large
// results, Y and the sum, are written with non-temporal stores from the same
// loop over the row. Memory traffic: X and Skip read once (the sum of
// squares streams them from memory, the tail reads them again from the
// cache), Y and the sum written once; no other buffer of X's size.

// After norm-nontemporal-stores: two buffers of X's size (the results), the
// sum of squares reading X and Skip, the tail reading them and storing both
// results, 64 lanes at a time, non-temporally.
// NT-LABEL: func.func @skip_rms(
// NT-SAME:      %[[X:[a-z0-9]+]]: memref<16384x4096xf32>, %[[SKIP:[a-z0-9]+]]: memref<16384x4096xf32>
// NT:         %[[A:.+]] = memref.alloc() {alignment = 64 : i64} : memref<16384x4096xf32>
// NT-NEXT:    %[[B:.+]] = memref.alloc() {alignment = 64 : i64} : memref<16384x4096xf32>
// NT-NOT:     memref.alloc(
// NT:         omp.parallel
// NT:           scf.for {{.+}} step %c32
// NT:             vector.transfer_read %[[X]]
// NT:             vector.transfer_read %[[SKIP]]
// NT:           %[[SA:.+]] = memref.subview %[[A]]
// NT-NEXT:      %[[SB:.+]] = memref.subview %[[B]]
// NT:           scf.for {{.+}} step %c64
// NT:             vector.transfer_read %[[X]]
// NT:             vector.transfer_read %[[SKIP]]
// NT-NOT:         vector.transfer_write
// NT:             vector.store %{{.+}}, %[[SA]][%c0, %{{.+}}] {alignment = 64 : i64, nontemporal = true} : {{.+}}, vector<64xf32>
// NT-NOT:         scf.for
// NT:             vector.store %{{.+}}, %[[SB]][%c0, %{{.+}}] {alignment = 64 : i64, nontemporal = true} : {{.+}}, vector<64xf32>
// NT:           llvm.fence
// NT-NOT:     memref.alloc(
// NT:         return %[[B]], %[[A]]

// The row loop's passes vectorized: the sum of squares as a partial
// reduction, the tail (X + Skip, Y; two results) in tiles of 64 lanes.
// REMARKS: remark: [Passed] Tiled | Category:norm-vectorize-rows | Function=skip_rms | Remark="innermost dim tiled by 32 elements as a partial reduction (partial sums per lane)"
// REMARKS: remark: [Passed] Tiled | Category:norm-vectorize-rows | Function=skip_rms | Remark="innermost dim tiled by 64 elements"
// REMARKS: remark: [Passed] Vectorized | Category:norm-vectorize-rows | Function=skip_rms | Remark="a tile (linalg.generic) vectorized, vector shape 1x32"
// REMARKS: remark: [Passed] Vectorized | Category:norm-vectorize-rows | Function=skip_rms | Remark="a tile (linalg.generic) vectorized, vector shape 1x64"
// REMARKS: remark: [Passed] NontemporalStore | Category:norm-nontemporal-stores | Function=skip_rms | Remark="non-temporal store, aligned to 64 bytes"
// REMARKS: remark: [Passed] NontemporalStore | Category:norm-nontemporal-stores | Function=skip_rms | Remark="non-temporal store, aligned to 64 bytes"

// At the end: two allocations (the results) and, in the threads' loop, two
// non-temporal stores of 64 lanes per step (Y and the sum).
// LLVM-LABEL: llvm.func @skip_rms(
// LLVM:         llvm.call @malloc
// LLVM:         llvm.call @malloc
// LLVM-NOT:     llvm.call @malloc
// LLVM:         omp.parallel
// LLVM:           llvm.store {{.+}} {alignment = 64 : i64, nontemporal} : vector<64xf32>, !llvm.ptr
// LLVM-NOT:       llvm.store {{.+}} : vector<64xf32>
// LLVM:           llvm.store {{.+}} {alignment = 64 : i64, nontemporal} : vector<64xf32>, !llvm.ptr
// LLVM-NOT:     llvm.call @malloc
// LLVM:         llvm.return
func.func @skip_rms(%x: tensor<16384x4096xf32>, %skip: tensor<16384x4096xf32>,
                    %g: tensor<4096xf32>)
    -> (tensor<16384x4096xf32>, tensor<16384x4096xf32>) {
  %sum = arith.addf %x, %skip : tensor<16384x4096xf32>
  %y, %inv = norm.rms_normalization %sum, %g
      : (tensor<16384x4096xf32>, tensor<4096xf32>)
      -> (tensor<16384x4096xf32>, tensor<16384x1xf32>)
  return %y, %sum : tensor<16384x4096xf32>, tensor<16384x4096xf32>
}
