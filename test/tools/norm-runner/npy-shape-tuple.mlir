// The 'shape' of a .npy header is a Python tuple: '(8)' is the integer 8 in
// parentheses, which NumPy rejects ("shape is not valid: 8"), and so does
// norm-runner; '(8,)', '()', '(2, 3)' and '(2, 3,)' are tuples. The files
// are written by Inputs/write_npy_header.py (values 1, 2, ...).

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/int.npy "(8)" 8
// RUN: not norm-runner %s --function=v8 --input=@%t/int.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT --implicit-check-not=error:
// INT: norm-runner: error: input 0: '{{.*}}int.npy': malformed header: expected a tuple for 'shape', but '(8)' is an integer in parentheses (a tuple of one element is written '(8,)'){{$}}

// A leading zero is a Python syntax error ('02'; NumPy rejects the header),
// except in zero itself ('00').
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/zero.npy "(02, 3)" 6
// RUN: not norm-runner %s --function=m23 --input=@%t/zero.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ZERO --implicit-check-not=error:
// ZERO: norm-runner: error: input 0: '{{.*}}zero.npy': malformed header: '02' in 'shape' is not a Python integer (a leading zero is allowed only in 0); the header is '{'descr': '<f4', 'fortran_order': False, 'shape': (02, 3), }'{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/zero2.npy "(2, 003)" 6
// RUN: not norm-benchmark %s --function=m23 --input=@%t/zero2.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ZERO2 --implicit-check-not=error:
// ZERO2: norm-benchmark: error: input 0: '{{.*}}zero2.npy': malformed header: '003' in 'shape' is not a Python integer (a leading zero is allowed only in 0); the header is '{'descr': '<f4', 'fortran_order': False, 'shape': (2, 003), }'{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/zeros.npy "(00, 3)" 0
// RUN: norm-runner %s --function=m03 --input=@%t/zeros.npy | FileCheck %s --check-prefix=ZEROS
// ZEROS: 0x3xf32={{$}}

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

func.func @m03(%x: tensor<0x3xf32>) -> tensor<0x3xf32> {
  return %x : tensor<0x3xf32>
}
