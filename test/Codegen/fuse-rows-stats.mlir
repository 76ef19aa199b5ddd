// RUN: norm-opt %s --convert-norm-to-linalg --norm-fuse-elementwise \
// RUN:   --canonicalize --cse --norm-fuse-rows --canonicalize --cse \
// RUN:   | FileCheck %s

// A LayerNormalization whose Mean and/or InvStdDev are used besides Y: the
// row loop that computes Y also yields them (extra shared_outs), so X is
// read by one loop nest only. No linalg op is left outside the scf.forall,
// and besides the loop's per-row extract_slice only the shift K (the row's
// first element, in a linalg.map) and the scalar recomputation of rare rows
// (in the linalg.maps of the f64 mean and of InvStdDev, docs/numerics.md)
// read X, one element at a time.

// CHECK-LABEL: func.func @layernorm_stats(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf32>
// CHECK-NOT:     = linalg.
// CHECK:         %[[E:.+]] = tensor.empty(%{{.+}}) : tensor<?xf32>
// X[:, 0:n] for rows of up to 2048 (X[:, 0:0] otherwise), the 8 chunks and
// the tail of the long rows' sum of K - X, X[:, 0:n] for long rows.
// CHECK:         %[[XSHORT:.+]] = tensor.extract_slice %[[X]][0, 0] [%{{.+}}, %[[NSHORT:.+]]] [1, 1]
// CHECK:         tensor.extract_slice %[[X]][0, 0] [%{{.+}}, %[[H:.+]]] [1, 1]
// CHECK-COUNT-7: tensor.extract_slice %[[X]][0, %{{.+}}] [%{{.+}}, %[[H]]] [1, 1]
// CHECK:         tensor.extract_slice %[[X]][0, %{{.+}}] [%{{.+}}, %{{.+}}] [1, 1]
// CHECK:         %[[XLONG:.+]] = tensor.extract_slice %[[X]][0, 0] [%{{.+}}, %[[NLONG:.+]]] [1, 1]
// CHECK-NOT:     = linalg.
// CHECK:         %[[LOOP:.+]]:3 = scf.forall (%[[I:.+]]) in (%{{.+}}) shared_outs(%[[YO:.+]] = %{{.+}}, %[[IO:.+]] = %[[E]], %[[MO:.+]] = %[[E]]) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
// CHECK-DAG:       %[[IS:.+]] = tensor.extract_slice %[[IO]][%[[I]]] [1] [1]
// CHECK-DAG:       %[[MS:.+]] = tensor.extract_slice %[[MO]][%[[I]]] [1] [1]
// CHECK-DAG:       %[[ROW:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, %{{.+}}] [1, 1] : tensor<?x?xf32> to tensor<1x?xf32>
// CHECK:           %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<1xf32>)
// CHECK:             tensor.extract %[[X]]
// CHECK:           %[[ROWSHORT:.+]] = tensor.extract_slice %[[XSHORT]][%[[I]], 0] [1, %[[NSHORT]]] [1, 1]
// CHECK:           %[[SUM:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWSHORT]], %[[K]] : tensor<1x?xf32>, tensor<1xf32>)
// CHECK:           %[[QCH:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins({{.*}}, %[[K]] : {{.*}}) outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[QTAIL:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[QSUM64:.+]] = linalg.map { arith.addf } ins(%[[QCH]], %[[QTAIL]] : tensor<1xf64>, tensor<1xf64>)
// CHECK:           %[[Q:.+]] = linalg.map ins(%[[SUM]], %[[QSUM64]] : tensor<1xf32>, tensor<1xf64>)
// CHECK:           %[[SUMSQ32:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWSHORT]], %[[K]], %[[Q]] : tensor<1x?xf32>, tensor<1xf32>, tensor<1xf32>)
// CHECK:           %[[ROWLONG:.+]] = tensor.extract_slice %[[XLONG]][%[[I]], 0] [1, %[[NLONG]]] [1, 1]
// CHECK:           %[[SUMSQ64:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWLONG]], %[[K]], %[[Q]] : tensor<1x?xf32>, tensor<1xf32>, tensor<1xf32>) outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[SUMSQ:.+]] = linalg.map ins(%[[SUMSQ32]], %[[SUMSQ64]] : tensor<1xf32>, tensor<1xf64>)
// CHECK:           %[[EXACT:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[INV:.+]] = linalg.map ins(%[[SUMSQ]], %[[K]], %[[Q]], %[[EXACT]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf64>) outs(%[[IS]] : tensor<1xf32>)
// CHECK:           %[[HIGH:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf64>) outs(%[[MS]] : tensor<1xf32>)
// The parts Y takes (High = 0 in a recomputed slice of a spread near f32's
// range), from High and Low: the Mean result, High, is in the loop too.
// CHECK:           %[[HIGHC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[HIGH]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf64>, tensor<1xf32>, tensor<1xf32>)
// CHECK:           %[[LOW:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf64>)
// CHECK:           %[[LOWC:.+]] = linalg.map ins(%[[K]], %[[Q]], %[[SUMSQ]], %[[EXACT]], %[[INV]], %[[LOW]] : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf64>, tensor<1xf32>, tensor<1xf32>)
// CHECK:           %[[Y:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[ROW]], %[[HIGHC]], %[[LOWC]], %[[INV]], {{.*}}) outs(%{{.+}} : tensor<1x?xf32>)
// CHECK-NOT:       = linalg.
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[Y]] into %[[YO]][%[[I]], 0]
// CHECK-DAG:         tensor.parallel_insert_slice %[[HIGH]] into %[[MO]][%[[I]]] [1] [1]
// CHECK-DAG:         tensor.parallel_insert_slice %[[INV]] into %[[IO]][%[[I]]] [1] [1]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     = linalg.
// CHECK-NOT:     %[[X]]
// CHECK:         %[[M2:.+]] = tensor.expand_shape %[[LOOP]]#2 {{\[\[}}0, 1]]
// CHECK:         %[[I2:.+]] = tensor.expand_shape %[[LOOP]]#1 {{\[\[}}0, 1]]
// CHECK-NOT:     = linalg.
// CHECK:         return %[[LOOP]]#0, %[[M2]], %[[I2]]
func.func @layernorm_stats(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                           %b: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %mean, %inv : tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

// Only Mean besides Y, rank 3, axis 1: one extra result. (Not collapsed to
// [4, ? * 7]: Scale [7] broadcasts over dim 1, and its copy would serve 4
// slices only.)
// CHECK-LABEL: func.func @mean_only_axis1(
// CHECK-NOT:     = linalg.
// CHECK:         %[[LOOP:.+]]:2 = scf.forall (%{{.+}}) in (4) shared_outs({{.*}}) -> (tensor<4x?x7xf32>, tensor<4xf32>) {
// CHECK-COUNT-2:   iterator_types = ["parallel", "reduction", "reduction"]
// CHECK:           iterator_types = ["parallel", "parallel", "parallel"]
// CHECK:           scf.forall.in_parallel {
// CHECK-COUNT-2:     tensor.parallel_insert_slice
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     = linalg.
// CHECK:         %[[M:.+]] = tensor.expand_shape %[[LOOP]]#1 {{\[\[}}0, 1, 2]] output_shape [4, 1, 1]
// CHECK:         return %[[LOOP]]#0, %[[M]]
func.func @mean_only_axis1(%x: tensor<4x?x7xf32>, %scale: tensor<7xf32>)
    -> (tensor<4x?x7xf32>, tensor<4x1x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale axis = 1
      : (tensor<4x?x7xf32>, tensor<7xf32>)
      -> (tensor<4x?x7xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>)
  return %y, %mean : tensor<4x?x7xf32>, tensor<4x1x1xf32>
}

// f16 X with bf16 Mean/InvStdDev (stash_type 16): the loop yields the f32
// statistics (Mean as its parts High and Low, so that it is rounded once to
// bf16); their rounding to bf16 is an elementwise op on the [N] values after
// the loop, which does not read X.
// CHECK-LABEL: func.func @f16_stash_bf16(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf16>
// CHECK-NOT:     = linalg.
// CHECK:         %[[LOOP:.+]]:4 = scf.forall {{.*}} -> (tensor<?x?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
// CHECK:           scf.forall.in_parallel {
// CHECK-COUNT-4:     tensor.parallel_insert_slice
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     %[[X]]
// CHECK:         linalg.generic {{.*}}ins(%[[LOOP]]#2, %[[LOOP]]#3 : tensor<?xf32>, tensor<?xf32>) outs(%{{.+}} : tensor<?xbf16>)
// CHECK:         linalg.generic {{.*}}ins(%[[LOOP]]#1 : tensor<?xf32>) outs(%{{.+}} : tensor<?xbf16>)
// CHECK:         return %[[LOOP]]#0
func.func @f16_stash_bf16(%x: tensor<?x?xf16>, %scale: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x1xbf16>, tensor<?x1xbf16>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale stash_type = 16
      : (tensor<?x?xf16>, tensor<?xf16>)
      -> (tensor<?x?xf16>, tensor<?x1xbf16>, tensor<?x1xbf16>)
  return %y, %mean, %inv
      : tensor<?x?xf16>, tensor<?x1xbf16>, tensor<?x1xbf16>
}

// Mean and InvStdDev without Y: no elementwise op reads the statistics. The
// sum of K - X (in f32 over X[:, 0:n] for rows of up to 2048, in f64 from
// f32 sums of 8 chunks' terms above) and the sums of squared deviations (reductions reading K and Q, per-row values of
// the first element and of the shifted sum; one in f32 over X[:, 0:n] for
// rows of up to 2048, one in f64 over X[:, 0:n] above, each over X[:, 0:0]
// otherwise) are combined per row by a linalg.map, which is the root. One
// loop computes all three reductions per row and yields SumSq, K and Q;
// the recomputed f64 mean of rare rows, Mean and InvStdDev are per-row maps
// after it, and nothing else reads X
// (before, the sum and the sum of squares were two loop nests over X; a
// root per reduction would make them two again).
// CHECK-LABEL: func.func @stats_only(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x?xf32>
// CHECK-NOT:     = linalg.
// CHECK:         %[[XSHORT:.+]] = tensor.extract_slice %[[X]][0, 0] [%{{.+}}, %[[NSHORT:.+]]] [1, 1]
// CHECK:         tensor.extract_slice %[[X]][0, 0] [%{{.+}}, %[[H:.+]]] [1, 1]
// CHECK-COUNT-7: tensor.extract_slice %[[X]][0, %{{.+}}] [%{{.+}}, %[[H]]] [1, 1]
// CHECK:         tensor.extract_slice %[[X]][0, %{{.+}}] [%{{.+}}, %{{.+}}] [1, 1]
// CHECK:         %[[XLONG:.+]] = tensor.extract_slice %[[X]][0, 0] [%{{.+}}, %[[NLONG:.+]]] [1, 1]
// CHECK-NOT:     = linalg.
// CHECK:         %[[LOOP:.+]]:3 = scf.forall (%[[I:.+]]) in (%{{.+}}) shared_outs(%[[SQO:.+]] = %{{.+}}, %[[KO:.+]] = %{{.+}}, %[[QO:.+]] = %{{.+}}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
// CHECK:           %[[ROWSHORT:.+]] = tensor.extract_slice %[[XSHORT]][%[[I]], 0] [1, %[[NSHORT]]] [1, 1]
// CHECK:           %[[K:.+]] = linalg.map outs(%{{.+}} : tensor<1xf32>)
// CHECK:           %[[SUM:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWSHORT]], %[[K]] : tensor<1x?xf32>, tensor<1xf32>)
// CHECK:           %[[QCH:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins({{.*}}, %[[K]] : {{.*}}) outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[QTAIL:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[QSUM64:.+]] = linalg.map { arith.addf } ins(%[[QCH]], %[[QTAIL]] : tensor<1xf64>, tensor<1xf64>)
// CHECK:           %[[Q:.+]] = linalg.map ins(%[[SUM]], %[[QSUM64]] : tensor<1xf32>, tensor<1xf64>)
// CHECK:           %[[SUMSQ32:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWSHORT]], %[[K]], %[[Q]] : tensor<1x?xf32>, tensor<1xf32>, tensor<1xf32>)
// CHECK:           %[[ROWLONG:.+]] = tensor.extract_slice %[[XLONG]][%[[I]], 0] [1, %[[NLONG]]] [1, 1]
// CHECK:           %[[SUMSQ64:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[ROWLONG]], %[[K]], %[[Q]] : tensor<1x?xf32>, tensor<1xf32>, tensor<1xf32>) outs(%{{.+}} : tensor<1xf64>)
// CHECK:           %[[SUMSQ:.+]] = linalg.map ins(%[[SUMSQ32]], %[[SUMSQ64]] : tensor<1xf32>, tensor<1xf64>)
// CHECK-NOT:       = linalg.
// CHECK:           scf.forall.in_parallel {
// CHECK-NEXT:        tensor.parallel_insert_slice %[[SUMSQ]] into %[[SQO]][%[[I]]] [1] [1]
// CHECK-NEXT:        tensor.parallel_insert_slice %[[K]] into %[[KO]][%[[I]]] [1] [1]
// CHECK-NEXT:        tensor.parallel_insert_slice %[[Q]] into %[[QO]][%[[I]]] [1] [1]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     linalg.generic
// CHECK:         %[[EXACT:.+]] = linalg.map ins(%[[LOOP]]#1, %[[LOOP]]#2, %[[LOOP]]#0 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) outs(%{{.+}} : tensor<?xf64>)
// CHECK:         %[[INV:.+]] = linalg.map ins(%[[LOOP]]#0, %[[LOOP]]#1, %[[LOOP]]#2, %[[EXACT]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>)
// CHECK:         %[[MEAN:.+]] = linalg.map ins(%[[LOOP]]#1, %[[LOOP]]#2, %[[LOOP]]#0, %[[EXACT]] : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>)
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @stats_only(%x: tensor<?x?xf32>, %scale: tensor<?xf32>)
    -> (tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %mean, %inv = norm.layer_normalization %x, %scale
      : (tensor<?x?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %mean, %inv : tensor<?x1xf32>, tensor<?x1xf32>
}
