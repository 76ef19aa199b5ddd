// A result whose size the function computes as negative is one error naming
// the size and the dimension (it used to print the size as `?` and say that
// `?xf32` contradicts `tensor<?xf32>`), exit status 1.

// RUN: not norm-runner %s --function=constant --input="4xf32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONSTANT --implicit-check-not=error
// CONSTANT: norm-runner: error: result 0: the function returned the negative size -1 in dimension 0{{$}}

// Negative for some inputs only: 4 - 5 in dimension 1; 6 - 5 = 1 is fine.
// RUN: not norm-runner %s --function=shorter --input="2x4xf32=1 2 3 4 5 6 7 8" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHORTER --implicit-check-not=error
// SHORTER: norm-runner: error: result 0: the function returned the negative size -1 in dimension 1{{$}}
// RUN: norm-runner %s --function=shorter --input="1x6xf32=1 2 3 4 5 6" \
// RUN:   | FileCheck %s --check-prefix=FINE
// FINE: 1x1xf32=[0.5]

func.func @constant(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %k = arith.subi %n, %n : index
  %c1 = arith.constant 1 : index
  %k2 = arith.subi %k, %c1 : index
  %e = tensor.empty(%k2) : tensor<?xf32>
  return %e : tensor<?xf32>
}

func.func @shorter(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %k = arith.subi %cols, %c5 : index
  %e = tensor.empty(%rows, %k) : tensor<?x?xf32>
  %half = arith.constant 0.5 : f32
  %y = linalg.fill ins(%half : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
