// RUN: norm-opt %s --split-input-file --norm-jam-rows | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-jam-rows='rows=2 max-steps=8' \
// RUN:   | FileCheck %s --check-prefix=TWO
// RUN: norm-opt %s --split-input-file --norm-jam-rows='max-steps=1' \
// RUN:   | FileCheck %s --check-prefix=ONE
// RUN: norm-opt %s --split-input-file --norm-jam-rows='rows=1' \
// RUN:   | FileCheck %s --check-prefix=OFF
// RUN: norm-opt %s --split-input-file --norm-jam-rows --canonicalize \
// RUN:   | FileCheck %s --check-prefix=LONG
// RUN: norm-opt %s --split-input-file --norm-jam-rows='min-reductions=2' \
// RUN:   --remarks-filter=norm-jam-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINRED2
// RUN: norm-opt %s --split-input-file --norm-jam-rows='min-reductions=1' \
// RUN:   --remarks-filter=norm-jam-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINRED1
// RUN: not norm-opt %s --norm-jam-rows='rows=17' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// BAD: {{^}}norm-opt: error: norm-jam-rows: rows must be 1 (no jam) to 16 (rows per iteration, each with its own partial sums in vector registers), got 17

// min-reductions: a body is jammed only where it reduces each row at least
// that many times (its vector.reduction / vector.multi_reduction ops);
// @dynamic_rows reduces once (its sum), @static_rows not at all.
// MINRED2: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=dynamic_rows | Reason="its body reduces the row 1 times, fewer than min-reductions (2)"
// MINRED2: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=static_rows | Reason="its body reduces the row 0 times, fewer than min-reductions (2)"
// MINRED1: remark: [Passed] Jammed | Category:norm-jam-rows | Function=dynamic_rows | Remark="4 rows per iteration
// MINRED1: remark: [Missed] NotJammed | Category:norm-jam-rows | Function=static_rows | Reason="its body reduces the row 0 times, fewer than min-reductions (1)"

// The multi-row form of a loop over rows (norm-jam-rows): a sum over each
// row, a per-row check (an scf.if whose rare region holds a loop, in a
// one-element buffer's linalg.map), then the row scaled by its sum.
//
// With a run-time row length, the column loops' trip counts (at most
// max-steps = 2 steps of 16) select 4 rows per iteration, else 1. An
// iteration reads its rows through one tile of X (what norm-openmp-cleanup
// counts as its work). A full block of short rows works on its four rows
// in each column loop (four partial sums carried) and checks them with one
// branch on the four conditions or-ed: where none holds, it writes the four
// rows; where one does, the block is run again row by row (yield true),
// the only copy of the rare region. That row-by-row loop also runs the last,
// partial block and blocks of rows too long to jam, with the first row's
// buffer.
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xf32>, %[[Y:[a-z0-9]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>)
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[M:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[SPAN:.+]] = arith.maxsi
// CHECK:         %[[STEPS:.+]] = arith.ceildivsi %[[SPAN]], %c16
// CHECK:         %[[FITS:.+]] = arith.cmpi ule, %[[STEPS]], %c2
// CHECK:         %[[BOTH:.+]] = arith.andi %[[FITS]], %{{.+}} : i1
// CHECK:         %[[PER:.+]] = arith.select %[[BOTH]], %c4, %{{.+}} : index
// CHECK:         %[[M2:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[BLOCKS:.+]] = arith.ceildivui %[[N]], %[[PER]]
// CHECK:         scf.forall (%[[B:.+]]) in (%[[BLOCKS]]) {
// CHECK-NEXT:      %[[BASE:.+]] = arith.muli %[[B]], %[[PER]]
// CHECK-COUNT-4:   memref.alloc() : memref<1xf32>
// CHECK:           %[[END:.+]] = arith.addi %[[BASE]], %[[PER]]
// CHECK:           %[[IN:.+]] = arith.cmpi ule, %[[END]], %[[N]]
// CHECK:           %[[FULL:.+]] = arith.andi %[[BOTH]], %[[IN]]
// CHECK:           %[[LAST:.+]] = arith.minui %[[END]], %[[N]]
// CHECK:           %[[REDO:.+]] = scf.if %[[FULL]] -> (i1) {
// CHECK:             %[[TILE:.+]] = memref.subview %[[X]][%[[BASE]], 0] [%[[PER]], %[[M2]]] [1, 1]
// CHECK:             %[[R1:.+]] = arith.addi %[[BASE]], %c1
// CHECK:             %[[R2:.+]] = arith.addi %[[BASE]], %c2
// CHECK:             %[[R3:.+]] = arith.addi %[[BASE]], %c3
// CHECK:             %[[SUMS:.+]]:4 = scf.for %[[J:.+]] = %c0 to %[[M]] step %c16 iter_args({{.+}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:               vector.transfer_read %[[TILE]][%{{.+}}, %[[J]]]
// CHECK:               vector.transfer_read %[[TILE]][%{{.+}}, %[[J]]]
// CHECK:               vector.transfer_read %[[TILE]][%{{.+}}, %[[J]]]
// CHECK:               vector.transfer_read %[[TILE]][%{{.+}}, %[[J]]]
// CHECK-COUNT-4:       arith.addf
// CHECK:               scf.yield
// CHECK:             %[[T0:.+]] = vector.reduction <add>, %[[SUMS]]#0
// CHECK:             %[[T3:.+]] = vector.reduction <add>, %[[SUMS]]#3
// CHECK:             %[[H0:.+]] = arith.cmpf ogt, %[[T0]]
// CHECK:             %[[H1:.+]] = arith.cmpf ogt
// CHECK:             %[[H2:.+]] = arith.cmpf ogt
// CHECK:             %[[H3:.+]] = arith.cmpf ogt, %[[T3]]
// CHECK:             %[[A01:.+]] = arith.ori %[[H0]], %[[H1]]
// CHECK:             %[[A012:.+]] = arith.ori %[[A01]], %[[H2]]
// CHECK:             %[[ANY:.+]] = arith.ori %[[A012]], %[[H3]]
// CHECK:             %[[AGAIN:.+]] = scf.if %[[ANY]] -> (i1) {
// CHECK-NEXT:          %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT:          scf.yield %[[TRUE]] : i1
// CHECK-NEXT:        } else {
// CHECK-NOT:           scf.if
// CHECK:               memref.store %[[T0]], %[[OUT]][%[[BASE]]]
// CHECK:               memref.store %[[T3]], %[[OUT]][%[[R3]]]
// CHECK:               scf.for %[[J2:.+]] = %c0 to %[[M]] step %c16 {
// CHECK-COUNT-4:         vector.transfer_read %[[TILE]]
// CHECK-COUNT-4:         arith.mulf
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[BASE]], %[[J2]]]
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[R1]], %[[J2]]]
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[R2]], %[[J2]]]
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[R3]], %[[J2]]]
// CHECK:               %[[FALSE:.+]] = arith.constant false
// CHECK-NEXT:          scf.yield %[[FALSE]] : i1
// CHECK:             scf.yield %[[AGAIN]] : i1
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[TRUE2:.+]] = arith.constant true
// CHECK-NEXT:        scf.yield %[[TRUE2]] : i1
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.if %[[REDO]] {
// CHECK:             scf.for %[[I:.+]] = %[[BASE]] to %[[LAST]] step %{{.+}} {
// CHECK:               vector.transfer_read %[[X]][%[[I]],
// CHECK-NOT:           vector.transfer_read
// CHECK:               scf.if
// CHECK:                 scf.for
// CHECK:                   memref.load %[[X]][%[[I]],
// CHECK:               memref.store %{{.+}}, %[[OUT]][%[[I]]]
// CHECK:               vector.transfer_write %{{.+}}, %[[Y]][%[[I]],
// CHECK-NOT:     scf.forall

// Two rows per block, up to 8 steps per column loop.
// TWO-LABEL: func.func @dynamic_rows(
// TWO:         arith.cmpi ule, %{{.+}}, %c8
// TWO:         arith.select %{{.+}}, %c2, %{{.+}} : index
// TWO:         scf.for {{.+}} -> (vector<16xf32>, vector<16xf32>) {

// max-steps = 1: in a full block each column loop runs at most one step,
// so each is that step, an scf.if (0 < m): the sum's with the 4 rows'
// partial sums as its results (the initial zeros where the rows are
// empty), Y's, after the check, without results. The row-by-row loop keeps
// the loops.
// ONE-LABEL: func.func @dynamic_rows(
// ONE-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xf32>, %[[Y:[a-z0-9]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>)
// ONE-DAG:     %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// ONE-DAG:     %[[M:.+]] = memref.dim %[[X]], %c1 :
// ONE:         arith.cmpi ule, %{{.+}}, %c1
// ONE:         scf.forall
// ONE:           %[[REDO:.+]] = scf.if %{{.+}} -> (i1) {
// ONE:             %[[TILE:.+]] = memref.subview %[[X]]
// ONE:             %[[RUNS:.+]] = arith.cmpi slt, %c0, %[[M]] : index
// ONE-NEXT:        %[[SUMS:.+]]:4 = scf.if %[[RUNS]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// ONE-COUNT-4:       vector.transfer_read %[[TILE]][%{{.+}}, %c0]
// ONE-COUNT-4:       arith.addf %[[ZERO]], %{{.+}} : vector<16xf32>
// ONE-NEXT:          scf.yield
// ONE-NEXT:        } else {
// ONE-NEXT:          scf.yield %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]]
// ONE-NEXT:        }
// ONE-NEXT:        %[[T0:.+]] = vector.reduction <add>, %[[SUMS]]#0
// ONE:             vector.reduction <add>, %[[SUMS]]#3
// ONE:             scf.if %{{.+}} -> (i1) {
// ONE:             } else {
// ONE:               memref.store %[[T0]], %[[OUT]]
// ONE:               %[[RUNS2:.+]] = arith.cmpi slt, %c0, %[[M]] : index
// ONE-NEXT:          scf.if %[[RUNS2]] {
// ONE-COUNT-4:         vector.transfer_read %[[TILE]][%{{.+}}, %c0]
// ONE-COUNT-4:         arith.mulf
// ONE-COUNT-4:         vector.transfer_write %{{.+}}, %[[Y]][%{{.+}}, %c0]
// ONE-NEXT:          {{^ *[}]$}}
// ONE:           scf.if %[[REDO]] {
// ONE:             scf.for
// ONE-NEXT:          scf.for %{{.+}} = %c0 to %[[M]] step %c16 iter_args(%{{.+}} = %[[ZERO]]) -> (vector<16xf32>) {

// rows=1: nothing changes.
// OFF-LABEL: func.func @dynamic_rows(
// OFF-NOT:     scf.if
// OFF:         scf.forall
// OFF-NOT:     scf.forall
// OFF:         linalg.map
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

// A result written before the check: a block cannot be run again, so the
// rare region is each row's scf.if, under one branch on the conditions
// or-ed (the rows' common region jammed in the other).
// CHECK-LABEL: func.func @checked_after_store(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x16xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>)
// CHECK:         scf.forall
// CHECK:           scf.if %{{.+}} {
// CHECK:             memref.subview %[[X]][%{{.+}}, 0] [4, 16] [1, 1]
// CHECK-COUNT-4:     memref.store %{{.+}}, %[[OUT]]
// CHECK:             %[[H0:.+]] = arith.cmpf ogt
// CHECK:             %[[H1:.+]] = arith.cmpf ogt
// CHECK:             %[[H2:.+]] = arith.cmpf ogt
// CHECK:             %[[H3:.+]] = arith.cmpf ogt
// CHECK:             arith.ori %[[H0]], %[[H1]]
// CHECK:             arith.ori
// CHECK:             %[[ANY:.+]] = arith.ori %{{.+}}, %[[H3]]
// CHECK:             scf.if %[[ANY]] -> (f32, f32, f32, f32) {
// CHECK:               scf.if %[[H0]] -> (f32)
// CHECK:                 scf.for
// CHECK:               scf.if %[[H1]] -> (f32)
// CHECK:               scf.if %[[H2]] -> (f32)
// CHECK:               scf.if %[[H3]] -> (f32)
// CHECK:             } else {
// CHECK-NOT:           scf.if
// CHECK:               scf.yield
// CHECK:             }
// CHECK-COUNT-4:     memref.store %{{.+}}, %[[OUT]]
// CHECK:           } else {
// CHECK:             scf.for
func.func @checked_after_store(%x: memref<?x16xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %big = arith.constant 1.0e30 : f32
  %n = memref.dim %x, %c0 : memref<?x16xf32>
  scf.forall (%i) in (%n) {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]}
        : memref<?x16xf32>, vector<16xf32>
    %t = vector.reduction <add>, %v : vector<16xf32> into f32
    memref.store %t, %out[%i] : memref<?xf32>
    %huge = arith.cmpf ogt, %t, %big : f32
    %u = scf.if %huge -> (f32) {
      %e = scf.for %j = %c0 to %c16 step %c1 iter_args(%a = %pad) -> (f32) {
        %w = memref.load %x[%i, %j] : memref<?x16xf32>
        %h = arith.maximumf %a, %w : f32
        scf.yield %h : f32
      }
      scf.yield %e : f32
    } else {
      scf.yield %t : f32
    }
    memref.store %u, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// A check whose regions are both pure and without loops: where no row's
// condition holds, the smaller region (the else region) jammed; otherwise
// both regions for every row and each row's result selected, no branch per
// row.
// CHECK-LABEL: func.func @pure_check(
// CHECK:         scf.forall
// CHECK:           %[[T0:.+]] = vector.reduction <add>
// CHECK:           %[[T1:.+]] = vector.reduction <add>
// CHECK:           %[[T2:.+]] = vector.reduction <add>
// CHECK:           %[[T3:.+]] = vector.reduction <add>
// CHECK:           %[[H0:.+]] = arith.cmpf ogt, %[[T0]]
// CHECK:           %[[H1:.+]] = arith.cmpf ogt, %[[T1]]
// CHECK:           %[[H2:.+]] = arith.cmpf ogt, %[[T2]]
// CHECK:           %[[H3:.+]] = arith.cmpf ogt, %[[T3]]
// CHECK:           %[[ANY:.+]] = arith.ori %{{.+}}, %[[H3]]
// CHECK:           scf.if %[[ANY]] -> (f32, f32, f32, f32) {
// CHECK-NOT:         scf.if
// CHECK:             %[[Q0:.+]] = arith.mulf %[[T0]]
// CHECK:             %[[Q3:.+]] = arith.mulf %[[T3]]
// CHECK:             %[[S0:.+]] = arith.select %[[H0]], %[[Q0]], %[[T0]]
// CHECK:             %[[S1:.+]] = arith.select %[[H1]]
// CHECK:             %[[S2:.+]] = arith.select %[[H2]]
// CHECK:             %[[S3:.+]] = arith.select %[[H3]], %[[Q3]], %[[T3]]
// CHECK-NEXT:        scf.yield %[[S0]], %[[S1]], %[[S2]], %[[S3]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[T0]], %[[T1]], %[[T2]], %[[T3]]
func.func @pure_check(%x: memref<?x16xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %big = arith.constant 1.0e30 : f32
  %half = arith.constant 0.5 : f32
  %n = memref.dim %x, %c0 : memref<?x16xf32>
  scf.forall (%i) in (%n) {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]}
        : memref<?x16xf32>, vector<16xf32>
    %t = vector.reduction <add>, %v : vector<16xf32> into f32
    %huge = arith.cmpf ogt, %t, %big : f32
    %u = scf.if %huge -> (f32) {
      %q = arith.mulf %t, %half : f32
      scf.yield %q : f32
    } else {
      scf.yield %t : f32
    }
    memref.store %u, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// Static row length: no run-time version. One vector per row (no column
// loop left), a check whose condition is the same for every row (one
// scf.if, its regions jammed), 6 rows: one full block of 4 read through a
// 4x16 tile of X, then 2 rows.
// CHECK-LABEL: func.func @static_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<6x16xf32>, %[[Y:[a-z0-9]+]]: memref<6x16xf32>, %[[FLAG:[a-z0-9]+]]: i1)
// CHECK-NOT:     scf.if
// CHECK:         scf.forall (%[[B:.+]]) in (2) {
// CHECK:           %[[BASE:.+]] = arith.muli %[[B]], %c4
// CHECK:           %[[LAST:.+]] = arith.minui
// CHECK:           scf.if %{{.+}} {
// CHECK:             %[[TILE:.+]] = memref.subview %[[X]][%[[BASE]], 0] [4, 16] [1, 1]
// CHECK-COUNT-4:     vector.transfer_read %[[TILE]]
// CHECK:             %[[S:.+]]:4 = scf.if %[[FLAG]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-COUNT-4:       arith.addf
// CHECK:               scf.yield
// CHECK:             } else {
// CHECK-COUNT-4:       arith.mulf
// CHECK:               scf.yield
// CHECK:             }
// CHECK:             vector.transfer_write %[[S]]#0, %[[Y]][%[[BASE]], %c0]
// CHECK:             vector.transfer_write %[[S]]#3, %[[Y]]
// CHECK:           } else {
// CHECK:             scf.for %[[I:.+]] = %[[BASE]] to %[[LAST]] step %{{.+}} {
// CHECK:               vector.transfer_read %[[X]][%[[I]], %c0]
// CHECK:               scf.if %[[FLAG]] -> (vector<16xf32>)
func.func @static_rows(%x: memref<6x16xf32>, %y: memref<6x16xf32>,
                       %flag: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%i) in (6) {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]}
        : memref<6x16xf32>, vector<16xf32>
    %w = scf.if %flag -> (vector<16xf32>) {
      %d = arith.addf %v, %v : vector<16xf32>
      scf.yield %d : vector<16xf32>
    } else {
      %s = arith.mulf %v, %v : vector<16xf32>
      scf.yield %s : vector<16xf32>
    }
    vector.transfer_write %w, %y[%i, %c0] {in_bounds = [true]}
        : vector<16xf32>, memref<6x16xf32>
  }
  return
}

// -----

// Column loops of a static 64 steps, more than max-steps: not jammed.
// CHECK-LABEL: func.func @long_rows(
// CHECK:         scf.forall (%{{.+}}) in (4) {
// CHECK-NOT:       arith.muli
// CHECK:           scf.for
func.func @long_rows(%x: memref<4x1024xf32>, %y: memref<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.forall (%i) in (4) {
    scf.for %j = %c0 to %c1024 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<4x1024xf32>, vector<16xf32>
      vector.transfer_write %v, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<4x1024xf32>
    }
  }
  return
}

// -----

// A loop for long rows only (its bound selected by length > 2048, as
// LayerNorm's f64 sum of squares): the jam also requires the switch off,
// and the jammed rows run only the other loop (the switch folded away);
// the row-by-row loop keeps both.
// LONG-LABEL: func.func @long_row_switch(
// LONG:         %[[M:.+]] = memref.dim %{{.+}}, %c1
// LONG:         %[[LONG:.+]] = arith.cmpi ugt, %[[M]], %c2048
// LONG:         %[[FITS:.+]] = arith.andi
// LONG:         %[[SHORT:.+]] = arith.cmpi ule, %[[M]], %c2048
// LONG:         %[[BOTH:.+]] = arith.andi %[[FITS]], %[[SHORT]]
// LONG:         arith.select %[[BOTH]], %c4, %c1
// LONG:         scf.forall
// LONG:           scf.if %{{.+}} {
// LONG:             scf.for %{{.+}} = %c0 to %[[M]] step %c16 {{.+}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// LONG-COUNT-4:       arith.addf
// LONG-NOT:         scf.for
// LONG-NOT:         arith.maximumf
// LONG:           } else {
// LONG:             scf.for
// LONG:               scf.for
// LONG:                 arith.addf
// LONG:               scf.for
// LONG:                 arith.maximumf
// LONG:               arith.select %[[LONG]]
func.func @long_row_switch(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  %long = arith.cmpi ugt, %m, %c2048 : index
  %short_end = arith.select %long, %c0, %m : index
  %long_end = arith.select %long, %m, %c0 : index
  scf.forall (%i) in (%n) {
    %s = scf.for %j = %c0 to %short_end step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad
          : memref<?x?xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %l = scf.for %j = %c0 to %long_end step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad
          : memref<?x?xf32>, vector<16xf32>
      %r = arith.maximumf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = arith.select %long, %l, %s : vector<16xf32>
    vector.transfer_write %t, %y[%i, %c0] : vector<16xf32>, memref<?x?xf32>
  }
  return
}
