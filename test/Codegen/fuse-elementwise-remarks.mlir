// RUN: norm-opt %s --norm-fuse-elementwise \
// RUN:   --remarks-filter=norm-fuse-elementwise --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null

// The optimization remarks of norm-fuse-elementwise: which producers were
// fused into their consumers, and why the others were not.

#id = affine_map<(i) -> (i)>

// An elementwise producer with a single use: fused into its consumer.
func.func @fuse_chain(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.absf %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  // expected-remark @+1 {{[Passed] Fused | Category:norm-fuse-elementwise | Function=fuse_chain | Remark="its single-use producer of operand 0 fused into it"}}
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.mulf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %m : tensor<?xf32>
}

// A producer read by two consumers: left unfused (no recomputation).
func.func @shared_producer(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.absf %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  // expected-remark @+1 {{[Missed] NotFused | Category:norm-fuse-elementwise | Function=shared_producer | Reason="the producer of operand 0 has other uses: fusing it would compute it again in each consumer"}}
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.mulf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  // expected-remark @+1 {{[Missed] NotFused | Category:norm-fuse-elementwise | Function=shared_producer | Reason="the producer of operand 0 has other uses: fusing it would compute it again in each consumer"}}
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %m, %n : tensor<?xf32>, tensor<?xf32>
}
