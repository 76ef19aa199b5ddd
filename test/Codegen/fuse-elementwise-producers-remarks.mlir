// RUN: norm-opt %s --norm-fuse-elementwise \
// RUN:   --remarks-filter=norm-fuse-elementwise --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null
// RUN: norm-opt %s --norm-fuse-elementwise 2>/dev/null | FileCheck %s

// The remarks of norm-fuse-elementwise at producers with several uses
// (fuse-elementwise-remarks.mlir has those of single-use and costly ones):
// a cheap producer that depends on no reduction (a residual add) is
// computed in each consumer, and a use of its value outside them is written
// by one of them.

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Two consumers (a row sum and an elementwise op): each gets a copy.
// CHECK-LABEL: func.func @recomputed(
// CHECK-SAME:      %[[X:.+]]: tensor<4x8xf32>, %[[S:.+]]: tensor<4x8xf32>)
// CHECK:         %[[R:.+]] = linalg.generic {{.+}}"reduction"]} ins(%[[X]], %[[S]] :
// CHECK:         %[[M:.+]] = linalg.generic {{.+}}"parallel"]} ins(%[[X]], %[[S]] :
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]], %[[M]]
func.func @recomputed(%x: tensor<4x8xf32>, %s: tensor<4x8xf32>)
    -> (tensor<4xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @+1 {{[Passed] Recomputed | Category:norm-fuse-elementwise | Function=recomputed | Remark="computed in each of its 2 consumers instead of written to memory and read back"}}
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v = arith.addf %p, %q : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @+1 {{[Passed] Fused | Category:norm-fuse-elementwise | Function=recomputed | Remark="its single-use producer of operand 0 fused into it"}}
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%p: f32, %acc: f32):
    %v = arith.addf %p, %acc : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  // expected-remark @+1 {{[Passed] Fused | Category:norm-fuse-elementwise | Function=recomputed | Remark="its single-use producer of operand 0 fused into it"}}
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %v = arith.mulf %p, %p : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %r, %m : tensor<4xf32>, tensor<4x8xf32>
}

// A named op (linalg.add, generalized first) also returned: the consumer
// writes it as a second result.
// CHECK-LABEL: func.func @carried(
// CHECK-SAME:      %[[X:.+]]: tensor<4x8xf32>, %[[S:.+]]: tensor<4x8xf32>)
// CHECK:         %[[M:.+]]:2 = linalg.generic {{.+}} ins(%[[X]], %[[S]] :
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[M]]#1, %[[M]]#0
func.func @carried(%x: tensor<4x8xf32>, %s: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @+1 {{[Passed] Recomputed | Category:norm-fuse-elementwise | Function=carried | Remark="computed in its consumer, which also writes its value for its 1 other use"}}
  %a = linalg.add ins(%x, %s : tensor<4x8xf32>, tensor<4x8xf32>)
      outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-remark @+1 {{[Passed] Fused | Category:norm-fuse-elementwise | Function=carried | Remark="its producer of operand 0 fused into it, whose value it also yields for 1 other use"}}
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %v = arith.mulf %p, %p : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %m, %a : tensor<4x8xf32>, tensor<4x8xf32>
}

// The value is also used before the consumer (by a reshape no consumer can
// write): left as it is.
// CHECK-LABEL: func.func @used_before(
// CHECK:         %[[A:.+]] = linalg.generic
// CHECK:         tensor.collapse_shape %[[A]]
// CHECK:         linalg.generic {{.+}} ins(%[[A]] :
func.func @used_before(%x: tensor<4x8xf32>, %s: tensor<4x8xf32>)
    -> (tensor<32xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v = arith.addf %p, %q : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  // expected-remark @+1 {{[Missed] NotFused | Category:norm-fuse-elementwise | Function=used_before | Reason="the producer of operand 0 is also used where none of its consumers can write its value (before them, or in another block)"}}
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %v = arith.mulf %p, %p : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %c, %m : tensor<32xf32>, tensor<4x8xf32>
}

// A reshape of the producer's value (a view read by a consumer) moved above
// it: the producer computed on views of its inputs, then fused.
// CHECK-LABEL: func.func @reshape_moved(
// CHECK-SAME:      %[[X:.+]]: tensor<4x8xf32>, %[[S:.+]]: tensor<4x8xf32>)
// CHECK-DAG:     %[[XC:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]]
// CHECK-DAG:     %[[SC:.+]] = tensor.collapse_shape %[[S]] {{\[}}[0, 1]]
// CHECK:         %[[M:.+]] = linalg.generic {{.+}} ins(%[[XC]], %[[SC]] :
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[M]]
func.func @reshape_moved(%x: tensor<4x8xf32>, %s: tensor<4x8xf32>) -> tensor<32xf32> {
  %e = tensor.empty() : tensor<32xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %a = linalg.add ins(%x, %s : tensor<4x8xf32>, tensor<4x8xf32>)
      outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-remark @+1 {{[Passed] ReshapeMoved | Category:norm-fuse-elementwise | Function=reshape_moved | Remark="the reshape of an elementwise producer's value moved above it: the producer computed on reshaped inputs"}}
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  // expected-remark @+1 {{[Passed] Fused | Category:norm-fuse-elementwise | Function=reshape_moved | Remark="its single-use producer of operand 0 fused into it"}}
  %m = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%c : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%p: f32, %o: f32):
    %v = arith.mulf %p, %p : f32
    linalg.yield %v : f32
  } -> tensor<32xf32>
  return %m : tensor<32xf32>
}
