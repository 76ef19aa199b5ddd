// ai.onnx.ml Normalizer, L1 mode, on int64 rows of any count: the spec's
// example test_cc_normalizer_l1_int64.
//
//   norm-runner examples/normalizer.mlir --input="1x4xi64=1 -1 2 -2"
//
// prints 1x4xf32=[0.16666667 -0.16666667 0.33333334 -0.33333334]
func.func @main(%x: tensor<?x4xi64>) -> tensor<?x4xf32> {
  %y = norm.normalizer %x norm = "L1" : tensor<?x4xi64> -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
