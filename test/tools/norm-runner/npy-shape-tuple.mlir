// The 'shape' of a .npy header is a Python tuple: '(8)' is the integer 8 in
// parentheses, which NumPy rejects ("shape is not valid: 8"), and so does
// norm-runner; '(8,)', '()', '(2, 3)' and '(2, 3,)' are tuples. The files
// are written by Inputs/write_npy_header.py (values 1, 2, ...).

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/int.npy "(8)" 8
// RUN: not norm-runner %s --function=v8 --input=@%t/int.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT --implicit-check-not=error:
// INT: norm-runner: error: input 0: '{{.*}}int.npy': malformed header: expected a tuple for 'shape', but '(8)' is an integer in parentheses (a tuple of one element is written '(8,)'){{$}}

// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/one.npy "(8,)" 8
// RUN: norm-runner %s --function=v8 --input=@%t/one.npy | FileCheck %s --check-prefix=ONE
// ONE: 8xf32=1 2 3 4 5 6 7 8
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/scalar.npy "()" 1
// RUN: norm-runner %s --function=scalar --input=@%t/scalar.npy | FileCheck %s --check-prefix=SCALAR
// SCALAR: f32=1
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/two.npy "(2, 3)" 6
// RUN: norm-runner %s --function=m23 --input=@%t/two.npy | FileCheck %s --check-prefix=TWO
// TWO: 2x3xf32=[1 2 3][4 5 6]
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/two_comma.npy "(2, 3,)" 6
// RUN: norm-runner %s --function=m23 --input=@%t/two_comma.npy | FileCheck %s --check-prefix=TWO

func.func @v8(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

func.func @m23(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}
