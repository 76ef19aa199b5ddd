// Two run-time checks of one op (Scale and B against X) whose failure
// blocks the lowering merges, the message reaching puts through a block
// argument: a failed check is still reported as one (found by a fresh-user
// run: it printed the raw message and "the compiled module called abort()").
// RUN: not norm-runner %s --input="2x4xf32=1 2 3 4 5 6 7 8" \
// RUN:   --input="3xf32=1 1 1" --input="4xf32=0 0 0 0" 2>&1 | FileCheck %s
// CHECK: error: run-time check failed: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: 'norm.layer_normalization'
// CHECK-SAME: op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1{{$}}
// CHECK-NOT: called abort
func.func @main(%x: tensor<?x?xf32>, %s: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = -1 : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}
