// RUN: norm-opt %s --split-input-file --norm-jam-rows | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-jam-rows='rows=2 max-steps=8' \
// RUN:   | FileCheck %s --check-prefix=TWO
// RUN: norm-opt %s --split-input-file --norm-jam-rows='rows=1' \
// RUN:   | FileCheck %s --check-prefix=OFF
// RUN: not norm-opt %s --norm-jam-rows='rows=17' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// BAD: error: norm-jam-rows: rows must be 1 (no jam) to 16 (rows per iteration, each with its own partial sums in vector registers), got 17

// The multi-row form of a loop over rows (norm-jam-rows): a sum over each
// row, a per-row check (an scf.if for rare rows, in a one-element buffer's
// linalg.map), then the row scaled by its sum.
//
// With a run-time row length, an scf.if on the column loops' trip counts
// (at most max-steps = 2 steps of 16) selects the jammed loop or the loop as
// it was. The jammed loop runs over ceildiv(rows, 4) blocks; a full block
// works on its four rows in each column loop (four partial sums carried),
// checks them with one branch on the four conditions or-ed (each row's own
// scf.if inside), and writes the four rows; the last, partial block runs
// row by row with the first row's buffer.
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xf32>, %[[Y:[a-z0-9]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>)
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[M:.+]] = memref.dim %[[X]], %c1
// CHECK:         %[[SPAN:.+]] = arith.maxsi
// CHECK:         %[[STEPS:.+]] = arith.ceildivsi %[[SPAN]], %c16
// CHECK:         %[[FITS:.+]] = arith.cmpi ule, %[[STEPS]], %c2
// CHECK:         %[[BOTH:.+]] = arith.andi %[[FITS]], %{{.+}} : i1
// CHECK:         scf.if %[[BOTH]] {
// CHECK:           %[[BLOCKS:.+]] = arith.ceildivui %[[N]], %c4
// CHECK:           scf.forall (%[[B:.+]]) in (%[[BLOCKS]]) {
// CHECK:             %[[BASE:.+]] = arith.muli %[[B]], %c4
// CHECK-COUNT-4:     memref.alloc() : memref<1xf32>
// CHECK:             %[[END:.+]] = arith.addi %[[BASE]], %c4
// CHECK:             %[[FULL:.+]] = arith.cmpi ule, %[[END]], %[[N]]
// CHECK:             scf.if %[[FULL]] {
// CHECK:               %[[R1:.+]] = arith.addi %[[BASE]], %c1
// CHECK:               %[[R2:.+]] = arith.addi %[[BASE]], %c2
// CHECK:               %[[R3:.+]] = arith.addi %[[BASE]], %c3
// CHECK:               %[[SUMS:.+]]:4 = scf.for %[[J:.+]] = %c0 to %[[M]] step %c16 iter_args({{.+}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT:            vector.transfer_read %[[X]][%[[BASE]], %[[J]]]
// CHECK-NEXT:            vector.transfer_read %[[X]][%[[R1]], %[[J]]]
// CHECK-NEXT:            vector.transfer_read %[[X]][%[[R2]], %[[J]]]
// CHECK-NEXT:            vector.transfer_read %[[X]][%[[R3]], %[[J]]]
// CHECK-COUNT-4:         arith.addf
// CHECK:                 scf.yield
// CHECK:               %[[T0:.+]] = vector.reduction <add>, %[[SUMS]]#0
// CHECK:               %[[T3:.+]] = vector.reduction <add>, %[[SUMS]]#3
// CHECK:               %[[H0:.+]] = arith.cmpf ogt, %[[T0]]
// CHECK:               %[[H1:.+]] = arith.cmpf ogt
// CHECK:               %[[H2:.+]] = arith.cmpf ogt
// CHECK:               %[[H3:.+]] = arith.cmpf ogt, %[[T3]]
// CHECK:               %[[A01:.+]] = arith.ori %[[H0]], %[[H1]]
// CHECK:               %[[A012:.+]] = arith.ori %[[A01]], %[[H2]]
// CHECK:               %[[ANY:.+]] = arith.ori %[[A012]], %[[H3]]
// CHECK:               %{{.+}}:4 = scf.if %[[ANY]] -> (f32, f32, f32, f32) {
// CHECK:                 scf.if %[[H0]] -> (f32)
// CHECK:                 scf.if %[[H1]] -> (f32)
// CHECK:                 scf.if %[[H2]] -> (f32)
// CHECK:                 scf.if %[[H3]] -> (f32)
// CHECK:                 scf.yield %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : f32, f32, f32, f32
// CHECK-NEXT:          } else {
// CHECK-NEXT:            scf.yield %[[T0]], %{{.+}}, %{{.+}}, %[[T3]]
// CHECK:               memref.store %{{.+}}, %[[OUT]][%[[BASE]]]
// CHECK:               memref.store %{{.+}}, %[[OUT]][%[[R3]]]
// CHECK:               scf.for %[[J2:.+]] = %c0 to %[[M]] step %c16 {
// CHECK-COUNT-4:         vector.transfer_read %[[X]]
// CHECK-COUNT-4:         arith.mulf
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[BASE]], %[[J2]]]
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[R1]], %[[J2]]]
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[R2]], %[[J2]]]
// CHECK-NEXT:            vector.transfer_write %{{.+}}, %[[Y]][%[[R3]], %[[J2]]]
// CHECK:             } else {
// CHECK:               scf.for %[[I:.+]] = %[[BASE]] to %[[N]] step %c1
// CHECK:                 vector.transfer_read %[[X]][%[[I]],
// CHECK-NOT:             vector.transfer_read
// CHECK:                 scf.if
// CHECK:                 memref.store %{{.+}}, %[[OUT]][%[[I]]]
// CHECK:                 vector.transfer_write %{{.+}}, %[[Y]][%[[I]],
// CHECK:         } else {
// CHECK:           scf.forall (%[[ROW:.+]]) in (%[[N]]) {
// CHECK-NOT:         scf.forall
// CHECK:             vector.transfer_read %[[X]][%[[ROW]],

// Two rows per block, up to 8 steps per column loop.
// TWO-LABEL: func.func @dynamic_rows(
// TWO:         arith.cmpi ule, %{{.+}}, %c8
// TWO:         arith.ceildivui %{{.+}}, %c2
// TWO:         scf.for {{.+}} -> (vector<16xf32>, vector<16xf32>) {

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
  %half = arith.constant 0.5 : f32
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
          %q = arith.mulf %t, %half : f32
          scf.yield %q : f32
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

// Static row length: no run-time version. One vector per row (no column
// loop left), a check whose condition is the same for every row (one
// scf.if, its regions jammed), 6 rows: one full block of 4, then 2 rows.
// CHECK-LABEL: func.func @static_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<6x16xf32>, %[[Y:[a-z0-9]+]]: memref<6x16xf32>, %[[FLAG:[a-z0-9]+]]: i1)
// CHECK-NOT:     scf.if
// CHECK:         scf.forall (%[[B:.+]]) in (2) {
// CHECK:           %[[BASE:.+]] = arith.muli %[[B]], %c4
// CHECK:           scf.if %{{.+}} {
// CHECK-COUNT-4:     vector.transfer_read %[[X]]
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
// CHECK:             scf.for %[[I:.+]] = %[[BASE]] to %c6 step %c1 {
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
