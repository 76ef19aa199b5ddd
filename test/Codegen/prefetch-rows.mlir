// RUN: norm-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(convert-norm-to-linalg),linalg-fuse-elementwise-ops,canonicalize,cse,func.func(norm-fuse-rows),canonicalize,cse,func.func(norm-vectorize-rows{vector-bits=512}),canonicalize,cse,loop-invariant-subset-hoisting,canonicalize,one-shot-bufferize{bufferize-function-boundaries},func.func(norm-prefetch-rows),cse)' | FileCheck %s

// LayerNorm reads each row of X in several column loops: the sum of K - X
// for Q (in f32 for rows of at most 2048; for longer rows the chunked f64
// sum: 8 chunks of the row read side by side, and its tail of n mod 8),
// the sum of squares of X - Q (f32, or f64 for rows longer than 2048) and
// Y; of each f32/f64 pair one runs no step. During the loops after the first
// that do not write the row, the row 4096 bytes and at least 2 rows ahead
// (min-rows-ahead: Y's pass follows them; rounded up to whole rows, clamped
// to the last row) is prefetched into the outer cache levels (locality 1:
// these loops write no vectors): one prefetch per 64-byte line of each
// tile.
// CHECK-LABEL: func.func @layernorm
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf32
// CHECK-DAG:     %[[ROWS:.+]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[COLS:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[BYTES:.+]] = arith.muli %[[COLS]], %c4
// CHECK:         %[[ROWBYTES:.+]] = arith.maxui %[[BYTES]], %c1
// CHECK:         %[[C4096:.+]] = arith.constant 4096 : index
// CHECK:         %[[BYDISTANCE:.+]] = arith.ceildivui %[[C4096]], %[[ROWBYTES]]
// CHECK:         %[[AHEAD:.+]] = arith.maxui %[[BYDISTANCE]], %c2
// CHECK:         %[[LAST:.+]] = arith.subi %[[ROWS]], %c1
// CHECK:         scf.forall (%[[ROW:[a-z0-9_]+]]) in
// Q's f32 sum, the first loop over the row: no prefetch.
// CHECK:           scf.for {{.+}} -> (vector<1x64xf32>)
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %{{.+}}]
// Q's chunked f64 sum for long rows (8 chunks read side by side; its loop
// runs no step for short rows), its masked remainder and its tail: where
// they run, Q's f32 sum runs no step and they are the first pass, which
// streams the row from memory. Their location carries the norm.first_pass
// marker (getFirstPassLoc), so no prefetch. (Before, as loops after the
// first in program order, they prefetched the next row while streaming
// this one.)
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for %[[Q:[a-z0-9_]+]] = {{.+}} -> (vector<1x32xf64>)
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[Q]]]
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for {{.+}} -> (vector<1x32xf64>)
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for %[[T:[a-z0-9_]+]] = {{.+}} -> (vector<1x32xf64>)
// CHECK-NEXT:        %[[TCOL:.+]] = affine.apply #{{.+}}()[%{{.+}}, %[[T]]]
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[TCOL]]]
// CHECK-NOT:         memref.prefetch
// CHECK:           %[[PLUS:.+]] = arith.addi %[[ROW]], %[[AHEAD]]
// CHECK:           %[[NEXT:.+]] = arith.minui %[[PLUS]], %[[LAST]]
// The f32 sum of squares: one prefetch per line of each 64 x f32 tile.
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = {{.+}} -> (vector<1x64xf32>)
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %[[J]]], read, locality<1>, data
// CHECK:             %[[J16:.+]] = arith.addi %[[J]], %c16
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %[[J16]]], read, locality<1>, data
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %{{.+}}], read
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %{{.+}}], read
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[J]]]
// The f64 sum of squares for rows longer than 2048 (of the f32 and the f64
// loop, one runs no step) prefetches the same row, per 32 x f32 tile.
// CHECK:           scf.for %[[K:[a-z0-9_]+]] = {{.+}} -> (vector<1x32xf64>)
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %[[K]]], read, locality<1>, data
// CHECK:             %[[K16:.+]] = arith.addi %[[K]], %c16
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %[[K16]]], read, locality<1>, data
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[K]]]
// The f64 remainder loop, then Y, which writes the row: no prefetch.
// CHECK:           scf.for
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %{{.+}}]
// CHECK:             vector.transfer_write
// CHECK-NOT:         memref.prefetch
// CHECK:         return
func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

// -----

// LpNorm reads each row of f32 twice (sum, Y): no prefetch (rows of 32-bit
// elements whose second pass writes Y keep memory busy; the prefetches made
// them slower, docs/Pipeline.md, stage 7).
// CHECK-LABEL: func.func @lpnorm
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf32
// CHECK:         scf.forall (%[[ROW:[a-z0-9_]+]]) in
// CHECK-NOT:       memref.prefetch
// CHECK:           vector.transfer_write
// CHECK-NOT:       memref.prefetch
// CHECK:         return
func.func @lpnorm(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Rows of 16-bit elements read in two passes (a reduction, then Y) prefetch
// the row ahead half during each pass: Y's pass computes more per byte
// than on f32 rows (the conversions; RMSNormalization's rounding of
// Normalized to f16), and memory would idle during the reduction.
// RMSNormalization f16: the exact f64 sum of squares reads four chunks of
// the row side by side (columns j, j + q, j + 2q, j + 3q, 32 x f16 tiles,
// j < u = the main loop's bound); its step j prefetches columns [2j, 2j +
// 64) of the row ahead, one line per 64 bytes. Y's step j (64 x f16 tiles)
// prefetches columns 2u + (j + o) / 2 for its lines o = 0, 32 (the rest of
// the row; the shift is min(u, 1), so that rows shorter than four tiles, u
// = 0, are prefetched whole by Y at its own columns).
// CHECK-LABEL: func.func @rmsnorm_f16
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf16
// CHECK:         scf.forall (%[[ROW:[a-z0-9_]+]]) in
// CHECK:           %[[U:.+]] = affine.apply
// CHECK:           %[[NEXT:.+]] = arith.minui
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = %c0 to %[[U]] step %c32 {{.+}} -> (vector<1x32xf64>)
// CHECK-NEXT:        %[[J2:.+]] = arith.muli %[[J]], %c2
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[J2]]], read, locality<3>, data
// CHECK-NEXT:        %[[J2B:.+]] = arith.addi %[[J2]], %c32
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[J2B]]], read, locality<3>, data
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[J]]]
// CHECK-COUNT-3:     vector.transfer_read %[[X]][%[[ROW]], %{{.+}}]
// CHECK-NOT:         memref.prefetch
// CHECK:             scf.yield
// CHECK-NOT:       memref.prefetch
// CHECK:           %[[REST:.+]] = arith.muli %[[U]], %c2
// CHECK-NEXT:      %[[SHIFT:.+]] = arith.minui %[[U]], %c1
// CHECK-NEXT:      scf.for %[[K:[a-z0-9_]+]] = %c0 to %{{.+}} step %c64
// CHECK-NEXT:        %[[K0:.+]] = arith.shrui %[[K]], %[[SHIFT]]
// CHECK-NEXT:        %[[C0:.+]] = arith.addi %[[REST]], %[[K0]]
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[C0]]], read, locality<3>, data
// CHECK-NEXT:        %[[K32:.+]] = arith.addi %[[K]], %c32
// CHECK-NEXT:        %[[K1:.+]] = arith.shrui %[[K32]], %[[SHIFT]]
// CHECK-NEXT:        %[[C1:.+]] = arith.addi %[[REST]], %[[K1]]
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[C1]]], read, locality<3>, data
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[K]]]
// CHECK:             vector.transfer_write
// CHECK:           scf.for
// CHECK-NOT:         memref.prefetch
// CHECK:         return
func.func @rmsnorm_f16(%x: tensor<?x?xf16>, %scale: tensor<?xf16>) -> tensor<?x?xf16> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x1xf32>)
  return %y : tensor<?x?xf16>
}

// -----

// LpNormalization f16: the sum reads the row in one run (64 x f16 tiles,
// j < u); its step j prefetches column j / 2 of the row ahead (one line
// covers two steps' halves), Y's step j columns u / 2 + (j + o) / 2.
// CHECK-LABEL: func.func @lpnorm_f16
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf16
// CHECK:         scf.forall (%[[ROW:[a-z0-9_]+]]) in
// CHECK:           %[[U:.+]] = affine.apply
// CHECK:           %[[NEXT:.+]] = arith.minui
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = %c0 to %[[U]] step %c64
// CHECK-NEXT:        %[[JH:.+]] = arith.shrui %[[J]], %c1
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[JH]]], read, locality<3>, data
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[J]]]
// CHECK-NOT:         memref.prefetch
// CHECK:           %[[REST:.+]] = arith.shrui %[[U]], %c1
// CHECK-NEXT:      %[[SHIFT:.+]] = arith.minui %[[U]], %c1
// CHECK-NEXT:      scf.for %[[K:[a-z0-9_]+]] = %c0 to %[[U]] step %c64
// CHECK-NEXT:        %[[K0:.+]] = arith.shrui %[[K]], %[[SHIFT]]
// CHECK-NEXT:        %[[C0:.+]] = arith.addi %[[REST]], %[[K0]]
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[C0]]], read, locality<3>, data
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %{{.+}}], read, locality<3>, data
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[K]]]
// CHECK:             vector.transfer_write
// CHECK:         return
func.func @lpnorm_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// LayerNorm with Mean and InvStdDev only: each row is read by Q's f32 sum,
// Q's chunked f64 sum and its tail, and the f32 and f64 sums of squares of
// X - Q (of each f32/f64 pair one runs no step), and no row is written, so
// both sums of squares (the loops after the first that read full tiles of
// the row at their induction variable) prefetch the row 4096 bytes ahead,
// into the outer cache levels. Q's chunked sum runs steps only for rows
// longer than 2048, where it is the first pass over the row (see
// @layernorm): no prefetch.
// CHECK-LABEL: func.func @layernorm_stats_only
// CHECK-SAME:      (%[[X:.+]]: memref<?x?xf32
// CHECK:         scf.forall (%[[ROW:[a-z0-9_]+]]) in
// CHECK:           scf.for {{.+}} -> (vector<1x64xf32>)
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %{{.+}}]
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for %[[Q:[a-z0-9_]+]] = {{.+}} -> (vector<1x32xf64>)
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[Q]]]
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for {{.+}} -> (vector<1x32xf64>)
// CHECK-NOT:         memref.prefetch
// CHECK:           scf.for %[[T:[a-z0-9_]+]] = {{.+}} -> (vector<1x32xf64>)
// CHECK-NEXT:        %[[TCOL:.+]] = affine.apply #{{.+}}()[%{{.+}}, %[[T]]]
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[TCOL]]]
// CHECK-NOT:         memref.prefetch
// CHECK:           %[[NEXT:.+]] = arith.minui
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = {{.+}} -> (vector<1x64xf32>)
// CHECK-COUNT-4:     memref.prefetch %[[X]][%[[NEXT]], %{{.+}}], read, locality<1>, data
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[J]]]
// CHECK:           scf.for %[[K:[a-z0-9_]+]] = {{.+}} -> (vector<1x32xf64>)
// CHECK-COUNT-2:     memref.prefetch %[[X]][%[[NEXT]], %{{.+}}], read, locality<1>, data
// CHECK-NOT:         memref.prefetch
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[K]]]
// CHECK:           scf.for
// CHECK-NOT:         memref.prefetch
// CHECK:         return
func.func @layernorm_stats_only(%x: tensor<?x?xf32>, %scale: tensor<?xf32>)
    -> (tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %mean, %inv : tensor<?x1xf32>, tensor<?x1xf32>
}

// -----

// InstanceNorm's f64 sum of squares of long rows reads 8 chunks of each row
// [n, 4096] side by side (columns j, j + 512, ..., j + 3584): the row ahead
// is prefetched at each chunk's columns, one prefetch per 64-byte line of
// each 32 x f32 tile. Q's f64 sum (rows of 4096 > 2048, a static length:
// only the chunked sum, n mod 8 = 0: no tail) reads the row first, the same
// way: the first pass, it prefetches nothing.
// CHECK-DAG:   #[[$C512:.+]] = affine_map<()[s0] -> (s0 + 512)>
// CHECK-DAG:   #[[$C3584:.+]] = affine_map<()[s0] -> (s0 + 3584)>
// CHECK-LABEL: func.func @instancenorm_chunks
// CHECK:         scf.forall (%[[ROW:[a-z0-9_]+]]) in
// CHECK:           scf.for %{{.+}} = %c0 to %c512 step %c32 iter_args({{.+}}) -> (vector<1x32xf64>)
// CHECK-COUNT-8:     vector.transfer_read %{{.+}}[%[[ROW]], %{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<?x4096xf32>
// CHECK-NOT:         memref.prefetch
// CHECK:           %[[NEXT:.+]] = arith.minui
// CHECK:           scf.for %[[J:[a-z0-9_]+]] = %c0 to %c512 step %c32 iter_args({{.+}}) -> (vector<1x32xf64>)
// CHECK:             memref.prefetch %[[X:.+]][%[[NEXT]], %[[J]]], read
// CHECK:             %[[J16:.+]] = arith.addi %[[J]], %c16
// CHECK:             memref.prefetch %[[X]][%[[NEXT]], %[[J16]]], read
// CHECK:             vector.transfer_read %[[X]][%[[ROW]], %[[J]]]
// CHECK:             %[[J1:.+]] = affine.apply #[[$C512]]()[%[[J]]]
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[J1]]], read
// CHECK-NEXT:        %[[J1B:.+]] = arith.addi %[[J1]], %c16
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[J1B]]], read
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[J1]]]
// CHECK-COUNT-10:    memref.prefetch %[[X]][%[[NEXT]], %{{.+}}], read
// CHECK:             %[[J7:.+]] = affine.apply #[[$C3584]]()[%[[J]]]
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[J7]]], read
// CHECK-NEXT:        %[[J7B:.+]] = arith.addi %[[J7]], %c16
// CHECK-NEXT:        memref.prefetch %[[X]][%[[NEXT]], %[[J7B]]], read
// CHECK-NEXT:        vector.transfer_read %[[X]][%[[ROW]], %[[J7]]]
// CHECK-NOT:         memref.prefetch
// CHECK:             scf.yield
func.func @instancenorm_chunks(%x: tensor<?x2x4096xf32>, %s: tensor<2xf32>) -> tensor<?x2x4096xf32> {
  %y = norm.instance_normalization %x, %s, %s
      : (tensor<?x2x4096xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<?x2x4096xf32>
  return %y : tensor<?x2x4096xf32>
}
