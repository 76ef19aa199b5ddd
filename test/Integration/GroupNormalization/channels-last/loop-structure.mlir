// The NHWC lowering (GroupNormalizationChannelsLast.cpp) reads X in place:
// no transpose, one scf.forall iteration per sample that sums each channel
// over the pixels (C innermost, parallel), then computes Y pixel by pixel
// (a linalg.map over the pixel's [C] row) with the SiLU (an exp of arith
// ops, no math.exp call or floor: 2^k from the bits of the rounded
// x log2(e)) in the same iteration, and writes each row into the
// loop's destination. The rows read Low * InvStdDev per channel, made once
// per sample (a tensor.generate), not a product in every pixel; the SiLU
// clamps y with two integer min ops on its bits, without negating it, and
// forms 1 + 2^k p as one multiply-add (for y < -44 both sides scaled by
// 2^-64, so that 2^k cannot overflow: a compare of y and two selects). Elementwise fusion keeps that destination (it gives a
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
// CHECK:         %[[HIGH:.+]] = tensor.generate
// CHECK:         %[[REST:.+]] = tensor.generate
// CHECK-NEXT:      ^bb0(%[[C:.+]]: index):
// CHECK-NEXT:        %[[G:.+]] = arith.divui %[[C]], %{{.+}} : index
// CHECK-NEXT:        %[[LOW:.+]] = tensor.extract %[[LOWS:.+]][%{{.+}}, %[[G]]] : tensor<1x4xf32>
// CHECK-NEXT:        %[[INV:.+]] = tensor.extract %[[INVS:.+]][%{{.+}}, %[[G]]] : tensor<1x4xf32>
// CHECK-NEXT:        %[[PRODUCT:.+]] = arith.mulf %[[LOW]], %[[INV]] : f32
// CHECK-NEXT:        tensor.yield %[[PRODUCT]] : f32
// CHECK:         %[[INVSTDDEV:.+]] = tensor.generate
// CHECK:           tensor.extract %[[INVS]]
// CHECK:         %[[Y:.+]] = scf.for %[[H:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[YH:.+]] = %[[DEST]])
// CHECK-NEXT:      scf.for %[[W:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[YW:.+]] = %[[YH]])
// CHECK-NEXT:        %[[XROW:.+]] = tensor.extract_slice %[[SAMPLE]][0, %[[H]], %[[W]], 0] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<8xf32>
// CHECK-NEXT:        %[[YROW:.+]] = tensor.extract_slice %[[YW]][0, %[[H]], %[[W]], 0] [1, 1, 1, 8] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<8xf32>
// CHECK-NEXT:        %[[MAPPED:.+]] = linalg.map ins(%[[XROW]], %[[HIGH]], %[[REST]], %[[INVSTDDEV]], %{{.+}}, %{{.+}} : {{.*}}) outs(%[[YROW]] : tensor<8xf32>)
// CHECK-NEXT:          (%[[IX:[^:]+]]: f32, %[[IHIGH:[^:]+]]: f32, %[[IREST:[^:]+]]: f32, %[[IINV:[^:]+]]: f32, %[[ISCALE:[^:]+]]: f32, %[[IB:[^:]+]]: f32, %{{.+}}: f32) {
// CHECK-NEXT:            %[[CENTERED:.+]] = arith.subf %[[IX]], %[[IHIGH]] : f32
// CHECK-NEXT:            %[[SCALED:.+]] = arith.mulf %[[CENTERED]], %[[IINV]] fastmath<contract> : f32
// CHECK-NEXT:            %[[NORMALIZED:.+]] = arith.subf %[[SCALED]], %[[IREST]] fastmath<contract> : f32
// CHECK-NEXT:            %[[YS:.+]] = arith.mulf %[[NORMALIZED]], %[[ISCALE]] fastmath<contract> : f32
// CHECK-NEXT:            %[[YV:.+]] = arith.addf %[[YS]], %[[IB]] fastmath<contract> : f32
// CHECK-NEXT:            %[[BITS:.+]] = arith.bitcast %[[YV]] : f32 to i32
// CHECK-NEXT:            %[[UPPER:.+]] = arith.minsi %[[BITS]], %{{.+}} : i32
// CHECK-NEXT:            %[[LOWER:.+]] = arith.minui %[[UPPER]], %{{.+}} : i32
// CHECK-NEXT:            arith.bitcast %[[LOWER]] : i32 to f32
// CHECK-NEXT:            %[[LARGE:.+]] = arith.cmpf olt, %[[YV]], %{{.+}} : f32
// CHECK-NEXT:            arith.select %[[LARGE]], %{{.+}}, %{{.+}} : f32
// CHECK-NOT:             arith.negf
// CHECK-NOT:             math.exp
// CHECK-NOT:             math.floor
// CHECK:                 %[[FACTOR:.+]] = arith.select %[[LARGE]], %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:            arith.bitcast %{{.+}} : f32 to i32
// CHECK-NEXT:            arith.shli
// CHECK-NEXT:            %[[POW:.+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK-NEXT:            %[[E:.+]] = arith.mulf %{{.+}}, %[[POW]] fastmath<contract> : f32
// CHECK-NEXT:            %[[DENOMINATOR:.+]] = arith.addf %[[E]], %[[FACTOR]] fastmath<contract> : f32
// CHECK-NEXT:            %[[NUMERATOR:.+]] = arith.mulf %[[YV]], %[[FACTOR]] : f32
// CHECK-NEXT:            %[[SILU:.+]] = arith.divf %[[NUMERATOR]], %[[DENOMINATOR]] : f32
// CHECK-NEXT:            linalg.yield %[[SILU]] : f32
// CHECK:             tensor.insert_slice %[[MAPPED]] into %[[YW]][0, %[[H]], %[[W]], 0] [1, 1, 1, 8] [1, 1, 1, 1]
// CHECK:         tensor.parallel_insert_slice %[[Y]] into %[[OUT]][%[[N]], 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1]

func.func @main(%x: tensor<2x4x4x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x4x4x8xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last activation = 1
      : (tensor<2x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x4x4x8xf32>
  return %y : tensor<2x4x4x8xf32>
}
