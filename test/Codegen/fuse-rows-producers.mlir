// RUN: norm-opt %s --convert-elementwise-to-linalg --convert-norm-to-linalg \
// RUN:   --norm-fuse-elementwise --canonicalize --cse --norm-fuse-rows \
// RUN:   --canonicalize --cse | FileCheck %s

// Producer fusion (the steps of norm-to-llvm up to norm-fuse-rows): an
// elementwise producer of a normalization's X (a residual add, a bias add,
// a cast, a chain of them) is computed in the op's loop over slices, from
// its inputs, by each pass over the slice (the reductions and the
// elementwise tail), and no op on whole tensors is left outside that loop:
// the inputs are streamed from memory once, and no tensor of X's size is
// written except the results. Where the producer's value is also returned
// (ONNX Runtime's input_skip_bias_sum), the tail writes it, as a second
// result of the same loop.

// SkipSimplifiedLayerNormalization with the sum output, dynamic shapes.
// CHECK-LABEL: func.func @skip_rms_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf32>, %[[SKIP:[a-z0-9]+]]: tensor<?x?xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SKIP]][%[[I]], 0]
// CHECK:           linalg.generic {{.+}}iterator_types = ["parallel", "reduction"]} ins(%[[XS]], %[[SS]] : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f64):
// CHECK-NEXT:        arith.addf %[[A]], %[[B]] : f32
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}iterator_types = ["parallel", "parallel"]} ins(%[[XS]], %[[SS]], {{.+}} outs(%{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32,
// CHECK-NEXT:        %[[SUM:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:             linalg.yield %[[SUM]], %{{.+}} : f32, f32
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#0
func.func @skip_rms_sum(%x: tensor<?x?xf32>, %skip: tensor<?x?xf32>, %g: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %sum = linalg.add ins(%x, %skip : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %inv = norm.rms_normalization %sum, %g
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf32>, tensor<?x?xf32>
}

// Without the sum output, static shapes, the add written as arith.addf on
// tensors: one result, the sum computed in each pass.
// CHECK-LABEL: func.func @skip_rms(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<8x64xf32>, %[[SKIP:[a-z0-9]+]]: tensor<8x64xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]] = scf.forall (%[[I:.+]]) in (8)
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, 64]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SKIP]][%[[I]], 0] [1, 64]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]] :
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f64):
// CHECK-NEXT:        arith.addf %[[A]], %[[B]] : f32
// CHECK:           %[[T:.+]] = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]], {{.+}} outs(%{{.+}} : tensor<1x64xf32>)
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]] into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]] :
func.func @skip_rms(%x: tensor<8x64xf32>, %skip: tensor<8x64xf32>, %g: tensor<64xf32>)
    -> tensor<8x64xf32> {
  %sum = arith.addf %x, %skip : tensor<8x64xf32>
  %y, %inv = norm.rms_normalization %sum, %g
      : (tensor<8x64xf32>, tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8x1xf32>)
  return %y : tensor<8x64xf32>
}

// SkipLayerNormalization with the sum output: the Mean, both sums of
// squared deviations (f32 and f64, chosen by the row length) and the tail
// read X and Skip; LayerNormalization's scalar reads of X (the shift, the
// exact f64 recomputation) read both and add them.
// CHECK-LABEL: func.func @skip_ln_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf32>, %[[SKIP:[a-z0-9]+]]: tensor<?x?xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SKIP]][%[[I]], 0]
// CHECK:             %[[X0:.+]] = tensor.extract %[[X]][%{{.+}}, %c0]
// CHECK-NEXT:        %[[S0:.+]] = tensor.extract %[[SKIP]][%{{.+}}, %c0]
// CHECK-NEXT:        arith.addf %[[X0]], %[[S0]] : f32
// The sum of K - (X + Skip): in f32 over the rows' first n elements for
// rows of up to 2048, else in f64, from f32 sums of the terms of 8 chunks
// (X and Skip of each) and the tail; then the sums of squares.
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf32>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins({{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf64>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf64>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}}, {{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, {{.+}} outs({{.+}} : tensor<1xf32>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}}, {{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, {{.+}} outs({{.+}} : tensor<1xf64>)
// CHECK:               scf.for
// CHECK-NEXT:            %[[XJ:.+]] = tensor.extract %[[X]][
// CHECK-NEXT:            %[[SJ:.+]] = tensor.extract %[[SKIP]][
// CHECK-NEXT:            arith.addf %[[XJ]], %[[SJ]] : f32
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]], {{.+}} outs(%{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32,
// CHECK-NEXT:        %[[SUM:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:             linalg.yield %[[SUM]], %{{.+}} : f32, f32
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#0
func.func @skip_ln_sum(%x: tensor<?x?xf32>, %skip: tensor<?x?xf32>, %g: tensor<?xf32>,
                       %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %sum = linalg.add ins(%x, %skip : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %m, %inv = norm.layer_normalization %sum, %g, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf32>, tensor<?x?xf32>
}

// A bias add ([n] broadcast along the rows, by linalg.broadcast) with the
// sum output: the passes read the bias, not a broadcast copy of it.
// CHECK-LABEL: func.func @bias_rms_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf32>, %[[BIAS:[a-z0-9]+]]: tensor<?xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0]
// CHECK-NEXT:      %[[BS:.+]] = tensor.extract_slice %[[BIAS]][0]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[BS]] : tensor<1x?xf32>, tensor<?xf32>)
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f64):
// CHECK-NEXT:        arith.addf %[[A]], %[[B]] : f32
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[BS]], {{.+}} outs(%{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32,
// CHECK-NEXT:        %[[SUM:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:             linalg.yield %[[SUM]], %{{.+}} : f32, f32
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#0
func.func @bias_rms_sum(%x: tensor<?x?xf32>, %bias: tensor<?xf32>, %g: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %b = linalg.broadcast ins(%bias : tensor<?xf32>) outs(%e : tensor<?x?xf32>)
      dimensions = [0]
  %sum = linalg.add ins(%x, %b : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %inv = norm.rms_normalization %sum, %g
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y, %sum : tensor<?x?xf32>, tensor<?x?xf32>
}

// A cast (f16 to f32, arith.extf on tensors): the passes read the f16 rows.
// CHECK-LABEL: func.func @cast_rms(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf16>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]] = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] {{.+}} to tensor<1x?xf16>
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]] : tensor<1x?xf16>)
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f16, %{{.+}}: f64):
// CHECK-NEXT:        arith.extf %[[A]] : f16 to f32
// CHECK:           %[[T:.+]] = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], {{.+}} outs(%{{.+}} : tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[C:[a-z0-9_]+]]: f16,
// CHECK-NEXT:        arith.extf %[[C]] : f16 to f32
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]] into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]] :
func.func @cast_rms(%x: tensor<?x?xf16>, %g: tensor<?xf32>) -> tensor<?x?xf32> {
  %xf = arith.extf %x : tensor<?x?xf16> to tensor<?x?xf32>
  %y, %inv = norm.rms_normalization %xf, %g
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

// A chain (SkipLayerNormalization with a bias: (X + Skip) + Bias) with the
// sum output: the three inputs are read by each pass, the whole sum is
// computed and written by the tail.
// CHECK-LABEL: func.func @skip_bias_ln_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x?xf32>, %[[SKIP:[a-z0-9]+]]: tensor<4x?xf32>, %[[BIAS:[a-z0-9]+]]: tensor<?xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SKIP]][%[[I]], 0]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf32>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins({{.+}}) outs({{.+}} : tensor<1xf64>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf64>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins({{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<1xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf32>)
// CHECK:           linalg.generic {{.+}}"reduction"]} ins({{.+}} : tensor<1x?xf32>, tensor<1x?xf32>, tensor<?xf32>, tensor<1xf32>, tensor<1xf32>) outs({{.+}} : tensor<1xf64>)
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]], %{{.+}}, {{.+}} outs(%{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32, %[[E:[a-z0-9_]+]]: f32,
// CHECK-NEXT:        %[[S1:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK-NEXT:        %[[SUM:.+]] = arith.addf %[[S1]], %[[E]] : f32
// CHECK:             linalg.yield %[[SUM]], %{{.+}} : f32, f32
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#0
func.func @skip_bias_ln_sum(%x: tensor<4x?xf32>, %skip: tensor<4x?xf32>, %bias: tensor<?xf32>,
                            %g: tensor<?xf32>, %b: tensor<?xf32>)
    -> (tensor<4x?xf32>, tensor<4x?xf32>) {
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %x, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%d1) : tensor<4x?xf32>
  %s1 = linalg.add ins(%x, %skip : tensor<4x?xf32>, tensor<4x?xf32>)
      outs(%e : tensor<4x?xf32>) -> tensor<4x?xf32>
  %s2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                         affine_map<(i, j) -> (i, j)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%s1, %bias : tensor<4x?xf32>, tensor<?xf32>) outs(%e : tensor<4x?xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %v = arith.addf %a, %c : f32
    linalg.yield %v : f32
  } -> tensor<4x?xf32>
  %y, %m, %inv = norm.layer_normalization %s2, %g, %b
      : (tensor<4x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<4x?xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %y, %s2 : tensor<4x?xf32>, tensor<4x?xf32>
}

// LpNormalization and Normalizer with the sum output: their exact
// recomputations of a row read X and Skip.
// CHECK-LABEL: func.func @skip_lp_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x64xf32>, %[[SKIP:[a-z0-9]+]]: tensor<?x64xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SKIP]][%[[I]], 0]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]] :
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        arith.addf %[[A]], %[[B]] : f32
// CHECK:                 %[[XJ:.+]] = tensor.extract %[[X]][
// CHECK-NEXT:            %[[SJ:.+]] = tensor.extract %[[SKIP]][
// CHECK-NEXT:            arith.addf %[[XJ]], %[[SJ]] : f32
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]], {{.+}} outs(%{{.+}}, %{{.+}} : tensor<1x64xf32>, tensor<1x64xf32>)
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#0
func.func @skip_lp_sum(%x: tensor<?x64xf32>, %skip: tensor<?x64xf32>)
    -> (tensor<?x64xf32>, tensor<?x64xf32>) {
  %sum = arith.addf %x, %skip : tensor<?x64xf32>
  %y = norm.lp_normalization %sum : tensor<?x64xf32>
  return %y, %sum : tensor<?x64xf32>, tensor<?x64xf32>
}

// CHECK-LABEL: func.func @skip_normalizer_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<8x?xf32>, %[[SKIP:[a-z0-9]+]]: tensor<8x?xf32>
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SKIP]][%[[I]], 0]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        arith.addf %[[A]], %[[B]] : f32
// CHECK:                 %[[XJ:.+]] = tensor.extract %[[X]][
// CHECK-NEXT:            %[[SJ:.+]] = tensor.extract %[[SKIP]][
// CHECK-NEXT:            arith.addf %[[XJ]], %[[SJ]] : f32
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]], {{.+}} outs(%{{.+}}, %{{.+}} : tensor<1x?xf32>, tensor<1x?xf32>)
// CHECK-NOT:       linalg.generic
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#0
func.func @skip_normalizer_sum(%x: tensor<8x?xf32>, %skip: tensor<8x?xf32>)
    -> (tensor<8x?xf32>, tensor<8x?xf32>) {
  %sum = arith.addf %x, %skip : tensor<8x?xf32>
  %y = norm.normalizer %sum norm = "L2" : tensor<8x?xf32> -> tensor<8x?xf32>
  return %y, %sum : tensor<8x?xf32>, tensor<8x?xf32>
}

// BatchNormalization (inference: no reduction, one elementwise op) with the
// sum output: one op computes the sum and Y from X and Skip (after the one
// op over the [C] channel terms: A and the scaling factors of
// BatchNormalization.cpp).
// CHECK-LABEL: func.func @skip_batch_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x8x64xf32>, %[[SKIP:[a-z0-9]+]]: tensor<2x8x64xf32>
// CHECK-NOT:     linalg.
// CHECK:         linalg.generic {{.+}} outs(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[T:.+]]:2 = linalg.generic {{.+}} ins(%[[X]], %[[SKIP]], {{.+}} outs(%{{.+}}, %{{.+}} : tensor<2x8x64xf32>, tensor<2x8x64xf32>)
// CHECK-NEXT:    ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32,
// CHECK-NEXT:      %[[SUM:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:           linalg.yield %[[SUM]], %{{.+}} : f32, f32
// CHECK-NOT:     linalg.
// CHECK:         return %[[T]]#1, %[[T]]#0
func.func @skip_batch_sum(%x: tensor<2x8x64xf32>, %skip: tensor<2x8x64xf32>, %s: tensor<8xf32>)
    -> (tensor<2x8x64xf32>, tensor<2x8x64xf32>) {
  %sum = arith.addf %x, %skip : tensor<2x8x64xf32>
  %y = norm.batch_normalization %sum, %s, %s, %s, %s
      : (tensor<2x8x64xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
      -> tensor<2x8x64xf32>
  return %y, %sum : tensor<2x8x64xf32>, tensor<2x8x64xf32>
}

// A producer too costly to compute in each pass (math.erf) with its value
// returned, dynamic shapes: computed once per row in the loop, written to
// the second result, read by the passes from there.
// CHECK-LABEL: func.func @erf_rms_sum(
// CHECK-NOT:     linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall
// CHECK:           %[[E:.+]] = linalg.generic
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        math.erf
// CHECK-NOT:         math.erf
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[E]] :
// CHECK-NOT:         math.erf
// CHECK:           %[[T:.+]] = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[E]],
// CHECK-NOT:         math.erf
// CHECK:           tensor.parallel_insert_slice %[[T]] into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[E]] into
// CHECK-NOT:     scf.forall
// CHECK-NOT:     linalg.
// CHECK:         return %[[LOOP]]#0, %[[LOOP]]#1
func.func @erf_rms_sum(%x: tensor<?x?xf32>, %g: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = math.erf %x : tensor<?x?xf32>
  %y, %inv = norm.rms_normalization %a, %g
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y, %a : tensor<?x?xf32>, tensor<?x?xf32>
}

// Reshapes between the producer and the normalization (moved above the
// producer: the producer is computed on views of its inputs). A
// LayerNormalization over several dims (X collapsed to [O, n]) with the sum
// output: one loop, the sum written from it in the collapsed shape and
// returned expanded (a view).
// CHECK-LABEL: func.func @skip_ln_axis1_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x8x16xf32>, %[[SKIP:[a-z0-9]+]]: tensor<4x8x16xf32>
// CHECK-NOT:     linalg.generic
// CHECK-DAG:     %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]]
// CHECK-DAG:     %[[SC:.+]] = tensor.collapse_shape %[[SKIP]] {{\[}}[0], [1, 2]]
// CHECK-NOT:     linalg.generic
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%[[I:.+]]) in (4)
// CHECK-NEXT:      %[[XS:.+]] = tensor.extract_slice %[[XC]][%[[I]], 0] [1, 128]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SC]][%[[I]], 0] [1, 128]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]],
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]],
// CHECK:           %[[T:.+]]:2 = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]],
// CHECK-NEXT:      ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32,
// CHECK-NEXT:        %[[SUM:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:             linalg.yield %[[SUM]], %{{.+}} : f32, f32
// CHECK:           tensor.parallel_insert_slice %[[T]]#0 into
// CHECK-NEXT:      tensor.parallel_insert_slice %[[T]]#1 into
// CHECK-NOT:     linalg.generic
// CHECK-DAG:     %[[Y:.+]] = tensor.expand_shape %[[LOOP]]#1
// CHECK-DAG:     %[[SUMOUT:.+]] = tensor.expand_shape %[[LOOP]]#0
// CHECK:         return %[[Y]], %[[SUMOUT]]
func.func @skip_ln_axis1_sum(%x: tensor<4x8x16xf32>, %skip: tensor<4x8x16xf32>,
                             %g: tensor<8x16xf32>)
    -> (tensor<4x8x16xf32>, tensor<4x8x16xf32>) {
  %sum = arith.addf %x, %skip : tensor<4x8x16xf32>
  %y, %m, %i = norm.layer_normalization %sum, %g, %g {axis = 1 : i64}
      : (tensor<4x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>)
      -> (tensor<4x8x16xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>)
  return %y, %sum : tensor<4x8x16xf32>, tensor<4x8x16xf32>
}

// GroupNormalization with the sum output: one loop over the groups of rows
// reads X and Skip (through the rows [N * G, C/G * D] for the statistics and
// [N * G, C/G, D] for Y) and writes Y; the sum, a result of its own, is one
// op after it.
// CHECK-LABEL: func.func @skip_group_sum(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x8x64xf32>, %[[SKIP:[a-z0-9]+]]: tensor<2x8x64xf32>
// CHECK-NOT:     linalg.generic
// CHECK-DAG:     %[[XE:.+]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3]]
// CHECK-DAG:     %[[SE:.+]] = tensor.expand_shape %[[SKIP]] {{\[}}[0], [1, 2], [3]]
// CHECK-DAG:     %[[XC:.+]] = tensor.collapse_shape %[[XE]] {{\[}}[0, 1], [2, 3]]
// CHECK-DAG:     %[[SC:.+]] = tensor.collapse_shape %[[SE]] {{\[}}[0, 1], [2, 3]]
// CHECK-DAG:     %[[XD:.+]] = tensor.collapse_shape %[[XE]] {{\[}}[0, 1], [2], [3]]
// CHECK-DAG:     %[[SD:.+]] = tensor.collapse_shape %[[SE]] {{\[}}[0, 1], [2], [3]]
// CHECK-NOT:     linalg.generic
// CHECK:         %[[LOOP:.+]] = scf.forall (%[[I:.+]]) in (8)
// CHECK-DAG:       %[[XDS:.+]] = tensor.extract_slice %[[XD]][%[[I]], 0, 0] [1, 2, 64]
// CHECK-DAG:       %[[SDS:.+]] = tensor.extract_slice %[[SD]][%[[I]], 0, 0] [1, 2, 64]
// CHECK:           %[[XS:.+]] = tensor.extract_slice %[[XC]][%[[I]], 0] [1, 128]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SC]][%[[I]], 0] [1, 128]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]],
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]],
// CHECK:           %[[YS:.+]] = linalg.generic {{.+}}["parallel", "parallel", "parallel"]} ins(%[[XDS]], %[[SDS]],
// CHECK:         scf.forall.in_parallel
// CHECK-NEXT:      tensor.parallel_insert_slice %[[YS]]
// CHECK-NOT:     linalg.generic
// CHECK:         %[[YE:.+]] = tensor.expand_shape %[[LOOP]] {{\[}}[0, 1], [2], [3]]
// CHECK:         %[[Y:.+]] = tensor.collapse_shape %[[YE]] {{\[}}[0], [1, 2], [3]]
// CHECK:         %[[T:.+]] = linalg.generic {{.+}} ins(%[[XE]], %[[SE]] :
// CHECK-NEXT:    ^bb0(%[[C:[a-z0-9_]+]]: f32, %[[D:[a-z0-9_]+]]: f32,
// CHECK-NEXT:      %[[SUM:.+]] = arith.addf %[[C]], %[[D]] : f32
// CHECK:           linalg.yield %[[SUM]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         %[[SUMOUT:.+]] = tensor.collapse_shape %[[T]]
// CHECK:         return %[[Y]], %[[SUMOUT]]
func.func @skip_group_sum(%x: tensor<2x8x64xf32>, %skip: tensor<2x8x64xf32>,
                          %s: tensor<8xf32>)
    -> (tensor<2x8x64xf32>, tensor<2x8x64xf32>) {
  %sum = arith.addf %x, %skip : tensor<2x8x64xf32>
  %y = norm.group_normalization %sum, %s, %s num_groups = 4
      : (tensor<2x8x64xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x64xf32>
  return %y, %sum : tensor<2x8x64xf32>, tensor<2x8x64xf32>
}

// InstanceNormalization: one loop over the [N * C, D] rows of X and Skip
// computes the statistics and Y.
// CHECK-LABEL: func.func @skip_instance(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<2x8x64xf32>, %[[SKIP:[a-z0-9]+]]: tensor<2x8x64xf32>
// CHECK-NOT:     linalg.generic
// CHECK-DAG:     %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]]
// CHECK-DAG:     %[[SC:.+]] = tensor.collapse_shape %[[SKIP]] {{\[}}[0, 1], [2]]
// CHECK-NOT:     linalg.generic
// CHECK:         %[[LOOP:.+]] = scf.forall (%[[I:.+]]) in (16)
// CHECK:           %[[XS:.+]] = tensor.extract_slice %[[XC]][%[[I]], 0] [1, 64]
// CHECK-NEXT:      %[[SS:.+]] = tensor.extract_slice %[[SC]][%[[I]], 0] [1, 64]
// CHECK:           linalg.generic {{.+}}"reduction"]} ins(%[[XS]], %[[SS]],
// CHECK:           %[[YS:.+]] = linalg.generic {{.+}}["parallel", "parallel"]} ins(%[[XS]], %[[SS]],
// CHECK:         scf.forall.in_parallel
// CHECK-NEXT:      tensor.parallel_insert_slice %[[YS]]
// CHECK-NOT:     linalg.generic
// CHECK:         %[[Y:.+]] = tensor.expand_shape %[[LOOP]] {{\[}}[0, 1], [2]]
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[Y]]
func.func @skip_instance(%x: tensor<2x8x64xf32>, %skip: tensor<2x8x64xf32>,
                         %s: tensor<8xf32>) -> tensor<2x8x64xf32> {
  %sum = arith.addf %x, %skip : tensor<2x8x64xf32>
  %y = norm.instance_normalization %sum, %s, %s
      : (tensor<2x8x64xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x64xf32>
  return %y : tensor<2x8x64xf32>
}
