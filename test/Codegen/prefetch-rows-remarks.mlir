// RUN: norm-opt %s --norm-prefetch-rows --remarks-filter=norm-prefetch-rows \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null
// RUN: norm-opt %s --norm-prefetch-rows='distance=0 stream-distance=0' \
// RUN:   --remarks-filter=norm-prefetch-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF

// The optimization remarks of norm-prefetch-rows: which loops prefetch rows
// ahead, and why the others do not. With both distances 0 each function
// says so, and nothing else is remarked (the expected-remark lines below are
// then reported as not produced, which is not a remark).

// OFF-NOT: remark: [Passed]
// OFF:     remark: [Missed] Disabled | Category:norm-prefetch-rows | Function=four_streams | Reason="stream-distance=0: no prefetches in column loops that read several rows"
// OFF:     remark: [Missed] Disabled | Category:norm-prefetch-rows | Function=four_streams | Reason="distance=0: no prefetches of the rows ahead"
// OFF-NOT: remark: [Passed]

// A column loop reading four rows at once: each row is prefetched
// stream-distance bytes (default 1024) ahead.
func.func @four_streams(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                        %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                        %r: index, %n: index) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<32xf32>
  // expected-remark @+1 {{[Passed] StreamPrefetch | Category:norm-prefetch-rows | Function=four_streams | Remark="prefetches each of the 4 rows it reads 1024 bytes ahead of its tile"}}
  %sum = scf.for %j = %c0 to %n step %c32 iter_args(%acc = %zero)
      -> (vector<32xf32>) {
    %va = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vb = vector.transfer_read %b[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vc = vector.transfer_read %c[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vd = vector.transfer_read %d[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %s0 = arith.addf %va, %vb : vector<32xf32>
    %s1 = arith.addf %vc, %vd : vector<32xf32>
    %s2 = arith.addf %s0, %s1 : vector<32xf32>
    %next = arith.addf %acc, %s2 : vector<32xf32>
    scf.yield %next : vector<32xf32>
  }
  return %sum : vector<32xf32>
}

// Three full-tile reads (the fourth is masked): left to the hardware.
func.func @three_streams(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                         %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                         %r: index, %n: index, %m: vector<32xi1>)
    -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<32xf32>
  // expected-remark @+1 {{[Missed] FewStreams | Category:norm-prefetch-rows | Function=three_streams | Reason="the loop reads 3 rows at once, fewer than 4: the hardware prefetchers keep up"}}
  %sum = scf.for %j = %c0 to %n step %c32 iter_args(%acc = %zero)
      -> (vector<32xf32>) {
    %va = vector.transfer_read %a[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vb = vector.transfer_read %b[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vc = vector.transfer_read %c[%r, %j], %pad {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %vd = vector.transfer_read %d[%r, %j], %pad, %m {in_bounds = [true]}
        : memref<?x?xf32>, vector<32xf32>
    %s0 = arith.addf %va, %vb : vector<32xf32>
    %s1 = arith.addf %vc, %vd : vector<32xf32>
    %s2 = arith.addf %s0, %s1 : vector<32xf32>
    %next = arith.addf %acc, %s2 : vector<32xf32>
    scf.yield %next : vector<32xf32>
  }
  return %sum : vector<32xf32>
}

// Two passes over each row of f32 X (a sum, then Y = X * sum): not
// prefetched (Y's pass keeps memory busy; docs/Pipeline.md, stage 7).
func.func @two_passes(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %m: index,
                      %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.forall (%r) in (%m) {
    %sum = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      // expected-remark @+1 {{[Missed] TwoPassWideRow | Category:norm-prefetch-rows | Function=two_passes | Reason="two passes over rows of memref<?x?xf32>, the second writing Y: the hardware prefetchers keep up"}}
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %t = arith.addf %acc, %v : vector<16xf32>
      scf.yield %t : vector<16xf32>
    }
    scf.for %j = %c0 to %n step %c16 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %p = arith.mulf %v, %sum : vector<16xf32>
      vector.transfer_write %p, %y[%r, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<?x?xf32>
    }
  }
  return
}

// Two reductions over each row of f32 X and no Y (LayerNorm's Mean and
// InvStdDev alone): the second prefetches the row 4096 bytes (default
// distance) ahead.
func.func @two_sums(%x: memref<?x?xf32>, %s: memref<?xvector<16xf32>>,
                    %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  // expected-remark @+1 {{[Passed] RowPrefetch | Category:norm-prefetch-rows | Function=two_sums | Remark="prefetches the row 4096 bytes ahead of a memref<?x?xf32> in 1 of its 2 passes over the row (from the 2nd)"}}
  scf.forall (%r) in (%m) {
    %sum = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %t = arith.addf %acc, %v : vector<16xf32>
      scf.yield %t : vector<16xf32>
    }
    %sq = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %d = arith.subf %v, %sum : vector<16xf32>
      %t = arith.addf %acc, %d : vector<16xf32>
      scf.yield %t : vector<16xf32>
    }
    memref.store %sq, %s[%r] : memref<?xvector<16xf32>>
  }
  return
}

// The same two passes over rows of f16: the row ahead is prefetched half
// during each pass (the first half in the sum, one chunk per step here).
func.func @two_passes_f16(%x: memref<?x?xf16>, %y: memref<?x?xf16>, %m: index,
                          %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<32xf16>
  // expected-remark @+1 {{[Passed] RowHalvesPrefetch | Category:norm-prefetch-rows | Function=two_passes_f16 | Remark="prefetches the row 4096 bytes ahead of a memref<?x?xf16> half during each of its 2 passes over the row: the first half in the reduction (1 chunk per step), the second in Y's pass"}}
  scf.forall (%r) in (%m) {
    %sum = scf.for %j = %c0 to %n step %c32 iter_args(%acc = %zero)
        -> (vector<32xf16>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf16>, vector<32xf16>
      %t = arith.addf %acc, %v : vector<32xf16>
      scf.yield %t : vector<32xf16>
    }
    scf.for %j = %c0 to %n step %c32 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf16>, vector<32xf16>
      %p = arith.mulf %v, %sum : vector<32xf16>
      vector.transfer_write %p, %y[%r, %j] {in_bounds = [true]}
          : vector<32xf16>, memref<?x?xf16>
    }
  }
  return
}

// Three passes over each row of X (a sum, a sum of squares, then Y, as
// LayerNorm): the second prefetches, not the last, which writes Y; as Y's
// pass follows it, at least 2 rows ahead (min-rows-ahead).
func.func @three_passes(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %m: index,
                        %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  // expected-remark @+1 {{[Passed] RowPrefetch | Category:norm-prefetch-rows | Function=three_passes | Remark="prefetches the row 4096 bytes and at least 2 rows ahead of a memref<?x?xf32> in 1 of its 3 passes over the row (from the 2nd; not the last, which writes Y)"}}
  scf.forall (%r) in (%m) {
    %sum = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %t = arith.addf %acc, %v : vector<16xf32>
      scf.yield %t : vector<16xf32>
    }
    %sq = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %d = arith.subf %v, %sum : vector<16xf32>
      %s = arith.mulf %d, %d : vector<16xf32>
      %t = arith.addf %acc, %s : vector<16xf32>
      scf.yield %t : vector<16xf32>
    }
    scf.for %j = %c0 to %n step %c16 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %p = arith.mulf %v, %sq : vector<16xf32>
      vector.transfer_write %p, %y[%r, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<?x?xf32>
    }
  }
  return
}

// One pass over each row: its misses drive the hardware prefetchers.
func.func @one_pass(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %m: index,
                    %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%r) in (%m) {
    scf.for %j = %c0 to %n step %c16 {
      // expected-remark @+1 {{[Missed] SinglePass | Category:norm-prefetch-rows | Function=one_pass | Reason="one pass over the row of this memref: the hardware prefetchers follow its misses"}}
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %p = arith.mulf %v, %v : vector<16xf32>
      vector.transfer_write %p, %y[%r, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<?x?xf32>
    }
  }
  return
}

// A loop over slices of rank 2 (rows of a rank-3 X): not a loop over rows.
func.func @rank2(%x: memref<?x?x?xf32>, %y: memref<?x?x?xf32>, %m: index,
                 %n: index) {
  // expected-remark @+1 {{[Missed] NotRowLoop | Category:norm-prefetch-rows | Function=rank2 | Reason="a loop over slices of rank 2: only loops over rows (rank 1) prefetch the rows ahead"}}
  scf.forall (%p, %q) in (%m, %m) {
    memref.copy %x, %y : memref<?x?x?xf32> to memref<?x?x?xf32>
  }
  return
}
