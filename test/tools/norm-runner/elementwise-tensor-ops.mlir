// Elementwise arith and math ops on tensors (no bufferization of their own)
// are lowered as linalg elementwise ops (convert-elementwise-to-linalg in
// norm-to-llvm), static and dynamic shapes alike; they used to fail with
// "op was not bufferized".

// x + x on a dynamic batch: [2 4 6 8][10 12 14 16].
// RUN: norm-runner %s --function=add_dynamic \
// RUN:   --input="2x4xf32=1 2 3 4 5 6 7 8" | FileCheck %s --check-prefix=ADD
// ADD: 2x4xf32=[2 4 6 8][10 12 14 16]
// ADD-NOT: {{.}}

// sqrt of squares, then a compare and select against a constant tensor:
// sqrt([1 4 9 16]) = [1 2 3 4]; where > 2.5 keep it, else negate it.
// RUN: norm-runner %s --function=sqrt_select --input="4xf32=1 4 9 16" \
// RUN:   | FileCheck %s --check-prefix=SELECT
// SELECT: 4xf32=-1 -2 3 4
// SELECT-NOT: {{.}}

func.func @add_dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %z = arith.addf %x, %x : tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}

func.func @sqrt_select(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = math.sqrt %x : tensor<4xf32>
  %t = arith.constant dense<2.5> : tensor<4xf32>
  %c = arith.cmpf ogt, %s, %t : tensor<4xf32>
  %n = arith.negf %s : tensor<4xf32>
  %r = arith.select %c, %s, %n : tensor<4xi1>, tensor<4xf32>
  return %r : tensor<4xf32>
}
