// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' --dump-pass-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --remarks-filter=norm-jam-rows -o /dev/null 2>&1 | FileCheck %s
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512' \
// RUN:   --mlir-print-ir-after=norm-jam-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYN

// norm-to-llvm jams rows (norm-jam-rows, 4 rows per iteration) where every
// pass over a row is one vector step: with 512-bit vectors and 4 partial
// sums a step covers 64 f32. Longer rows, up to 12 steps (768 f32), are
// jammed only where X holds at most 2 MiB (cached-max-bytes): out of the
// cache a jammed block reads and writes its 4 rows interleaved, step by
// step, which streamed from memory slower than row by row, while in the
// caches the overlap of the rows' statistics pays. (Only bodies with two
// reductions or more are jammed at all: jam-rows-min-reductions.mlir.)

// PIPELINE: norm-jam-rows{cached-max-bytes=2097152 cached-max-steps=12 max-steps=1 min-reductions=2 pack-rows=true rows=4}

// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=rows_64 | Remark="4 rows per iteration
func.func @rows_64(%x: tensor<64x64xf32>, %s: tensor<64xf32>,
                   %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<64x64xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x64xf32>
}

// Rows of 128 (two steps per pass) in 32 KiB: jammed (the second tier).
// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=rows_128 | Remark="4 rows per iteration, {{[0-9]+}} loops over the row jammed"
func.func @rows_128(%x: tensor<64x128xf32>, %s: tensor<128xf32>,
                    %b: tensor<128xf32>) -> tensor<64x128xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<64x128xf32>, tensor<128xf32>, tensor<128xf32>)
      -> (tensor<64x128xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x128xf32>
}

// Rows of 128 in 8 MiB, and rows of 832 (13 steps): row by row.
// CHECK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=rows_128_large | Reason="the arrays whose rows it reads hold more than cached-max-bytes (2097152)"
func.func @rows_128_large(%x: tensor<16384x128xf32>, %s: tensor<128xf32>,
                          %b: tensor<128xf32>) -> tensor<16384x128xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<16384x128xf32>, tensor<128xf32>, tensor<128xf32>)
      -> (tensor<16384x128xf32>, tensor<16384x1xf32>, tensor<16384x1xf32>)
  return %y : tensor<16384x128xf32>
}

// CHECK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=rows_832 | Reason="a loop over the row runs 13 steps, more than cached-max-steps (12)"
func.func @rows_832(%x: tensor<8x832xf32>, %s: tensor<832xf32>,
                     %b: tensor<832xf32>) -> tensor<8x832xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<8x832xf32>, tensor<832xf32>, tensor<832xf32>)
      -> (tensor<8x832xf32>, tensor<8x1xf32>, tensor<8x1xf32>)
  return %y : tensor<8x832xf32>
}

// A dynamic row length: blocks of 4 rows where each of the 12 column loops
// (Q's f32 sum, the sum of squared deviations and Y in f32, Q's chunked f64
// sum and its tail and the f64 sum of squares for rows longer than 2048,
// each a 64- or 32-lane loop and its masked remainder) runs at most one
// step, or at most 12 steps in an X of at most 2 MiB, and the rows are not
// long, else one row per block.
// CHECK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=dynamic | Remark="4 rows per iteration, 12 loops over the row jammed, where each runs at most max-steps steps, or at most cached-max-steps steps and the rows read fit in cached-max-bytes (else one row per iteration)"
// DYN-LABEL: func.func @dynamic
// DYN: %[[LONG:.*]] = arith.cmpi ugt, %[[DIM:.*]], %c2048 : index
// DYN: %[[SHORTN:.*]] = arith.select %[[LONG]], %c0, %[[DIM]] : index
// DYN: %[[RBSPLIT:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 64) * 64)>()[%[[SHORTN]]]
// DYN: %[[YSPLIT:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 64) * 64)>()[%[[DIM]]]
// DYN-COUNT-12: arith.cmpi ule, %{{[0-9]+}}, %c1{{(_[0-9]+)?}} : index
// DYN: %[[NOTLONG:.*]] = arith.xori %[[LONG]], %true : i1
// DYN-NEXT: %[[JAM:.*]] = arith.andi %{{.*}}, %[[NOTLONG]] : i1
// The second tier: each loop at most 12 steps, X (N * 4 * C bytes) at most
// 2 MiB, the rows not long.
// DYN-COUNT-12: arith.cmpi ule, %{{[0-9]+}}, %c12{{(_[0-9]+)?}} : index
// DYN: %[[ROWBYTES:.*]] = arith.muli %{{.*}}, %c4{{(_[0-9]+)?}} : index
// DYN-NEXT: %[[BYTES:.*]] = arith.muli %[[ROWBYTES]], %{{.*}} : index
// DYN: %[[SMALL:.*]] = arith.cmpi ule, %[[BYTES]], %c2097152 : index
// DYN-NEXT: %[[CACHED:.*]] = arith.andi %{{.*}}, %[[SMALL]] : i1
// DYN: %[[NOTLONG2:.*]] = arith.xori %[[LONG]], %{{.*}} : i1
// DYN-NEXT: %[[JAM2:.*]] = arith.andi %[[CACHED]], %[[NOTLONG2]] : i1
// DYN: %[[EITHER:.*]] = arith.ori %[[JAM]], %[[JAM2]] : i1
// DYN: %[[PER:.*]] = arith.select %[[EITHER]], %c4{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}} : index
// DYN: %[[BLOCKS:.*]] = arith.ceildivui %{{.*}}, %[[PER]] : index
// DYN: scf.forall (%{{.*}}) in (%[[BLOCKS]])
// In a jammed block (short rows only) the long-row switch is false: Q's f32
// sum and the f32 sum of squares run over the whole row, and the f64 sums
// over none (all their bounds 0).
// DYN: %[[FALSE:.*]] = arith.constant false
// DYN-NEXT: %[[SHORT:.*]] = arith.select %[[FALSE]], %c0, %[[DIM]] : index
// DYN: %[[SPLIT:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 64) * 64)>()[%[[SHORT]]]
// DYN-NEXT: %[[LONGN:.*]] = arith.select %[[FALSE]], %[[DIM]], %c0 : index
// DYN-NEXT: %[[CHUNK:.*]] = arith.divui %[[LONGN]], %c8 : index
// DYN: %[[SPLITC:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 32)>()[%[[CHUNK]]]
// DYN-NEXT: %[[CHUNKED:.*]] = arith.muli %[[CHUNK]], %c8 : index
// DYN-NEXT: %[[TAILN:.*]] = arith.subi %[[LONGN]], %[[CHUNKED]] : index
// DYN: %[[SPLITT:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 32)>()[%[[TAILN]]]
// DYN: %[[SPLIT2:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 32) * 32)>()[%[[LONGN]]]
// A jammed block, which may hold rows of up to 12 steps, keeps the loops:
// each pass is its main loop (0 to m - m mod 64, or 32 for f64) over the 4
// rows, carrying their partial sums, then its masked remainder loop from
// that bound. (Static rows of one step get no loop: rows_64.) Q's f32 sum:
// DYN: %[[SUMS0:.*]]:4 = scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[SPLIT]] step %c64{{(_[0-9]+)?}} iter_args({{.*}}) -> (vector<1x64xf32>, vector<1x64xf32>, vector<1x64xf32>, vector<1x64xf32>) {
// DYN: scf.for %{{.*}} = %[[SPLIT]] to %[[SHORT]] step %c64{{(_[0-9]+)?}} iter_args(%{{.*}} = %[[SUMS0]]#0, %{{.*}} = %[[SUMS0]]#1, %{{.*}} = %[[SUMS0]]#2, %{{.*}} = %[[SUMS0]]#3)
// Q's chunked f64 sum for long rows (8 chunks of n floordiv 8), then its
// tail (n mod 8): their bounds are 0 for short rows.
// DYN: %[[SUMSC:.*]]:4 = scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[SPLITC]] step %c32{{(_[0-9]+)?}} iter_args({{.*}}) -> (vector<1x32xf64>, vector<1x32xf64>, vector<1x32xf64>, vector<1x32xf64>) {
// DYN: scf.for %{{.*}} = %[[SPLITC]] to %[[CHUNK]] step %c32{{(_[0-9]+)?}} iter_args(%{{.*}} = %[[SUMSC]]#0,
// DYN: %[[SUMST:.*]]:4 = scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[SPLITT]] step %c32{{(_[0-9]+)?}} iter_args({{.*}}) -> (vector<1x32xf64>, vector<1x32xf64>, vector<1x32xf64>, vector<1x32xf64>) {
// DYN: scf.for %{{.*}} = %[[SPLITT]] to %[[TAILN]] step %c32{{(_[0-9]+)?}} iter_args(%{{.*}} = %[[SUMST]]#0,
// The sum of squared deviations (over the same columns as Q's f32 sum), then
// the f64 sum of squares of long rows (no step runs).
// DYN: %[[SUMS1:.*]]:4 = scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[SPLIT]] step %c64{{(_[0-9]+)?}} iter_args({{.*}}) -> (vector<1x64xf32>, vector<1x64xf32>, vector<1x64xf32>, vector<1x64xf32>) {
// DYN: scf.for %{{.*}} = %[[SPLIT]] to %[[SHORT]] step %c64{{(_[0-9]+)?}} iter_args(%{{.*}} = %[[SUMS1]]#0,
// DYN: %[[SUMS2:.*]]:4 = scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[SPLIT2]] step %c32{{(_[0-9]+)?}} iter_args({{.*}}) -> (vector<1x32xf64>, vector<1x32xf64>, vector<1x32xf64>, vector<1x32xf64>) {
// DYN: scf.for %{{.*}} = %[[SPLIT2]] to %[[LONGN]] step %c32{{(_[0-9]+)?}} iter_args(%{{.*}} = %[[SUMS2]]#0,
// Y: each step writes the 4 rows.
// DYN: %[[VIEWS:.*]]:4 = scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[YSPLIT]] step %c64{{(_[0-9]+)?}} iter_args({{.*}}) -> (memref<1x?xf32, {{.*}}>, memref<1x?xf32, {{.*}}>, memref<1x?xf32, {{.*}}>, memref<1x?xf32, {{.*}}>) {
// DYN-COUNT-4: vector.transfer_write
// DYN: scf.for %{{.*}} = %[[YSPLIT]] to %[[DIM]] step %c64{{(_[0-9]+)?}} iter_args(%{{.*}} = %[[VIEWS]]#0,
// The row-by-row loop keeps the loops (Q's f32 sum first: 0 to
// (long ? 0 : n) - (long ? 0 : n) mod 64).
// DYN: } else {
// DYN: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %[[RBSPLIT]] step %c64{{(_[0-9]+)?}} iter_args
func.func @dynamic(%x: tensor<?x?xf32>, %s: tensor<?xf32>,
                   %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
