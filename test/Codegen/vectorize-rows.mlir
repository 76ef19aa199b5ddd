// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=512}),canonicalize,cse,loop-invariant-subset-hoisting,canonicalize)' | FileCheck %s
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=256 unroll=2}))' | FileCheck %s --check-prefix=AVX2

// norm-vectorize-rows on the linalg ops that norm-fuse-rows leaves in a
// slice loop: the contiguous innermost dim tiled by unroll x lanes (512-bit
// registers: 4 x 16 f32 lanes = 64), the remainder peeled and masked.

#row = affine_map<(d0, d1) -> (d0, d1)>
#acc = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// A reduction along the row: partial sums per lane in a vector iter_arg
// (hoisted out of the tensor by loop-invariant-subset-hoisting), one masked
// step for the remainder that keeps the inactive lanes by a select (so the
// sums stay in registers), one horizontal reduction after the loop.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK:         %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<1x64xf32>
// CHECK:         %[[C64:.+]] = arith.constant 64 : index
// CHECK:         %[[DIM:.+]] = tensor.dim %{{.+}}, %c1
// CHECK:         %[[MAIN:.+]] = affine.apply #{{.+}}()[%[[DIM]]]
// CHECK:         %[[SUMS:.+]] = scf.for %[[I:.+]] = %c0 to %[[MAIN]] step %[[C64]] iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (vector<1x64xf32>)
// CHECK:           %[[X:.+]] = vector.transfer_read %arg0[%c0, %[[I]]]{{.*}} : tensor<1x?xf32>, vector<1x64xf32>
// CHECK:           %[[SQ:.+]] = arith.mulf %[[X]], %[[X]] : vector<1x64xf32>
// CHECK:           %[[NEW:.+]] = arith.addf %[[ACC]], %[[SQ]] fastmath<reassoc> : vector<1x64xf32>
// CHECK:           scf.yield %[[NEW]]
// CHECK:         %[[ALL:.+]] = scf.for %{{.+}} = %[[MAIN]] to %[[DIM]] step %[[C64]] iter_args(%[[ACC2:.+]] = %[[SUMS]]) -> (vector<1x64xf32>)
// CHECK:           %[[MASK:.+]] = vector.create_mask %c1, %{{.+}} : vector<1x64xi1>
// CHECK:           %[[XR:.+]] = vector.transfer_read %{{.+}}, %[[MASK]] {{.*}}vector<1x64xf32>
// CHECK:           %[[SQR:.+]] = arith.mulf %[[XR]], %[[XR]]
// CHECK:           %[[NEWR:.+]] = arith.addf %[[ACC2]], %[[SQR]] fastmath<reassoc>
// CHECK:           %[[KEPT:.+]] = arith.select %[[MASK]], %[[NEWR]], %[[ACC2]]
// CHECK:           scf.yield %[[KEPT]]
// CHECK:         vector.multi_reduction <add>, %[[ALL]], %{{.+}} [1] : vector<1x64xf32> to vector<1xf32>
// AVX2-LABEL:  func.func @sum_of_squares
// AVX2:          scf.for %{{.+}} step %c16
// AVX2:          vector.create_mask %c1, %{{.+}} : vector<1x16xi1>
func.func @sum_of_squares(%x: tensor<1x?xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #acc], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %out, %sq fastmath<reassoc> : f32
    linalg.yield %sum : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// An elementwise tail: f16 loaded narrow, computed in f32 (the widest type
// sets the lane count: 16), stored narrow; the per-slice factor broadcast.
// CHECK-LABEL: func.func @scale
// CHECK:         scf.for %[[I:.+]] = %c0 to %{{.+}} step %c64
// CHECK:           %[[X:.+]] = vector.transfer_read %arg0[%c0, %[[I]]]{{.*}} : tensor<1x?xf16>, vector<1x64xf16>
// CHECK:           %[[F:.+]] = vector.transfer_read %arg1[%c0]{{.*}}permutation_map = #{{.+}}} : tensor<1xf32>, vector<1x64xf32>
// CHECK:           %[[E:.+]] = arith.extf %[[X]] : vector<1x64xf16> to vector<1x64xf32>
// CHECK:           %[[M:.+]] = arith.mulf %[[E]], %[[F]] : vector<1x64xf32>
// CHECK:           %[[T:.+]] = arith.truncf %[[M]] : vector<1x64xf32> to vector<1x64xf16>
// CHECK:           vector.transfer_write %[[T]], %{{.+}}[%c0, %[[I]]] {{.*}}vector<1x64xf16>, tensor<1x?xf16>
// CHECK:         scf.for
// CHECK:           vector.create_mask %c1, %{{.+}} : vector<1x64xi1>
func.func @scale(%x: tensor<1x?xf16>, %s: tensor<1xf32>, %y: tensor<1x?xf16>) -> tensor<1x?xf16> {
  %0 = linalg.generic {indexing_maps = [#row, #acc, #row], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<1x?xf16>, tensor<1xf32>) outs(%y : tensor<1x?xf16>) {
  ^bb0(%in: f16, %f: f32, %out: f16):
    %e = arith.extf %in : f16 to f32
    %m = arith.mulf %e, %f : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<1x?xf16>
  return %0 : tensor<1x?xf16>
}

// A reduction over the leading axis: rows in sequence (tiled by 1), the
// contiguous dim in vectors; the sums stay in the output tensor.
// CHECK-LABEL: func.func @axis0
// CHECK:         scf.for %[[R:.+]] = %c0 to %{{.+}} step %c1
// CHECK:           scf.for %[[I:.+]] = %c0 to %{{.+}} step %c64
// CHECK:             vector.transfer_read %arg0[%[[R]], %[[I]]]{{.*}} : tensor<?x?xf32>, vector<1x64xf32>
// CHECK:             vector.transfer_read %{{.+}}[%[[I]]]{{.*}} : tensor<?xf32>, vector<64xf32>
// CHECK:             arith.addf %{{.+}} : vector<64xf32>
// CHECK:           scf.for
// CHECK:             vector.create_mask
func.func @axis0(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sum = arith.addf %out, %in fastmath<reassoc> : f32
    linalg.yield %sum : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Shorter than one register: left as it is.
// CHECK-LABEL: func.func @too_short
// CHECK-NOT:     vector.
// CHECK:         linalg.generic
func.func @too_short(%x: tensor<1x8xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #acc], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1x8xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sum = arith.addf %out, %in fastmath<reassoc> : f32
    linalg.yield %sum : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// A body that reads another tensor with tensor.extract: full tiles are
// vectorized (a contiguous load); the remainder stays a scalar linalg op
// (MLIR 22's masked vectorization builds an invalid mask for it).
// CHECK-LABEL: func.func @gather
// CHECK:         scf.for
// CHECK:           vector.transfer_read %arg1{{.*}} : tensor<?xf32>, vector<1x64xf32>
// CHECK:         scf.for
// CHECK-NOT:       vector.create_mask
// CHECK:           linalg.generic
// CHECK:             tensor.extract %arg1
func.func @gather(%x: tensor<1x?xf32>, %t: tensor<?xf32>) -> tensor<1x?xf32> {
  %0 = linalg.generic {indexing_maps = [#row], iterator_types = ["parallel", "parallel"]}
      outs(%x : tensor<1x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 1 : index
    %v = tensor.extract %t[%i] : tensor<?xf32>
    %s = arith.addf %out, %v : f32
    linalg.yield %s : f32
  } -> tensor<1x?xf32>
  return %0 : tensor<1x?xf32>
}
