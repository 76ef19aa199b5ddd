// The lowering of the channel normalizations (BatchNormalization.cpp,
// GroupNormalization.cpp, InstanceNormalization.cpp).
// RUN: norm-opt %s --convert-norm-to-linalg -split-input-file | FileCheck %s

// BatchNormalization: one op over [C] computes A = scale / sqrt(var + eps)
// and the per-channel powers of two of BatchNormalization.cpp: F1 = 2^-100
// where A leaves f32's normal range (A2 from scale * 2^100), F1 = 1/2 where
// |input_mean| >= 2^103 (half an ulp of FLT_MAX) and |A2| < 2^127, and,
// where A overflows f32, A2 from scale * 2^-100 with F1 = 2^100 for this
// f16 X where input_mean * 2^100 stays finite (X * 2^100 cannot overflow;
// other types take an outer F2 instead, @batch_rank4). Then (planes statically shorter than 16 elements, here 4)
// one elementwise op over X reading the [C] terms at (d1): (X * F1 -
// input_mean * F1) * A2 + B; f16 X with f32 statistics computes in f32 and
// rounds Y once to f16.
// CHECK-DAG:   #[[$ID1:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[$CH:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func @batch
// CHECK-SAME:  (%[[X:.+]]: tensor<2x3x4xf16>, %[[S:.+]]: tensor<3xf16>, %[[B:.+]]: tensor<3xf16>, %[[M:.+]]: tensor<3xf32>, %[[V:.+]]: tensor<3xf32>)
// CHECK:       %[[EPS:.+]] = arith.constant 9.99999974E-6 : f32
// CHECK:       %[[T:.+]]:4 = linalg.generic {indexing_maps = [#[[$ID1]], #[[$ID1]], #[[$ID1]], #[[$ID1]], #[[$ID1]], #[[$ID1]], #[[$ID1]], #[[$ID1]]], iterator_types = ["parallel"]} ins(%[[M]], %[[S]], %[[V]], %[[B]] : tensor<3xf32>, tensor<3xf16>, tensor<3xf32>, tensor<3xf16>)
// CHECK-NEXT:  ^bb0(%[[MI:.+]]: f32, %[[SI:.+]]: f16, %[[VI:.+]]: f32, %[[BI:.+]]: f16,
// CHECK-DAG:     %[[SF:.+]] = arith.extf %[[SI]] : f16 to f32
// CHECK-DAG:     %[[BF:.+]] = arith.extf %[[BI]] : f16 to f32
// sqrt(var + eps), as 2 sqrt(var / 4 + eps / 4) where the sum of a finite
// var and eps overflows; the regimes need a root in (0, inf).
// CHECK-DAG:     %[[INF:.+]] = arith.constant 0x7F800000 : f32
// CHECK:         %[[VE:.+]] = arith.addf %[[VI]], %[[EPS]] : f32
// CHECK:         %[[SUMINF:.+]] = arith.cmpf oeq, %[[VE]], %[[INF]] : f32
// CHECK:         %[[VQ:.+]] = arith.mulf %[[VI]], %{{.+}} : f32
// CHECK:         %[[EQ:.+]] = arith.mulf %[[EPS]], %{{.+}} : f32
// CHECK:         %[[QSUM:.+]] = arith.addf %[[VQ]], %[[EQ]] : f32
// CHECK:         %[[QROOT:.+]] = math.sqrt %[[QSUM]] : f32
// CHECK:         %[[WIDEROOT:.+]] = arith.mulf %{{.+}}, %[[QROOT]] : f32
// CHECK:         %[[PLAIN:.+]] = math.sqrt %[[VE]] : f32
// CHECK:         %[[ROOT:.+]] = arith.select %{{.+}}, %[[WIDEROOT]], %[[PLAIN]] : f32
// CHECK:         %[[A:.+]] = arith.divf %[[SF]], %[[ROOT]] : f32
// CHECK:         %[[AA:.+]] = math.absf %[[A]] : f32
// CHECK:         %[[REG:.+]] = arith.andi
// CHECK:         %[[AINF:.+]] = arith.cmpf oeq, %[[AA]], %[[INF]] : f32
// CHECK:         %[[OVER:.+]] = arith.andi %[[AINF]], %[[REG]] : i1
// CHECK:         %[[TINY:.+]] = arith.cmpf olt, %[[AA]], %{{.+}} : f32
// CHECK:         %[[NZ:.+]] = arith.cmpf one, %[[SF]], %{{.+}} : f32
// CHECK:         %[[TNZ:.+]] = arith.andi %[[TINY]], %[[NZ]] : i1
// CHECK:         %[[UNDER:.+]] = arith.andi %[[TNZ]], %[[REG]] : i1
// CHECK:         %[[DOWN:.+]] = arith.constant 7.88860905E-31 : f32
// CHECK:         %[[SLO:.+]] = arith.mulf %[[SF]], %[[DOWN]] : f32
// CHECK:         %[[AHI:.+]] = arith.divf %[[SLO]], %[[ROOT]] : f32
// CHECK:         %[[AN:.+]] = arith.select %[[OVER]], %[[AHI]], %[[A]] : f32
// CHECK:         %[[HALFULP:.+]] = arith.constant 1.01412048E+31 : f32
// CHECK:         %[[BIG:.+]] = arith.cmpf oge, %{{.+}}, %[[HALFULP]] : f32
// CHECK:         %[[EMAX:.+]] = arith.constant 1.70141183E+38 : f32
// CHECK:         %[[FIN:.+]] = arith.cmpf olt, %{{.+}}, %[[EMAX]] : f32
// CHECK:         %[[HALVE:.+]] = arith.andi %[[BIG]], %[[FIN]] : i1
// CHECK:         %[[F1H:.+]] = arith.select %[[HALVE]], %{{.+}}, %{{.+}} : f32
// CHECK:         %[[F1U:.+]] = arith.select %[[UNDER]], %{{.+}}, %[[F1H]] : f32
// Scaled up only where input_mean * 2^100 is finite.
// CHECK:         %[[MUP:.+]] = arith.mulf %[[MI]], %{{.+}} : f32
// CHECK:         %[[AMUP:.+]] = math.absf %[[MUP]] : f32
// CHECK:         %[[MFIN:.+]] = arith.cmpf olt, %[[AMUP]], %[[INF]] : f32
// CHECK:         %[[SCALEUP:.+]] = arith.andi %[[OVER]], %[[MFIN]] : i1
// CHECK:         %[[UP:.+]] = arith.constant 1.2676506E+30 : f32
// CHECK:         %[[F1:.+]] = arith.select %[[SCALEUP]], %[[UP]], %[[F1U]] : f32
// CHECK:         %[[MF:.+]] = arith.mulf %[[MI]], %[[F1]] : f32
// CHECK:         %[[A2:.+]] = arith.select %[[UNDER]], %{{.+}}, %{{.+}} : f32
// CHECK:         linalg.yield %[[F1]], %[[MF]], %[[A2]], %[[BF]] : f32, f32, f32, f32
// CHECK:       linalg.generic {indexing_maps = [#[[$ID3]], #[[$CH]], #[[$CH]], #[[$CH]], #[[$CH]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[T]]#0, %[[T]]#1, %[[T]]#2, %[[T]]#3 : tensor<2x3x4xf16>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT:  ^bb0(%[[XI:.+]]: f16, %[[FI:.+]]: f32, %[[MFI:.+]]: f32, %[[AFI:.+]]: f32, %[[BFI:.+]]: f32,
// CHECK:         %[[XF:.+]] = arith.extf %[[XI]] : f16 to f32
// CHECK:         %[[XS:.+]] = arith.mulf %[[XF]], %[[FI]] fastmath<contract> : f32
// CHECK:         %[[D:.+]] = arith.subf %[[XS]], %[[MFI]] fastmath<contract> : f32
// CHECK:         %[[P:.+]] = arith.mulf %[[D]], %[[AFI]] fastmath<contract> : f32
// CHECK:         %[[Y:.+]] = arith.addf %[[P]], %[[BFI]] fastmath<contract> : f32
// CHECK:         arith.truncf %[[Y]] : f32 to f16
// CHECK-NOT:   linalg.generic
func.func @batch(%x: tensor<2x3x4xf16>, %s: tensor<3xf16>, %b: tensor<3xf16>,
                 %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4xf16> {
  %y = norm.batch_normalization %x, %s, %b, %m, %v
      : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf16>
  return %y : tensor<2x3x4xf16>
}

// -----

// An f64 operand makes the computation type f64 (F's thresholds 2^970 and
// 2^1023).
// CHECK-LABEL: func @batch_f64
// CHECK:       arith.constant 9.9999997473787516E-6 : f64
// CHECK:       arith.constant 9.979201547673599E+291 : f64
// CHECK:       arith.constant 8.9884656743115795E+307 : f64
// CHECK:       arith.subf %{{.+}}, %{{.+}} fastmath<contract> : f64
// CHECK:       arith.truncf %{{.+}} : f64 to f32
func.func @batch_f64(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3xf64>) -> tensor<2x3xf32> {
  %y = norm.batch_normalization %x, %s, %s, %m, %m
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf64>, tensor<3xf64>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// X of rank >= 3 with channel planes of 16 or more elements (or of dynamic
// size) is viewed as the rows [N * C, D1 * ... * Dn], one contiguous channel
// plane each, and Y is built by an scf.forall over the rows (the threads
// split the N * C planes, not N alone; a plain elementwise op would get no
// parallel loop at all): each iteration reads the channel's five terms
// (computed once per call over [C]) as scalars (channel = row mod C) and
// writes its row of Y in place by a
// linalg.map into the destination's row; Y is expanded back, also with
// dynamic spatial dims.
// CHECK-LABEL: func @batch_rank4
// CHECK-SAME:  (%[[X:.+]]: tensor<2x3x?x5xf32>, %[[S:.+]]: tensor<3xf32>)
// CHECK:       %[[T:.+]]:5 = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S]], %[[S]], %[[S]], %[[S]] :
// CHECK:       %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2, 3]] : tensor<2x3x?x5xf32> into tensor<6x?xf32>
// CHECK:       %[[PLANE:.+]] = tensor.dim %[[XC]], %c1
// CHECK:       %[[INIT:.+]] = tensor.empty(%[[PLANE]]) : tensor<6x?xf32>
// CHECK:       %[[Y:.+]] = scf.forall (%[[ROW:.+]]) in (6) shared_outs(%[[OUT:.+]] = %[[INIT]]) -> (tensor<6x?xf32>) {
// CHECK:         %[[C:.+]] = arith.remui %[[ROW]], %c3 : index
// CHECK:         %[[F:.+]] = tensor.extract %[[T]]#0[%[[C]]] : tensor<3xf32>
// CHECK:         %[[MF:.+]] = tensor.extract %[[T]]#1[%[[C]]] : tensor<3xf32>
// CHECK:         %[[AF:.+]] = tensor.extract %[[T]]#2[%[[C]]] : tensor<3xf32>
// CHECK:         %[[BC:.+]] = tensor.extract %[[T]]#3[%[[C]]] : tensor<3xf32>
// CHECK:         %[[F2:.+]] = tensor.extract %[[T]]#4[%[[C]]] : tensor<3xf32>
// CHECK:         %[[XR:.+]] = tensor.extract_slice %[[XC]][%[[ROW]], 0] [1, %[[PLANE]]] [1, 1] : tensor<6x?xf32> to tensor<?xf32>
// CHECK:         %[[DR:.+]] = tensor.extract_slice %[[OUT]][%[[ROW]], 0] [1, %[[PLANE]]] [1, 1] : tensor<6x?xf32> to tensor<?xf32>
// CHECK:         %[[YR:.+]] = linalg.map ins(%[[XR]] : tensor<?xf32>) outs(%[[DR]] : tensor<?xf32>)
// CHECK:           %[[XS:.+]] = arith.mulf %{{.+}}, %[[F]] fastmath<contract> : f32
// CHECK:           %[[D:.+]] = arith.subf %[[XS]], %[[MF]] fastmath<contract> : f32
// CHECK:           %[[P:.+]] = arith.mulf %[[D]], %[[AF]] fastmath<contract> : f32
// CHECK:           %[[YB:.+]] = arith.addf %[[P]], %[[BC]] fastmath<contract> : f32
// CHECK:           %[[YE:.+]] = arith.mulf %[[YB]], %[[F2]] : f32
// CHECK:           linalg.yield %[[YE]] : f32
// CHECK:         scf.forall.in_parallel
// CHECK:           tensor.parallel_insert_slice %[[YR]] into %[[OUT]][%[[ROW]], 0] [1, %[[PLANE]]] [1, 1] : tensor<?xf32> into tensor<6x?xf32>
// CHECK:       %[[H:.+]] = tensor.dim %[[X]], %c2
// CHECK:       %[[YX:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2, 3]] output_shape [2, 3, %[[H]], 5] : tensor<6x?xf32> into tensor<2x3x?x5xf32>
// CHECK:       return %[[YX]]
func.func @batch_rank4(%x: tensor<2x3x?x5xf32>, %s: tensor<3xf32>) -> tensor<2x3x?x5xf32> {
  %y = norm.batch_normalization %x, %s, %s, %s, %s
      : (tensor<2x3x?x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x?x5xf32>
  return %y : tensor<2x3x?x5xf32>
}

// -----

// f16 X [N, C, D] with planes of 16 elements: the rows [N * C, D] as well;
// the channel's f16 operands are widened to f32 once per call (in the [C]
// op), X per element, and Y is rounded once to f16.
// CHECK-LABEL: func @batch_rank3_f16
// CHECK:       %[[T:.+]]:4 = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>)
// CHECK:         arith.extf %{{.+}} : f16 to f32
// CHECK:       tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : tensor<2x3x16xf16> into tensor<6x16xf16>
// CHECK:       scf.forall (%{{.+}}) in (6)
// CHECK:         %[[F:.+]] = tensor.extract %[[T]]#0[%{{.+}}] : tensor<3xf32>
// CHECK:         linalg.map ins(%{{.+}} : tensor<16xf16>) outs(%{{.+}} : tensor<16xf16>)
// CHECK:           %[[XF:.+]] = arith.extf %{{.+}} : f16 to f32
// CHECK:           %[[XS:.+]] = arith.mulf %[[XF]], %[[F]] fastmath<contract> : f32
// CHECK:           arith.subf %[[XS]], %{{.+}} fastmath<contract> : f32
// CHECK:           arith.truncf %{{.+}} : f32 to f16
// CHECK:       tensor.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [2, 3, 16] : tensor<6x16xf16> into tensor<2x3x16xf16>
func.func @batch_rank3_f16(%x: tensor<2x3x16xf16>, %s: tensor<3xf16>) -> tensor<2x3x16xf16> {
  %y = norm.batch_normalization %x, %s, %s, %s, %s
      : (tensor<2x3x16xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x16xf16>
  return %y : tensor<2x3x16xf16>
}

// -----

// GroupNormalization: X [N, C, D] viewed as [N, G, C/G, D], the rows
// [N * G, C/G * D] get the LayerNormalization statistics (the shift, two
// reductions) as [N * G] tensors; Y is one elementwise op over the rows
// with C/G apart, [N * G, C/G, D], that reads the statistics at (d0) straight
// from their reductions (so that norm-fuse-rows puts the reductions and Y in
// one loop over the rows) and scale/B as per-row [N * G, C/G] copies
// (element (r, k) = scale[(r mod G) * C/G + k]) at (d0, d1); Y is reshaped
// back to X's shape.
// CHECK-DAG:   #[[$ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[$ROW:.+]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-DAG:   #[[$ROWK:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func @group
// CHECK-SAME:  (%[[X:.+]]: tensor<2x8x5xf32>, %[[S:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK:       %[[XG:.+]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3]] output_shape [2, 4, 2, 5] : tensor<2x8x5xf32> into tensor<2x4x2x5xf32>
// CHECK:       %[[ROWS:.+]] = tensor.collapse_shape %[[XG]] {{\[}}[0, 1], [2, 3]] : tensor<2x4x2x5xf32> into tensor<8x10xf32>
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[ROWS]]
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[ROWS]]
// CHECK:       %[[INV:.+]] = linalg.map ins({{.+}} : tensor<8xf32>, {{.+}}) outs(%{{.+}} : tensor<8xf32>)
// CHECK:       %[[HIGH0:.+]] = linalg.map ins({{.+}} : tensor<8xf32>, {{.+}}) outs(%{{.+}} : tensor<8xf32>)
// CHECK:       %[[LOW0:.+]] = linalg.map ins({{.+}} : tensor<8xf32>, {{.+}}) outs(%{{.+}} : tensor<8xf32>)
// The mean's parts Y takes (High = 0 in a group of a spread near f32's
// range; layer-normalization.mlir).
// CHECK:       %[[HIGH:.+]] = linalg.map ins({{.+}}, %[[INV]], %[[HIGH0]] : {{.+}}) outs(%{{.+}} : tensor<8xf32>)
// CHECK:       %[[LOW:.+]] = linalg.map ins({{.+}}, %[[INV]], %[[LOW0]] : {{.+}}) outs(%{{.+}} : tensor<8xf32>)
// CHECK-NOT:   tensor.expand_shape
// CHECK:       %[[DOM:.+]] = tensor.collapse_shape %[[XG]] {{\[}}[0, 1], [2], [3]] : tensor<2x4x2x5xf32> into tensor<8x2x5xf32>
// CHECK:       %[[SR:.+]] = tensor.generate
// CHECK-NEXT:  ^bb0(%[[R:.+]]: index, %[[K:.+]]: index):
// CHECK:         %[[G:.+]] = arith.remui %[[R]], %c4 : index
// CHECK:         %[[GK:.+]] = arith.muli %[[G]], %c2{{.*}} : index
// CHECK:         %[[CH:.+]] = arith.addi %[[GK]], %[[K]] : index
// CHECK:         %[[E:.+]] = tensor.extract %[[S]][%[[CH]]] : tensor<8xf32>
// CHECK:         tensor.yield %[[E]] : f32
// CHECK:       } : tensor<8x2xf32>
// CHECK:       %[[BR:.+]] = tensor.generate
// CHECK:         tensor.extract %[[B]]
// CHECK:       %[[Y:.+]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ROW]], #[[$ROWK]], #[[$ROWK]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[DOM]], %[[HIGH]], %[[LOW]], %[[INV]], %[[SR]], %[[BR]] :
// CHECK:       %[[YG:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2], [3]] output_shape [2, 4, 2, 5] : tensor<8x2x5xf32> into tensor<2x4x2x5xf32>
// CHECK:       %[[YX:.+]] = tensor.collapse_shape %[[YG]] {{\[}}[0], [1, 2], [3]] : tensor<2x4x2x5xf32> into tensor<2x8x5xf32>
// CHECK:       return %[[YX]]
func.func @group(%x: tensor<2x8x5xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8x5xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<2x8x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5xf32>
  return %y : tensor<2x8x5xf32>
}

// -----

// Y with one elementwise consumer and a static C: Y over X itself, the
// statistics at (d0, d1 floordiv (C/G)) and scale/B at (d1), so that the
// consumer can fuse into it (test/Integration/GroupNormalization/
// consumer-fusion.mlir checks that it does).
// CHECK-DAG:   #[[$STAT3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1 floordiv 2)>
// CHECK-DAG:   #[[$CHAN3:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG:   #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func @group_consumer
// CHECK-SAME:  (%[[X:.+]]: tensor<2x8x5xf32>, %[[S:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK:       %[[Y:.+]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$STAT3]], #[[$STAT3]], #[[$STAT3]], #[[$CHAN3]], #[[$CHAN3]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %{{.+}}, %{{.+}}, %{{.+}}, %[[S]], %[[B]] :
// CHECK-NOT:   tensor.collapse_shape
// CHECK:       linalg.generic {{.*}} ins(%[[Y]] :
// CHECK:         math.exp
func.func @group_consumer(%x: tensor<2x8x5xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8x5xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<2x8x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5xf32>
  %e = tensor.empty() : tensor<2x8x5xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<2x8x5xf32>) outs(%e : tensor<2x8x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %r = arith.divf %v, %d : f32
    linalg.yield %r : f32
  } -> tensor<2x8x5xf32>
  return %z : tensor<2x8x5xf32>
}

// -----

// A dynamic C: the same rows, C/G and the per-row scale and B copies of
// dynamic size.
// CHECK-LABEL: func @group_dynamic_c
// CHECK-SAME:  (%[[X:[^:]+]]: tensor<2x?x5xf32>, %[[S:[^:]+]]: tensor<?xf32>
// CHECK:       %[[XG:.+]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3]] output_shape [2, 4, %{{.+}}, 5] : tensor<2x?x5xf32> into tensor<2x4x?x5xf32>
// CHECK:       %[[DOM:.+]] = tensor.collapse_shape %[[XG]] {{\[}}[0, 1], [2], [3]] : tensor<2x4x?x5xf32> into tensor<8x?x5xf32>
// CHECK:       %[[SR:.+]] = tensor.generate %[[K:.+]] {
// CHECK:         arith.muli %{{.+}}, %[[K]] : index
// CHECK:         tensor.extract %[[S]]
// CHECK:       } : tensor<8x?xf32>
// CHECK:       %[[Y:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[DOM]], %{{.+}}, %{{.+}}, %{{.+}}, %[[SR]],
// CHECK:       %[[YG:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2], [3]] output_shape [2, 4, %[[K]], 5] : tensor<8x?x5xf32> into tensor<2x4x?x5xf32>
// CHECK:       tensor.collapse_shape %[[YG]] {{\[}}[0], [1, 2], [3]] : tensor<2x4x?x5xf32> into tensor<2x?x5xf32>
func.func @group_dynamic_c(%x: tensor<2x?x5xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2x?x5xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<2x?x5xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<2x?x5xf32>
  return %y : tensor<2x?x5xf32>
}

// -----

// Several spatial dims (X [N, C, H, W], a small W): Y's domain collapses
// them, [N * G, C/G, H * W], so that its innermost dim is H * W, not W; Y is
// reshaped back to X's shape. Dynamic spatial sizes too.
// CHECK-LABEL: func @group_spatial
// CHECK-SAME:  (%[[X:.+]]: tensor<2x8x3x2xf32>, %[[S:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK:       %[[XG:.+]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 3, 2] : tensor<2x8x3x2xf32> into tensor<2x4x2x3x2xf32>
// CHECK:       %[[DOM:.+]] = tensor.collapse_shape %[[XG]] {{\[}}[0, 1], [2], [3, 4]] : tensor<2x4x2x3x2xf32> into tensor<8x2x6xf32>
// CHECK:       %[[Y:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[DOM]],
// CHECK:       %[[YG:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2], [3, 4]] output_shape [2, 4, 2, 3, 2] : tensor<8x2x6xf32> into tensor<2x4x2x3x2xf32>
// CHECK:       %[[YX:.+]] = tensor.collapse_shape %[[YG]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x4x2x3x2xf32> into tensor<2x8x3x2xf32>
// CHECK:       return %[[YX]]
func.func @group_spatial(%x: tensor<2x8x3x2xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8x3x2xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<2x8x3x2xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x3x2xf32>
  return %y : tensor<2x8x3x2xf32>
}

// -----

// CHECK-LABEL: func @group_spatial_dynamic
// CHECK-SAME:  (%[[X:[^:]+]]: tensor<?x8x?x?x3xf16>
// CHECK:       %[[XG:.+]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3], [4], [5]] output_shape [%{{.+}}, 2, 4, %{{.+}}, %{{.+}}, 3] : tensor<?x8x?x?x3xf16> into tensor<?x2x4x?x?x3xf16>
// CHECK:       %[[DOM:.+]] = tensor.collapse_shape %[[XG]] {{\[}}[0, 1], [2], [3, 4, 5]] : tensor<?x2x4x?x?x3xf16> into tensor<?x4x?xf16>
// CHECK:       %[[Y:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[DOM]],
// CHECK:       %[[YG:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2], [3, 4, 5]] output_shape [%{{.+}}, 2, 4, %{{.+}}, %{{.+}}, 3] : tensor<?x4x?xf16> into tensor<?x2x4x?x?x3xf16>
// CHECK:       tensor.collapse_shape %[[YG]] {{\[}}[0], [1, 2], [3], [4], [5]] : tensor<?x2x4x?x?x3xf16> into tensor<?x8x?x?x3xf16>
func.func @group_spatial_dynamic(%x: tensor<?x8x?x?x3xf16>, %s: tensor<8xf16>, %b: tensor<8xf16>) -> tensor<?x8x?x?x3xf16> {
  %y = norm.group_normalization %x, %s, %b num_groups = 2
      : (tensor<?x8x?x?x3xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<?x8x?x?x3xf16>
  return %y : tensor<?x8x?x?x3xf16>
}

// -----

// stash_type 11: the statistics and Y in f64 for f32 X.
// CHECK-LABEL: func @group_stash11
// CHECK:       tensor.collapse_shape {{.*}} into tensor<4x3xf32>
// CHECK:       linalg.generic {{.*}} outs(%{{.+}} : tensor<4xf64>)
// CHECK:       arith.truncf %{{.+}} : f64 to f32
func.func @group_stash11(%x: tensor<2x6xf32>, %s: tensor<6xf32>) -> tensor<2x6xf32> {
  %y = norm.group_normalization %x, %s, %s num_groups = 2 stash_type = 11
      : (tensor<2x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

// InstanceNormalization: the rows are X collapsed to [N * C, D1 * D2]; Y is
// computed over the rows too, statistics at (d0) and scale/B as per-row
// [N * C] copies (element r = scale[r mod C]) at (d0), and expanded back.
// CHECK-DAG:   #[[$IDI:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[$ROWI:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @instance
// CHECK-SAME:  (%[[X:.+]]: tensor<?x3x4x4xbf16>, %[[S:.+]]: tensor<3xbf16>, %[[B:.+]]: tensor<3xbf16>)
// CHECK:       %[[ROWS:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2, 3]] : tensor<?x3x4x4xbf16> into tensor<?x16xbf16>
// CHECK:       %[[SR:.+]] = tensor.generate %[[NC:.+]] {
// CHECK-NEXT:  ^bb0(%[[R:.+]]: index):
// CHECK-NEXT:    %[[CH:.+]] = arith.remui %[[R]], %c3{{.*}} : index
// CHECK-NEXT:    %[[E:.+]] = tensor.extract %[[S]][%[[CH]]] : tensor<3xbf16>
// CHECK-NEXT:    %[[EF:.+]] = arith.extf %[[E]] : bf16 to f32
// CHECK-NEXT:    tensor.yield %[[EF]] : f32
// CHECK:       %[[BR:.+]] = tensor.generate
// CHECK:         tensor.extract %[[B]]
// CHECK:       %[[Y:.+]] = linalg.generic {indexing_maps = [#[[$IDI]], #[[$ROWI]], #[[$ROWI]], #[[$ROWI]], #[[$ROWI]], #[[$ROWI]], #[[$IDI]]], iterator_types = ["parallel", "parallel"]} ins(%[[ROWS]], %{{.+}}, %{{.+}}, %{{.+}}, %[[SR]], %[[BR]] :
// CHECK:         arith.truncf %{{.+}} : f32 to bf16
// CHECK:       %[[YX:.+]] = tensor.expand_shape %[[Y]] {{\[}}[0, 1], [2, 3]] output_shape [%{{.+}}, 3, 4, 4] : tensor<?x16xbf16> into tensor<?x3x4x4xbf16>
// CHECK:       return %[[YX]]
func.func @instance(%x: tensor<?x3x4x4xbf16>, %s: tensor<3xbf16>, %b: tensor<3xbf16>) -> tensor<?x3x4x4xbf16> {
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<?x3x4x4xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<?x3x4x4xbf16>
  return %y : tensor<?x3x4x4xbf16>
}

// -----

// InstanceNormalization whose one user is an elementwise linalg op: Y over
// X itself, statistics at (d0, d1) and scale/B at (d1), so that the
// consumer can fuse into Y's loop.
// CHECK-DAG:   #[[$STATC:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[$CHANC:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func @instance_consumer
// CHECK-SAME:  (%[[X:.+]]: tensor<2x3x16xf32>, %[[S:.+]]: tensor<3xf32>)
// CHECK-NOT:   tensor.generate
// CHECK:       %[[Y:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #[[$STATC]], #[[$STATC]], #[[$STATC]], #[[$CHANC]], #[[$CHANC]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %{{.+}}, %{{.+}}, %{{.+}}, %[[S]], %[[S]] :
// CHECK:       linalg.generic {{.*}} ins(%[[Y]] :
// CHECK:         arith.negf
func.func @instance_consumer(%x: tensor<2x3x16xf32>, %s: tensor<3xf32>) -> tensor<2x3x16xf32> {
  %y = norm.instance_normalization %x, %s, %s
      : (tensor<2x3x16xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x16xf32>
  %e = tensor.empty() : tensor<2x3x16xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<2x3x16xf32>) outs(%e : tensor<2x3x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<2x3x16xf32>
  return %z : tensor<2x3x16xf32>
}

// -----

// f32 rows longer than LayerNorm's f32 sums of squares go (132 elements
// without partial sums, the option's default): the row [2, 1001] is cut into
// 8 chunks of 125 (the tail [2, 1] apart); one reduction takes element i of
// each chunk, adds the 8 squares ((K - x) - Q)^2 in f32 and that sum once to
// an f64 accumulator; the tail is summed in f64, and the sum rounded once to
// f32. Q, from the sum of K - x, is summed the same way (the terms K - x of
// the 8 chunks added in f32, then in f64), before the squares.
// CHECK-DAG:   #[[$IDL:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[$ROWL:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func @instance_long_rows
// CHECK:       %[[ROWS:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : tensor<1x2x1001xf32> into tensor<2x1001xf32>
// CHECK:       %[[QCS:.+]] = linalg.generic {indexing_maps = [#[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$ROWL]], #[[$ROWL]]], iterator_types = ["parallel", "reduction"]} ins({{.*}}) outs(%{{.+}} : tensor<2xf64>)
// CHECK-NEXT:  ^bb0(%[[QX0:[^:]+]]: f32, %[[QX1:[^:]+]]: f32, {{.*}}, %[[QKE:[^:]+]]: f32, %[[QACC:[^:]+]]: f64):
// CHECK-NEXT:    %[[QS0:.+]] = arith.subf %[[QKE]], %[[QX0]] : f32
// CHECK-NEXT:    %[[QS1:.+]] = arith.subf %[[QKE]], %[[QX1]] : f32
// CHECK-NEXT:    arith.addf %[[QS0]], %[[QS1]] fastmath<contract> : f32
// CHECK:         %[[QW:.+]] = arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:    arith.addf %[[QACC]], %[[QW]] fastmath<reassoc> : f64
// CHECK:       %[[QTS:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<2xf64>)
// CHECK:       %[[QSUM:.+]] = linalg.map { arith.addf } ins(%[[QCS]], %[[QTS]] : tensor<2xf64>, tensor<2xf64>)
// CHECK:       linalg.map ins(%[[QSUM]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK:         arith.truncf %{{.+}} : f64 to f32
// CHECK:       %[[C0:.+]] = tensor.extract_slice %[[ROWS]][0, 0] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C1:.+]] = tensor.extract_slice %[[ROWS]][0, 125] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C2:.+]] = tensor.extract_slice %[[ROWS]][0, 250] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C3:.+]] = tensor.extract_slice %[[ROWS]][0, 375] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C4:.+]] = tensor.extract_slice %[[ROWS]][0, 500] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C5:.+]] = tensor.extract_slice %[[ROWS]][0, 625] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C6:.+]] = tensor.extract_slice %[[ROWS]][0, 750] [2, 125] [1, 1]
// CHECK-NEXT:  %[[C7:.+]] = tensor.extract_slice %[[ROWS]][0, 875] [2, 125] [1, 1]
// CHECK:       %[[CS:.+]] = linalg.generic {indexing_maps = [#[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$IDL]], #[[$ROWL]], #[[$ROWL]], #[[$ROWL]]], iterator_types = ["parallel", "reduction"]} ins(%[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]], %[[C6]], %[[C7]], %[[K:.+]], %[[Q:.+]] : {{.*}}) outs(%{{.+}} : tensor<2xf64>)
// CHECK-NEXT:  ^bb0(%[[X0:[^:]+]]: f32, %[[X1:[^:]+]]: f32, {{.*}}, %[[KE:[^:]+]]: f32, %[[QE:[^:]+]]: f32, %[[ACC:[^:]+]]: f64):
// CHECK-NEXT:    %[[S0:.+]] = arith.subf %[[KE]], %[[X0]] : f32
// CHECK-NEXT:    %[[D0:.+]] = arith.subf %[[S0]], %[[QE]] : f32
// CHECK-NEXT:    %[[SQ0:.+]] = arith.mulf %[[D0]], %[[D0]] fastmath<contract> : f32
// CHECK-NEXT:    %[[S1:.+]] = arith.subf %[[KE]], %[[X1]] : f32
// CHECK-NEXT:    %[[D1:.+]] = arith.subf %[[S1]], %[[QE]] : f32
// CHECK-NEXT:    %[[SQ1:.+]] = arith.mulf %[[D1]], %[[D1]] fastmath<contract> : f32
// CHECK-NEXT:    arith.addf %[[SQ0]], %[[SQ1]] fastmath<contract> : f32
// CHECK-COUNT-6: arith.addf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK-NEXT:    %[[W:.+]] = arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:    %[[NEW:.+]] = arith.addf %[[ACC]], %[[W]] fastmath<reassoc> : f64
// CHECK-NEXT:    linalg.yield %[[NEW]] : f64
// CHECK:       %[[TAIL:.+]] = tensor.extract_slice %[[ROWS]][0, 1000] [2, 1] [1, 1]
// CHECK:       %[[TS:.+]] = linalg.generic {{.*}} ins(%[[TAIL]], %[[K]], %[[Q]] : {{.*}}) outs(%{{.+}} : tensor<2xf64>)
// CHECK:         arith.extf %{{.+}} : f32 to f64
// CHECK:       %[[SUM:.+]] = linalg.map { arith.addf } ins(%[[CS]], %[[TS]] : tensor<2xf64>, tensor<2xf64>)
// CHECK:       linalg.map { arith.truncf } ins(%[[SUM]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
func.func @instance_long_rows(%x: tensor<1x2x1001xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<1x2x1001xf32> {
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<1x2x1001xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1001xf32>
  return %y : tensor<1x2x1001xf32>
}

// -----

// A row length divisible by 8 has no tail (Q's chunked sum first).
// CHECK-LABEL: func @instance_long_rows_no_tail
// CHECK:       tensor.extract_slice %{{.+}}[0, 875] [2, 125] [1, 1]
// CHECK:       %[[QCS:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<2xf64>)
// CHECK-NOT:   tensor.extract_slice
// CHECK:       linalg.map ins(%[[QCS]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
// CHECK:       tensor.extract_slice %{{.+}}[0, 875] [2, 125] [1, 1]
// CHECK:       %[[CS:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<2xf64>)
// CHECK-NOT:   tensor.extract_slice
// CHECK:       linalg.map { arith.truncf } ins(%[[CS]] : tensor<2xf64>) outs(%{{.+}} : tensor<2xf32>)
func.func @instance_long_rows_no_tail(%x: tensor<1x2x1000xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<1x2x1000xf32> {
  %y = norm.instance_normalization %x, %s, %b
      : (tensor<1x2x1000xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1000xf32>
  return %y : tensor<1x2x1000xf32>
}

// -----

// A dynamic row length: the f32 sum over the row's first n elements where
// n <= 132 (none otherwise), the chunked f64 sum over n floordiv 8 elements
// per chunk where n > 132 (none otherwise), and a select per call; Q first,
// from the same two sums of K - x, with an scf.if per call (its f32 division
// only for short rows).
// CHECK-LABEL: func @group_long_rows_dynamic
// CHECK:       %[[ROWS:.+]] = tensor.collapse_shape %{{.+}} : tensor<2x2x2x?xf32> into tensor<4x?xf32>
// CHECK:       %[[QLONG:.+]] = arith.cmpi ugt, %{{.+}}, %c132 : index
// CHECK:       %[[QS32:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<4xf32>)
// CHECK:       %[[QS64:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<4xf64>)
// CHECK:       linalg.generic {{.*}} outs(%{{.+}} : tensor<4xf64>)
// CHECK:       %[[QSUM:.+]] = linalg.map { arith.addf } ins(%[[QS64]], %{{.+}} : tensor<4xf64>, tensor<4xf64>)
// CHECK:       linalg.map ins(%[[QS32]], %[[QSUM]] : tensor<4xf32>, tensor<4xf64>) outs(%{{.+}} : tensor<4xf32>)
// CHECK:         scf.if %[[QLONG]] -> (f32)
// CHECK:       %[[LONG:.+]] = arith.cmpi ugt, %[[N:.+]], %c132{{(_[0-9]+)?}} : index
// CHECK:       %[[SHORTN:.+]] = arith.select %[[LONG]], %{{.+}}, %[[N]] : index
// CHECK:       %[[SHORT:.+]] = tensor.extract_slice %[[ROWS]][0, 0] [4, %[[SHORTN]]] [1, 1]
// CHECK:       %[[S32:.+]] = linalg.generic {{.*}} ins(%[[SHORT]], {{.*}} outs(%{{.+}} : tensor<4xf32>)
// CHECK:       %[[LONGN:.+]] = arith.select %[[LONG]], %[[N]], %{{.+}} : index
// CHECK:       %[[H:.+]] = arith.divui %[[LONGN]], %{{.+}} : index
// CHECK:       tensor.extract_slice %[[ROWS]][0, 0] [4, %[[H]]] [1, 1]
// CHECK-COUNT-7: tensor.extract_slice %[[ROWS]][0, %{{.+}}] [4, %[[H]]] [1, 1]
// CHECK:       %[[S64:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<4xf64>)
// CHECK:       linalg.generic {{.*}} outs(%{{.+}} : tensor<4xf64>)
// CHECK:       %[[SUM:.+]] = linalg.map { arith.addf } ins(%[[S64]], %{{.+}} : tensor<4xf64>, tensor<4xf64>)
// CHECK:       linalg.map ins(%[[S32]], %[[SUM]] : tensor<4xf32>, tensor<4xf64>) outs(%{{.+}} : tensor<4xf32>)
// CHECK:         %[[R:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK:         arith.select %[[LONG]], %[[R]], %{{.+}} : f32
func.func @group_long_rows_dynamic(%x: tensor<2x4x?xf32>, %s: tensor<4xf32>) -> tensor<2x4x?xf32> {
  %y = norm.group_normalization %x, %s, %s num_groups = 2
      : (tensor<2x4x?xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x?xf32>
  return %y : tensor<2x4x?xf32>
}
