// The lowering contract through the public API: downstream-lower-norm runs
// populateNormToLinalgConversionPatterns in this compiler's own pass, with
// the dialects getNormToLinalgDependentDialects lists. It must give the same
// IR as the installed norm-opt's convert-norm-to-linalg, and the same values
// as norm-runner on the norm ops, on rows where a careless lowering loses
// accuracy: an f32 LayerNorm row whose mean is large against its spread
// ([10000.0625, 10000, 10000]: a plain f32 Mean is 3e-4 off and InvStdDev
// 6e-5 off relatively) and an f32 Lp norm whose sum of squares overflows f32
// ([1e30, -1e30]) or underflows it ([3e-30, 4e-30]).

// RUN: downstream-opt %s --downstream-lower-norm -o %t.api.mlir
// RUN: norm-opt %s --pass-pipeline="builtin.module(func.func(convert-norm-to-linalg))" -o %t.pass.mlir
// RUN: diff %t.api.mlir %t.pass.mlir

// RUN: norm-runner %t.api.mlir --function=layer_norm --input="2x3xf32=10000.0625 10000 10000 1 2 4" --input="3xf32=1 1 1" --input="3xf32=0 0 0" > %t.api.out
// RUN: norm-runner %s --function=layer_norm --input="2x3xf32=10000.0625 10000 10000 1 2 4" --input="3xf32=1 1 1" --input="3xf32=0 0 0" > %t.runner.out
// RUN: diff %t.api.out %t.runner.out
// RUN: norm-runner %t.api.mlir --function=layer_norm --input="2x3xf32=10000.0625 10000 10000 1 2 4" --input="3xf32=1 1 1" --input="3xf32=0 0 0" \
// RUN:   --expected-output="2x3xf32=1.4061373 -0.7030687 -0.7030687 -1.0690415 -0.26726037 1.3363019" \
// RUN:   --expected-output="2x1xf32=10000.0205 2.3333333" \
// RUN:   --expected-output="2x1xf32=33.7473 0.8017812" | FileCheck %s --check-prefix=LN

// RUN: norm-runner %t.api.mlir --function=lp_norm --input="2x2xf32=1e30 -1e30 3e-30 4e-30" > %t.lp.api.out
// RUN: norm-runner %s --function=lp_norm --input="2x2xf32=1e30 -1e30 3e-30 4e-30" > %t.lp.runner.out
// RUN: diff %t.lp.api.out %t.lp.runner.out
// RUN: FileCheck %s --check-prefix=LP < %t.lp.api.out

// Y, Mean and InvStdDev: the float64 reference (numpy, two-pass, epsilon
// as its f32 value) rounded once to f32 (Mean 10000.0205, 2.33333325;
// InvStdDev 33.7472992, 0.801781178), compared at the f32 tolerances of
// docs/semantics.md (rtol 1e-5, atol 1e-6): the f32 statistics may round
// the last bit otherwise (Mean 2.3333335 for [1, 2, 4]).
// LN:      [SUCCESS] result[0]: 2x3xf32
// LN-NEXT: [SUCCESS] result[1]: 2x1xf32
// LN-NEXT: [SUCCESS] result[2]: 2x1xf32
func.func @layer_norm(%x: tensor<?x3xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = -1 : (tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %m, %i : tensor<?x3xf32>, tensor<?x1xf32>, tensor<?x1xf32>
}

// x / ||x||_2 in float64, rounded once: +-0.707106769 and 0.6, 0.8.
// LP: 2x2xf32=[0.70710677 -0.70710677][0.6 0.8]
func.func @lp_norm(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}
