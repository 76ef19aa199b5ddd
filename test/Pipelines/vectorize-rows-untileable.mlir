// Ops that norm-vectorize-rows cannot tile are left as they are, with no
// diagnostic: a LayerNorm returning only Mean and InvStdDev (its reductions
// are not in a row loop, so their outer dim is dynamic) and a 2-D integer
// reduction lower with exit status 0 and nothing on stderr.
// RUN: norm-opt %s --norm-to-llvm -o /dev/null 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: error
// CHECK-NOT: warning

func.func @stats(%x: tensor<?x?xf32>, %s: tensor<?xf32>) -> (tensor<?x1xf32>, tensor<?x1xf32>) {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %m, %i : tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @rows(%a: tensor<?x?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %o, %x : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
