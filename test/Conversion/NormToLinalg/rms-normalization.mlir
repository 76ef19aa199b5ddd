// RUN: norm-opt %s -convert-norm-to-linalg -split-input-file | FileCheck %s

// f32 X and Scale over the last axis: the squares summed in f64 (exact, no
// overflow or underflow), D = sqrt(SumSq / n + epsilon) per row in f64, and
// InvStdDev = 1 / D rounded once to f32. Y = (X / D) * Scale in f32, X / D
// formed as (X * F) * R from per-row f32 factors (F a power of two, R =
// 1 / (D * F); F = 1, R = 1 / D for D in [2^-64, 2^64]) that neither
// overflow nor underflow; where D = 0 (epsilon 0, a zero row), F = 0 and
// R = inf give (0 * 0) * inf = NaN without a per-element select.
// The square is exact in f64, so its contraction into a fused multiply-add
// with the sum changes no value.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @rms_f32(
// CHECK-SAME:      %[[X:.+]]: tensor<4x8xf32>, %[[S:.+]]: tensor<8xf32>)
// CHECK-DAG:     %[[N:.+]] = arith.constant 8.000000e+00 : f64
// CHECK-DAG:     %[[EPS:.+]] = arith.constant 9.9999997473787516E-6 : f64
// CHECK:         %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<4xf64>) -> tensor<4xf64>
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<4x8xf32>) outs(%[[ZERO]] : tensor<4xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[W:.+]] = arith.extf %[[IN]] : f32 to f64
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[W]], %[[W]] fastmath<contract> : f64
// CHECK-NEXT:      %[[ADD:.+]] = arith.addf %[[ACC]], %[[SQ]] fastmath<reassoc,contract> : f64
// CHECK-NEXT:      linalg.yield %[[ADD]] : f64
// CHECK:         %[[D:.+]] = linalg.map ins(%[[SUMSQ]] : tensor<4xf64>)
// CHECK-NEXT:      (%[[SS:.+]]: f64, %{{.+}}: f64) {
// CHECK-NEXT:        %[[MEAN:.+]] = arith.divf %[[SS]], %[[N]] : f64
// CHECK-NEXT:        %[[SUM:.+]] = arith.addf %[[MEAN]], %[[EPS]] : f64
// CHECK-NEXT:        %[[ROOT:.+]] = math.sqrt %[[SUM]] : f64
// CHECK-NEXT:        linalg.yield %[[ROOT]] : f64
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[D]] : tensor<4xf64>)
// CHECK-NEXT:      (%[[DD:.+]]: f64, %{{.+}}: f64) {
// CHECK-NEXT:        %[[R:.+]] = arith.divf %{{.+}}, %[[DD]] : f64
// CHECK-NEXT:        linalg.yield %[[R]] : f64
// CHECK:         %[[F:.+]] = linalg.map ins(%[[D]] : tensor<4xf64>) outs(%{{.+}} : tensor<4xf32>)
// CHECK:           scf.if
// CHECK:         %[[RECIP:.+]] = linalg.map ins(%[[D]] : tensor<4xf64>) outs(%{{.+}} : tensor<4xf32>)
// CHECK:           scf.if
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$COL]], #[[$ROW]], #[[$ROW]], #[[$ID]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        ins(%[[X]], %[[S]], %[[F]], %[[RECIP]] : tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f32, %[[SE:.+]]: f32, %[[FE:.+]]: f32, %[[RE:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[XF:.+]] = arith.mulf %[[XE]], %[[FE]] : f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.mulf %[[XF]], %[[RE]] : f32
// CHECK-NEXT:      %[[YE:.+]] = arith.mulf %[[NORM]], %[[SE]] : f32
// CHECK-NEXT:      linalg.yield %[[YE]] : f32
// CHECK:         %[[U:.+]] = linalg.generic {{.*}} ins(%[[INV]] : tensor<4xf64>)
// CHECK:           arith.truncf %{{.+}} : f64 to f32
// CHECK:         %[[STAT:.+]] = tensor.expand_shape %[[U]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
// CHECK:         return %[[Y]], %[[STAT]]
func.func @rms_f32(%x: tensor<4x8xf32>, %scale: tensor<8xf32>)
    -> (tensor<4x8xf32>, tensor<4x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>)
  return %y, %inv : tensor<4x8xf32>, tensor<4x1xf32>
}

// -----

// bf16 X with an f16 Scale (V = f16, W = f32): bf16 is less precise than
// f16, so Normalized = X * InvStdDev is formed in f64 and rounded once to
// bf16 (round to odd through f32, then to bf16), widened to f32 and
// multiplied by Scale (converted to f32 once, in a copy), then rounded to
// f16; stash_type 11 keeps InvStdDev in f64 (no rounding).

// CHECK-LABEL: func.func @rms_bf16_f16_stash_f64(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xbf16>, %[[S:.+]]: tensor<3xf16>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           arith.extf %{{.+}} : bf16 to f32
// CHECK:           arith.extf %{{.+}} : f32 to f64
// CHECK:         %[[D:.+]] = linalg.map
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[D]] : tensor<2xf64>)
// CHECK:         %[[SW:.+]] = tensor.generate
// CHECK:           arith.extf %{{.+}} : f16 to f32
// CHECK:         } : tensor<3xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[SW]], %[[INV]] : tensor<2x3xbf16>, tensor<3xf32>, tensor<2xf64>)
// CHECK:           %[[NORM:.+]] = arith.mulf %{{.+}}, %{{.+}} : f64
// CHECK:           %[[ODD:.+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK-NEXT:      %[[NORMT:.+]] = arith.truncf %[[ODD]] : f32 to bf16
// CHECK-NEXT:      %[[NORMW:.+]] = arith.extf %[[NORMT]] : bf16 to f32
// CHECK-NEXT:      %[[YW:.+]] = arith.mulf %[[NORMW]], %{{.+}} : f32
// CHECK-NEXT:      %[[YV:.+]] = arith.truncf %[[YW]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[YV]] : f16
// CHECK-NOT:     arith.truncf
// CHECK:         %[[STAT:.+]] = tensor.expand_shape %[[INV]] {{\[}}[0, 1]] output_shape [2, 1] : tensor<2xf64> into tensor<2x1xf64>
// CHECK:         return %[[Y]], %[[STAT]]
func.func @rms_bf16_f16_stash_f64(%x: tensor<2x3xbf16>, %scale: tensor<3xf16>)
    -> (tensor<2x3xf16>, tensor<2x1xf64>) {
  %y, %inv = norm.rms_normalization %x, %scale stash_type = 11
      : (tensor<2x3xbf16>, tensor<3xf16>) -> (tensor<2x3xf16>, tensor<2x1xf64>)
  return %y, %inv : tensor<2x3xf16>, tensor<2x1xf64>
}

// -----

// f64 X: the slice scaled by its maximum (max|x|, then the sum of
// (x / max)^2), D = hypot(rms, sqrt(epsilon)) per slice, and Y = X / D
// (X * (1 / D) could overflow). f32 Scale: W = f64 (Scale converted once,
// in a copy), Y rounded once to f32.

// CHECK-LABEL: func.func @rms_f64(
// CHECK-SAME:      %[[X:.+]]: tensor<3x5xf64>, %[[S:.+]]: tensor<5xf32>)
// CHECK:         %[[MAX:.+]] = linalg.generic {{.*}} ins(%[[X]] : tensor<3x5xf64>)
// CHECK:           math.absf
// CHECK:           arith.maximumf
// CHECK:         %[[SUM:.+]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<3x5xf64>, tensor<3xf64>)
// CHECK:           arith.divf
// CHECK:           arith.mulf
// CHECK:           arith.addf {{.*}} fastmath<reassoc>
// CHECK:         %[[D:.+]] = linalg.map ins(%[[MAX]], %[[SUM]] : tensor<3xf64>, tensor<3xf64>)
// CHECK:           arith.maximumf
// CHECK:           arith.minimumf
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[D]] : tensor<3xf64>)
// CHECK:         %[[SW:.+]] = tensor.generate
// CHECK:           arith.extf %{{.+}} : f32 to f64
// CHECK:         } : tensor<5xf64>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[SW]], %[[D]] : tensor<3x5xf64>, tensor<5xf64>, tensor<3xf64>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f64, %[[SE:.+]]: f64, %[[DE:.+]]: f64, %{{.+}}: f32):
// CHECK-NEXT:      %[[NORM:.+]] = arith.divf %[[XE]], %[[DE]] : f64
// CHECK-NEXT:      %[[YW:.+]] = arith.mulf %[[NORM]], %[[SE]] : f64
// CHECK-NEXT:      %[[YV:.+]] = arith.truncf %[[YW]] : f64 to f32
// CHECK-NEXT:      linalg.yield %[[YV]] : f32
// CHECK:         linalg.generic {{.*}} ins(%[[INV]] : tensor<3xf64>)
// CHECK:           arith.truncf %{{.+}} : f64 to f32
// CHECK:           arith.truncf %{{.+}} : f32 to f16
func.func @rms_f64(%x: tensor<3x5xf64>, %scale: tensor<5xf32>)
    -> (tensor<3x5xf32>, tensor<3x1xf16>) {
  %y, %inv = norm.rms_normalization %x, %scale stash_type = 10
      : (tensor<3x5xf64>, tensor<5xf32>) -> (tensor<3x5xf32>, tensor<3x1xf16>)
  return %y, %inv : tensor<3x5xf32>, tensor<3x1xf16>
}

// -----

// Several normalized dims (axis 1 of a rank-3 X), a dynamic X, and a Scale
// [1, ?] whose dynamic size may be 1 at run time: X collapsed to [?, 3 * ?]
// (a view), Scale copied once per call to X's normalized sizes [3, ?]
// (index 0 along its static 1, and along its dynamic dim where that size is
// 1 at run time) and collapsed to [3 * ?]; one reduction over the collapsed
// row, one elementwise op for Y reading the collapsed Scale as it is (no
// second copy); Y and InvStdDev [?, 1] of bf16 expanded back to X's shape and
// [?, 1, 1].

// CHECK-DAG: #[[$ID2:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @rms_multi_dim_dynamic(
// CHECK-SAME:      %[[X:.+]]: tensor<?x3x?xf32>, %[[S:.+]]: tensor<1x?xf32>)
// CHECK:         %[[COPY:.+]] = tensor.generate
// CHECK:           %[[SIZE:.+]] = tensor.dim %[[S]], %{{.+}} : tensor<1x?xf32>
// CHECK:           %[[ISONE:.+]] = arith.cmpi eq, %[[SIZE]], %{{.+}} : index
// CHECK:           %[[J:.+]] = arith.select %[[ISONE]], %{{.+}}, %{{.+}} : index
// CHECK:           tensor.extract %[[S]][%{{.+}}, %[[J]]] : tensor<1x?xf32>
// CHECK:         } : tensor<3x?xf32>
// CHECK:         %[[SC:.+]] = tensor.collapse_shape %[[COPY]] {{\[}}[0, 1]] : tensor<3x?xf32> into tensor<?xf32>
// CHECK:         %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<?x3x?xf32> into tensor<?x?xf32>
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID2]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[XC]] : tensor<?x?xf32>)
// CHECK:         %[[D:.+]] = linalg.map ins(%[[SUMSQ]] : tensor<?xf64>)
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[D]] : tensor<?xf64>)
// CHECK-NOT:     scf.if %{{.+}} -> (tensor
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID2]], #[[$COL]], #[[$ROW]], #[[$ROW]], #[[$ID2]]]
// CHECK-SAME:        ins(%[[XC]], %[[SC]], %{{.+}}, %{{.+}} : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
// CHECK:         %[[INVU:.+]] = linalg.generic {{.+}} ins(%[[INV]] : tensor<?xf64>) outs(%{{.+}} : tensor<?xbf16>)
// CHECK:         %[[INV2:.+]] = tensor.expand_shape %[[INVU]] {{\[}}[0, 1]] output_shape [%{{.+}}, 1] : tensor<?xbf16> into tensor<?x1xbf16>
// CHECK:         %[[YE:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0], [1, 2]] output_shape [%{{.+}}, 3, %{{.+}}] : tensor<?x?xf32> into tensor<?x3x?xf32>
// CHECK:         %[[INV3:.+]] = tensor.expand_shape %[[INV2]] {{\[}}[0], [1, 2]] output_shape [%{{.+}}, 1, 1] : tensor<?x1xbf16> into tensor<?x1x1xbf16>
// CHECK:         return %[[YE]], %[[INV3]]
func.func @rms_multi_dim_dynamic(%x: tensor<?x3x?xf32>, %scale: tensor<1x?xf32>)
    -> (tensor<?x3x?xf32>, tensor<?x1x1xbf16>) {
  %y, %inv = norm.rms_normalization %x, %scale axis = 1 stash_type = 16
      : (tensor<?x3x?xf32>, tensor<1x?xf32>) -> (tensor<?x3x?xf32>, tensor<?x1x1xbf16>)
  return %y, %inv : tensor<?x3x?xf32>, tensor<?x1x1xbf16>
}

// -----

// axis 0: one slice, the whole X, collapsed to [6] (Scale of X's shape too);
// InvStdDev [1, 1] from a rank-0 tensor. epsilon 0 stays 0 (a zero slice
// then gives NaN, as the formula).

// CHECK-LABEL: func.func @rms_axis0(
// CHECK-SAME:      %[[X:.+]]: tensor<2x3xf32>, %[[S:.+]]: tensor<2x3xf32>)
// CHECK:         %[[SC:.+]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK:         %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK:         arith.constant 0.000000e+00 : f64
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK-SAME:        ins(%[[XC]] : tensor<6xf32>) outs(%{{.+}} : tensor<f64>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK-SAME:        ins(%[[XC]], %[[SC]], %{{.+}}, %{{.+}} : tensor<6xf32>, tensor<6xf32>, tensor<f32>, tensor<f32>)
// CHECK:         tensor.expand_shape %{{.+}} [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK:         tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
// CHECK:         tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
func.func @rms_axis0(%x: tensor<2x3xf32>, %scale: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<1x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale axis = 0 epsilon = 0.0
      : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<1x1xf32>)
  return %y, %inv : tensor<2x3xf32>, tensor<1x1xf32>
}

// -----

// f16 X and Scale, dynamic row length m: the squares of the four pieces
// X[:, 0:q], X[:, q:2q], X[:, 2q:3q], X[:, 3q:4q] (q = m / 4) are summed as
// (a^2 + b^2) + (c^2 + d^2) in f32 (exact squares) and added in f64, then the
// tail X[:, 4q:m] in f64 into the same sums. Normalized = X * R with the
// per-row reciprocal alone (f16 X: the power-of-two factor F is 1 wherever
// it could change a value, so it is not built). Y = NormalizedT * Scale in
// f32 (the product of two f16 values is exact in f32, so its one rounding to
// f16 is the f16 multiplication's), with Scale converted to f32 once per
// call in the copy that resolves its run-time broadcast, not per element.

// CHECK-DAG: #[[$ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @rms_f16(
// CHECK-SAME:      %[[X:.+]]: tensor<2x?xf16>, %[[S:.+]]: tensor<?xf16>)
// CHECK:         %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[Q:.+]] = arith.divui %{{.+}}, %[[C4]] : index
// CHECK-NEXT:    %[[TAIL:.+]] = arith.muli %[[Q]], %[[C4]] : index
// CHECK:         %[[P0:.+]] = tensor.extract_slice %[[X]][0, 0] [2, %[[Q]]] [1, 1]
// CHECK:         %[[P1:.+]] = tensor.extract_slice %[[X]][0, %[[Q]]] [2, %[[Q]]] [1, 1]
// CHECK:         %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[O2:.+]] = arith.muli %[[Q]], %[[C2]] : index
// CHECK:         %[[P2:.+]] = tensor.extract_slice %[[X]][0, %[[O2]]] [2, %[[Q]]] [1, 1]
// CHECK:         %[[C3:.+]] = arith.constant 3 : index
// CHECK-NEXT:    %[[O3:.+]] = arith.muli %[[Q]], %[[C3]] : index
// CHECK:         %[[P3:.+]] = tensor.extract_slice %[[X]][0, %[[O3]]] [2, %[[Q]]] [1, 1]
// CHECK:         %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<2xf64>) -> tensor<2xf64>
// CHECK:         %[[QUAD:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]], #[[$ID]], #[[$ROW]]]
// CHECK-SAME:        iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[P0]], %[[P1]], %[[P2]], %[[P3]] : tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>) outs(%[[ZERO]] : tensor<2xf64>)
// CHECK-NEXT:    ^bb0(%[[A:.+]]: f16, %[[B:.+]]: f16, %[[C:.+]]: f16, %[[D:.+]]: f16, %[[ACC:.+]]: f64):
// CHECK-NEXT:      %[[AW:.+]] = arith.extf %[[A]] : f16 to f32
// CHECK-NEXT:      %[[A2:.+]] = arith.mulf %[[AW]], %[[AW]] fastmath<contract> : f32
// CHECK-NEXT:      %[[BW:.+]] = arith.extf %[[B]] : f16 to f32
// CHECK-NEXT:      %[[B2:.+]] = arith.mulf %[[BW]], %[[BW]] fastmath<contract> : f32
// CHECK-NEXT:      %[[CW:.+]] = arith.extf %[[C]] : f16 to f32
// CHECK-NEXT:      %[[C2SQ:.+]] = arith.mulf %[[CW]], %[[CW]] fastmath<contract> : f32
// CHECK-NEXT:      %[[DW:.+]] = arith.extf %[[D]] : f16 to f32
// CHECK-NEXT:      %[[D2:.+]] = arith.mulf %[[DW]], %[[DW]] fastmath<contract> : f32
// CHECK-NEXT:      %[[AB:.+]] = arith.addf %[[A2]], %[[B2]] fastmath<contract> : f32
// CHECK-NEXT:      %[[CD:.+]] = arith.addf %[[C2SQ]], %[[D2]] fastmath<contract> : f32
// CHECK-NEXT:      %[[TERM:.+]] = arith.addf %[[AB]], %[[CD]] : f32
// CHECK-NEXT:      %[[TERMW:.+]] = arith.extf %[[TERM]] : f32 to f64
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addf %[[ACC]], %[[TERMW]] fastmath<reassoc> : f64
// CHECK-NEXT:      linalg.yield %[[NEXT]] : f64
// CHECK:         %[[TAILSIZE:.+]] = arith.subi %{{.+}}, %[[TAIL]] : index
// CHECK:         %[[PT:.+]] = tensor.extract_slice %[[X]][0, %[[TAIL]]] [2, %[[TAILSIZE]]] [1, 1]
// CHECK:         %[[SUMSQ:.+]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$ID]], #[[$ROW]]]
// CHECK-SAME:        ins(%[[PT]] : tensor<2x?xf16>) outs(%[[QUAD]] : tensor<2xf64>)
// CHECK:             arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f64
// CHECK:         %[[DEN:.+]] = linalg.map ins(%[[SUMSQ]] : tensor<2xf64>)
// CHECK:         linalg.map ins(%[[DEN]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf64>)
// CHECK-NOT:     linalg.map
// CHECK:         %[[RECIP:.+]] = linalg.map ins(%[[DEN]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK:           scf.if
// CHECK-NOT:     linalg.map
// CHECK:         %[[SW:.+]] = tensor.generate
// CHECK:           %[[SEL:.+]] = tensor.extract %[[S]]
// CHECK-NEXT:      %[[SELW:.+]] = arith.extf %[[SEL]] : f16 to f32
// CHECK-NEXT:      tensor.yield %[[SELW]] : f32
// CHECK-NEXT:    } : tensor<?xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[SW]], %[[RECIP]] : tensor<2x?xf16>, tensor<?xf32>, tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f16, %[[SE:.+]]: f32, %[[RE:.+]]: f32, %{{.+}}: f16):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[XE]] : f16 to f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.mulf %[[XW]], %[[RE]] : f32
// CHECK-NEXT:      %[[NORMT:.+]] = arith.truncf %[[NORM]] : f32 to f16
// CHECK-NEXT:      %[[NORMW:.+]] = arith.extf %[[NORMT]] : f16 to f32
// CHECK-NEXT:      %[[YW:.+]] = arith.mulf %[[NORMW]], %[[SE]] : f32
// CHECK-NEXT:      %[[YE:.+]] = arith.truncf %[[YW]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[YE]] : f16
func.func @rms_f16(%x: tensor<2x?xf16>, %scale: tensor<?xf16>)
    -> (tensor<2x?xf16>, tensor<2x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<2x?xf16>, tensor<?xf16>) -> (tensor<2x?xf16>, tensor<2x1xf32>)
  return %y, %inv : tensor<2x?xf16>, tensor<2x1xf32>
}

// -----

// f16 X and Scale with fewer than 8 slices (a static count) and a static
// Scale: no copy of Scale (its allocation and loop would cost more than the
// conversions they save); Y = NormalizedT * Scale is the f16
// multiplication, of the same value as the f32 product rounded once.

// CHECK-LABEL: func.func @rms_f16_few_rows(
// CHECK-SAME:      %[[X:.+]]: tensor<7x8xf16>, %[[S:.+]]: tensor<8xf16>)
// CHECK-NOT:     tensor.generate
// CHECK:         %[[RECIP:.+]] = linalg.map ins(%{{.+}} : tensor<7xf64>) outs(%{{.+}} : tensor<7xf32>)
// CHECK-NOT:     tensor.generate
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[S]], %[[RECIP]] : tensor<7x8xf16>, tensor<8xf16>, tensor<7xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f16, %[[SE:.+]]: f16, %[[RE:.+]]: f32, %{{.+}}: f16):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[XE]] : f16 to f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.mulf %[[XW]], %[[RE]] : f32
// CHECK-NEXT:      %[[NORMT:.+]] = arith.truncf %[[NORM]] : f32 to f16
// CHECK-NEXT:      %[[YE:.+]] = arith.mulf %[[NORMT]], %[[SE]] : f16
// CHECK-NEXT:      linalg.yield %[[YE]] : f16
func.func @rms_f16_few_rows(%x: tensor<7x8xf16>, %scale: tensor<8xf16>)
    -> (tensor<7x8xf16>, tensor<7x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<7x8xf16>, tensor<8xf16>) -> (tensor<7x8xf16>, tensor<7x1xf32>)
  return %y, %inv : tensor<7x8xf16>, tensor<7x1xf32>
}

// -----

// The same with 8 slices: Scale converted to f32 once, in a copy; Y in f32.

// CHECK-LABEL: func.func @rms_f16_copy_rows(
// CHECK-SAME:      %[[X:.+]]: tensor<2x4x8xf16>, %[[S:.+]]: tensor<8xf16>)
// CHECK:         %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x4x8xf16> into tensor<8x8xf16>
// CHECK:         %[[SW:.+]] = tensor.generate
// CHECK:           arith.extf %{{.+}} : f16 to f32
// CHECK:         } : tensor<8xf32>
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[XC]], %[[SW]], %{{.+}} : tensor<8x8xf16>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[XE:.+]]: f16, %[[SE:.+]]: f32, %[[RE:.+]]: f32, %{{.+}}: f16):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[XE]] : f16 to f32
// CHECK-NEXT:      %[[NORM:.+]] = arith.mulf %[[XW]], %[[RE]] : f32
// CHECK-NEXT:      %[[NORMT:.+]] = arith.truncf %[[NORM]] : f32 to f16
// CHECK-NEXT:      %[[NORMW:.+]] = arith.extf %[[NORMT]] : f16 to f32
// CHECK-NEXT:      %[[YW:.+]] = arith.mulf %[[NORMW]], %[[SE]] : f32
// CHECK-NEXT:      %[[YE:.+]] = arith.truncf %[[YW]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[YE]] : f16
func.func @rms_f16_copy_rows(%x: tensor<2x4x8xf16>, %scale: tensor<8xf16>)
    -> (tensor<2x4x8xf16>, tensor<2x4x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale axis = 2
      : (tensor<2x4x8xf16>, tensor<8xf16>) -> (tensor<2x4x8xf16>, tensor<2x4x1xf32>)
  return %y, %inv : tensor<2x4x8xf16>, tensor<2x4x1xf32>
}

// -----

// X [2, 3, 4] of f32 with an f16 Scale: Y (f16, V) is expanded back from the
// collapsed rows with its own element type, not X's (a new user's run: the
// expand_shape was built with X's type and failed to verify).

// CHECK-LABEL: func.func @rms_rank3_scale_type_differs(
// CHECK:         %[[Y:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<6x4xf16>)
// CHECK:         tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf16> into tensor<2x3x4xf16>
func.func @rms_rank3_scale_type_differs(%x: tensor<2x3x4xf32>, %scale: tensor<4xf16>)
    -> (tensor<2x3x4xf16>, tensor<2x3x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<2x3x4xf32>, tensor<4xf16>) -> (tensor<2x3x4xf16>, tensor<2x3x1xf32>)
  return %y, %inv : tensor<2x3x4xf16>, tensor<2x3x1xf32>
}

// -----

// axis 0 of a bf16 X [2, 4] with an f32 Scale of X's shape: the whole X is
// one slice, collapsed to [8]; Y (f32) expanded back as f32.

// CHECK-LABEL: func.func @rms_axis0_scale_type_differs(
// CHECK:         tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
func.func @rms_axis0_scale_type_differs(%x: tensor<2x4xbf16>, %scale: tensor<2x4xf32>)
    -> (tensor<2x4xf32>, tensor<1x1xf32>) {
  %y, %inv = norm.rms_normalization %x, %scale axis = 0
      : (tensor<2x4xbf16>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<1x1xf32>)
  return %y, %inv : tensor<2x4xf32>, tensor<1x1xf32>
}
