// The per-channel sums of the NHWC lowering for f32 C over a spatial dim of
// at least 8 (GroupNormalizationChannelsLast.cpp, buildChannelSums): H = 17
// is cut into 8 slices of 2 rows, and one reduction over [1, 2, W, C] adds
// the 8 terms of a channel in f32 (K - X for the sum, ((K - X) - Q)^2 for
// the sum of squares, without reassociation) and that sum once to the f64
// accumulator; the last row (17 mod 8) is added by a reduction of its own
// into the same accumulator, each term in f64. f64 C (stash_type 11) keeps
// one reduction over all the pixels.
// RUN: norm-opt %s --convert-norm-to-linalg --norm-fuse-elementwise --cse | FileCheck %s

// CHECK-LABEL: func.func @chunked(
// CHECK:       scf.forall
// CHECK:         %[[SAMPLE:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, 0, 0, 0] [1, 17, 4, 8] [1, 1, 1, 1]
// CHECK:         %[[S0:.+]] = tensor.extract_slice %[[SAMPLE]][0, 0, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S1:.+]] = tensor.extract_slice %[[SAMPLE]][0, 2, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S2:.+]] = tensor.extract_slice %[[SAMPLE]][0, 4, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S3:.+]] = tensor.extract_slice %[[SAMPLE]][0, 6, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S4:.+]] = tensor.extract_slice %[[SAMPLE]][0, 8, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S5:.+]] = tensor.extract_slice %[[SAMPLE]][0, 10, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S6:.+]] = tensor.extract_slice %[[SAMPLE]][0, 12, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    %[[S7:.+]] = tensor.extract_slice %[[SAMPLE]][0, 14, 0, 0] [1, 2, 4, 8] [1, 1, 1, 1]
// CHECK:         %[[SUMS:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[S0]], %[[S1]], %[[S2]], %[[S3]], %[[S4]], %[[S5]], %[[S6]], %[[S7]], %[[K:[^ ]+]] : {{.*}}) outs(%{{.+}} : tensor<1x8xf64>)
// CHECK-NEXT:    ^bb0(%[[X0:[^:]+]]: f32, %[[X1:[^:]+]]: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %[[X7:[^:]+]]: f32, %[[KE:[^:]+]]: f32, %[[ACC:[^:]+]]: f64):
// CHECK-NEXT:      %[[T0:.+]] = arith.subf %[[KE]], %[[X0]] : f32
// CHECK-NEXT:      %[[T1:.+]] = arith.subf %[[KE]], %[[X1]] : f32
// CHECK-NEXT:      %[[P1:.+]] = arith.addf %[[T0]], %[[T1]] : f32
// CHECK-COUNT-6:   arith.addf %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:      %[[W:.+]] = arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addf %[[ACC]], %[[W]] fastmath<reassoc> : f64
// CHECK-NEXT:      linalg.yield %[[NEXT]] : f64
// CHECK:         %[[TAIL:.+]] = tensor.extract_slice %[[SAMPLE]][0, 16, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1]
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[TAIL]], %[[K]] : tensor<1x1x4x8xf32>, tensor<1x8xf32>) outs(%[[SUMS]] : tensor<1x8xf64>)
// CHECK:           arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:      arith.addf %{{.+}}, %{{.+}} fastmath<reassoc> : f64
// CHECK:         %[[SQUARES:.+]] = linalg.generic {{.*}} ins(%[[S0]], %[[S1]], %[[S2]], %[[S3]], %[[S4]], %[[S5]], %[[S6]], %[[S7]], %[[K]], %[[Q:[^ ]+]] : {{.*}}) outs(%{{.+}} : tensor<1x8xf64>)
// CHECK-NEXT:    ^bb0(%[[Y0:[^:]+]]: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: f32, %[[KS:[^:]+]]: f32, %[[QS:[^:]+]]: f32, %{{.+}}: f64):
// CHECK-NEXT:      %[[E0:.+]] = arith.subf %[[KS]], %[[Y0]] : f32
// CHECK-NEXT:      %[[D0:.+]] = arith.subf %[[E0]], %[[QS]] : f32
// CHECK-NEXT:      arith.mulf %[[D0]], %[[D0]] fastmath<contract> : f32
// CHECK-COUNT-7:   arith.addf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK-NEXT:      arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:      arith.addf %{{.+}}, %{{.+}} fastmath<reassoc> : f64
// CHECK:         linalg.generic {{.*}} ins(%[[TAIL]], %[[K]], %[[Q]] : tensor<1x1x4x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) outs(%[[SQUARES]] : tensor<1x8xf64>)
// CHECK:           %[[D:.+]] = arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT:      arith.mulf %[[D]], %[[D]] fastmath<contract> : f64
func.func @chunked(%x: tensor<2x17x4x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x17x4x8xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last activation = 1
      : (tensor<2x17x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x17x4x8xf32>
  return %y : tensor<2x17x4x8xf32>
}

// CHECK-LABEL: func.func @f64_stash(
// CHECK:         %[[SAMPLE:.+]] = tensor.extract_slice %{{.+}}[%{{.+}}, 0, 0, 0] [1, 17, 4, 8] [1, 1, 1, 1]
// CHECK-NOT:     tensor.extract_slice %[[SAMPLE]]
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%[[SAMPLE]], %{{.+}} : tensor<1x17x4x8xf32>, tensor<1x8xf64>) outs(%{{.+}} : tensor<1x8xf64>)
func.func @f64_stash(%x: tensor<2x17x4x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x17x4x8xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 stash_type = 11 channels_last
      : (tensor<2x17x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x17x4x8xf32>
  return %y : tensor<2x17x4x8xf32>
}
