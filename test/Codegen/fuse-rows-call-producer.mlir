// RUN: norm-opt %s --convert-norm-to-linalg --norm-fuse-elementwise \
// RUN:   --canonicalize --cse --norm-fuse-rows --canonicalize --cse \
// RUN:   | FileCheck %s

// X returned by a call: the call stays before the row loop, once. MLIR 22's
// tile-and-fuse clones a candidate producer into the loop before it finds
// that the producer cannot be tiled, and a clone of a call is not dead code:
// each row called the function again (and leaked the buffer it returned).
// norm-fuse-rows offers only TilingInterface producers for fusion.

// CHECK-LABEL: func.func @lpnorm_of_call(
// CHECK:         %[[X:.+]] = call @make() : () -> tensor<2x64xf32>
// CHECK-NOT:     call @make
// CHECK:         scf.forall
// CHECK-NOT:     call @make
// CHECK:         return
func.func private @make() -> tensor<2x64xf32>
func.func @lpnorm_of_call() -> tensor<2x64xf32> {
  %x = call @make() : () -> tensor<2x64xf32>
  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<2x64xf32>
  return %y : tensor<2x64xf32>
}

// CHECK-LABEL: func.func @layernorm_of_call(
// CHECK:         call @make()
// CHECK-NOT:     call @make
// CHECK:         scf.forall
// CHECK-NOT:     call @make
// CHECK:         return
func.func @layernorm_of_call() -> tensor<2x64xf32> {
  %x = call @make() : () -> tensor<2x64xf32>
  %s = arith.constant dense<1.5> : tensor<64xf32>
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<2x64xf32>, tensor<64xf32>)
      -> (tensor<2x64xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y : tensor<2x64xf32>
}
