// norm-to-llvm on plain linalg (not norm ops): cases where
// norm-vectorize-rows must not tile or mask, found by a fresh-user review.
// Expected values are exact integers computed by hand.

// A reduction whose body reads linalg.index: tiling it as a partial
// reduction would give each tile indices 0..T-1. Sum of j * 1 for
// j = 0..99 is 4950, at every vector width.
// RUN: norm-runner %s --function=index_sum --input="100xf32=1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1" | FileCheck %s --check-prefix=INDEX
// RUN: norm-runner %s --function=index_sum --vector-bits=128 --input="100xf32=1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1" | FileCheck %s --check-prefix=INDEX
// INDEX: f32=4950
func.func @index_sum(%a: tensor<?xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<?xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %j = linalg.index 0 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %x, %jf : f32
    %s = arith.addf %o, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// A float sum without fastmath<reassoc> keeps its order: 1e8, then 63
// times 1 (each lost to rounding, ulp(1e8) = 8), then -1e8 gives 0 in f32.
// Partial sums per lane would give 63 or less.
// RUN: norm-runner %s --function=strict_sum --input="65xf32=1e8 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 -1e8" | FileCheck %s --check-prefix=STRICT
// RUN: norm-runner %s --function=strict_sum --vector-bits=256 --input="65xf32=1e8 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 -1e8" | FileCheck %s --check-prefix=STRICT
// STRICT: f32=0
func.func @strict_sum(%a: tensor<?xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<?xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// Integer division on a dynamic row of 17: the masked remainder step would
// divide by the inactive lanes' padding (SIGFPE); it stays scalar.
// (1..17) / 3 rounded toward zero.
// RUN: norm-runner %s --function=divide --input="1x17xi32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17" \
// RUN:   --input="1x17xi32=3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3" | FileCheck %s --check-prefix=DIV
// RUN: norm-runner %s --function=divide --vector-bits=128 --input="2x5xi32=-7 7 100 -100 9 1 2 3 4 5" \
// RUN:   --input="2x5xi32=2 2 7 7 -3 1 1 1 1 1" | FileCheck %s --check-prefix=DIV2
// DIV: 1x17xi32=[0 0 1 1 1 2 2 2 3 3 3 4 4 4 5 5 5]
// DIV2: 2x5xi32=[-3 3 14 -14 -3][1 2 3 4 5]
func.func @divide(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xi32>
  %n = tensor.dim %a, %c1 : tensor<?x?xi32>
  %e = tensor.empty(%m, %n) : tensor<?x?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%e : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.divsi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
