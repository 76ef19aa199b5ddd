// RUN: norm-opt %s -convert-norm-to-linalg -split-input-file | FileCheck %s

// p = 2 (default) along the last axis (default), static f32: the sum of
// squares is accumulated in f32; a linalg.map over the rows keeps it where it
// is safe (in [2^-100, 2^100]) and recomputes it in f64 (scf.for over the
// row) where it is not. Two more maps make the per-row f32 factors Scale
// (a power of two, 0 for a zero norm) and Reciprocal, and
// Y = (X * Scale) * Reciprocal in f32.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @lp_p2_f32_static(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[LEN:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<2x3xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<2xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[EMPTY]] : tensor<2xf32>) -> tensor<2xf32>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<2x3xf32>) outs(%[[INIT]] : tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[SQ]] fastmath<reassoc> : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK:         %[[S:.+]] = linalg.map ins(%[[SUM]] : tensor<2xf32>) outs(%{{.+}} : tensor<2xf64>)
// CHECK-NEXT:      (%[[S32:.+]]: f32, %{{.+}}: f64) {
// CHECK-DAG:         %[[LO:.+]] = arith.constant 7.88860905E-31 : f32
// CHECK-DAG:         %[[HI:.+]] = arith.constant 1.2676506E+30 : f32
// CHECK:             %[[GE:.+]] = arith.cmpf oge, %[[S32]], %[[LO]] : f32
// CHECK:             %[[LE:.+]] = arith.cmpf ole, %[[S32]], %[[HI]] : f32
// CHECK:             %[[SAFE:.+]] = arith.andi %[[GE]], %[[LE]] : i1
// CHECK:             %[[ROWIDX:.+]] = linalg.index 0 : index
// CHECK:             %[[V:.+]] = scf.if %[[SAFE]] -> (f64) {
// CHECK-NEXT:          %[[EXT:.+]] = arith.extf %[[S32]] : f32 to f64
// CHECK-NEXT:          scf.yield %[[EXT]] : f64
// CHECK-NEXT:        } else {
// CHECK:               %[[ROWLEN:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<2x3xf32>
// CHECK-NEXT:          %[[S64:.+]] = scf.for %[[J:.+]] = %{{.+}} to %[[ROWLEN]] step %{{.+}} iter_args(%[[A64:.+]] = %{{.+}}) -> (f64) {
// CHECK-NEXT:            %[[E:.+]] = tensor.extract %[[X]][%[[ROWIDX]], %[[J]]] : tensor<2x3xf32>
// CHECK-NEXT:            %[[E64:.+]] = arith.extf %[[E]] : f32 to f64
// CHECK-NEXT:            %[[SQ64:.+]] = arith.mulf %[[E64]], %[[E64]] : f64
// CHECK-NEXT:            %[[ADD64:.+]] = arith.addf %[[A64]], %[[SQ64]] fastmath<reassoc> : f64
// CHECK-NEXT:            scf.yield %[[ADD64]] : f64
// CHECK:               scf.yield %[[S64]] : f64
// CHECK:             linalg.yield %[[V]] : f64
// Where 2^-64 <= Norm <= 2^64, Scale is 1 and Reciprocal 1 / Norm; elsewhere
// Scale is a power of two from Norm's exponent bits.
// CHECK:         %[[SCALE:.+]] = linalg.map ins(%[[S]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[S1:.+]]: f64, %{{.+}}: f32) {
// CHECK-NEXT:        %[[NORM1:.+]] = math.sqrt %[[S1]] : f64
// CHECK-NEXT:        %[[ABS1:.+]] = math.absf %[[NORM1]] : f64
// CHECK-NEXT:        %[[TINY1:.+]] = arith.constant 5.4210108624275222E-20 : f64
// CHECK-NEXT:        %[[GE1:.+]] = arith.cmpf oge, %[[ABS1]], %[[TINY1]] : f64
// CHECK-NEXT:        %[[HUGE1:.+]] = arith.constant 1.8446744073709552E+19 : f64
// CHECK-NEXT:        %[[LE1:.+]] = arith.cmpf ole, %[[ABS1]], %[[HUGE1]] : f64
// CHECK-NEXT:        %[[COMMON1:.+]] = arith.andi %[[GE1]], %[[LE1]] : i1
// CHECK-NEXT:        %[[SC1:.+]] = scf.if %[[COMMON1]] -> (f32) {
// CHECK-NEXT:          %[[ONE1:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:          scf.yield %[[ONE1]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[BITS:.+]] = arith.bitcast %[[NORM1]] : f64 to i64
// CHECK:               arith.shrui %[[BITS]]
// CHECK:               %[[POW2:.+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK:               %[[SC2:.+]] = arith.select %{{.+}}, %{{.+}}, %[[POW2]] : f32
// CHECK-NEXT:          scf.yield %[[SC2]] : f32
// CHECK:             linalg.yield %[[SC1]] : f32
// CHECK:         %[[RCP:.+]] = linalg.map ins(%[[S]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK-NEXT:      (%[[S2:.+]]: f64, %{{.+}}: f32) {
// CHECK-NEXT:        %[[NORM2:.+]] = math.sqrt %[[S2]] : f64
// CHECK:             %[[COMMON2:.+]] = arith.andi
// CHECK-NEXT:        %[[RC1:.+]] = scf.if %[[COMMON2]] -> (f32) {
// CHECK-NEXT:          %[[ONE2:.+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:          %[[INV:.+]] = arith.divf %[[ONE2]], %[[NORM2]] : f64
// CHECK-NEXT:          %[[INV32:.+]] = arith.truncf %[[INV]] : f64 to f32
// CHECK-NEXT:          scf.yield %[[INV32]] : f32
// CHECK-NEXT:        } else {
// CHECK:               %[[SCALED:.+]] = arith.mulf %[[NORM2]], %{{.+}} : f64
// CHECK:               %[[INV2:.+]] = arith.divf %{{.+}}, %[[SCALED]] : f64
// CHECK-NEXT:          %[[INV2_32:.+]] = arith.truncf %[[INV2]] : f64 to f32
// CHECK-NEXT:          scf.yield %[[INV2_32]] : f32
// CHECK:             linalg.yield %[[RC1]] : f32
// CHECK:         %[[OUT:.+]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ID]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        ins(%[[X]], %[[SCALE]], %[[RCP]] : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) outs(%[[OUT]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: f32, %[[SC:.+]]: f32, %[[RC:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[T:.+]] = arith.mulf %[[IN2]], %[[SC]] : f32
// CHECK-NEXT:      %[[Q:.+]] = arith.mulf %[[T]], %[[RC]] : f32
// CHECK-NEXT:      %[[ISZERO:.+]] = arith.cmpf oeq, %[[SC]], %[[Z]] : f32
// CHECK-NEXT:      %[[R:.+]] = arith.select %[[ISZERO]], %[[Z]], %[[Q]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[Y]] : tensor<2x3xf32>
func.func @lp_p2_f32_static(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = norm.lp_normalization %x : tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// p = 1 along axis 0 of a dynamic tensor: sum(|x|), no square root; sizes
// come from tensor.dim. The leading axis: the rows are split into 8 chunks
// of c = 8 * (rows / 64) contiguous rows, each reduced in one iteration of
// an scf.forall into its row of a [8, Q] f64 tensor (in place: the
// destination row is zeroed and accumulated into), eight rows (strided
// views r + k, k = 0..7, stride 8) per step. The remaining rows (rows mod
// 64) and the 8 chunk sums are then added. Per column f32 Scale and
// Reciprocal, and Y = (X * Scale) * Reciprocal row by row in a second
// scf.forall (a linalg.map on each row, in place).

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @lp_p1_f32_dynamic_axis0(
// CHECK-SAME:      %[[X:.+]]: tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-DAG:     %[[D1:.+]] = tensor.dim %[[X]], %c1
// CHECK-DAG:     %[[D0:.+]] = tensor.dim %[[X]], %c0
// CHECK:         %[[STEPS:.+]] = arith.divui %[[D0]], %c64 : index
// CHECK:         %[[CR:.+]] = arith.muli %[[STEPS]], %{{.+}} : index
// CHECK:         %[[COVERED:.+]] = arith.muli %[[CR]], %{{.+}} : index
// CHECK:         %[[LAST:.+]] = arith.subi %[[D0]], %[[COVERED]] : index
// No chunks ([0, Q] partial sums) when there are fewer than 64 rows.
// CHECK:         %[[HAS:.+]] = arith.cmpi ne, %[[CR]], %{{.+}} : index
// CHECK:         %[[NCHUNKS:.+]] = arith.select %[[HAS]], %c8{{.*}}, %{{.+}} : index
// CHECK:         %[[PEMPTY:.+]] = tensor.empty(%[[NCHUNKS]], %[[D1]]) : tensor<?x?xf64>
// CHECK:         %[[PARTIAL:.+]] = scf.forall (%[[K:.+]]) in (%[[NCHUNKS]]) shared_outs(%[[P:.+]] = %[[PEMPTY]]) -> (tensor<?x?xf64>) {
// CHECK:           %[[START:.+]] = arith.muli %[[K]], %[[CR]] : index
// CHECK:           %[[CHUNK:.+]] = tensor.extract_slice %[[X]][%[[START]], 0] [%[[CR]], %[[D1]]] [1, 1]
// CHECK:           %[[DEST:.+]] = tensor.extract_slice %[[P]][%[[K]], 0] [1, %[[D1]]] [1, 1] : tensor<?x?xf64> to tensor<?xf64>
// CHECK:           %[[GROUPS:.+]] = arith.divui %{{.+}}, %{{.+}} : index
// CHECK:           %[[SUM0:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[DEST]] : tensor<?xf64>) -> tensor<?xf64>
// CHECK-COUNT-8:     tensor.extract_slice %[[CHUNK]][%{{.+}}, 0] [%[[GROUPS]], %[[D1]]] [8, 1]
// CHECK:           %[[SUM8:.+]] = linalg.generic
// CHECK-SAME:          indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$COL]]]
// CHECK-SAME:          iterator_types = ["reduction", "parallel"]
// CHECK-SAME:          outs(%[[SUM0]] : tensor<?xf64>)
// CHECK-COUNT-8:     math.absf
// CHECK-COUNT-7:     arith.addf {{.+}} fastmath<reassoc> : f64
// CHECK-NEXT:        %[[ADD8:.+]] = arith.addf %{{.+}}, %{{.+}} fastmath<reassoc> : f64
// CHECK-NEXT:        linalg.yield %[[ADD8]] : f64
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[SUM8]] into %[[P]][%[[K]], 0] [1, %[[D1]]] [1, 1] : tensor<?xf64> into tensor<?x?xf64>
// CHECK:         %[[LASTROWS:.+]] = tensor.extract_slice %[[X]][%{{.+}}, 0] [%[[LAST]], %[[D1]]] [1, 1]
// CHECK:         %[[LASTSUM:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[LASTROWS]] : tensor<?x?xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$COL]]]
// CHECK-SAME:        iterator_types = ["reduction", "parallel"]
// CHECK-SAME:        ins(%[[PARTIAL]] : tensor<?x?xf64>) outs(%[[LASTSUM]] : tensor<?xf64>)
// CHECK:             arith.addf {{.+}} fastmath<reassoc> : f64
// Per column f32 factors: Scale = 2^k, Reciprocal = 1 / (S * Scale) (p = 1:
// no square root), by tensor.generate (scalar loops: few values, and
// vectorizing them cost compile time).
// CHECK:         %[[SCALE:.+]] = tensor.generate
// CHECK:           tensor.extract %[[SUM]][%{{.+}}] : tensor<?xf64>
// CHECK-NOT:       math.sqrt
// CHECK:           arith.bitcast %{{.+}} : i32 to f32
// CHECK:         } : tensor<?xf32>
// CHECK:         %[[RCP:.+]] = tensor.generate
// CHECK:           tensor.extract %[[SUM]][%{{.+}}] : tensor<?xf64>
// CHECK-NOT:       math.sqrt
// CHECK:           arith.divf %{{.+}}, %{{.+}} : f64
// CHECK:         } : tensor<?xf32>
// CHECK:         %[[OUT:.+]] = tensor.empty(%{{.+}}, %{{.+}}) : tensor<?x?xf32>
// CHECK:         %[[Y:.+]] = scf.forall (%[[I:.+]]) in (%{{.+}}) shared_outs(%[[YO:.+]] = %[[OUT]]) -> (tensor<?x?xf32>) {
// CHECK:           %[[XROW:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, %{{.+}}] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK:           %[[YROW:.+]] = tensor.extract_slice %[[YO]][%[[I]], 0] [1, %{{.+}}] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK:           %[[MAPPED:.+]] = linalg.map ins(%[[XROW]], %[[SCALE]], %[[RCP]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) outs(%[[YROW]] : tensor<?xf32>)
// CHECK:             %[[XS:.+]] = arith.mulf %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:        %[[Q:.+]] = arith.mulf %[[XS]], %{{.+}} : f32
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[MAPPED]] into %[[YO]][%[[I]], 0]
// CHECK:         return %[[Y]] : tensor<?x?xf32>
func.func @lp_p1_f32_dynamic_axis0(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 1 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// f16: squares of f16 values fit f32 without overflow or underflow, so the
// sum and the division run in f32; one truncf back to f16.

// CHECK-LABEL: func.func @lp_p2_f16(
// CHECK-SAME:      %[[X:.+]]: tensor<4xf16>) -> tensor<4xf16>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<f32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[EMPTY]] : tensor<f32>) -> tensor<f32>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<4xf16>) outs(%[[INIT]] : tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f16, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[XW]], %[[XW]] : f32
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[SQ]] fastmath<reassoc> : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK:         linalg.generic
// CHECK-SAME:        iterator_types = ["parallel"]
// CHECK-SAME:        ins(%[[X]], %[[SUM]] : tensor<4xf16>, tensor<f32>)
// CHECK:           %[[XW2:.+]] = arith.extf %{{.+}} : f16 to f32
// CHECK:           %[[NORM:.+]] = math.sqrt %{{.+}} : f32
// CHECK:           %[[ONE3:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[RCP3:.+]] = arith.divf %[[ONE3]], %[[NORM]] : f32
// CHECK-NEXT:      %[[Q:.+]] = arith.mulf %[[XW2]], %[[RCP3]] : f32
// CHECK:           %[[ISZERO:.+]] = arith.cmpf oeq, %[[NORM]], %[[Z:.+]] : f32
// CHECK:           %[[SEL:.+]] = arith.select %[[ISZERO]], %[[Z]], %[[Q]] : f32
// CHECK-NOT:       arith.truncf
// CHECK:           %[[R:.+]] = arith.truncf %[[SEL]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[R]] : f16
func.func @lp_p2_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %y = norm.lp_normalization %x p = 2 : tensor<4xf16>
  return %y : tensor<4xf16>
}

// -----

// bf16 has f32's range: accumulate and divide in f64 (extf through f32),
// then round once to bf16 (round-to-odd to f32, then truncf to bf16). Axis
// -2 of a rank-2 tensor is the leading axis; with 3 rows (fewer than 8
// chunks of 8) the sum is one plain reduction; R = 1 / Norm per column; Y
// row by row in an scf.forall.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @lp_p2_bf16(
// CHECK-SAME:      %[[X:.+]]: tensor<3x?xbf16>) -> tensor<3x?xbf16>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$COL]]]
// CHECK-SAME:        iterator_types = ["reduction", "parallel"]
// CHECK-SAME:        ins(%[[X]] : tensor<3x?xbf16>) outs(%{{.+}} : tensor<?xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: bf16, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[X32:.+]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      %[[X64:.+]] = arith.extf %[[X32]] : f32 to f64
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[X64]], %[[X64]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[SQ]] fastmath<reassoc> : f64
// CHECK:         %[[RCP:.+]] = linalg.map ins(%[[SUM]] : tensor<?xf64>)
// CHECK:             math.sqrt
// CHECK:             arith.divf
// CHECK:         scf.forall
// CHECK:           %[[Y:.+]] = linalg.map ins(%{{.+}}, %[[RCP]] : tensor<?xbf16>, tensor<?xf64>)
// CHECK-NOT:         arith.divf
// CHECK:           %[[Q:.+]] = arith.mulf %{{.+}}, %{{.+}} : f64
// CHECK:           %[[SEL:.+]] = arith.select %{{.+}}, %{{.+}}, %[[Q]] : f64
// CHECK-NEXT:      %[[RNE:.+]] = arith.truncf %[[SEL]] : f64 to f32
// CHECK-NEXT:      %[[BACK:.+]] = arith.extf %[[RNE]] : f32 to f64
// CHECK-NEXT:      %[[INEXACT:.+]] = arith.cmpf one, %[[BACK]], %[[SEL]] : f64
// CHECK-NEXT:      %[[BITS:.+]] = arith.bitcast %[[RNE]] : f32 to i32
// CHECK:           %[[ODDBITS:.+]] = arith.select %{{.+}}, %{{.+}}, %[[BITS]] : i32
// CHECK-NEXT:      %[[ODD:.+]] = arith.bitcast %[[ODDBITS]] : i32 to f32
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[ODD]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[R]] : bf16
// CHECK:         return %{{.+}} : tensor<3x?xbf16>
func.func @lp_p2_bf16(%x: tensor<3x?xbf16>) -> tensor<3x?xbf16> {
  %y = norm.lp_normalization %x axis = -2 : tensor<3x?xbf16>
  return %y : tensor<3x?xbf16>
}

// -----

// f64, p = 2, middle axis of a rank-3 tensor: M = max|x|, S = sum((x/M)^2),
// Y = (x/M)/sqrt(S), with Y = x/M where M is infinite and 0 where M == 0.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$OUTER:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @lp_p2_f64_scaled(
// CHECK-SAME:      %[[X:.+]]: tensor<2x?x5xf64>) -> tensor<2x?x5xf64>
// CHECK:         %[[MINIT:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<2x5xf64>) -> tensor<2x5xf64>
// CHECK:         %[[M:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME:        ins(%[[X]] : tensor<2x?x5xf64>) outs(%[[MINIT]] : tensor<2x5xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[ABS:.+]] = math.absf %[[IN]] : f64
// CHECK-NEXT:      %[[MAX:.+]] = arith.maximumf %[[ACC]], %[[ABS]] : f64
// CHECK-NEXT:      linalg.yield %[[MAX]] : f64
// CHECK:         %[[SINIT:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<2x5xf64>) -> tensor<2x5xf64>
// CHECK:         %[[S:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME:        ins(%[[X]], %[[M]] : tensor<2x?x5xf64>, tensor<2x5xf64>) outs(%[[SINIT]] : tensor<2x5xf64>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: f64, %[[MM:.+]]: f64, %[[ACC2:.+]]: f64):
// CHECK-NEXT:      %[[SCALED:.+]] = arith.divf %[[IN2]], %[[MM]] : f64
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[SCALED]], %[[SCALED]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC2]], %[[SQ]] fastmath<reassoc> : f64
// CHECK-NEXT:      linalg.yield %[[ADD]] : f64
// CHECK:         %[[D1:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<2x?x5xf64>
// CHECK:         %[[OUT:.+]] = tensor.empty(%[[D1]]) : tensor<2x?x5xf64>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]], #[[$ID]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:        ins(%[[X]], %[[M]], %[[S]] : tensor<2x?x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>) outs(%[[OUT]] : tensor<2x?x5xf64>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f64, %[[ME:.+]]: f64, %[[SE:.+]]: f64, %{{.+}}: f64):
// CHECK-DAG:       %[[Z:.+]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:       %[[INF:.+]] = arith.constant 0x7FF0000000000000 : f64
// CHECK:           %[[XM:.+]] = arith.divf %[[XE]], %[[ME]] : f64
// CHECK-NEXT:      %[[ROOT:.+]] = math.sqrt %[[SE]] : f64
// CHECK-NEXT:      %[[Q:.+]] = arith.divf %[[XM]], %[[ROOT]] : f64
// CHECK-NEXT:      %[[ISINF:.+]] = arith.cmpf oeq, %[[ME]], %[[INF]] : f64
// CHECK-NEXT:      %[[FIN:.+]] = arith.select %[[ISINF]], %[[XM]], %[[Q]] : f64
// CHECK-NEXT:      %[[ISZERO:.+]] = arith.cmpf oeq, %[[ME]], %[[Z]] : f64
// CHECK-NEXT:      %[[SEL:.+]] = arith.select %[[ISZERO]], %[[Z]], %[[FIN]] : f64
// CHECK-NEXT:      linalg.yield %[[SEL]] : f64
// CHECK:         return %[[Y]] : tensor<2x?x5xf64>
func.func @lp_p2_f64_scaled(%x: tensor<2x?x5xf64>) -> tensor<2x?x5xf64> {
  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<2x?x5xf64>
  return %y : tensor<2x?x5xf64>
}

// -----

// f64, p = 1: S = sum(|x/M|), no square root, no truncation.

// CHECK-LABEL: func.func @lp_p1_f64_scaled(
// CHECK-SAME:      %[[X:.+]]: tensor<7xf64>) -> tensor<7xf64>
// CHECK:         %[[M:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["reduction"]
// CHECK:           arith.maximumf
// CHECK:         %[[S:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["reduction"]
// CHECK-SAME:        ins(%[[X]], %[[M]] : tensor<7xf64>, tensor<f64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f64, %[[MM:.+]]: f64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[SCALED:.+]] = arith.divf %[[IN]], %[[MM]] : f64
// CHECK-NEXT:      %[[ABS:.+]] = math.absf %[[SCALED]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[ABS]] fastmath<reassoc> : f64
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel"]
// CHECK-SAME:        ins(%[[X]], %[[M]], %[[S]] : tensor<7xf64>, tensor<f64>, tensor<f64>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f64, %[[ME:.+]]: f64, %[[SE:.+]]: f64, %{{.+}}: f64):
// CHECK:           %[[XM:.+]] = arith.divf %[[XE]], %[[ME]] : f64
// CHECK-NEXT:      %[[Q:.+]] = arith.divf %[[XM]], %[[SE]] : f64
// CHECK-NOT:       arith.truncf
// CHECK:           linalg.yield %{{.+}} : f64
// CHECK:         return %[[Y]] : tensor<7xf64>
func.func @lp_p1_f64_scaled(%x: tensor<7xf64>) -> tensor<7xf64> {
  %y = norm.lp_normalization %x p = 1 : tensor<7xf64>
  return %y : tensor<7xf64>
}

// -----

// X [batch, sequence, hidden] with axis -1: lowered as rows [6, 5] (a
// collapse_shape view), Y expanded back; the 2-D op is lowered as
// @lp_p2_f32_static is (a sum per row, per-row factors, one elementwise op).
// CHECK-LABEL: func.func @lp_rank3_last_axis(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3x5xf32>)
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x5xf32> into tensor<6x5xf32>
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[C]] : tensor<6x5xf32>)
// CHECK:         %[[Y:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[C]], %{{.+}}, %{{.+}} : tensor<6x5xf32>, tensor<6xf32>, tensor<6xf32>)
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2]] output_shape [2, 3, 5] : tensor<6x5xf32> into tensor<2x3x5xf32>
// CHECK:         return %[[E]]
func.func @lp_rank3_last_axis(%x: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<2x3x5xf32>
  return %y : tensor<2x3x5xf32>
}

// -----

// Rank 3 with the middle axis is already [outer, axis, inner]: not
// collapsed (no reshape).
// CHECK-LABEL: func.func @lp_rank3_middle_axis(
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.+}} : tensor<2x3x5xf32>)
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return
func.func @lp_rank3_middle_axis(%x: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<2x3x5xf32>
  return %y : tensor<2x3x5xf32>
}
