// RUN: norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=16" -split-input-file | FileCheck %s
// RUN: norm-opt %s -convert-norm-to-linalg -split-input-file | FileCheck %s --check-prefix=SEQ

// CHECK lines: the lowering as norm-to-llvm configures it (at least 16
// partial sums per f32 reduction, NormToLinalgOptions). SEQ lines: the
// default, which assumes sequential sums.

// f32, last axis, with B: the shifted two-pass statistics in f32 (K = the
// row's first element, Q = ReduceSum(K - X) / n, SumSq of D = (K - X) - Q,
// InvStdDev = 1 / sqrt(SumSq / n + eps)), the mean as High = K - Q and Low,
// its exact rounding error, then one elementwise op for Y =
// ((X - High) - Low) * InvStdDev * Scale + B; Mean (High) and InvStdDev are
// expanded to [2, 1].

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @ln_f32_bias(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x3xf32>, %[[SCALE:[^:]+]]: tensor<3xf32>, %[[B:[^:]+]]: tensor<3xf32>)
// CHECK-DAG:     %[[N:.+]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG:     %[[EPS:.+]] = arith.constant 9.99999974E-6 : f32
// K: one element per row, read by a linalg.map (static sizes: no test of n).
// CHECK:         %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%{{.+}}: f32) {
// CHECK-NEXT:        %[[KROW:.+]] = linalg.index 0 : index
// CHECK-NEXT:        %[[KCOL:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[KX:.+]] = tensor.extract %[[X]][%[[KROW]], %[[KCOL]]] : tensor<2x3xf32>
// CHECK-NEXT:        linalg.yield %[[KX]] : f32
// The sums start from -0.0, the identity of the addition.
// CHECK:         %[[SUMINIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<2xf32>) -> tensor<2xf32>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[K]] : tensor<2x3xf32>, tensor<2xf32>) outs(%[[SUMINIT]] : tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[KE:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[KMX:.+]] = arith.subf %[[KE]], %[[IN]] : f32
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[KMX]] fastmath<reassoc> : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK:         %[[Q:.+]] = linalg.map ins(%[[SUM]] : tensor<2xf32>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[S:.+]]: f32, %{{.+}}: f32) {
// CHECK-NEXT:        %[[QV:.+]] = arith.divf %[[S]], %[[N]] : f32
// CHECK-NEXT:        linalg.yield %[[QV]] : f32
// CHECK:         %[[SQINIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<2xf32>) -> tensor<2xf32>
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[K]], %[[Q]] : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) outs(%[[SQINIT]] : tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: f32, %[[KE2:.+]]: f32, %[[QE2:.+]]: f32, %[[ACC2:.+]]: f32):
// CHECK-NEXT:      %[[KMX2:.+]] = arith.subf %[[KE2]], %[[IN2]] : f32
// CHECK-NEXT:      %[[D:.+]] = arith.subf %[[KMX2]], %[[QE2]] : f32
// CHECK-NEXT:      %[[DD:.+]] = arith.mulf %[[D]], %[[D]] fastmath<contract> : f32
// CHECK-NEXT:      %[[ADD2:.+]] = arith.addf %[[ACC2]], %[[DD]] fastmath<reassoc,contract> : f32
// CHECK-NEXT:      linalg.yield %[[ADD2]] : f32
// Per row, unless Q is NaN: 0 < Var0 with
// ((k + 1) * 2^-24)^2 * (Var0 + Q^2) > 2^-17 * Var0 (Q's rounding error may
// make Var0 too large: a first element far from the mean against the
// spread; compared in f64), Var0 = 0 with 0 < max(|K|, |Q|) < 2^-50 (D * D
// may have underflowed), Var0 = +inf, Q = +-inf (a sum overflowed) or
// Q = NaN (a NaN in the row, partial sums overflowed to +inf and -inf, or
// an empty row, which has no first element: K = 0) recompute the mean in
// f64 by a scalar loop over the row, shifted by its first element K (0 if
// infinite), into an f64 tensor, and the variance and InvStdDev in f64
// around that unrounded mean (docs/numerics.md). linalg.map, which
// elementwise fusion leaves apart from Y's op.
// CHECK:         %[[EXACT:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%{{.+}} : tensor<2xf64>)
// CHECK-NEXT:      (%[[K0:.+]]: f32, %[[Q0:.+]]: f32, %[[SS0:.+]]: f32, %{{.+}}: f64) {
// CHECK:           %[[VAR0:.+]] = arith.divf %[[SS0]], %[[N]] : f32
// CHECK:           %[[ABSQ:.+]] = math.absf %[[Q0]] : f32
// k = n - 1 below 64 elements, n / 16 + 6 from 64 on (vectorized sums).
// By default (sequential sums), k = n - 1 for every row: no select on n.
// SEQ-LABEL: func.func @ln_f32_bias(
// SEQ:           %[[KSEQ:.+]] = arith.subf %[[N64:.+]], %{{.+}} : f64
// SEQ-NOT:       arith.constant 6.250000e-02 : f64
// SEQ-NEXT:      %[[ONE:.+]] = arith.constant 1.000000e+00 : f64
// SEQ-NEXT:      %[[N1:.+]] = arith.addf %[[KSEQ]], %[[ONE]] : f64
// SEQ-NEXT:      %[[U:.+]] = arith.constant 5.9604644775390625E-8 : f64
// SEQ-NEXT:      arith.mulf %[[N1]], %[[U]] : f64
// CHECK:           %[[KSEQ:.+]] = arith.subf %[[N64:.+]], %{{.+}} : f64
// CHECK:           %[[SHORT:.+]] = arith.cmpf olt, %[[N64]], %{{.+}} : f64
// CHECK:           %[[C16:.+]] = arith.constant 6.250000e-02 : f64
// CHECK-NEXT:      %[[NL:.+]] = arith.mulf %[[N64]], %[[C16]] : f64
// CHECK-NEXT:      %[[C6:.+]] = arith.constant 6.000000e+00 : f64
// CHECK-NEXT:      %[[KVEC:.+]] = arith.addf %[[NL]], %[[C6]] : f64
// CHECK-NEXT:      %[[KK:.+]] = arith.select %[[SHORT]], %[[KSEQ]], %[[KVEC]] : f64
// CHECK:           %[[N1:.+]] = arith.addf %[[KK]], %{{.+}} : f64
// CHECK:           %[[U:.+]] = arith.constant 5.9604644775390625E-8 : f64
// CHECK:           %[[NU:.+]] = arith.mulf %[[N1]], %[[U]] : f64
// CHECK:           %[[VAR064:.+]] = arith.extf %[[VAR0]] : f32 to f64
// CHECK:           %[[Q064:.+]] = arith.extf %[[Q0]] : f32 to f64
// CHECK:           %[[QSQ:.+]] = arith.mulf %[[Q064]], %[[Q064]] : f64
// CHECK:           %[[SPREAD:.+]] = arith.addf %[[VAR064]], %[[QSQ]] : f64
// CHECK:           %[[NU2:.+]] = arith.mulf %[[NU]], %[[NU]] : f64
// CHECK:           %[[ERR:.+]] = arith.mulf %[[SPREAD]], %[[NU2]] : f64
// CHECK:           %[[POS:.+]] = arith.cmpf ogt, %[[VAR0]], %[[ZERO:.+]] : f32
// CHECK:           %[[TOL:.+]] = arith.constant 7.62939453125E-6 : f64
// CHECK:           %[[ALLOWED:.+]] = arith.mulf %[[VAR064]], %[[TOL]] : f64
// CHECK:           %[[LARGE:.+]] = arith.cmpf ogt, %[[ERR]], %[[ALLOWED]] : f64
// CHECK:           %[[NEAR:.+]] = arith.andi %[[POS]], %[[LARGE]] : i1
// Q^2 > 16 Var0: the first element more than 4 standard deviations from
// the mean.
// CHECK:           %[[SIXTEEN:.+]] = arith.constant 1.600000e+01 : f64
// CHECK:           %[[VAR16:.+]] = arith.mulf %[[VAR064]], %[[SIXTEEN]] : f64
// CHECK:           %[[FAR:.+]] = arith.cmpf ogt, %[[QSQ]], %[[VAR16]] : f64
// CHECK:           %[[ABSK:.+]] = math.absf %[[K0]] : f32
// CHECK:           %[[MAG:.+]] = arith.maxnumf %[[ABSK]], %[[ABSQ]] : f32
// Var0 below the smallest normal f32 (2^-126), with SumSq > 0 or a tiny
// magnitude: squares that fell into the subnormal range.
// CHECK:           %[[FLTMIN:.+]] = arith.constant 1.17549435E-38 : f32
// CHECK:           %[[VSMALL:.+]] = arith.cmpf olt, %[[VAR0]], %[[FLTMIN]] : f32
// CHECK:           %[[SSPOS:.+]] = arith.cmpf ogt, %[[SS0]], %[[ZERO]] : f32
// CHECK:           %[[MPOS:.+]] = arith.cmpf ogt, %[[MAG]], %[[ZERO]] : f32
// CHECK:           %[[MTINY:.+]] = arith.cmpf olt, %[[MAG]], %{{.+}} : f32
// CHECK:           %[[TINY:.+]] = arith.andi %[[MPOS]], %[[MTINY]] : i1
// CHECK:           %[[SOME:.+]] = arith.ori %[[SSPOS]], %[[TINY]] : i1
// CHECK:           %[[UNDER:.+]] = arith.andi %[[VSMALL]], %[[SOME]] : i1
// CHECK:           %[[VINF:.+]] = arith.cmpf oeq, %[[VAR0]], %[[INF:.+]] : f32
// CHECK:           %[[QNONFINITE:.+]] = arith.cmpf uge, %[[ABSQ]], %[[INF]] : f32
// CHECK:           %[[OR0:.+]] = arith.ori %[[NEAR]], %[[FAR]] : i1
// CHECK:           %[[OR1:.+]] = arith.ori %[[OR0]], %[[UNDER]] : i1
// CHECK:           %[[OR2:.+]] = arith.ori %[[OR1]], %[[VINF]] : i1
// CHECK:           %[[NEEDED:.+]] = arith.ori %[[OR2]], %[[QNONFINITE]] : i1
// CHECK:           %[[IDX:.+]] = linalg.index 0 : index
// CHECK:           %[[EM:.+]] = scf.if %[[NEEDED]] -> (f64) {
// CHECK:             %[[NONEMPTY:.+]] = arith.cmpf ogt, %{{.+}}, %{{.+}} : f64
// CHECK:             %[[KF0:.+]] = scf.if %[[NONEMPTY]] -> (f64) {
// CHECK:               %[[FIRST:.+]] = tensor.extract %[[X]][%[[IDX]], %{{.+}}] : tensor<2x3xf32>
// CHECK:               %[[K64:.+]] = arith.extf %[[FIRST]] : f32 to f64
// CHECK:               scf.yield %[[K64]] : f64
// CHECK:             } else {
// CHECK:               scf.yield %{{.+}} : f64
// CHECK:             }
// CHECK:             %[[KF:.+]] = arith.select %{{.+}}, %[[KF0]], %{{.+}} : f64
// CHECK:             %[[SHIFTED:.+]] = scf.for
// CHECK:               %[[KX64:.+]] = arith.subf %[[KF]], %{{.+}} : f64
// CHECK:               arith.addf %{{.+}}, %[[KX64]] fastmath<reassoc> : f64
// CHECK:             %[[SN:.+]] = arith.divf %[[SHIFTED]], %{{.+}} : f64
// CHECK:             %[[M64:.+]] = arith.subf %[[KF]], %[[SN]] : f64
// CHECK:             scf.yield %[[M64]] : f64
// CHECK:           } else {
// CHECK:             scf.yield %{{.+}} : f64
// CHECK:           linalg.yield %[[EM]] : f64
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[SUMSQ]], %[[K]], %[[Q]], %[[EXACT]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf64>)
// CHECK-NEXT:      (%[[SS:.+]]: f32, %{{.+}}: f32, %{{.+}}: f32, %[[M3:.+]]: f64, %{{.+}}: f32) {
// CHECK-NEXT:      %[[VAR:.+]] = arith.divf %[[SS]], %[[N]] : f32
// CHECK-NEXT:      %[[VE:.+]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK-NEXT:      %[[SD:.+]] = math.sqrt %[[VE]] : f32
// CHECK-NEXT:      %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[R:.+]] = arith.divf %[[ONE]], %[[SD]] : f32
// CHECK:           %[[ER:.+]] = scf.if %{{.+}} -> (f32) {
// The variance around the f64 mean (one scalar pass).
// CHECK:             scf.for
// CHECK:               %[[D64:.+]] = arith.subf %{{.+}}, %[[M3]] : f64
// CHECK:               %[[DD64:.+]] = arith.mulf %[[D64]], %[[D64]] : f64
// CHECK:               arith.addf %{{.+}}, %[[DD64]] fastmath<reassoc> : f64
// CHECK:             %[[V64:.+]] = arith.divf %{{.+}}, %{{.+}} : f64
// CHECK:             %[[EPS64:.+]] = arith.extf %[[EPS]] : f32 to f64
// CHECK:             %[[VE64:.+]] = arith.addf %[[V64]], %[[EPS64]] : f64
// CHECK:             %[[SD64:.+]] = math.sqrt %[[VE64]] : f64
// CHECK:             %[[R64:.+]] = arith.divf %{{.+}}, %[[SD64]] : f64
// CHECK:             %[[R32:.+]] = arith.truncf %[[R64]] : f64 to f32
// CHECK:             scf.yield %[[R32]] : f32
// CHECK:           } else {
// CHECK:             scf.yield %[[R]] : f32
// CHECK:           linalg.yield %[[ER]] : f32
// High: K - Q, or the f64 mean rounded to f32.
// High: K - Q, or the f64 mean rounded to f32.
// CHECK:         %[[HIGH:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[K1:.+]]: f32, %[[Q1:.+]]: f32, %{{.+}}: f32, %[[M1:.+]]: f64, %{{.+}}: f32) {
// CHECK:           %[[VH:.+]] = arith.subf %[[K1]], %[[Q1]] : f32
// CHECK:           %[[EH:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK-NEXT:        %[[MR:.+]] = arith.truncf %[[M1]] : f64 to f32
// CHECK-NEXT:        scf.yield %[[MR]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[VH]] : f32
// CHECK:           linalg.yield %[[EH]] : f32
// Low: the exact rounding error of K - Q (TwoSum), or the rest of the f64
// mean rounded to f32 (0 where High is not finite).
// CHECK:         %[[LOW:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[K2:.+]]: f32, %[[Q2:.+]]: f32, %{{.+}}: f32, %[[M2:.+]]: f64, %{{.+}}: f32) {
// CHECK:           %[[H2:.+]] = arith.subf %[[K2]], %[[Q2]] : f32
// CHECK-NEXT:      %[[QP:.+]] = arith.subf %[[K2]], %[[H2]] : f32
// CHECK-NEXT:      %[[KP:.+]] = arith.addf %[[H2]], %[[QP]] : f32
// CHECK-NEXT:      %[[DK:.+]] = arith.subf %[[K2]], %[[KP]] : f32
// CHECK-NEXT:      %[[DQ:.+]] = arith.subf %[[Q2]], %[[QP]] : f32
// CHECK-NEXT:      %[[VL:.+]] = arith.subf %[[DK]], %[[DQ]] : f32
// CHECK:           %[[EL:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK-NEXT:        %[[MH:.+]] = arith.truncf %[[M2]] : f64 to f32
// CHECK:             %[[MH64:.+]] = arith.extf %[[MH]] : f32 to f64
// CHECK-NEXT:        %[[REST:.+]] = arith.subf %[[M2]], %[[MH64]] : f64
// CHECK:             %[[RESTR:.+]] = arith.truncf %[[REST]] : f64 to f32
// CHECK-NEXT:        %[[LOWR:.+]] = arith.select %{{.+}}, %[[RESTR]], %{{.+}} : f32
// CHECK-NEXT:        scf.yield %[[LOWR]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[VL]] : f32
// CHECK:           linalg.yield %[[EL]] : f32
// The parts Y takes: High and Low, but in a recomputed slice whose standard
// deviation exceeds 2^128 / sqrt(n) (InvStdDev * 2^64 < sqrt(n) * 2^-64)
// High = 0 and Low = the mean: X - High cannot overflow, and Y = X *
// InvStdDev - Mean * InvStdDev. The vector path is High's and Low's.
// CHECK:         %[[HIGHC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[HIGH]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf64>, tensor<2xf32>, tensor<2xf32>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[K3:.+]]: f32, %[[Q3:.+]]: f32, %{{.+}}: f32, %{{.+}}: f64, %[[I3:.+]]: f32, %[[H3:.+]]: f32, %{{.+}}: f32) {
// CHECK:           %[[VH3:.+]] = arith.subf %[[K3]], %[[Q3]] : f32
// CHECK:           %[[EH3:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK-NEXT:        %[[I64:.+]] = arith.extf %[[I3]] : f32 to f64
// CHECK-NEXT:        %[[P64:.+]] = arith.constant 1.8446744073709552E+19 : f64
// CHECK-NEXT:        %[[IS:.+]] = arith.mulf %[[I64]], %[[P64]] : f64
// CHECK-NEXT:        %[[RN:.+]] = math.sqrt %{{.+}} : f64
// CHECK-NEXT:        %[[M64:.+]] = arith.constant 5.4210108624275222E-20 : f64
// CHECK-NEXT:        %[[RS:.+]] = arith.mulf %[[RN]], %[[M64]] : f64
// CHECK-NEXT:        %[[WIDE:.+]] = arith.cmpf olt, %[[IS]], %[[RS]] : f64
// CHECK-NEXT:        %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        %[[HW:.+]] = arith.select %[[WIDE]], %[[ZERO]], %[[H3]] : f32
// CHECK-NEXT:        scf.yield %[[HW]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[VH3]] : f32
// CHECK:         %[[LOWC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[LOW]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf64>, tensor<2xf32>, tensor<2xf32>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %[[M4:.+]]: f64, %{{.+}}: f32, %[[L4:.+]]: f32, %{{.+}}: f32) {
// CHECK:           scf.if %{{.+}} -> (f32) {
// CHECK:             %[[WIDE4:.+]] = arith.cmpf olt
// CHECK-NEXT:        %[[MW:.+]] = arith.truncf %[[M4]] : f64 to f32
// CHECK-NEXT:        %[[LW:.+]] = arith.select %[[WIDE4]], %[[MW]], %[[L4]] : f32
// CHECK-NEXT:        scf.yield %[[LW]] : f32
// Y = (X - High) * InvStdDev - Low * InvStdDev (a fused multiply-add where
// the target has one), times Scale, plus B.
// CHECK:         %[[OUT:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ROW]], #[[$COL]], #[[$COL]], #[[$ID]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        ins(%[[X]], %[[HIGHC]], %[[LOWC]], %[[INV]], %[[SCALE]], %[[B]] : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-SAME:        outs(%[[OUT]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f32, %[[HE:.+]]: f32, %[[LE:.+]]: f32, %[[IE:.+]]: f32, %[[SE:.+]]: f32, %[[BE:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[CEN:.+]] = arith.subf %[[XE]], %[[HE]] : f32
// CHECK-NEXT:      %[[RESTI:.+]] = arith.mulf %[[LE]], %[[IE]] : f32
// CHECK-NEXT:      %[[CI:.+]] = arith.mulf %[[CEN]], %[[IE]] fastmath<contract> : f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.subf %[[CI]], %[[RESTI]] fastmath<contract> : f32
// CHECK-NEXT:      %[[SCALED:.+]] = arith.mulf %[[NORM]], %[[SE]] fastmath<contract> : f32
// CHECK-NEXT:      %[[BIASED:.+]] = arith.addf %[[SCALED]], %[[BE]] fastmath<contract> : f32
// CHECK-NEXT:      linalg.yield %[[BIASED]] : f32
// CHECK:         %[[MEANR:.+]] = tensor.expand_shape %[[HIGH]] {{\[}}[0, 1]] output_shape [2, 1] : tensor<2xf32> into tensor<2x1xf32>
// CHECK:         %[[INVR:.+]] = tensor.expand_shape %[[INV]] {{\[}}[0, 1]] output_shape [2, 1] : tensor<2xf32> into tensor<2x1xf32>
// CHECK:         return %[[Y]], %[[MEANR]], %[[INVR]] : tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>
func.func @ln_f32_bias(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = -1 epsilon = 1.0e-05 : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %m, %i : tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// -----

// f16, fully dynamic, axis 1, no B: two normalized dims, so the op is lowered
// on X collapsed to [d0, d1 * d2] (CollapseLayerNormalization.cpp). Scale
// [1, ?] broadcasts over d1 and, where its size is 1 at run time, over d2:
// it is copied once to X's normalized sizes [d1, d2] (index 0 along a
// broadcast dim), converted to f32 in the same copy, and collapsed to
// [d1 * d2]. Stage one in f32 after extf; one truncf of Y to f16; Y, Mean
// and InvStdDev are expanded back with dynamic output shapes.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$OUTER:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$SCALEMAP:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @ln_f16_dynamic_no_bias(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<?x?x?xf16>, %[[SCALE:[^:]+]]: tensor<1x?xf16>)
// CHECK:         %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[D1:.+]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?x?xf16>
// CHECK-NEXT:    %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[D2:.+]] = tensor.dim %[[X]], %[[C2]] : tensor<?x?x?xf16>
// CHECK-NEXT:    %[[SFULL:.+]] = tensor.generate %[[D1]], %[[D2]] {
// CHECK-NEXT:    ^bb0(%{{.+}}: index, %[[J:.+]]: index):
// CHECK-DAG:       %[[Z:.+]] = arith.constant 0 : index
// CHECK-DAG:       %[[ONE:.+]] = arith.constant 1 : index
// CHECK-DAG:       %[[SSIZE:.+]] = tensor.dim %[[SCALE]], %{{.+}} : tensor<1x?xf16>
// CHECK:           %[[ISONE:.+]] = arith.cmpi eq, %[[SSIZE]], %[[ONE]] : index
// CHECK:           %[[IDX:.+]] = arith.select %[[ISONE]], %[[Z]], %[[J]] : index
// CHECK:           %[[SV:.+]] = tensor.extract %[[SCALE]][%[[Z]], %[[IDX]]] : tensor<1x?xf16>
// CHECK:           %[[SW:.+]] = arith.extf %[[SV]] : f16 to f32
// CHECK:           tensor.yield %[[SW]] : f32
// CHECK:         } : tensor<?x?xf32>
// CHECK:         %[[SC:.+]] = tensor.collapse_shape %[[SFULL]] {{\[}}[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
// CHECK:         %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<?x?x?xf16> into tensor<?x?xf16>
// CHECK:         %[[NIDX:.+]] = tensor.dim %[[XC]], %{{.+}} : tensor<?x?xf16>
// CHECK-NEXT:    %[[NI64:.+]] = arith.index_cast %[[NIDX]] : index to i64
// CHECK-NEXT:    %[[N:.+]] = arith.uitofp %[[NI64]] : i64 to f32
// K: the row's first element where rows are not empty (a dynamic length
// that may be 0: the test is made once, outside the map).
// CHECK:         arith.constant 9.99999974E-6 : f32
// CHECK:         %[[NONEMPTY:.+]] = arith.cmpi ne, %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %{{.+}} = tensor.empty(%{{.+}}) : tensor<?xf32>
// CHECK-NEXT:    %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<?xf32>)
// CHECK:           %[[KROW:.+]] = linalg.index 0 : index
// CHECK:           scf.if %[[NONEMPTY]] -> (f32) {
// CHECK-NEXT:        %[[KX:.+]] = tensor.extract %[[XC]][%[[KROW]], %{{.+}}] : tensor<?x?xf16>
// CHECK-NEXT:        %[[KW:.+]] = arith.extf %[[KX]] : f16 to f32
// CHECK-NEXT:        scf.yield %[[KW]] : f32
// CHECK-NEXT:      } else {
// CHECK:             scf.yield %{{.+}} : f32
// Q: the sum of K - X in f32 over X[:, 0:n] and in f64 over X[:, 0:0] for
// n <= 2048, the reverse above; the f64 sum adds f32 sums of the terms of 8
// chunks of the row, and the tail.
// CHECK:         %[[N64:.+]] = arith.uitofp %{{.+}} : i64 to f64
// CHECK:         %[[QLEN:.+]] = tensor.dim %[[XC]], %{{.+}} : tensor<?x?xf16>
// CHECK-DAG:     %[[QZ0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[QC2048:.+]] = arith.constant 2048 : index
// CHECK:         %[[QLONG:.+]] = arith.cmpi ugt, %[[QLEN]], %[[QC2048]] : index
// CHECK-NEXT:    %[[QSHORTN:.+]] = arith.select %[[QLONG]], %[[QZ0]], %[[QLEN]] : index
// CHECK:         %[[QXSHORT:.+]] = tensor.extract_slice %[[XC]][0, 0] [%{{.+}}, %[[QSHORTN]]] [1, 1]
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[QXSHORT]], %[[K]] : tensor<?x?xf16>, tensor<?xf32>) outs(%{{.+}} : tensor<?xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f16, %[[KE:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:      %[[KMX:.+]] = arith.subf %[[KE]], %[[XW]] : f32
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[KMX]] fastmath<reassoc> : f32
// CHECK:         %[[QLONGN:.+]] = arith.select %[[QLONG]], %[[QLEN]], %[[QZ0]] : index
// CHECK:         %[[H:.+]] = arith.divui %[[QLONGN]], %{{.+}} : index
// CHECK:         %[[CH0:.+]] = tensor.extract_slice %[[XC]][0, 0] [%{{.+}}, %[[H]]] [1, 1]
// CHECK:         %[[CHUNKS:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[CH0]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[K]] : {{.*}}) outs(%{{.+}} : tensor<?xf64>)
// CHECK-NEXT:    ^bb0(%[[C0E:.+]]: f16, %{{.+}}: f16, %{{.+}}: f16, %{{.+}}: f16, %{{.+}}: f16, %{{.+}}: f16, %{{.+}}: f16, %{{.+}}: f16, %[[KC:.+]]: f32, %[[ACC64:.+]]: f64):
// CHECK-NEXT:      %[[C0W:.+]] = arith.extf %[[C0E]] : f16 to f32
// CHECK-NEXT:      %[[T0:.+]] = arith.subf %[[KC]], %[[C0W]] : f32
// CHECK-NEXT:      arith.extf %{{.+}} : f16 to f32
// CHECK-NEXT:      %[[T1:.+]] = arith.subf %[[KC]], %{{.+}} : f32
// CHECK-NEXT:      arith.addf %[[T0]], %[[T1]] fastmath<contract> : f32
// CHECK:           %[[T8W:.+]] = arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:      %[[ADD64:.+]] = arith.addf %[[ACC64]], %[[T8W]] fastmath<reassoc> : f64
// CHECK-NEXT:      linalg.yield %[[ADD64]] : f64
// CHECK:         %[[TAIL:.+]] = linalg.generic
// CHECK-SAME:        outs(%{{.+}} : tensor<?xf64>)
// CHECK:           arith.extf %{{.+}} : f32 to f64
// CHECK:         %[[SUM64:.+]] = linalg.map { arith.addf } ins(%[[CHUNKS]], %[[TAIL]] : tensor<?xf64>, tensor<?xf64>)
// CHECK:         %[[Q:.+]] = linalg.map ins(%[[SUM]], %[[SUM64]] : tensor<?xf32>, tensor<?xf64>)
// CHECK-NEXT:      (%[[S:.+]]: f32, %[[S64:.+]]: f64, %{{.+}}: f32) {
// CHECK-NEXT:        %[[QIF:.+]] = scf.if %[[QLONG]] -> (f32) {
// CHECK-NEXT:          %[[QDIV:.+]] = arith.divf %[[S64]], %[[N64]] : f64
// CHECK-NEXT:          %[[QR:.+]] = arith.truncf %[[QDIV]] : f64 to f32
// CHECK-NEXT:          scf.yield %[[QR]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[MIF:.+]] = scf.if %[[POW2:.+]] -> (f32) {
// CHECK-NEXT:            %[[MMUL:.+]] = arith.mulf %[[S]], %[[RCP:.+]] : f32
// CHECK-NEXT:            scf.yield %[[MMUL]] : f32
// CHECK-NEXT:          } else {
// CHECK-NEXT:            %[[MDIV:.+]] = arith.divf %[[S]], %[[N]] : f32
// CHECK-NEXT:            scf.yield %[[MDIV]] : f32
// The sum of squares: in f32 over X[:, 0:n] and in f64 over X[:, 0:0] for
// n <= 2048, the reverse above.
// CHECK:         %[[LEN:.+]] = tensor.dim %[[XC]], %{{.+}} : tensor<?x?xf16>
// CHECK-DAG:     %[[Z0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C2048:.+]] = arith.constant 2048 : index
// CHECK:         %[[LONG:.+]] = arith.cmpi ugt, %[[LEN]], %[[C2048]] : index
// CHECK-NEXT:    %[[SHORTN:.+]] = arith.select %[[LONG]], %[[Z0]], %[[LEN]] : index
// CHECK:         %[[XSHORT:.+]] = tensor.extract_slice %[[XC]][0, 0] [%{{.+}}, %[[SHORTN]]] [1, 1]
// CHECK:         %[[SUMSQ32:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[XSHORT]], %[[K]], %[[Q]] : tensor<?x?xf16>, tensor<?xf32>, tensor<?xf32>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: f16, %[[KE2:.+]]: f32, %[[QE2:.+]]: f32, %[[ACC2:.+]]: f32):
// CHECK-NEXT:      %[[XW2:.+]] = arith.extf %[[IN2]] : f16 to f32
// CHECK-NEXT:      %[[KMX2:.+]] = arith.subf %[[KE2]], %[[XW2]] : f32
// CHECK-NEXT:      %[[D:.+]] = arith.subf %[[KMX2]], %[[QE2]] : f32
// CHECK-NEXT:      %[[DD:.+]] = arith.mulf %[[D]], %[[D]] fastmath<contract> : f32
// CHECK-NEXT:      arith.addf %[[ACC2]], %[[DD]] fastmath<reassoc,contract> : f32
// CHECK:         %[[LONGN:.+]] = arith.select %[[LONG]], %[[LEN]], %[[Z0]] : index
// CHECK:         %[[XLONG:.+]] = tensor.extract_slice %[[XC]][0, 0] [%{{.+}}, %[[LONGN]]] [1, 1]
// CHECK:         %[[SUMSQ64:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[XLONG]], %[[K]], %[[Q]] : tensor<?x?xf16>, tensor<?xf32>, tensor<?xf32>)
// CHECK-SAME:        outs(%{{.+}} : tensor<?xf64>)
// CHECK-NEXT:    ^bb0(%[[IN3:.+]]: f16, %[[KE3:.+]]: f32, %[[QE3:.+]]: f32, %[[ACC3:.+]]: f64):
// CHECK-NEXT:      %[[XW3:.+]] = arith.extf %[[IN3]] : f16 to f32
// CHECK-NEXT:      %[[KMX3:.+]] = arith.subf %[[KE3]], %[[XW3]] : f32
// CHECK-NEXT:      %[[D3:.+]] = arith.subf %[[KMX3]], %[[QE3]] : f32
// CHECK-NEXT:      %[[D64:.+]] = arith.extf %[[D3]] : f32 to f64
// CHECK-NEXT:      %[[DD3:.+]] = arith.mulf %[[D64]], %[[D64]] fastmath<contract> : f64
// CHECK-NEXT:      arith.addf %[[ACC3]], %[[DD3]] fastmath<reassoc,contract> : f64
// CHECK:         %[[SUMSQ:.+]] = linalg.map ins(%[[SUMSQ32]], %[[SUMSQ64]] : tensor<?xf32>, tensor<?xf64>)
// CHECK-NEXT:      (%[[S32:.+]]: f32, %[[S64:.+]]: f64, %{{.+}}: f32) {
// CHECK-NEXT:        %[[S64R:.+]] = arith.truncf %[[S64]] : f64 to f32
// CHECK-NEXT:        %[[SEL:.+]] = arith.select %[[LONG]], %[[S64R]], %[[S32]] : f32
// CHECK-NEXT:        linalg.yield %[[SEL]] : f32
// The exact recomputation loops over the collapsed row.
// CHECK:         %[[EXACT:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) outs(%{{.+}} : tensor<?xf64>)
// CHECK-NEXT:      (%{{.+}}: f32, %{{.+}}: f32, %[[SS:.+]]: f32, %{{.+}}: f64) {
// CHECK-NEXT:        %{{.+}} = scf.if %[[POW2]] -> (f32) {
// CHECK-NEXT:          %[[VMUL:.+]] = arith.mulf %[[SS]], %[[RCP]] : f32
// CHECK-NEXT:          scf.yield %[[VMUL]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[VDIV:.+]] = arith.divf %[[SS]], %[[N]] : f32
// CHECK-NEXT:          scf.yield %[[VDIV]] : f32
// CHECK:           %[[ROW:.+]] = linalg.index 0 : index
// CHECK:           scf.if
// CHECK:             tensor.extract %[[XC]][%[[ROW]], %{{.+}}] : tensor<?x?xf16>
// CHECK:             scf.for
// CHECK:               tensor.extract %[[XC]][%[[ROW]], %{{.+}}] : tensor<?x?xf16>
// CHECK:           linalg.yield %{{.+}} : f64
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[SUMSQ]], %[[K]], %[[Q]], %[[EXACT]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>)
// CHECK:           math.sqrt
// CHECK:           scf.if
// CHECK:             scf.for
// CHECK:               tensor.extract %[[XC]]
// CHECK:           linalg.yield %{{.+}} : f32
// CHECK:         %[[HIGH:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>)
// CHECK:         %[[LOW:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>)
// CHECK:         %[[HIGHC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[HIGH]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf32>)
// CHECK:         %[[LOWC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[LOW]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf32>)
// The collapsed Scale is used as is: no second copy.
// CHECK-NOT:     tensor.generate
// CHECK:         %[[OUT:.+]] = tensor.empty(%{{.+}}, %{{.+}}) : tensor<?x?xf16>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]], #[[$OUTER]], #[[$SCALEMAP]], #[[$ID]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        ins(%[[XC]], %[[HIGHC]], %[[LOWC]], %[[INV]], %[[SC]] : tensor<?x?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
// CHECK-SAME:        outs(%[[OUT]] : tensor<?x?xf16>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f16, %[[HE:.+]]: f32, %[[LE:.+]]: f32, %[[IE:.+]]: f32, %[[SE:.+]]: f32, %{{.+}}: f16):
// CHECK-NEXT:      %[[XW4:.+]] = arith.extf %[[XE]] : f16 to f32
// CHECK-NEXT:      %[[CEN:.+]] = arith.subf %[[XW4]], %[[HE]] : f32
// CHECK-NEXT:      %[[RESTI:.+]] = arith.mulf %[[LE]], %[[IE]] : f32
// CHECK-NEXT:      %[[CI:.+]] = arith.mulf %[[CEN]], %[[IE]] fastmath<contract> : f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.subf %[[CI]], %[[RESTI]] fastmath<contract> : f32
// CHECK-NEXT:      %[[SCALED:.+]] = arith.mulf %[[NORM]], %[[SE]] fastmath<contract> : f32
// CHECK-NEXT:      %[[YT:.+]] = arith.truncf %[[SCALED]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[YT]] : f16
// CHECK:         %[[MEAN2:.+]] = tensor.expand_shape %[[HIGH]] {{\[}}[0, 1]] output_shape [%{{.+}}, 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK:         %[[INV2:.+]] = tensor.expand_shape %[[INV]] {{\[}}[0, 1]] output_shape [%{{.+}}, 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK:         %[[E0:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x?xf16>
// CHECK:         %[[E1:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x?xf16>
// CHECK:         %[[E2:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x?xf16>
// CHECK:         %[[YR:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0], [1, 2]] output_shape [%[[E0]], %[[E1]], %[[E2]]] : tensor<?x?xf16> into tensor<?x?x?xf16>
// CHECK:         %[[MEANR:.+]] = tensor.expand_shape %[[MEAN2]] {{\[}}[0], [1, 2]] output_shape [%[[E0]], 1, 1] : tensor<?x1xf32> into tensor<?x1x1xf32>
// CHECK:         %[[INVR:.+]] = tensor.expand_shape %[[INV2]] {{\[}}[0], [1, 2]] output_shape [%[[E0]], 1, 1] : tensor<?x1xf32> into tensor<?x1x1xf32>
// CHECK:         return %[[YR]], %[[MEANR]], %[[INVR]]
func.func @ln_f16_dynamic_no_bias(%x: tensor<?x?x?xf16>, %s: tensor<1x?xf16>) -> (tensor<?x?x?xf16>, tensor<?x1x1xf32>, tensor<?x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1 : (tensor<?x?x?xf16>, tensor<1x?xf16>) -> (tensor<?x?x?xf16>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  return %y, %m, %i : tensor<?x?x?xf16>, tensor<?x1x1xf32>, tensor<?x1x1xf32>
}

// -----

// Not collapsed to one dim (CollapseLayerNormalization.cpp): Scale [4]
// broadcasts over the rows, and with axis 0 its copy would be X's size.
// f64 X, axis 0, stash_type 16: stage one in f64 (epsilon widened exactly),
// all-reduction into rank-0 tensors; Mean/InvStdDev rounded once from f64
// to bf16 (round-to-odd f32, then truncf) and expanded from rank 0.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ALL:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[$SCALAR:map[0-9]*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @ln_f64_axis0_bf16_stash(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<?x4xf64>, %[[SCALE:[^:]+]]: tensor<4xf64>)
// CHECK:         %[[D0:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x4xf64>
// CHECK:         %[[C4:.+]] = arith.constant 4 : index
// CHECK:         %[[NIDX:.+]] = arith.muli %[[D0]], %[[C4]] : index
// CHECK:         %[[NI64:.+]] = arith.index_cast %[[NIDX]] : index to i64
// CHECK:         %[[N:.+]] = arith.uitofp %[[NI64]] : i64 to f64
// Whether n is a power of two (n > 0, n & (n - 1) == 0), and 1 / n.
// CHECK:         %[[NM1:.+]] = arith.subi %[[NIDX]], %{{.+}} : index
// CHECK-NEXT:    %[[LOW:.+]] = arith.andi %[[NIDX]], %[[NM1]] : index
// CHECK-NEXT:    %[[NZ:.+]] = arith.cmpi ne, %[[NIDX]], %[[ZERO:.+]] : index
// CHECK-NEXT:    %[[NOLOW:.+]] = arith.cmpi eq, %[[LOW]], %[[ZERO]] : index
// CHECK-NEXT:    %[[POW2:.+]] = arith.andi %[[NZ]], %[[NOLOW]] : i1
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[RCP:.+]] = arith.divf %[[ONE]], %[[N]] : f64
// CHECK:         %[[EPS:.+]] = arith.constant 9.9999997473787516E-6 : f64
// K: the first element of the whole tensor (no outer dims: rank 0).
// CHECK:         %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<f64>)
// CHECK:             tensor.extract %[[X]][%{{.+}}, %{{.+}}] : tensor<?x4xf64>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ALL]], #[[$ALL]]]
// CHECK-SAME:        iterator_types = ["reduction", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[K]] : tensor<?x4xf64>, tensor<f64>) outs(%{{.+}} : tensor<f64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f64, %[[KE:.+]]: f64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[KMX:.+]] = arith.subf %[[KE]], %[[IN]] : f64
// CHECK-NEXT:      arith.addf %[[ACC]], %[[KMX]] fastmath<reassoc> : f64
// CHECK:         %[[Q:.+]] = linalg.map ins(%[[SUM]] : tensor<f64>)
// CHECK:           scf.if %[[POW2]] -> (f64) {
// CHECK-NEXT:        arith.mulf %{{.+}}, %[[RCP]] : f64
// CHECK:           } else {
// CHECK-NEXT:        arith.divf %{{.+}}, %[[N]] : f64
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["reduction", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[K]], %[[Q]] : tensor<?x4xf64>, tensor<f64>, tensor<f64>)
// CHECK:           arith.subf
// CHECK:           arith.subf
// CHECK:           arith.addf %{{.+}}, %{{.+}} fastmath<reassoc,contract> : f64
// CHECK:         %[[EXACT:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<f64>, tensor<f64>, tensor<f64>)
// Sums over two dims are not vectorized: the recompute test takes them as
// sequential, k = n - 1, with f64's unit roundoff 2^-53.
// CHECK-NOT:       arith.select
// CHECK:           %[[KK:.+]] = arith.subf %{{.+}}, %{{.+}} : f64
// CHECK-NEXT:      %{{.+}} = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:      %[[K1:.+]] = arith.addf %[[KK]], %{{.+}} : f64
// CHECK-NEXT:      %[[U64:.+]] = arith.constant 1.1102230246251565E-16 : f64
// CHECK-NEXT:      arith.mulf %[[K1]], %[[U64]] : f64
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[SUMSQ]], %[[K]], %[[Q]], %[[EXACT]] : tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>)
// CHECK-NEXT:      (%[[SQ:.+]]: f64, %{{.+}}: f64, %{{.+}}: f64, %{{.+}}: f64, %{{.+}}: f64) {
// CHECK-NEXT:        %[[VAR:.+]] = scf.if %[[POW2]] -> (f64) {
// CHECK-NEXT:          %[[VARM:.+]] = arith.mulf %[[SQ]], %[[RCP]] : f64
// CHECK-NEXT:          scf.yield %[[VARM]] : f64
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[VARD:.+]] = arith.divf %[[SQ]], %[[N]] : f64
// CHECK-NEXT:          scf.yield %[[VARD]] : f64
// CHECK-NEXT:        }
// CHECK-NEXT:      arith.addf %[[VAR]], %[[EPS]] : f64
// CHECK:           scf.if
// High: K - Q; Low: its TwoSum error (0 for a recomputed slice: its f64
// mean is rounded once already).
// CHECK:         %[[HIGH:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>)
// CHECK:         %[[LOW:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>)
// CHECK:         %[[HIGHC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[HIGH]] : tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>)
// CHECK:         %[[LOWC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[LOW]] : tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>)
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[HIGHC]], %[[LOWC]], %[[INV]], %[[SCALE]] : tensor<?x4xf64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<4xf64>)
// CHECK-NOT:       arith.truncf
// CHECK:         } -> tensor<?x4xf64>
// CHECK:         %[[MEANU:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[HIGH]] : tensor<f64>) outs(%{{.+}} : tensor<bf16>)
// CHECK-NEXT:    ^bb0(%[[MV:.+]]: f64, %{{.+}}: bf16):
// CHECK-NEXT:      %[[RNE:.+]] = arith.truncf %[[MV]] : f64 to f32
// CHECK:           %[[ODD:.+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK-NEXT:      %[[MB:.+]] = arith.truncf %[[ODD]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[MB]] : bf16
// CHECK:         %[[MEANR:.+]] = tensor.expand_shape %[[MEANU]] [] output_shape [1, 1] : tensor<bf16> into tensor<1x1xbf16>
// CHECK:         %[[INVU:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[INV]] : tensor<f64>) outs(%{{.+}} : tensor<bf16>)
// CHECK:         %[[INVR:.+]] = tensor.expand_shape %[[INVU]] [] output_shape [1, 1] : tensor<bf16> into tensor<1x1xbf16>
// CHECK:         return %[[Y]], %[[MEANR]], %[[INVR]] : tensor<?x4xf64>, tensor<1x1xbf16>, tensor<1x1xbf16>
func.func @ln_f64_axis0_bf16_stash(%x: tensor<?x4xf64>, %s: tensor<4xf64>) -> (tensor<?x4xf64>, tensor<1x1xbf16>, tensor<1x1xbf16>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 0 stash_type = 16 : (tensor<?x4xf64>, tensor<4xf64>) -> (tensor<?x4xf64>, tensor<1x1xbf16>, tensor<1x1xbf16>)
  return %y, %m, %i : tensor<?x4xf64>, tensor<1x1xbf16>, tensor<1x1xbf16>
}

// -----

// bf16 X with Scale varying over an outer dim ([2, 1, 4]) and a scalar-like
// B ([1, 1]): both broadcast through constant-0 indices. B, which does not
// vary over the outer dims, is converted to f32 once (tensor.generate);
// Scale, which does, is read as bf16. Mean (High + Low) and InvStdDev are
// rounded once to bf16, then expanded [2, 3] -> [2, 3, 1].

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$OUTER:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$SCALEMAP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[$BMAP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (0, 0)>
// CHECK-LABEL: func.func @ln_bf16_broadcast_outer(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x3x4xbf16>, %[[SCALE:[^:]+]]: tensor<2x1x4xbf16>, %[[B:[^:]+]]: tensor<1x1xbf16>)
// CHECK:         %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<2x3xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: bf16, %[[KE:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      %[[KMX:.+]] = arith.subf %[[KE]], %[[XW]] : f32
// CHECK-NEXT:      arith.addf %[[ACC]], %[[KMX]] fastmath<reassoc> : f32
// CHECK:         %[[Q:.+]] = linalg.map ins(%[[SUM]] : tensor<2x3xf32>)
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[K]], %[[Q]] : tensor<2x3x4xbf16>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK:         %[[EXACT:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[SUMSQ]], %[[K]], %[[Q]], %[[EXACT]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf64>)
// CHECK:         %[[HIGH:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf64>)
// CHECK:         %[[LOW:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf64>)
// CHECK:         %[[HIGHC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[HIGH]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf64>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK:         %[[LOWC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[LOW]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf64>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK:         %[[BW:.+]] = tensor.generate
// CHECK:           %[[BV:.+]] = tensor.extract %[[B]][%{{.+}}, %{{.+}}] : tensor<1x1xbf16>
// CHECK:           %[[BV32:.+]] = arith.extf %[[BV]] : bf16 to f32
// CHECK:           tensor.yield %[[BV32]] : f32
// CHECK:         } : tensor<1x1xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]], #[[$OUTER]], #[[$SCALEMAP]], #[[$BMAP]], #[[$ID]]]
// CHECK-SAME:        ins(%[[X]], %[[HIGHC]], %[[LOWC]], %[[INV]], %[[SCALE]], %[[BW]] : tensor<2x3x4xbf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1x4xbf16>, tensor<1x1xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: bf16, %[[HE:.+]]: f32, %[[LE:.+]]: f32, %[[IE:.+]]: f32, %[[SE:.+]]: bf16, %[[BE:.+]]: f32, %{{.+}}: bf16):
// CHECK-NEXT:      %[[XW3:.+]] = arith.extf %[[XE]] : bf16 to f32
// CHECK-NEXT:      %[[CEN:.+]] = arith.subf %[[XW3]], %[[HE]] : f32
// CHECK-NEXT:      %[[RESTI:.+]] = arith.mulf %[[LE]], %[[IE]] : f32
// CHECK-NEXT:      %[[CI:.+]] = arith.mulf %[[CEN]], %[[IE]] fastmath<contract> : f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.subf %[[CI]], %[[RESTI]] fastmath<contract> : f32
// CHECK-NEXT:      %[[SW:.+]] = arith.extf %[[SE]] : bf16 to f32
// CHECK-NEXT:      %[[SCALED:.+]] = arith.mulf %[[NORM]], %[[SW]] fastmath<contract> : f32
// CHECK-NEXT:      %[[BIASED:.+]] = arith.addf %[[SCALED]], %[[BE]] fastmath<contract> : f32
// CHECK-NEXT:      %[[YT:.+]] = arith.truncf %[[BIASED]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[YT]] : bf16
// Mean = High + Low, summed exactly in f64 and rounded once to bf16
// (round to odd to f32, then truncf).
// CHECK:         %[[MEANU:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[HIGH]], %[[LOW]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%{{.+}} : tensor<2x3xbf16>)
// CHECK-NEXT:    ^bb0(%[[MH:.+]]: f32, %[[ML:.+]]: f32, %{{.+}}: bf16):
// CHECK-NEXT:      %[[MH64:.+]] = arith.extf %[[MH]] : f32 to f64
// CHECK-NEXT:      %[[ML64:.+]] = arith.extf %[[ML]] : f32 to f64
// CHECK-NEXT:      %[[M64:.+]] = arith.addf %[[MH64]], %[[ML64]] : f64
// CHECK-NEXT:      %[[RNE:.+]] = arith.truncf %[[M64]] : f64 to f32
// CHECK:           %[[ODD:.+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK-NEXT:      %[[MB:.+]] = arith.truncf %[[ODD]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[MB]] : bf16
// CHECK:         %[[MEANR:.+]] = tensor.expand_shape %[[MEANU]] {{\[}}[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xbf16> into tensor<2x3x1xbf16>
// CHECK:         %[[INVU:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[INV]] : tensor<2x3xf32>) outs(%{{.+}} : tensor<2x3xbf16>)
// CHECK:         %[[INVR:.+]] = tensor.expand_shape %[[INVU]] {{\[}}[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xbf16> into tensor<2x3x1xbf16>
// CHECK:         return %[[Y]], %[[MEANR]], %[[INVR]]
func.func @ln_bf16_broadcast_outer(%x: tensor<2x3x4xbf16>, %s: tensor<2x1x4xbf16>, %b: tensor<1x1xbf16>) -> (tensor<2x3x4xbf16>, tensor<2x3x1xbf16>, tensor<2x3x1xbf16>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = 2 stash_type = 16 : (tensor<2x3x4xbf16>, tensor<2x1x4xbf16>, tensor<1x1xbf16>) -> (tensor<2x3x4xbf16>, tensor<2x3x1xbf16>, tensor<2x3x1xbf16>)
  return %y, %m, %i : tensor<2x3x4xbf16>, tensor<2x3x1xbf16>, tensor<2x3x1xbf16>
}

// -----

// Two normalized dims with a Scale that varies over the outer dim ([2, 3, 4]
// for X [2, 3, 4], axis 1): the op is not collapsed (Scale is not one slice's
// [n] values); the reductions run over both normalized dims. Their sums are
// sequential, so the f32 terms are accumulated in f64: the shifted sum (Q
// is rounded once to f32 after the division) and the sum of squares.

// CHECK-LABEL: func.func @ln_f32_scale_varies_outer(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x3x4xf32>, %[[SCALE:[^:]+]]: tensor<2x3x4xf32>)
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<2xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "reduction", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[K]] : tensor<2x3x4xf32>, tensor<2xf32>) outs(%{{.+}} : tensor<2xf64>)
// CHECK:           %[[KMX:.+]] = arith.subf %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:      %[[KMX64:.+]] = arith.extf %[[KMX]] : f32 to f64
// CHECK-NEXT:      arith.addf %{{.+}}, %[[KMX64]] fastmath<reassoc> : f64
// CHECK:         %[[Q:.+]] = linalg.map ins(%[[SUM]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[S:.+]]: f64, %{{.+}}: f32) {
// CHECK-NEXT:        %[[QV:.+]] = arith.divf %[[S]], %{{.+}} : f64
// CHECK-NEXT:        %[[QR:.+]] = arith.truncf %[[QV]] : f64 to f32
// CHECK-NEXT:        linalg.yield %[[QR]] : f32
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "reduction", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[K]], %[[Q]] : tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>) outs(%{{.+}} : tensor<2xf64>)
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:        ins(%[[X]], %{{.+}}, %{{.+}}, %{{.+}}, %[[SCALE]] : tensor<2x3x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3x4xf32>)
// CHECK:         return %[[Y]]
func.func @ln_f32_scale_varies_outer(%x: tensor<2x3x4xf32>, %s: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y, %m, %i : tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

// -----

// Two normalized dims with Scale [?, ?] (X [?, ?, ?], axis 1): its sizes
// are X's unless one is 1 at run time, so it is copied to X's normalized
// sizes where one differs from X's (checked at run time) and collapsed as a
// view otherwise; either way the collapsed op reads [d1 * d2] values. (The
// copy is the then branch: test/Pipelines/rank3-rows.mlir, @rms_f32.)

// CHECK-LABEL: func.func @ln_f32_dynamic_scale_runtime_view(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<?x?x?xf32>, %[[SCALE:[^:]+]]: tensor<?x?xf32>)
// CHECK:         %[[S0:.+]] = tensor.dim %[[SCALE]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[X1:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x?xf32>
// CHECK:         %[[NE0:.+]] = arith.cmpi ne, %[[S0]], %[[X1]] : index
// CHECK:         %[[S1:.+]] = tensor.dim %[[SCALE]], %{{.+}} : tensor<?x?xf32>
// CHECK:         %[[X2:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x?x?xf32>
// CHECK:         %[[NE1:.+]] = arith.cmpi ne, %[[S1]], %[[X2]] : index
// CHECK:         %[[DIFFERS:.+]] = arith.ori %{{.+}}, %[[NE1]] : i1
// CHECK:         %[[SC:.+]] = scf.if %[[DIFFERS]] -> (tensor<?xf32>) {
// CHECK:           %[[COPY:.+]] = tensor.generate
// CHECK:           %[[CC:.+]] = tensor.collapse_shape %[[COPY]] {{\[}}[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
// CHECK:           scf.yield %[[CC]] : tensor<?xf32>
// CHECK:         } else {
// CHECK:           %[[VIEW:.+]] = tensor.collapse_shape %[[SCALE]] {{\[}}[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
// CHECK:           scf.yield %[[VIEW]] : tensor<?xf32>
// CHECK:         }
// CHECK:         %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
// CHECK-NOT:     tensor.generate
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[XC]], %{{.+}}, %{{.+}}, %{{.+}}, %[[SC]] : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
func.func @ln_f32_dynamic_scale_runtime_view(%x: tensor<?x?x?xf32>, %s: tensor<?x?xf32>) -> (tensor<?x?x?xf32>, tensor<?x1x1xf32>, tensor<?x1x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s axis = 1 : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> (tensor<?x?x?xf32>, tensor<?x1x1xf32>, tensor<?x1x1xf32>)
  return %y, %m, %i : tensor<?x?x?xf32>, tensor<?x1x1xf32>, tensor<?x1x1xf32>
}

// -----

// A static slice longer than 2048 elements (here 2049) sums K - X and its
// squared deviations in f64 (the f32 sums' rounding errors would exceed the
// f32 tolerance, docs/numerics.md), rounded once to f32: K - X as f32 sums of
// the terms of 8 chunks of 256 elements, each added in f64, and the tail of
// one element.
// CHECK-LABEL: func.func @ln_f32_long_static(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x2049xf32>
// CHECK:         %[[K:.+]] = linalg.map outs
// CHECK:         %[[CH0:.+]] = tensor.extract_slice %[[X]][0, 0] [2, 256] [1, 1]
// CHECK:         %[[CH7:.+]] = tensor.extract_slice %[[X]][0, 1792] [2, 256] [1, 1]
// CHECK:         %[[QCH:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[CH0]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[CH7]], %[[K]] : {{.*}}) outs(%{{.+}} : tensor<2xf64>)
// CHECK:         %[[QTAIL:.+]] = tensor.extract_slice %[[X]][0, 2048] [2, 1] [1, 1]
// CHECK:         %[[QT:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[QTAIL]], %[[K]] : tensor<2x1xf32>, tensor<2xf32>) outs(%{{.+}} : tensor<2xf64>)
// CHECK:         %[[QSUM:.+]] = linalg.map { arith.addf } ins(%[[QCH]], %[[QT]] : tensor<2xf64>, tensor<2xf64>)
// CHECK:         %[[Q:.+]] = linalg.map ins(%[[QSUM]] : tensor<2xf64>)
// CHECK:           %[[QDIV:.+]] = arith.divf %{{.+}}, %{{.+}} : f64
// CHECK-NEXT:      arith.truncf %[[QDIV]] : f64 to f32
// CHECK:         %[[SUMSQ64:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[K]], %[[Q]] : tensor<2x2049xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-SAME:        outs(%{{.+}} : tensor<2xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[KE:.+]]: f32, %[[QE:.+]]: f32, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[KMX:.+]] = arith.subf %[[KE]], %[[IN]] : f32
// CHECK-NEXT:      %[[D:.+]] = arith.subf %[[KMX]], %[[QE]] : f32
// CHECK-NEXT:      %[[D64:.+]] = arith.extf %[[D]] : f32 to f64
// CHECK-NEXT:      %[[DD:.+]] = arith.mulf %[[D64]], %[[D64]] fastmath<contract> : f64
// CHECK-NEXT:      arith.addf %[[ACC]], %[[DD]] fastmath<reassoc,contract> : f64
// CHECK:         %[[SUMSQ:.+]] = linalg.map { arith.truncf } ins(%[[SUMSQ64]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK:         linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
func.func @ln_f32_long_static(%x: tensor<2x2049xf32>, %scale: tensor<2049xf32>)
    -> tensor<2x2049xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale
      : (tensor<2x2049xf32>, tensor<2049xf32>)
      -> (tensor<2x2049xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x2049xf32>
}

// -----

// At 2048 elements the sum of squares stays in f32.
// CHECK-LABEL: func.func @ln_f32_2048_static(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x2048xf32>
// CHECK:         %[[K:.+]] = linalg.map outs
// CHECK:         %[[Q:.+]] = linalg.map
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[K]], %[[Q]] : tensor<2x2048xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-SAME:        outs(%{{.+}} : tensor<2xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
func.func @ln_f32_2048_static(%x: tensor<2x2048xf32>, %scale: tensor<2048xf32>)
    -> tensor<2x2048xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale
      : (tensor<2x2048xf32>, tensor<2048xf32>)
      -> (tensor<2x2048xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x2048xf32>
}

// -----

// X [batch, sequence, hidden] with axis -1: lowered on rows [6, 4] (X
// collapsed, a view; Scale and B [4] read as they are), and Y, Mean and
// InvStdDev expanded back to [2, 3, 4] and [2, 3, 1]. (With Scale varying
// over the outer dims it is not collapsed: @ln_f32_scale_varies_outer.)

// CHECK-LABEL: func.func @ln_rank3_last_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x4xf32>, %[[S:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK-NOT:     tensor.collapse_shape %[[S]]
// CHECK-NOT:     tensor.collapse_shape %[[B]]
// CHECK:         %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK:         linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]} ins(%[[XC]], %{{.+}} : tensor<6x4xf32>, tensor<6xf32>)
// CHECK:         %[[Y:.+]] = linalg.generic {{.+}} iterator_types = ["parallel", "parallel"]} ins(%[[XC]], {{.+}}, %[[S]], %[[B]] : tensor<6x4xf32>, {{.+}}, tensor<4xf32>, tensor<4xf32>)
// CHECK-DAG:     %[[MEAN:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
// CHECK-DAG:     %[[INV:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
// CHECK:         %[[YE:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK:         %[[ME:.+]] = tensor.expand_shape %[[MEAN]] {{\[}}[0, 1], [2]] output_shape [2, 3, 1] : tensor<6x1xf32> into tensor<2x3x1xf32>
// CHECK:         %[[IE:.+]] = tensor.expand_shape %[[INV]] {{\[}}[0, 1], [2]] output_shape [2, 3, 1] : tensor<6x1xf32> into tensor<2x3x1xf32>
// CHECK:         return %[[YE]], %[[ME]], %[[IE]]
func.func @ln_rank3_last_axis(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
  return %y, %m, %i : tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>
}
