// RMSNormalization with f16 X and f16 Scale through norm-to-llvm: Scale is
// converted to f32 once per call, by a loop before the row loops (not fused
// back into them by norm-fuse-rows), and the Y loop multiplies by the f32
// copy: NormalizedT widened to f32 times the copy, rounded once to f16.
// The conversion is exact, and the product of two f16 values is exact in
// f32, so the values are those of the f16 multiplication.
//
// RUN: norm-opt %s "--norm-to-llvm=vector-bits=512 runtime-verification=false" \
// RUN:   --mlir-print-ir-after=norm-nontemporal-stores -o /dev/null 2>&1 \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @rms_f16(
// CHECK-SAME:      %[[X:.+]]: memref<64x4096xf16>, %[[S:.+]]: memref<4096xf16>)
// CHECK:         %[[SW:.+]] = memref.alloc() {{.*}}: memref<4096xf32>
// CHECK-NEXT:    scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-NEXT:      %[[E:.+]] = memref.load %[[S]][%[[I]]] : memref<4096xf16>
// CHECK-NEXT:      %[[W:.+]] = arith.extf %[[E]] : f16 to f32
// CHECK-NEXT:      memref.store %[[W]], %[[SW]][%[[I]]] : memref<4096xf32>
// CHECK-NEXT:    }
// CHECK-NOT:     %[[S]]
// CHECK:         vector.transfer_read %[[X]]
// CHECK-NOT:     %[[S]]
// CHECK:         %[[SV:.+]] = vector.transfer_read %[[SW]][%{{.+}}], %{{.+}} {in_bounds = [true]} : memref<4096xf32>, vector<64xf32>
// CHECK:           %[[NT:.+]] = arith.truncf %{{.+}} : vector<1x64xf32> to vector<1x64xf16>
// CHECK-NEXT:      %[[NW:.+]] = arith.extf %[[NT]] : vector<1x64xf16> to vector<1x64xf32>
// CHECK-NEXT:      %[[YW:.+]] = arith.mulf %[[NW]], %{{.+}} : vector<1x64xf32>
// CHECK-NEXT:      arith.truncf %[[YW]] : vector<1x64xf32> to vector<1x64xf16>
// CHECK-NOT:     %[[S]]
// CHECK:         return
func.func @rms_f16(%x: tensor<64x4096xf16>, %scale: tensor<4096xf16>)
    -> tensor<64x4096xf16> {
  %y, %inv = norm.rms_normalization %x, %scale
      : (tensor<64x4096xf16>, tensor<4096xf16>)
      -> (tensor<64x4096xf16>, tensor<64x1xf32>)
  return %y : tensor<64x4096xf16>
}
