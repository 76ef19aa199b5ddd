// RUN: norm-opt %s --norm-fuse-rows --remarks-filter=norm-fuse-rows \
// RUN:   --remark-format=emitRemark --verify-diagnostics -o /dev/null
// RUN: norm-opt %s --norm-fuse-rows --remarks-filter-missed=norm-fuse-rows \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: norm-opt %s --norm-fuse-rows -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE --allow-empty

// The IR is the same with and without remarks.
// RUN: norm-opt %s --norm-fuse-rows 2>/dev/null > %t.plain
// RUN: norm-opt %s --norm-fuse-rows \
// RUN:   --remarks-filter=norm-fuse-rows 2>/dev/null > %t.remarks
// RUN: cmp %t.plain %t.remarks

// The optimization remarks of norm-fuse-rows: why each linalg op was or was
// not put in a loop over slices. With --remarks-filter-missed only the
// missed ones are shown; without a remarks filter, none (the expected-remark
// lines below are then reported as not produced, which is not a remark).

// MISSED-NOT: remark: [Passed]
// MISSED:     remark: [Missed] NotFused | Category:norm-fuse-rows | Function=column_scale | Reason="its slice dims are not its leading dims"
// MISSED-NOT: remark: [Passed]
// NONE-NOT:   remark: [

#xy = affine_map<(d0, d1) -> (d0, d1)>
#x = affine_map<(d0, d1) -> (d0)>
#y = affine_map<(d0, d1) -> (d1)>

// Row sums and X divided by them: the tail is the root of a loop over rows
// into which the reduction and its init are fused (2 producers); the sums
// are also returned, so the loop yields them (1 of them).
func.func @row_scale(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e1 = tensor.empty(%rows) : tensor<?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#xy, #x], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  // expected-remark @+1 {{[Passed] RowLoop | Category:norm-fuse-rows | Function=row_scale | Remark="elementwise tail tiled by 1 along its 1 slice dim in an scf.forall, 2 producers fused into the loop (1 of them also yielded for uses after it)"}}
  %y = linalg.generic {indexing_maps = [#xy, #x, #xy], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %y, %sum : tensor<?x?xf32>, tensor<?xf32>
}

// Column sums and X divided by them: the per-slice value is per column (the
// slice dim is the inner one), so nothing is fused; the ops outside the
// loops are skipped when their iteration space is empty.
func.func @column_scale(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e1 = tensor.empty(%cols) : tensor<?xf32>
  // expected-remark @+1 {{[Missed] NotFused | Category:norm-fuse-rows | Function=column_scale | Reason="it has fewer than two loops: a loop over slices needs a slice dim and a dim within each slice"}}
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<?xf32>) -> tensor<?xf32>
  // expected-remark @+2 {{[Missed] NotFused | Category:norm-fuse-rows | Function=column_scale | Reason="it reads no per-slice value computed by a reduction, and no loop over slices fused it as a producer"}}
  // expected-remark @+1 {{[Passed] EmptyGuard | Category:norm-fuse-rows | Function=column_scale | Remark="skipped by an scf.if when its iteration space is empty"}}
  %sum = linalg.generic {indexing_maps = [#xy, #y], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  // expected-remark @+2 {{[Missed] NotFused | Category:norm-fuse-rows | Function=column_scale | Reason="its slice dims are not its leading dims"}}
  // expected-remark @+1 {{[Passed] EmptyGuard | Category:norm-fuse-rows | Function=column_scale | Remark="skipped by an scf.if when its iteration space is empty"}}
  %y = linalg.generic {indexing_maps = [#xy, #y, #xy], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Rows of 0 columns, statically: the reduction has nothing to do and is
// replaced by its init.
func.func @empty_rows(%x: tensor<4x0xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4xf32>
  // expected-remark @+1 {{[Missed] NotFused | Category:norm-fuse-rows | Function=empty_rows | Reason="it has fewer than two loops}}
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @+1 {{[Passed] EmptyIterationSpace | Category:norm-fuse-rows | Function=empty_rows | Remark="static iteration space of size 0: replaced by its inits"}}
  %sum = linalg.generic {indexing_maps = [#xy, #x], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x0xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %sum : tensor<4xf32>
}

// Rows scaled by a per-column factor of static size 0 (as a Scale [0] for X
// [?, ?]): the tail's iteration space is dynamic, but its operand #1 has no
// element, so it runs no iteration and is replaced by its init.
func.func @empty_column_factor(%x: tensor<?x?xf32>, %f: tensor<0xf32>)
    -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  // expected-remark @+1 {{[Passed] EmptyIterationSpace | Category:norm-fuse-rows | Function=empty_column_factor | Remark="operand #1 has a static size 0, so the op runs no iteration: replaced by its inits"}}
  %y = linalg.generic {indexing_maps = [#xy, #y, #xy], iterator_types = ["parallel", "parallel"]}
      ins(%x, %f : tensor<?x?xf32>, tensor<0xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %q = arith.mulf %in, %s : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
