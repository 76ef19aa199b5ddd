// RUN: norm-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=512}))' \
// RUN:   --remarks-filter=norm-vectorize-rows --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// The IR is the same with and without remarks.
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=512}))' 2>/dev/null > %t.plain
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=512}))' \
// RUN:   --remarks-filter=norm-vectorize-rows 2>/dev/null > %t.remarks
// RUN: cmp %t.plain %t.remarks

// The optimization remarks of norm-vectorize-rows: why each linalg op was or
// was not tiled, peeled and vectorized. 512-bit registers hold 16 f32 lanes;
// with the default unroll of 4 a tile is 64 elements.

#row = affine_map<(d0, d1) -> (d0, d1)>
#acc = affine_map<(d0, d1) -> (d0)>

// A reassociable reduction of dynamic length: partial sums per lane (their
// init and their merge vectorized too), a peeled remainder with masks.
func.func @sum_of_squares(%x: tensor<1x?xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  // expected-remark @+6 {{[Passed] Tiled | Category:norm-vectorize-rows | Function=sum_of_squares | Remark="innermost dim tiled by 64 elements as a partial reduction (partial sums per lane)"}}
  // expected-remark @+5 {{[Passed] Peeled | Category:norm-vectorize-rows | Function=sum_of_squares | Remark="the full tiles run in the main loop, the remainder in one partial step after it"}}
  // expected-remark @+4 {{[Passed] Vectorized | Category:norm-vectorize-rows | Function=sum_of_squares | Remark="the partial sums' init (linalg.fill) vectorized, vector shape 1x64"}}
  // expected-remark @+3 {{[Passed] Vectorized | Category:norm-vectorize-rows | Function=sum_of_squares | Remark="a tile (linalg.generic) vectorized, vector shape 1x64"}}
  // expected-remark @+2 {{[Passed] Vectorized | Category:norm-vectorize-rows | Function=sum_of_squares | Remark="the remainder tile (linalg.generic) vectorized with masks, vector shape 1x64"}}
  // expected-remark @+1 {{[Passed] Vectorized | Category:norm-vectorize-rows | Function=sum_of_squares | Remark="the merge of the partial sums (linalg.reduce) vectorized, vector shape 1x64"}}
  %0 = linalg.generic {indexing_maps = [#row, #acc], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %out, %sq fastmath<reassoc> : f32
    linalg.yield %sum : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// The same sum without fastmath<reassoc>: partial sums would change its
// rounding, so it is left as it is.
func.func @strict_sum(%x: tensor<1x?xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  // expected-remark @+1 {{[Missed] NotTiled | Category:norm-vectorize-rows | Function=strict_sum | Reason="the innermost dim is a reduction that cannot be split into partial sums per lane: the combiner arith.addf of result 0 may not be reassociated (a float add or mul needs fastmath<reassoc>)"}}
  %0 = linalg.generic {indexing_maps = [#row, #acc], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sum = arith.addf %out, %in : f32
    linalg.yield %sum : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// An elementwise tail of static length 128 = 2 x 64: no remainder to peel.
func.func @scale(%x: tensor<1x128xf32>, %s: tensor<1xf32>, %y: tensor<1x128xf32>) -> tensor<1x128xf32> {
  // expected-remark @+3 {{[Passed] Tiled | Category:norm-vectorize-rows | Function=scale | Remark="innermost dim tiled by 64 elements"}}
  // expected-remark @+2 {{[Analysis] NoRemainder | Category:norm-vectorize-rows | Function=scale | Remark="not peeled: the tile size divides the static size"}}
  // expected-remark @+1 {{[Passed] Vectorized | Category:norm-vectorize-rows | Function=scale | Remark="a tile (linalg.generic) vectorized, vector shape 1x64"}}
  %0 = linalg.generic {indexing_maps = [#row, #acc, #row], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<1x128xf32>, tensor<1xf32>) outs(%y : tensor<1x128xf32>) {
  ^bb0(%in: f32, %f: f32, %out: f32):
    %m = arith.mulf %in, %f : f32
    linalg.yield %m : f32
  } -> tensor<1x128xf32>
  return %0 : tensor<1x128xf32>
}

// Shorter than one register.
func.func @too_short(%x: tensor<1x8xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  // expected-remark @+1 {{[Missed] NotTiled | Category:norm-vectorize-rows | Function=too_short | Reason="the innermost size 8 is smaller than one register (16 lanes)"}}
  %0 = linalg.generic {indexing_maps = [#row, #acc], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1x8xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sum = arith.addf %out, %in fastmath<reassoc> : f32
    linalg.yield %sum : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// A body with tensor.extract: the full tiles are vectorized, the remainder
// is not (MLIR 22 masks it wrongly) and stays a scalar loop.
func.func @gather(%x: tensor<1x?xf32>, %t: tensor<?xf32>) -> tensor<1x?xf32> {
  // expected-remark @+4 {{[Passed] Tiled | Category:norm-vectorize-rows | Function=gather | Remark="innermost dim tiled by 64 elements"}}
  // expected-remark @+3 {{[Passed] Peeled | Category:norm-vectorize-rows | Function=gather}}
  // expected-remark @+2 {{[Passed] Vectorized | Category:norm-vectorize-rows | Function=gather | Remark="a tile (linalg.generic) vectorized, vector shape 1x64"}}
  // expected-remark @+1 {{[Missed] NotVectorized | Category:norm-vectorize-rows | Function=gather | Reason="a remainder tile whose body is not only arith and math ops or may trap: left a scalar loop"}}
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
