// RUN: norm-opt %s -convert-norm-to-linalg -split-input-file | FileCheck %s

// MAX (default) on f32 rows: the signed maximum, exactly, from two i32 max
// reductions in one linalg.generic: of keys that order as the floats
// (bits ^ ((bits >>s 31) >>u 1); init: the key of -inf) and of |x|'s bits (a
// NaN's exceed +inf's). A map decodes them (NaN where the largest magnitude
// is a NaN's); Y = (X * Scale) * Reciprocal in f32, and Y = X where the
// maximum is 0 (Scale 0).

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @normalizer_max_f32(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[KEYINIT:.+]] = arith.constant -2139095041 : i32
// CHECK:         %[[KEYS0:.+]] = linalg.fill ins(%[[KEYINIT]] : i32) outs(%{{.+}} : tensor<2xi32>) -> tensor<2xi32>
// CHECK:         %[[MAGS0:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%{{.+}} : tensor<2xi32>) -> tensor<2xi32>
// CHECK:         %[[MAX:.+]]:2 = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<2x3xf32>) outs(%[[KEYS0]], %[[MAGS0]] : tensor<2xi32>, tensor<2xi32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[KACC:.+]]: i32, %[[MACC:.+]]: i32):
// CHECK:           %[[BITS:.+]] = arith.bitcast %[[IN]] : f32 to i32
// CHECK:           %[[SIGN:.+]] = arith.shrsi %[[BITS]], %{{.+}} : i32
// CHECK:           %[[FLIP:.+]] = arith.shrui %[[SIGN]], %{{.+}} : i32
// CHECK:           %[[KEY:.+]] = arith.xori %[[BITS]], %[[FLIP]] : i32
// CHECK:           %[[MAG:.+]] = arith.andi %[[BITS]], %{{.+}} : i32
// CHECK:           %[[K:.+]] = arith.maxsi %[[KACC]], %[[KEY]] : i32
// CHECK:           %[[M:.+]] = arith.maxsi %[[MACC]], %[[MAG]] : i32
// CHECK:           linalg.yield %[[K]], %[[M]] : i32, i32
// CHECK:         %[[D:.+]] = linalg.map ins(%[[MAX]]#0, %[[MAX]]#1 : tensor<2xi32>, tensor<2xi32>) outs(%{{.+}} : tensor<2xf32>)
// CHECK:             arith.cmpi sgt, %{{.+}}, %{{.+}} : i32
// CHECK:             arith.bitcast %{{.+}} : i32 to f32
// CHECK:         %[[SCALE:.+]] = linalg.map ins(%[[D]] : tensor<2xf32>) outs(%{{.+}} : tensor<2xf32>)
// CHECK:         %[[RCP:.+]] = linalg.map ins(%[[D]] : tensor<2xf32>) outs(%{{.+}} : tensor<2xf32>)
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
// CHECK-NEXT:      %[[R:.+]] = arith.select %[[ISZERO]], %[[IN2]], %[[Q]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[Y]] : tensor<2x3xf32>
func.func @normalizer_max_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = norm.normalizer %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// L1 on one dynamic i64 row: exact sitofp, sum(|x|) with reassoc, no sqrt.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$SCALAR:map[0-9]*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @normalizer_l1_i64_dynamic(
// CHECK-SAME:      %[[X:.+]]: tensor<?xi64>) -> tensor<?xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<f64>
// CHECK:         %[[ZERO:.+]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f64) outs(%[[EMPTY]] : tensor<f64>) -> tensor<f64>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$SCALAR]]]
// CHECK-SAME:        iterator_types = ["reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<?xi64>) outs(%[[INIT]] : tensor<f64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: i64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[XW:.+]] = arith.sitofp %[[IN]] : i64 to f64
// CHECK-NEXT:      %[[ABS:.+]] = math.absf %[[XW]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[ABS]] fastmath<reassoc> : f64
// CHECK-NEXT:      linalg.yield %[[ADD]] : f64
// CHECK:         %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[DIM:.+]] = tensor.dim %[[X]], %[[C0]] : tensor<?xi64>
// CHECK:         %[[OUT:.+]] = tensor.empty(%[[DIM]]) : tensor<?xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]]
// CHECK-SAME:        iterator_types = ["parallel"]
// CHECK-SAME:        ins(%[[X]], %[[SUM]] : tensor<?xi64>, tensor<f64>) outs(%[[OUT]] : tensor<?xf32>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: i64, %[[S:.+]]: f64, %{{.+}}: f32):
// CHECK-NEXT:      %[[XW2:.+]] = arith.sitofp %[[IN2]] : i64 to f64
// CHECK-NOT:       math.sqrt
// CHECK:           %[[ONE2:.+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:      %[[RCP2:.+]] = arith.divf %[[ONE2]], %[[S]] : f64
// CHECK-NEXT:      %[[Q:.+]] = arith.mulf %[[XW2]], %[[RCP2]] : f64
// CHECK-NEXT:      %[[ISZERO:.+]] = arith.cmpf oeq, %[[S]], %{{.+}} : f64
// CHECK-NEXT:      %[[SEL:.+]] = arith.select %[[ISZERO]], %[[XW2]], %[[Q]] : f64
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[SEL]] : f64 to f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[Y]] : tensor<?xf32>
func.func @normalizer_l1_i64_dynamic(%x: tensor<?xi64>) -> tensor<?xf32> {
  %y = norm.normalizer %x norm = "L1" : tensor<?xi64> -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// L2 on i32 rows: squares in f64 (never in i32), divisor sqrt(S), sign kept.

// CHECK-LABEL: func.func @normalizer_l2_i32(
// CHECK-SAME:      %[[X:.+]]: tensor<?x4xi32>) -> tensor<?x4xf32>
// CHECK:         %[[DIM:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?x4xi32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty(%[[DIM]]) : tensor<?xf64>
// CHECK:         %[[SUM:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<?x4xi32>) outs(%{{.+}} : tensor<?xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: i32, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[XW:.+]] = arith.sitofp %[[IN]] : i32 to f64
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[XW]], %[[XW]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[SQ]] fastmath<reassoc> : f64
// CHECK-NEXT:      linalg.yield %[[ADD]] : f64
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        ins(%[[X]], %[[SUM]] : tensor<?x4xi32>, tensor<?xf64>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: i32, %[[S:.+]]: f64, %{{.+}}: f32):
// CHECK-NEXT:      %[[XW2:.+]] = arith.sitofp %[[IN2]] : i32 to f64
// CHECK-NEXT:      %[[NORM:.+]] = math.sqrt %[[S]] : f64
// CHECK:           %[[ONE3:.+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:      %[[RCP3:.+]] = arith.divf %[[ONE3]], %[[NORM]] : f64
// CHECK-NEXT:      %[[Q:.+]] = arith.mulf %[[XW2]], %[[RCP3]] : f64
// CHECK-NEXT:      %[[ISZERO:.+]] = arith.cmpf oeq, %[[NORM]], %{{.+}} : f64
// CHECK-NEXT:      %[[SEL:.+]] = arith.select %[[ISZERO]], %[[XW2]], %[[Q]] : f64
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[SEL]] : f64 to f32
// CHECK:         return %[[Y]] : tensor<?x4xf32>
func.func @normalizer_l2_i32(%x: tensor<?x4xi32>) -> tensor<?x4xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<?x4xi32> -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// L2 on f64 rows: scaled by M = max|x| so that no f64 sum overflows;
// Y = X where M == 0, one truncf to f32.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @normalizer_l2_f64(
// CHECK-SAME:      %[[X:.+]]: tensor<3x?xf64>) -> tensor<3x?xf32>
// CHECK:         %[[M:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<3x?xf64>) outs(%{{.+}} : tensor<3xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[ABS:.+]] = math.absf %[[IN]] : f64
// CHECK-NEXT:      %[[MAX:.+]] = arith.maximumf %[[ACC]], %[[ABS]] : f64
// CHECK:         %[[S:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[M]] : tensor<3x?xf64>, tensor<3xf64>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: f64, %[[MM:.+]]: f64, %[[ACC2:.+]]: f64):
// CHECK-NEXT:      %[[SCALED:.+]] = arith.divf %[[IN2]], %[[MM]] : f64
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[SCALED]], %[[SCALED]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC2]], %[[SQ]] fastmath<reassoc> : f64
// CHECK:         %[[OUT:.+]] = tensor.empty(%{{.+}}) : tensor<3x?xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ID]]]
// CHECK-SAME:        ins(%[[X]], %[[M]], %[[S]] : tensor<3x?xf64>, tensor<3xf64>, tensor<3xf64>) outs(%[[OUT]] : tensor<3x?xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f64, %[[ME:.+]]: f64, %[[SE:.+]]: f64, %{{.+}}: f32):
// CHECK-DAG:       %[[Z:.+]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:       %[[INF:.+]] = arith.constant 0x7FF0000000000000 : f64
// CHECK:           %[[XM:.+]] = arith.divf %[[XE]], %[[ME]] : f64
// CHECK-NEXT:      %[[ROOT:.+]] = math.sqrt %[[SE]] : f64
// CHECK-NEXT:      %[[Q:.+]] = arith.divf %[[XM]], %[[ROOT]] : f64
// CHECK-NEXT:      %[[ISINF:.+]] = arith.cmpf oeq, %[[ME]], %[[INF]] : f64
// CHECK-NEXT:      %[[FIN:.+]] = arith.select %[[ISINF]], %[[XM]], %[[Q]] : f64
// CHECK-NEXT:      %[[ISZERO:.+]] = arith.cmpf oeq, %[[ME]], %[[Z]] : f64
// CHECK-NEXT:      %[[SEL:.+]] = arith.select %[[ISZERO]], %[[XE]], %[[FIN]] : f64
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[SEL]] : f64 to f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[Y]] : tensor<3x?xf32>
func.func @normalizer_l2_f64(%x: tensor<3x?xf64>) -> tensor<3x?xf32> {
  %y = norm.normalizer %x norm = "L2" : tensor<3x?xf64> -> tensor<3x?xf32>
  return %y : tensor<3x?xf32>
}

// -----

// L1 on f64: the same scaling, S = sum(|x/M|), no sqrt.

// CHECK-LABEL: func.func @normalizer_l1_f64(
// CHECK-SAME:      %[[X:.+]]: tensor<5xf64>) -> tensor<5xf32>
// CHECK:         %[[M:.+]] = linalg.generic
// CHECK:           arith.maximumf
// CHECK:         %[[S:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[M]] : tensor<5xf64>, tensor<f64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f64, %[[MM:.+]]: f64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[SCALED:.+]] = arith.divf %[[IN]], %[[MM]] : f64
// CHECK-NEXT:      %[[ABS:.+]] = math.absf %[[SCALED]] : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[ABS]] fastmath<reassoc> : f64
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[M]], %[[S]] : tensor<5xf64>, tensor<f64>, tensor<f64>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f64, %[[ME:.+]]: f64, %[[SE:.+]]: f64, %{{.+}}: f32):
// CHECK:           %[[XM:.+]] = arith.divf %[[XE]], %[[ME]] : f64
// CHECK-NEXT:      %[[Q:.+]] = arith.divf %[[XM]], %[[SE]] : f64
// CHECK:           %[[SEL:.+]] = arith.select %{{.+}}, %[[XE]], %{{.+}} : f64
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[SEL]] : f64 to f32
// CHECK:         return %[[Y]] : tensor<5xf32>
func.func @normalizer_l1_f64(%x: tensor<5xf64>) -> tensor<5xf32> {
  %y = norm.normalizer %x norm = "L1" : tensor<5xf64> -> tensor<5xf32>
  return %y : tensor<5xf32>
}

// -----

// MAX on f64 needs no scaling (no sum). A result type more static than X's
// is reached through tensor.cast.

// CHECK-LABEL: func.func @normalizer_max_f64_static_result(
// CHECK-SAME:      %[[X:.+]]: tensor<?x2xf64>) -> tensor<4x2xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<?xf64>) -> tensor<?xf64>
// CHECK:         %[[MAX:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<?x2xf64>) outs(%[[INIT]] : tensor<?xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f64, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[M:.+]] = arith.maximumf %[[ACC]], %[[IN]] : f64
// CHECK-NEXT:      linalg.yield %[[M]] : f64
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[MAX]] : tensor<?x2xf64>, tensor<?xf64>)
// CHECK:           %[[SEL:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : f64
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[SEL]] : f64 to f32
// CHECK:         } -> tensor<?x2xf32>
// CHECK:         %[[CAST:.+]] = tensor.cast %[[Y]] : tensor<?x2xf32> to tensor<4x2xf32>
// CHECK:         return %[[CAST]] : tensor<4x2xf32>
func.func @normalizer_max_f64_static_result(%x: tensor<?x2xf64>) -> tensor<4x2xf32> {
  %y = norm.normalizer %x norm = "MAX" : tensor<?x2xf64> -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}
