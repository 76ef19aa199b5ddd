// RUN: norm-opt %s --norm-widen-rows --remarks-filter=norm-widen-rows \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null

// The optimization remarks of norm-widen-rows: which loops over rows widen
// their f16 row once, and why the others do not. Rows of [4, 64] f16, read
// by a sum loop and a scale loop (two full tiles of 32 each).

// Both passes read the whole row: widened.
func.func @widened(%x: memref<4x64xf16>, %y: memref<4x64xf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  // expected-remark @+1 {{[Passed] WidenedRow | Category:norm-widen-rows | Function=widened | Remark="row widened to f32 once by 1 reads, read by 1"}}
  scf.forall (%r) in (%c4) {
    %s = scf.for %j = %c0 to %c64 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c64 step %c32 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xf16>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true, true]}
          : vector<1x32xf16>, memref<4x64xf16>
    }
  }
  return
}

// bf16 rows are not widened (their widening is an integer shift).
func.func @bf16_rows(%x: memref<4x64xbf16>, %y: memref<4x64xbf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : bf16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  // expected-remark @+1 {{[Missed] NotWidened | Category:norm-widen-rows | Function=bf16_rows | Reason="it reads no row of f16 elements"}}
  scf.forall (%r) in (%c4) {
    %s = scf.for %j = %c0 to %c64 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xbf16>, vector<1x32xbf16>
      %w = arith.extf %v : vector<1x32xbf16> to vector<1x32xf32>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c64 step %c32 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xbf16>, vector<1x32xbf16>
      %w = arith.extf %v : vector<1x32xbf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xbf16>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true, true]}
          : vector<1x32xbf16>, memref<4x64xbf16>
    }
  }
  return
}

// The first loop reads half the row only, and so does the second: the
// reads never cover the row.
func.func @half_row(%x: memref<4x64xf16>, %y: memref<4x64xf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  // expected-remark @+1 {{[Missed] NotWidened | Category:norm-widen-rows | Function=half_row | Reason="the reads of its column loops do not cover the row exactly (as far as ValueBoundsConstraintSet proves)"}}
  scf.forall (%r) in (%c4) {
    %s = scf.for %j = %c0 to %c32 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
  }
  return
}

// A single pass over the row.
func.func @one_pass(%x: memref<4x64xf16>, %y: memref<4x64xf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  // expected-remark @+1 {{[Missed] NotWidened | Category:norm-widen-rows | Function=one_pass | Reason="the row is read in one pass"}}
  scf.forall (%r) in (%c4) {
    %s = scf.for %j = %c0 to %c64 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
  }
  return
}

// The row read is also used as f16.
func.func @used_narrow(%x: memref<4x64xf16>, %y: memref<4x64xf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  // expected-remark @+1 {{[Missed] NotWidened | Category:norm-widen-rows | Function=used_narrow | Reason="a read of the row is used other than widened to f32"}}
  scf.forall (%r) in (%c4) {
    %s = scf.for %j = %c0 to %c64 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      vector.transfer_write %v, %y[%r, %j] {in_bounds = [true, true]} : vector<1x32xf16>, memref<4x64xf16>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c64 step %c32 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xf16>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true, true]}
          : vector<1x32xf16>, memref<4x64xf16>
    }
  }
  return
}

// The body writes to X.
func.func @writes_x(%x: memref<4x64xf16>, %y: memref<4x64xf16>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = ub.poison : f16
  %zero = arith.constant dense<0.0> : vector<1x32xf32>
  // expected-remark @+1 {{[Missed] NotWidened | Category:norm-widen-rows | Function=writes_x | Reason="the body may write to the memref read"}}
  scf.forall (%r) in (%c4) {
    %one = arith.constant 1.0 : f16
    memref.store %one, %x[%r, %c0] : memref<4x64xf16>
    %s = scf.for %j = %c0 to %c64 step %c32 iter_args(%acc = %zero)
        -> (vector<1x32xf32>) {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %t = arith.addf %acc, %w : vector<1x32xf32>
      scf.yield %t : vector<1x32xf32>
    }
    scf.for %j = %c0 to %c64 step %c32 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true, true]}
          : memref<4x64xf16>, vector<1x32xf16>
      %w = arith.extf %v : vector<1x32xf16> to vector<1x32xf32>
      %p = arith.mulf %w, %s : vector<1x32xf32>
      %h = arith.truncf %p : vector<1x32xf32> to vector<1x32xf16>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true, true]}
          : vector<1x32xf16>, memref<4x64xf16>
    }
  }
  return
}
