// norm-to-llvm on plain linalg: a tensor.expand_shape that splits one dim
// into two dynamic ones. MLIR 22's expand-strided-metadata crashed on the
// memref.expand_shape it bufferizes to (a null attribute in
// memref::ReinterpretCastOp::build); norm-expand-shape-to-reinterpret-cast
// now rewrites it first. Expected: |x| of the input, in the input's order
// (the collapse and the expansion are views of row-major memory).

// RUN: norm-runner %s \
// RUN:   --input="2x3x2xf32=-1 2 -3 4 -5 6 -7 8 -9 10 -11 12" \
// RUN:   --expected-output="2x3x2xf32=1 2 3 4 5 6 7 8 9 10 11 12" \
// RUN:   | FileCheck %s
// CHECK: [SUCCESS] result[0]: 2x3x2xf32
// CHECK-NOT: [FAILED]
func.func @abs_through_reshape(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %c = tensor.collapse_shape %x [[0], [1, 2]]
      : tensor<?x?x?xf32> into tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1, %d2) : tensor<?x?x?xf32>
  %ec = tensor.collapse_shape %e [[0], [1, 2]]
      : tensor<?x?x?xf32> into tensor<?x?xf32>
  %m = linalg.map { math.absf } ins(%c : tensor<?x?xf32>)
                                outs(%ec : tensor<?x?xf32>)
  %r = tensor.expand_shape %m [[0], [1, 2]] output_shape [%d0, %d1, %d2]
      : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
