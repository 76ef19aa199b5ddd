// RUN: norm-opt %s --split-input-file --norm-version-unit-factors | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-version-unit-factors \
// RUN:   --remarks-filter=norm-version-unit-factors -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Y's loop of a bf16 row as RMSNormalization's lowering leaves it: the row's
// factor F and 1 / (D * F) read from one-element allocas in the loop. F is
// loaded once before the loop; where it is 1 the copy multiplies X by R
// alone, else the loop runs as it was.
// CHECK-LABEL: func.func @normalized_row(
// CHECK-SAME:    %[[X:[^:]+]]: memref<?xbf16>, %[[Y:[^:]+]]: memref<?xf32>, %[[N:[^:]+]]: index
// CHECK:         %[[F:.+]] = memref.alloca() : memref<1xf32>
// CHECK:         %[[R:.+]] = memref.alloca() : memref<1xf32>
// CHECK:         %[[FV:.+]] = memref.load %[[F]][%{{.+}}] : memref<1xf32>
// CHECK:         %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[IS1:.+]] = arith.cmpf oeq, %[[FV]], %[[ONE]] : f32
// CHECK:         scf.if %[[IS1]] {
// CHECK:           scf.for
// CHECK:             %[[RV:.+]] = vector.transfer_read %[[R]]
// CHECK-NEXT:        %[[RB:.+]] = vector.broadcast %[[RV]] : vector<1xf32> to vector<16xf32>
// CHECK:             %[[A:.+]] = arith.extf %{{.+}} : vector<16xbf16> to vector<16xf32>
// CHECK-NEXT:        %[[NR:.+]] = arith.mulf %[[A]], %[[RB]] : vector<16xf32>
// CHECK-NEXT:        vector.transfer_write %[[NR]], %[[Y]]
// CHECK:         } else {
// CHECK:           scf.for
// CHECK:             %[[FV2:.+]] = vector.transfer_read %[[F]]
// CHECK-NEXT:        %[[FB:.+]] = vector.broadcast %[[FV2]] : vector<1xf32> to vector<16xf32>
// CHECK-NEXT:        %[[RV2:.+]] = vector.transfer_read %[[R]]
// CHECK-NEXT:        %[[RB2:.+]] = vector.broadcast %[[RV2]] : vector<1xf32> to vector<16xf32>
// CHECK:             %[[A2:.+]] = arith.extf %{{.+}} : vector<16xbf16> to vector<16xf32>
// CHECK-NEXT:        %[[XF:.+]] = arith.mulf %[[A2]], %[[FB]] : vector<16xf32>
// CHECK-NEXT:        %[[XFR:.+]] = arith.mulf %[[XF]], %[[RB2]] : vector<16xf32>
// CHECK-NEXT:        vector.transfer_write %[[XFR]], %[[Y]]
// CHECK:         }
// CHECK:         return
// REMARK: remark: [Passed] Versioned | Category:norm-version-unit-factors | Function=normalized_row | Remark="1 product(s) (A * F) * R of widened bf16 A: A * R where all 1 factor(s) F are 1"
func.func @normalized_row(%x: memref<?xbf16>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad16 = arith.constant 0.0 : bf16
  %pad = arith.constant 0.0 : f32
  %f = memref.alloca() : memref<1xf32>
  %r = memref.alloca() : memref<1xf32>
  scf.for %i = %c0 to %n step %c16 {
    %fv = vector.transfer_read %f[%c0], %pad {in_bounds = [true]} : memref<1xf32>, vector<1xf32>
    %fb = vector.broadcast %fv : vector<1xf32> to vector<16xf32>
    %rv = vector.transfer_read %r[%c0], %pad {in_bounds = [true]} : memref<1xf32>, vector<1xf32>
    %rb = vector.broadcast %rv : vector<1xf32> to vector<16xf32>
    %xv = vector.transfer_read %x[%i], %pad16 {in_bounds = [true]} : memref<?xbf16>, vector<16xbf16>
    %a = arith.extf %xv : vector<16xbf16> to vector<16xf32>
    %xf = arith.mulf %a, %fb : vector<16xf32>
    %xfr = arith.mulf %xf, %rb : vector<16xf32>
    vector.transfer_write %xfr, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  return
}

// -----

// Two rows jammed, each with its factor (scalars defined before the loop):
// one test per factor, both must be 1.
// CHECK-LABEL: func.func @two_rows(
// CHECK-SAME:    %{{[^:]+}}: memref<?xbf16>, %{{[^:]+}}: memref<?xf32>, %{{[^:]+}}: index, %[[F0:[^:]+]]: f32, %[[F1:[^:]+]]: f32
// CHECK:         %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[E0:.+]] = arith.cmpf oeq, %[[F0]], %[[ONE]] : f32
// CHECK-DAG:     %[[E1:.+]] = arith.cmpf oeq, %[[F1]], %[[ONE]] : f32
// CHECK:         %[[BOTH:.+]] = arith.andi %[[E0]], %[[E1]] : i1
// CHECK:         scf.if %[[BOTH]] -> (vector<16xf32>) {
// CHECK:           scf.for
// CHECK-COUNT-2:     arith.mulf
// CHECK-NOT:         arith.mulf
// CHECK:             scf.yield
// CHECK:         } else {
// CHECK:           scf.for
// CHECK-COUNT-4:     arith.mulf
// CHECK:             scf.yield
// REMARK: remark: [Passed] Versioned | Category:norm-version-unit-factors | Function=two_rows | Remark="2 product(s) (A * F) * R of widened bf16 A: A * R where all 2 factor(s) F are 1"
func.func @two_rows(%x: memref<?xbf16>, %y: memref<?xf32>, %n: index, %f0: f32, %f1: f32, %r0: f32, %r1: f32) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad16 = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %fb0 = vector.broadcast %f0 : f32 to vector<16xf32>
  %fb1 = vector.broadcast %f1 : f32 to vector<16xf32>
  %rb0 = vector.broadcast %r0 : f32 to vector<16xf32>
  %rb1 = vector.broadcast %r1 : f32 to vector<16xf32>
  %sum = scf.for %i = %c0 to %n step %c16 iter_args(%acc = %zero) -> (vector<16xf32>) {
    %xv = vector.transfer_read %x[%i], %pad16 {in_bounds = [true]} : memref<?xbf16>, vector<16xbf16>
    %a = arith.extf %xv : vector<16xbf16> to vector<16xf32>
    %p0 = arith.mulf %fb0, %a : vector<16xf32>
    %q0 = arith.mulf %p0, %rb0 : vector<16xf32>
    %p1 = arith.mulf %a, %fb1 : vector<16xf32>
    %q1 = arith.mulf %rb1, %p1 : vector<16xf32>
    %s = arith.addf %q0, %q1 : vector<16xf32>
    %next = arith.addf %acc, %s : vector<16xf32>
    scf.yield %next : vector<16xf32>
  }
  return %sum : vector<16xf32>
}

// -----

// Not versioned: the loop writes the alloca that holds F (F is not the same
// in every iteration), and a product of f32 rows (no bf16 widening).
// CHECK-LABEL: func.func @written_factor(
// CHECK-NOT:     scf.if
// CHECK:         return
// REMARK: remark: [Missed] NotVersioned | Category:norm-version-unit-factors | Function=written_factor | Reason="a factor is not available before the loop"
func.func @written_factor(%x: memref<?xbf16>, %y: memref<?xf32>, %n: index, %r: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad16 = arith.constant 0.0 : bf16
  %pad = arith.constant 0.0 : f32
  %f = memref.alloca() : memref<1xf32>
  %rb = vector.broadcast %r : f32 to vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %fv = vector.transfer_read %f[%c0], %pad {in_bounds = [true]} : memref<1xf32>, vector<1xf32>
    %fb = vector.broadcast %fv : vector<1xf32> to vector<16xf32>
    %xv = vector.transfer_read %x[%i], %pad16 {in_bounds = [true]} : memref<?xbf16>, vector<16xbf16>
    %a = arith.extf %xv : vector<16xbf16> to vector<16xf32>
    %xf = arith.mulf %a, %fb : vector<16xf32>
    %xfr = arith.mulf %xf, %rb : vector<16xf32>
    vector.transfer_write %xfr, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
    vector.transfer_write %fv, %f[%c0] {in_bounds = [true]} : vector<1xf32>, memref<1xf32>
  }
  return
}

// CHECK-LABEL: func.func @f32_row(
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @f32_row(%x: memref<?xf32>, %y: memref<?xf32>, %n: index, %f: f32, %r: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %fb = vector.broadcast %f : f32 to vector<16xf32>
  %rb = vector.broadcast %r : f32 to vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %a = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
    %xf = arith.mulf %a, %fb : vector<16xf32>
    %xfr = arith.mulf %xf, %rb : vector<16xf32>
    vector.transfer_write %xfr, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  return
}
