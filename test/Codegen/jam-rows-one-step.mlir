// RUN: norm-opt %s --norm-jam-rows='max-steps=1' | FileCheck %s
// RUN: norm-opt %s --norm-jam-rows='max-steps=2' \
// RUN:   | FileCheck %s --check-prefix=TWO

// With max-steps = 1 each loop over the row runs at most one step in a
// jammed block, so a main loop (0 to m - m mod 16, as norm-vectorize-rows
// peels it) is jammed as its one step: an scf.if (0 < m - m mod 16) whose
// results are the 4 rows' partial sums (the loop-carried values), the
// initial values yielded where the step does not run. Its masked remainder
// loop (from the main loop's upper bound to m) stays a loop, carrying on
// from the scf.if's results. The row-by-row loop keeps both loops.
// CHECK-LABEL: func.func @main_and_remainder(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xf32>, %[[Y:[a-z0-9]+]]: memref<?x?xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG:     %[[M:.+]] = memref.dim %[[X]], %c1 :
// CHECK:         %[[SPLIT:.+]] = affine.apply #{{.+}}()[%[[M]]]
// CHECK:         scf.forall
// CHECK:           scf.if %{{.+}} {
// CHECK:             %[[TILE:.+]] = memref.subview %[[X]]
// CHECK:             %[[RUNS:.+]] = arith.cmpi slt, %c0, %[[SPLIT]] : index
// CHECK-NEXT:        %[[MAIN:.+]]:4 = scf.if %[[RUNS]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NOT:           scf.for
// CHECK:               %[[V0:.+]] = vector.transfer_read %[[TILE]][%c0{{.*}}, %c0]
// CHECK:               %[[V1:.+]] = vector.transfer_read %[[TILE]][%c1{{.*}}, %c0]
// CHECK:               %[[V2:.+]] = vector.transfer_read %[[TILE]][%c2{{.*}}, %c0]
// CHECK:               %[[V3:.+]] = vector.transfer_read %[[TILE]][%c3{{.*}}, %c0]
// CHECK-NEXT:          %[[A0:.+]] = arith.addf %[[ZERO]], %[[V0]]
// CHECK-NEXT:          %[[A1:.+]] = arith.addf %[[ZERO]], %[[V1]]
// CHECK-NEXT:          %[[A2:.+]] = arith.addf %[[ZERO]], %[[V2]]
// CHECK-NEXT:          %[[A3:.+]] = arith.addf %[[ZERO]], %[[V3]]
// CHECK-NEXT:          scf.yield %[[A0]], %[[A1]], %[[A2]], %[[A3]]
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[REST:.+]]:4 = scf.for %[[J:.+]] = %[[SPLIT]] to %[[M]] step %c16 iter_args(%{{.+}} = %[[MAIN]]#0, %{{.+}} = %[[MAIN]]#1, %{{.+}} = %[[MAIN]]#2, %{{.+}} = %[[MAIN]]#3)
// CHECK-COUNT-4:       vector.transfer_read %[[TILE]][%{{.+}}, %[[J]]], %{{.+}}, %{{.+}} {in_bounds = [true]}
// CHECK:             vector.reduction <add>, %[[REST]]#0
// CHECK:             vector.reduction <add>, %[[REST]]#3
// The Y loop (no loop-carried values): an scf.if without else.
// CHECK:             %[[RUNS2:.+]] = arith.cmpi slt, %c0, %[[SPLIT]] : index
// CHECK-NEXT:        scf.if %[[RUNS2]] {
// CHECK-COUNT-4:       vector.transfer_write %{{.+}}, %[[Y]][%{{.+}}, %c0] {in_bounds = [true]}
// CHECK-NEXT:        {{^ *[}]$}}
// CHECK-NEXT:        scf.for %[[J2:.+]] = %[[SPLIT]] to %[[M]] step %c16 {
// CHECK-COUNT-4:       vector.transfer_write %{{.+}}, %[[Y]][%{{.+}}, %[[J2]]], %{{.+}} {in_bounds = [true]}
// CHECK:           } else {
// CHECK:             scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:               %[[S:.+]] = scf.for %{{.+}} = %c0 to %[[SPLIT]] step %c16 iter_args(%{{.+}} = %[[ZERO]]) -> (vector<16xf32>) {
// CHECK:               scf.for %{{.+}} = %[[SPLIT]] to %[[M]] step %c16 iter_args(%{{.+}} = %[[S]]) -> (vector<16xf32>) {
// CHECK:               scf.for %{{.+}} = %c0 to %[[SPLIT]] step %c16 {
// CHECK:               scf.for %{{.+}} = %[[SPLIT]] to %[[M]] step %c16 {

// max-steps = 2: the jammed main loop stays a loop (up to two steps).
// TWO-LABEL: func.func @main_and_remainder(
// TWO:         %[[SPLIT:.+]] = affine.apply
// TWO:         scf.forall
// TWO-NOT:       arith.cmpi slt
// TWO:           %[[MAIN:.+]]:4 = scf.for %{{.+}} = %c0 to %[[SPLIT]] step %c16 iter_args({{.+}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// TWO:           scf.for %{{.+}} = %[[SPLIT]] to %{{.+}} step %c16 iter_args(%{{.+}} = %[[MAIN]]#0,
// TWO-NOT:       arith.cmpi slt
// TWO:           scf.for %{{.+}} = %c0 to %[[SPLIT]] step %c16 {
func.func @main_and_remainder(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  scf.forall (%i) in (%n) {
    %split = affine.apply affine_map<()[s0] -> ((s0 floordiv 16) * 16)>()[%m]
    %s = scf.for %j = %c0 to %split step %c16 iter_args(%a = %zero)
        -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      scf.yield %r : vector<16xf32>
    }
    %t = scf.for %j = %split to %m step %c16 iter_args(%a = %s)
        -> (vector<16xf32>) {
      %len = affine.apply affine_map<(d0)[s0] -> (-d0 + s0)>(%j)[%m]
      %mask = vector.create_mask %len : vector<16xi1>
      %v = vector.transfer_read %x[%i, %j], %pad, %mask {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %r = arith.addf %a, %v : vector<16xf32>
      %k = arith.select %mask, %r, %a : vector<16xi1>, vector<16xf32>
      scf.yield %k : vector<16xf32>
    }
    %sum = vector.reduction <add>, %t : vector<16xf32> into f32
    %b = vector.broadcast %sum : f32 to vector<16xf32>
    scf.for %j = %c0 to %split step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j] {in_bounds = [true]}
          : vector<16xf32>, memref<?x?xf32>
    }
    scf.for %j = %split to %m step %c16 {
      %len = affine.apply affine_map<(d0)[s0] -> (-d0 + s0)>(%j)[%m]
      %mask = vector.create_mask %len : vector<16xi1>
      %v = vector.transfer_read %x[%i, %j], %pad, %mask {in_bounds = [true]}
          : memref<?x?xf32>, vector<16xf32>
      %w = arith.mulf %v, %b : vector<16xf32>
      vector.transfer_write %w, %y[%i, %j], %mask {in_bounds = [true]}
          : vector<16xf32>, memref<?x?xf32>
    }
  }
  return
}
