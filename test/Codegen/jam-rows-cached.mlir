// RUN: norm-opt %s --split-input-file \
// RUN:   --norm-jam-rows='max-steps=1 cached-max-steps=4 cached-max-bytes=4096' \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --split-input-file \
// RUN:   --norm-jam-rows='max-steps=1 cached-max-steps=4 cached-max-bytes=4096' \
// RUN:   --remarks-filter=norm-jam-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// norm-jam-rows' second tier: rows whose column loops run at most
// cached-max-steps steps are jammed where the arrays whose rows the body
// reads (X) hold at most cached-max-bytes together.

// With a run-time shape: 4 rows per block where either tier fits: each
// column loop runs at most max-steps (1) steps, or at most 4 steps and X's
// rows * columns * 4 bytes are at most 4096. Both tiers share one jammed
// copy of the body, with its loops (no one-step form), which yields
// whether to run the block again row by row (its rare row check), as do
// blocks that neither tier takes.
// REMARK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=dynamic_rows | Remark="4 rows per iteration, 2 loops over the row jammed, where each runs at most max-steps steps, or at most cached-max-steps steps and the rows read fit in cached-max-bytes (else one row per iteration)"
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xf32>
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[M:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[ONE:.+]] = arith.andi
// CHECK:         %[[FOUR:.+]] = arith.andi
// CHECK:         %[[ROWBYTES:.+]] = arith.muli %{{.+}}, %c4
// CHECK:         %[[BYTES:.+]] = arith.muli %[[ROWBYTES]], %{{.+}}
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %[[BYTES]], %c4096
// CHECK:         %[[TIER2:.+]] = arith.andi %[[FOUR]], %[[SMALL]]
// CHECK:         %[[EITHER:.+]] = arith.ori %[[ONE]], %[[TIER2]]
// CHECK:         %[[PER:.+]] = arith.select %[[EITHER]], %c4{{.*}}, %c1
// CHECK:         scf.forall
// CHECK:           %[[IN:.+]] = arith.cmpi ule
// CHECK:           %[[FULL:.+]] = arith.andi %[[EITHER]], %[[IN]]
// CHECK:           %[[AGAIN:.+]] = scf.if %[[FULL]] -> (i1) {
// CHECK:             scf.for {{.+}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:             %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT:        scf.yield %[[TRUE]] : i1
// CHECK:           scf.if %[[AGAIN]] {
// CHECK:             scf.for
func.func @dynamic_rows(%x: memref<?x?xf32>, %y: memref<?x?xf32>,
                        %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %big = arith.constant 1.0e30 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  scf.forall (%i) in (%n) {
    %tmp = memref.alloc() : memref<1xf32>
    %s = scf.for %j = %c0 to %m step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = vector.reduction <add>, %s : vector<16xf32> into f32
    linalg.map outs(%tmp : memref<1xf32>)
      (%init: f32) {
        %huge = arith.cmpf ogt, %t, %big : f32
        %u = scf.if %huge -> (f32) {
          %e = scf.for %j = %c0 to %m step %c1 iter_args(%a = %pad) -> (f32) {
            %v = memref.load %x[%i, %j] : memref<?x?xf32>
            %h = arith.maximumf %a, %v : f32
            scf.yield %h : f32
          }
          scf.yield %e : f32
        } else {
          scf.yield %t : f32
        }
        linalg.yield %u : f32
      }
    %u = memref.load %tmp[%c0] : memref<1xf32>
    memref.store %u, %out[%i] : memref<?xf32>
    %b = vector.broadcast %u : f32 to vector<16xf32>
    scf.for %j = %c0 to %m step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<?x?xf32>
    }
  }
  return
}

// -----

// Static rows of 4 steps in 4 x 64 x 4 = 1024 bytes: tier 2 always, every
// block of the 4 rows jammed (no run-time condition).
// REMARK: remark: [Passed] Jammed | Category:norm-jam-rows | Function=static_small | Remark="4 rows per iteration, 2 loops over the row jammed"
// CHECK-LABEL: func.func @static_small(
// CHECK:         scf.forall (%{{.+}}) in (1) {
// CHECK:           scf.for {{.+}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
func.func @static_small(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %cm = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.forall (%i) in (4) {
    %s = scf.for %j = %c0 to %cm step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x64xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = vector.reduction <add>, %s : vector<16xf32> into f32
    %b = vector.broadcast %t : f32 to vector<16xf32>
    scf.for %j = %c0 to %cm step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x64xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<4x64xf32>
    }
  }
  return
}

// -----

// Static rows of 4 steps in 64 x 64 x 4 = 16384 bytes: neither tier.
// REMARK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=static_large | Reason="the arrays whose rows it reads hold more than cached-max-bytes (4096)"
// CHECK-LABEL: func.func @static_large(
// CHECK:         scf.forall (%{{.+}}) in (64) {
func.func @static_large(%x: memref<64x64xf32>, %y: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %cm = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.forall (%i) in (64) {
    %s = scf.for %j = %c0 to %cm step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<64x64xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = vector.reduction <add>, %s : vector<16xf32> into f32
    %b = vector.broadcast %t : f32 to vector<16xf32>
    scf.for %j = %c0 to %cm step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<64x64xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<64x64xf32>
    }
  }
  return
}

// -----

// Static rows of 5 steps: longer than cached-max-steps.
// REMARK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=static_long | Reason="a loop over the row runs 5 steps, more than cached-max-steps (4)"
// CHECK-LABEL: func.func @static_long(
// CHECK:         scf.forall (%{{.+}}) in (4) {
func.func @static_long(%x: memref<4x80xf32>, %y: memref<4x80xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %cm = arith.constant 80 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.forall (%i) in (4) {
    %s = scf.for %j = %c0 to %cm step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x80xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = vector.reduction <add>, %s : vector<16xf32> into f32
    %b = vector.broadcast %t : f32 to vector<16xf32>
    scf.for %j = %c0 to %cm step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x80xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<4x80xf32>
    }
  }
  return
}

// -----

// bf16 rows: not jammed by the second tier (measured slower on rows of 768
// and more: the jammed loops keep their per-element conversions).
// REMARK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=static_bf16 | Reason="its rows are bf16, which the second tier (cached-max-steps) does not jam"
// CHECK-LABEL: func.func @static_bf16(
// CHECK:         scf.forall (%{{.+}}) in (4) {
func.func @static_bf16(%x: memref<4x64xbf16>, %y: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %cm = arith.constant 64 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.forall (%i) in (4) {
    %s = scf.for %j = %c0 to %cm step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x64xbf16>, vector<16xbf16>
      %e = arith.extf %v : vector<16xbf16> to vector<16xf32>
      %r = arith.addf %a, %e : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = vector.reduction <add>, %s : vector<16xf32> into f32
    %b = vector.broadcast %t : f32 to vector<16xf32>
    scf.for %j = %c0 to %cm step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x64xbf16>, vector<16xbf16>
      %e = arith.extf %v : vector<16xbf16> to vector<16xf32>
      %w = arith.mulf %e, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<4x64xf32>
    }
  }
  return
}

// -----

// Rows of 2 static steps in an X of run-time size: the first tier does not
// apply (2 steps), and the second tier alone is taken only where its
// condition is statically true, so the loop is not jammed (no copy of the
// body for a condition that may never hold).
// REMARK: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=dynamic_count | Reason="a loop over the row runs 2 steps, more than max-steps (1)"
// CHECK-LABEL: func.func @dynamic_count(
// CHECK:         scf.forall (%{{.+}}) in (%{{.+}}) {
// CHECK-NOT:     arith.cmpi ule
func.func @dynamic_count(%x: memref<?x32xf32>, %y: memref<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %n = memref.dim %x, %c0 : memref<?x32xf32>
  scf.forall (%i) in (%n) {
    %s = scf.for %j = %c0 to %c32 step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x32xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = vector.reduction <add>, %s : vector<16xf32> into f32
    %b = vector.broadcast %t : f32 to vector<16xf32>
    scf.for %j = %c0 to %c32 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x32xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<?x32xf32>
    }
  }
  return
}
