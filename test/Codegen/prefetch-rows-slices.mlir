// RUN: norm-opt %s --split-input-file --norm-prefetch-rows --cse | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-prefetch-rows \
// RUN:   --remarks-filter=norm-prefetch-rows --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null
// RUN: norm-opt %s --split-input-file --norm-prefetch-rows='distance=0' \
// RUN:   | FileCheck %s --check-prefix=OFF

// norm-prefetch-rows on loops over slices of rank > 1 (memrefs of rank 3 or
// more, read at [slice, ...]): channels-last GroupNormalization's loop over
// samples [H, W, C]. Only the last loop over the slice (Y) prefetches the
// slice `distance` bytes ahead, clamped to the last one, at the inner
// indices of each tile it reads, one prefetch per 64-byte line.
// OFF-NOT: memref.prefetch

// Three passes over each sample of X [N, 4, 4, 64] f32 (4096 bytes, so the
// next sample is 4096 bytes ahead): the sum, the sum of squares (two tiles
// per step, rows h and h + 2) and Y (64 x f32 tiles, four lines each).
// Only Y prefetches sample min(n + 1, N - 1).
// CHECK-LABEL: func.func @nhwc_three_passes(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x4x4x64xf32>
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[X]], %c0
// CHECK:         %[[LAST:.+]] = arith.subi %[[N]], %[[C1]]
// CHECK:         scf.forall (%[[S:[a-z0-9_]+]]) in
// CHECK-NEXT:      %[[PLUS:.+]] = arith.addi %[[S]], %[[C1]]
// CHECK-NEXT:      %[[NEXT:.+]] = arith.minui %[[PLUS]], %[[LAST]]
// CHECK-NOT:       memref.prefetch
// CHECK:           vector.transfer_read %[[X]][%[[S]], %{{.+}}, %{{.+}}, %{{.+}}]
// CHECK-NOT:       memref.prefetch
// CHECK:           affine.apply
// CHECK-NOT:       memref.prefetch
// CHECK:           vector.insert_strided_slice
// CHECK-NEXT:      scf.for %[[H:[a-z0-9_]+]] =
// CHECK-NEXT:        scf.for %[[W:[a-z0-9_]+]] =
// CHECK-NEXT:          scf.for %[[C:[a-z0-9_]+]] =
// CHECK-NEXT:            memref.prefetch %[[X]][%[[NEXT]], %[[H]], %[[W]], %[[C]]], read, locality<3>, data
// CHECK:                 %[[C16:.+]] = arith.addi %[[C]], %c16
// CHECK-NEXT:            memref.prefetch %[[X]][%[[NEXT]], %[[H]], %[[W]], %[[C16]]], read, locality<3>, data
// CHECK:                 %[[C32:.+]] = arith.addi %[[C]], %c32
// CHECK-NEXT:            memref.prefetch %[[X]][%[[NEXT]], %[[H]], %[[W]], %[[C32]]], read, locality<3>, data
// CHECK:                 %[[C48:.+]] = arith.addi %[[C]], %c48
// CHECK-NEXT:            memref.prefetch %[[X]][%[[NEXT]], %[[H]], %[[W]], %[[C48]]], read, locality<3>, data
// CHECK-NEXT:            vector.transfer_read %[[X]][%[[S]], %[[H]], %[[W]], %[[C]]]
// CHECK-NOT:             memref.prefetch
// CHECK:                 vector.transfer_write
// CHECK:         return
func.func @nhwc_three_passes(%x: memref<?x4x4x64xf32>, %y: memref<?x4x4x64xf32>,
                             %mean: vector<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<1x1x1x32xf32>
  %n = memref.dim %x, %c0 : memref<?x4x4x64xf32>
  // expected-remark @+1 {{[Passed] SlicePrefetch | Category:norm-prefetch-rows | Function=nhwc_three_passes | Remark="prefetches the slice 4096 bytes ahead of a memref<?x4x4x64xf32> in the last of its 3 loops over the slice"}}
  scf.forall (%s) in (%n) {
    %sum = scf.for %h = %c0 to %c4 step %c1 iter_args(%a = %zero)
        -> (vector<1x1x1x32xf32>) {
      %sw = scf.for %w = %c0 to %c4 step %c1 iter_args(%b = %a)
          -> (vector<1x1x1x32xf32>) {
        %sc = scf.for %c = %c0 to %c64 step %c32 iter_args(%acc = %b)
            -> (vector<1x1x1x32xf32>) {
          %v = vector.transfer_read %x[%s, %h, %w, %c], %pad
              {in_bounds = [true, true, true, true]}
              : memref<?x4x4x64xf32>, vector<1x1x1x32xf32>
          %t = arith.addf %acc, %v : vector<1x1x1x32xf32>
          scf.yield %t : vector<1x1x1x32xf32>
        }
        scf.yield %sc : vector<1x1x1x32xf32>
      }
      scf.yield %sw : vector<1x1x1x32xf32>
    }
    %sq = scf.for %h = %c0 to %c2 step %c1 iter_args(%a = %sum)
        -> (vector<1x1x1x32xf32>) {
      %h2 = affine.apply affine_map<()[s0] -> (s0 + 2)>()[%h]
      %sw = scf.for %w = %c0 to %c4 step %c1 iter_args(%b = %a)
          -> (vector<1x1x1x32xf32>) {
        %sc = scf.for %c = %c0 to %c64 step %c32 iter_args(%acc = %b)
            -> (vector<1x1x1x32xf32>) {
          %v = vector.transfer_read %x[%s, %h, %w, %c], %pad
              {in_bounds = [true, true, true, true]}
              : memref<?x4x4x64xf32>, vector<1x1x1x32xf32>
          %u = vector.transfer_read %x[%s, %h2, %w, %c], %pad
              {in_bounds = [true, true, true, true]}
              : memref<?x4x4x64xf32>, vector<1x1x1x32xf32>
          %vv = arith.mulf %v, %v : vector<1x1x1x32xf32>
          %uu = arith.mulf %u, %u : vector<1x1x1x32xf32>
          %p = arith.addf %vv, %uu : vector<1x1x1x32xf32>
          %t = arith.addf %acc, %p : vector<1x1x1x32xf32>
          scf.yield %t : vector<1x1x1x32xf32>
        }
        scf.yield %sc : vector<1x1x1x32xf32>
      }
      scf.yield %sw : vector<1x1x1x32xf32>
    }
    %sq32 = vector.shape_cast %sq : vector<1x1x1x32xf32> to vector<32xf32>
    %scale = vector.insert_strided_slice %sq32, %mean {offsets = [0], strides = [1]}
        : vector<32xf32> into vector<64xf32>
    scf.for %h = %c0 to %c4 step %c1 {
      scf.for %w = %c0 to %c4 step %c1 {
        scf.for %c = %c0 to %c64 step %c64 {
          %v = vector.transfer_read %x[%s, %h, %w, %c], %pad {in_bounds = [true]}
              : memref<?x4x4x64xf32>, vector<64xf32>
          %d = arith.mulf %v, %scale : vector<64xf32>
          vector.transfer_write %d, %y[%s, %h, %w, %c] {in_bounds = [true]}
              : vector<64xf32>, memref<?x4x4x64xf32>
        }
      }
    }
  }
  return
}

// -----

// Slices of dynamic size (X [N, H, W, 16] f16): the slices ahead are
// ceil(4096 / max(H * W * 32 bytes, 1)). Two passes (the sum, then Y): Y,
// the last, prefetches; its 32 x f16 tile is one line. A read of a
// memref defined in the loop (a view of X) is not a slice read.
// CHECK-LABEL: func.func @dynamic_slices(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?x?x16xf16>
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[H:.+]] = memref.dim %[[X]], %c1
// CHECK-DAG:     %[[W:.+]] = memref.dim %[[X]], %c2
// CHECK:         %[[HW:.+]] = arith.muli %[[H]], %[[W]]
// CHECK:         %[[BYTES:.+]] = arith.muli %[[HW]], %c32
// CHECK:         %[[SLICEBYTES:.+]] = arith.maxui %[[BYTES]], %c1
// CHECK:         %[[AHEAD:.+]] = arith.ceildivui %c4096, %[[SLICEBYTES]]
// CHECK:         %[[LAST:.+]] = arith.subi %[[N]], %c1
// CHECK:         scf.forall (%[[S:[a-z0-9_]+]]) in
// CHECK-NEXT:      %[[PLUS:.+]] = arith.addi %[[S]], %[[AHEAD]]
// CHECK-NEXT:      %[[NEXT:.+]] = arith.minui %[[PLUS]], %[[LAST]]
// CHECK-NOT:       memref.prefetch
// CHECK:           vector.shape_cast
// CHECK-NEXT:      scf.for %[[I:[a-z0-9_]+]] =
// CHECK-NEXT:        scf.for %[[J:[a-z0-9_]+]] =
// CHECK-NEXT:          memref.prefetch %[[X]][%[[NEXT]], %[[I]], %[[J]], %c0], read, locality<3>, data
// CHECK-NEXT:          vector.transfer_read %[[X]][%[[S]], %[[I]], %[[J]], %c0]
// CHECK-NOT:           memref.prefetch
// CHECK:         return
func.func @dynamic_slices(%x: memref<?x?x?x16xf16>, %y: memref<?x?x?x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<1x1x1x16xf16>
  %n = memref.dim %x, %c0 : memref<?x?x?x16xf16>
  %hs = memref.dim %x, %c1 : memref<?x?x?x16xf16>
  %ws = memref.dim %x, %c2 : memref<?x?x?x16xf16>
  // expected-remark @+1 {{[Passed] SlicePrefetch | Category:norm-prefetch-rows | Function=dynamic_slices | Remark="prefetches the slice 4096 bytes ahead of a memref<?x?x?x16xf16> in the last of its 2 loops over the slice"}}
  scf.forall (%s) in (%n) {
    %view = memref.subview %x[%s, 0, 0, 0] [1, %hs, %ws, 16] [1, 1, 1, 1]
        : memref<?x?x?x16xf16> to memref<1x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
    %sum = scf.for %i = %c0 to %hs step %c1 iter_args(%a = %zero)
        -> (vector<1x1x1x16xf16>) {
      %sj = scf.for %j = %c0 to %ws step %c1 iter_args(%acc = %a)
          -> (vector<1x1x1x16xf16>) {
        %v = vector.transfer_read %x[%s, %i, %j, %c0], %pad
            {in_bounds = [true, true, true, true]}
            : memref<?x?x?x16xf16>, vector<1x1x1x16xf16>
        %u = vector.transfer_read %view[%c0, %i, %j, %c0], %pad
            {in_bounds = [true, true, true, true]}
            : memref<1x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>, vector<1x1x1x16xf16>
        %t = arith.addf %acc, %v : vector<1x1x1x16xf16>
        %t2 = arith.addf %t, %u : vector<1x1x1x16xf16>
        scf.yield %t2 : vector<1x1x1x16xf16>
      }
      scf.yield %sj : vector<1x1x1x16xf16>
    }
    %flat = vector.shape_cast %sum : vector<1x1x1x16xf16> to vector<16xf16>
    scf.for %i = %c0 to %hs step %c1 {
      scf.for %j = %c0 to %ws step %c1 {
        %v = vector.transfer_read %x[%s, %i, %j, %c0], %pad {in_bounds = [true]}
            : memref<?x?x?x16xf16>, vector<16xf16>
        %d = arith.subf %v, %flat : vector<16xf16>
        vector.transfer_write %d, %y[%s, %i, %j, %c0] {in_bounds = [true]}
            : vector<16xf16>, memref<?x?x?x16xf16>
      }
    }
  }
  return
}

// -----

// One pass over each slice (Y = 2 X), and masked or out-of-bounds tiles,
// which are not full tiles: nothing is prefetched.
// CHECK-LABEL: func.func @one_pass(
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @one_pass(%x: memref<?x4x64xf32>, %y: memref<?x4x64xf32>,
                    %z: memref<?x4x64xf32>, %m: vector<64xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?x4x64xf32>
  scf.forall (%s) in (%n) {
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-remark @+1 {{[Missed] SinglePass | Category:norm-prefetch-rows | Function=one_pass | Reason="one pass over the slice of this memref: the hardware prefetchers follow its misses"}}
      %v = vector.transfer_read %x[%s, %i, %c0], %pad {in_bounds = [true]}
          : memref<?x4x64xf32>, vector<64xf32>
      %d = arith.addf %v, %v : vector<64xf32>
      vector.transfer_write %d, %y[%s, %i, %c0] {in_bounds = [true]}
          : vector<64xf32>, memref<?x4x64xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.transfer_read %z[%s, %i, %c0], %pad, %m {in_bounds = [true]}
          : memref<?x4x64xf32>, vector<64xf32>
      vector.transfer_write %v, %y[%s, %i, %c0] {in_bounds = [true]}
          : vector<64xf32>, memref<?x4x64xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.transfer_read %z[%s, %i, %c0], %pad {in_bounds = [false]}
          : memref<?x4x64xf32>, vector<64xf32>
      vector.transfer_write %v, %y[%s, %i, %c0] {in_bounds = [true]}
          : vector<64xf32>, memref<?x4x64xf32>
    }
  }
  return
}
