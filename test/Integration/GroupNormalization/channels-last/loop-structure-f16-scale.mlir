// The NHWC lowering (GroupNormalizationChannelsLast.cpp) with f16 X, Scale
// and B: Scale and B are converted to the stage-one type f32 once per sample
// (a tensor.generate of extf before the pixel loops), and the per-pixel
// linalg.map reads them as f32, so that its body converts only X (one
// arith.extf), not Scale and B again in every pixel row.
// RUN: norm-opt %s --convert-norm-to-linalg --norm-fuse-elementwise | FileCheck %s
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x4x4x8xf16>, %[[S:[^:]+]]: tensor<8xf16>, %[[B:[^:]+]]: tensor<8xf16>
// CHECK:       scf.forall
// CHECK:           %[[E:.+]] = tensor.extract %[[S]][%{{[a-z0-9_]+}}] : tensor<8xf16>
// CHECK-NEXT:      %[[F:.+]] = arith.extf %[[E]] : f16 to f32
// CHECK-NEXT:      tensor.yield %[[F]] : f32
// CHECK-NEXT:    } : tensor<8xf32>
// CHECK-NEXT:    tensor.generate
// CHECK-NEXT:    ^bb0(%[[J:[a-z0-9_]+]]: index):
// CHECK-NEXT:      %[[G:.+]] = tensor.extract %[[B]][%[[J]]] : tensor<8xf16>
// CHECK-NEXT:      %[[H:.+]] = arith.extf %[[G]] : f16 to f32
// CHECK-NEXT:      tensor.yield %[[H]] : f32
// CHECK-NEXT:    } : tensor<8xf32>
// CHECK:         scf.for
// CHECK-NEXT:      scf.for
// CHECK:             linalg.map ins(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%{{.+}} : tensor<8xf16>)
// CHECK-NEXT:          (%[[IN:[^:]+]]: f16,
// CHECK-NEXT:          arith.extf %[[IN]] : f16 to f32
// CHECK-NOT:           arith.extf
// CHECK:               arith.truncf %{{.+}} : f32 to f16
// CHECK-NEXT:          linalg.yield

func.func @main(%x: tensor<2x4x4x8xf16>, %s: tensor<8xf16>, %b: tensor<8xf16>) -> tensor<2x4x4x8xf16> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4 channels_last activation = 1
      : (tensor<2x4x4x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<2x4x4x8xf16>
  return %y : tensor<2x4x4x8xf16>
}
