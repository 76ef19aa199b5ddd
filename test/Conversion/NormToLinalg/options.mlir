// RUN: norm-opt %s -convert-norm-to-linalg -split-input-file | FileCheck %s --check-prefix=SEQ
// RUN: norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=16" -split-input-file | FileCheck %s --check-prefix=VEC
// RUN: norm-opt %s -convert-norm-to-linalg="reduction-partial-sums=20" -split-input-file | FileCheck %s --check-prefix=VEC

// The lowering contract (NormToLinalgOptions, docs/numerics.md): how long an
// f32 row may be and still accumulate in f32 follows from the partial sums
// the later pipeline guarantees, so that the sum's worst-case rounding error
// stays within the same bound:
//   sum(|x|^p) (LpNormalization, Normalizer): n / L + log2 L <= 68 units of
//     2^-24: n <= 68 sequentially (L = 1), n <= 1024 with L = 16;
//   LayerNormalization's sum of squared deviations: <= 132 units: n <= 132
//     sequentially, n <= 2048 with L = 16.
// 20 is rounded down to 16 (a power of two). Longer rows accumulate in f64.

// A dynamic row length: the f32 sum covers rows up to the bound, checked at
// run time.
// SEQ-LABEL: func.func @lp_dynamic(
// SEQ:         %[[MAX:.+]] = arith.constant 68 : index
// SEQ-NEXT:    arith.cmpi ule, %{{.+}}, %[[MAX]] : index
// VEC-LABEL: func.func @lp_dynamic(
// VEC:         %[[MAX:.+]] = arith.constant 1024 : index
// VEC-NEXT:    arith.cmpi ule, %{{.+}}, %[[MAX]] : index
func.func @lp_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A static row of 100: in f64 when sums may be sequential, in f32 (with the
// f64 fallback loop) with 16 partial sums.
// SEQ-LABEL: func.func @lp_static_100(
// SEQ:         linalg.generic
// SEQ-SAME:        ins(%{{.+}} : tensor<2x100xf32>) outs(%{{.+}} : tensor<2xf64>)
// SEQ:           arith.addf %{{.+}}, %{{.+}} fastmath<reassoc> : f64
// SEQ-NOT:     scf.for
// SEQ:         return
// VEC-LABEL: func.func @lp_static_100(
// VEC:         linalg.generic
// VEC-SAME:        ins(%{{.+}} : tensor<2x100xf32>) outs(%{{.+}} : tensor<2xf32>)
// VEC:           arith.addf %{{.+}}, %{{.+}} fastmath<reassoc> : f32
// VEC:         scf.for
// VEC:         return
func.func @lp_static_100(%x: tensor<2x100xf32>) -> tensor<2x100xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 1 : tensor<2x100xf32>
  return %y : tensor<2x100xf32>
}

// -----

// LayerNormalization, dynamic row length: f32 and f64 sums of squares on
// complementary slices, selected at run time against the bound.
// SEQ-LABEL: func.func @ln_dynamic(
// SEQ:         %[[MAX:.+]] = arith.constant 132 : index
// SEQ-NEXT:    arith.cmpi ugt, %{{.+}}, %[[MAX]] : index
// VEC-LABEL: func.func @ln_dynamic(
// VEC:         %[[MAX:.+]] = arith.constant 2048 : index
// VEC-NEXT:    arith.cmpi ugt, %{{.+}}, %[[MAX]] : index
func.func @ln_dynamic(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s axis = -1 : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

// -----

// LayerNormalization, a static row of 200: the squared deviations summed in
// f64 (rounded once to f32) when sums may be sequential, in f32 with 16
// partial sums; the recomputation test uses k = n - 1 sequentially, and
// n / 16 + 6 for rows of 64 or more with 16 partial sums.
// SEQ-LABEL: func.func @ln_static_200(
// SEQ:         linalg.generic {{.+}} ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<4x200xf32>, tensor<4xf32>, tensor<4xf32>) outs(%{{.+}} : tensor<4xf64>)
// SEQ:           arith.addf %{{.+}}, %{{.+}} fastmath<reassoc,contract> : f64
// SEQ-NOT:     arith.constant 6.250000e-02 : f64
// SEQ:         return
// VEC-LABEL: func.func @ln_static_200(
// VEC:         linalg.generic {{.+}} ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<4x200xf32>, tensor<4xf32>, tensor<4xf32>) outs(%{{.+}} : tensor<4xf32>)
// VEC:           arith.addf %{{.+}}, %{{.+}} fastmath<reassoc,contract> : f32
// VEC:         arith.constant 6.250000e-02 : f64
// VEC:         return
func.func @ln_static_200(%x: tensor<4x200xf32>, %s: tensor<200xf32>) -> tensor<4x200xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s axis = -1 : (tensor<4x200xf32>, tensor<200xf32>) -> (tensor<4x200xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %y : tensor<4x200xf32>
}
