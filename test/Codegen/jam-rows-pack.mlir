// The narrow-row path in IR: LayerNorm rows of 64 f32 (one 4-register pass
// per row with 512-bit vectors) after norm-jam-rows with pack-rows (the
// pipeline sets it with 256- or 512-bit vectors, x86 with AVX).
// RUN: norm-opt %s --norm-to-llvm='vector-bits=512 parallel=false runtime-verification=false' \
// RUN:   --mlir-print-ir-after=norm-jam-rows -o /dev/null 2>&1 | FileCheck %s
// With 128-bit vectors (possibly AArch64, whose backend adds a reassociated
// sum's lanes pairwise) the rows' sums stay one horizontal reduction per
// row, and their statistics scalars.
// RUN: norm-opt %s --norm-to-llvm='vector-bits=128 parallel=false runtime-verification=false' \
// RUN:   --mlir-print-ir-after=norm-jam-rows -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// The pass alone: pack-rows is off by default.
// RUN: norm-opt %s --norm-to-llvm='vector-bits=128 parallel=false runtime-verification=false' \
// RUN:   --mlir-print-ir-before=norm-jam-rows -o /dev/null 2>&1 \
// RUN:   | sed -n '/IR Dump Before/,$p' | sed 1d \
// RUN:   | norm-opt --norm-jam-rows='max-steps=1 min-reductions=2' \
// RUN:   | FileCheck %s --check-prefix=OFF

// The jammed block: the 4 rows' partial sums (vector<1x64xf32> each) side by
// side in one vector<256xf32>, then each row's lanes added in the order of
// LLVM's reassociated reduction on x86 (lane j + lane j + W/2 for W = 64,
// 32, ..., 2): the low and high halves of all rows gathered, level by level,
// then the last two levels in place (lanes swapped within each row's 4
// lanes), and the first lane of each row taken: one vector<4xf32> of the
// rows' sums. Their accumulators are added after the tree.
// CHECK-LABEL: IR Dump After JamRowsPass
// CHECK:         memref.load %{{.*}}[%{{.*}}, %c0] : memref<64x64xf32>
// CHECK:         vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, {{.*}}, 126, 127] : vector<64xf32>, vector<64xf32>
// CHECK-NEXT:    vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, {{.*}}, 126, 127] : vector<64xf32>, vector<64xf32>
// CHECK-NEXT:    %[[C01:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, {{.*}}, 254, 255] : vector<128xf32>, vector<128xf32>
// CHECK:         %[[L32:.*]] = vector.shuffle %[[C01]], %[[C01]] [0, 1, {{.*}}, 30, 31, 64, 65, {{.*}}, 94, 95, 128, {{.*}}, 223] : vector<256xf32>, vector<256xf32>
// CHECK:         %[[H32:.*]] = vector.shuffle %[[C01]], %[[C01]] [32, 33, {{.*}}, 62, 63, 96, {{.*}}, 255] : vector<256xf32>, vector<256xf32>
// CHECK:         %[[S32:.*]] = arith.addf %[[L32]], %[[H32]] : vector<128xf32>
// CHECK:         vector.shuffle %[[S32]], %[[S32]] [0, 1, {{.*}}, 15, 32, {{.*}}, 111] : vector<128xf32>, vector<128xf32>
// CHECK:         %[[L4:.*]] = vector.shuffle %[[S8:.*]], %[[S8]] [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27] : vector<32xf32>, vector<32xf32>
// CHECK-NEXT:    %[[H4:.*]] = vector.shuffle %[[S8]], %[[S8]] [4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<32xf32>, vector<32xf32>
// CHECK-NEXT:    %[[S4:.*]] = arith.addf %[[L4]], %[[H4]] : vector<16xf32>
// CHECK-NEXT:    %[[W2:.*]] = vector.shuffle %[[S4]], %[[S4]] [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT:    %[[S2:.*]] = arith.addf %[[S4]], %[[W2]] : vector<16xf32>
// CHECK-NEXT:    %[[W1:.*]] = vector.shuffle %[[S2]], %[[S2]] [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %[[S2]], %[[W1]] : vector<16xf32>
// CHECK-NEXT:    %[[ROWS:.*]] = vector.shuffle %[[S1]], %[[S1]] [0, 4, 8, 12] : vector<16xf32>, vector<16xf32>
// CHECK:         %[[ACC:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[ACC]], %[[ROWS]] : vector<4xf32>
// The per-row scalars on vectors of the 4 rows: Q = sum / n, then (after
// the second transposed reduction) the checks in f32 and f64, the square
// root and the division.
// CHECK:         arith.divf %[[SUM]], %{{.*}} : vector<4xf32>
// CHECK:         vector.shuffle %{{.*}} [0, 4, 8, 12] : vector<16xf32>, vector<16xf32>
// CHECK:         arith.extf %{{.*}} : vector<4xf32> to vector<4xf64>
// CHECK:         arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<4xf64>
// CHECK:         scf.if
// CHECK:         math.sqrt %{{.*}} : vector<4xf32>
// CHECK:         arith.divf %{{.*}}, %{{.*}} : vector<4xf32>
// The rows one by one (a block with a rare row): one horizontal reduction
// per sum.
// CHECK:         scf.for
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x64xf32> to vector<1xf32>
// CHECK:         vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x64xf32> to vector<1xf32>

// Rows of 16 f32 are jammed with 128-bit vectors too, without pack-rows.
// OFF-LABEL:     func.func @layernorm16
// OFF-NOT:       vector<4xf32>
// OFF:           vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
// OFF-NEXT:      vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
// OFF-NEXT:      vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
// OFF-NEXT:      vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
// OFF:           math.sqrt %{{.*}} : f32
// OFF-NEXT:      math.sqrt %{{.*}} : f32
// OFF-NEXT:      math.sqrt %{{.*}} : f32
// OFF-NEXT:      math.sqrt %{{.*}} : f32
// OFF-NOT:       vector<4xf32>
func.func @layernorm(%x: tensor<64x64xf32>, %scale: tensor<64xf32>,
                     %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>)
      -> (tensor<64x64xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x64xf32>
}

func.func @layernorm16(%x: tensor<64x16xf32>, %scale: tensor<16xf32>,
                       %b: tensor<16xf32>) -> tensor<64x16xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<64x16xf32>, tensor<16xf32>, tensor<16xf32>)
      -> (tensor<64x16xf32>, tensor<64x1xf32>, tensor<64x1xf32>)
  return %y : tensor<64x16xf32>
}
