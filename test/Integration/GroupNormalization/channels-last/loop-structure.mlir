// The NHWC lowering (GroupNormalizationChannelsLast.cpp) reads X in place:
// no transpose, one scf.forall iteration per sample that sums each channel
// over the pixels (C innermost, parallel), then computes Y pixel by pixel
// (a linalg.map over the pixel's [C] row) with the SiLU (an exp of arith
// ops, no math.exp call or floor: 2^k from the bits of the rounded
// x log2(e)) in the same iteration, and writes each row into the
// loop's destination. Elementwise fusion keeps that destination (it gives a
// linalg.generic whose payload does not read its init a new tensor.empty,
// so that Y was computed into a temporary and copied).
// RUN: norm-opt %s --convert-norm-to-linalg --norm-fuse-elementwise | FileCheck %s
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x4x4x8xf32>
// CHECK-NOT:   linalg.transpose
// CHECK:       scf.forall (%[[N:.+]]) in (2) shared_outs(%[[OUT:.+]] = %{{.+}}) -> (tensor<2x4x4x8xf32>)
// CHECK:         %[[SAMPLE:.+]] = tensor.extract_slice %[[X]][%[[N]], 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK:         %[[DEST:.+]] = tensor.extract_slice %[[OUT]][%[[N]], 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[SAMPLE]], %{{.+}} : tensor<1x4x4x8xf32>, tensor<1x8xf32>) outs(%{{.+}} : tensor<1x8xf64>)
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[SAMPLE]], %{{.+}}, %{{.+}} : tensor<1x4x4x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) outs(%{{.+}} : tensor<1x8xf64>)
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[Y:.+]] = scf.for %[[H:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[YH:.+]] = %[[DEST]])
// CHECK-NEXT:      scf.for %[[W:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[YW:.+]] = %[[YH]])
// CHECK-NEXT:        %[[XROW:.+]] = tensor.extract_slice %[[SAMPLE]][0, %[[H]], %[[W]], 0] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<8xf32>
// CHECK-NEXT:        %[[YROW:.+]] = tensor.extract_slice %[[YW]][0, %[[H]], %[[W]], 0] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<8xf32>
// CHECK-NEXT:        %[[MAPPED:.+]] = linalg.map ins(%[[XROW]], {{.*}}) outs(%[[YROW]] : tensor<8xf32>)
// CHECK-NOT:           math.exp
// CHECK-NOT:           math.floor
// CHECK:               arith.bitcast %{{.+}} : f32 to i32
// CHECK-NEXT:          arith.shli
// CHECK-NOT:           math.exp
// CHECK:               arith.divf
// CHECK:               linalg.yield
// CHECK:             tensor.insert_slice %[[MAPPED]] into %[[YW]][0, %[[H]], %[[W]], 0] [1, 1, 1, 8] [1, 1, 1, 1]
// CHECK:         tensor.parallel_insert_slice %[[Y]] into %[[OUT]][%[[N]], 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1]

func.func @main(%x: tensor<2x4x4x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x4x4x8xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last activation = 1
      : (tensor<2x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x4x4x8xf32>
  return %y : tensor<2x4x4x8xf32>
}
