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

// Python integer literals may group digits with single underscores, and
// NumPy's reader (ast.literal_eval) reads '(2, 1_0)' as (2, 10) and '(0_0, 3)'
// as (0, 3); an underscore at either end ('_10' is a name, '10_'), two in a
// row ('1__0') or after a leading zero ('0_4', i.e. 04) is a Python error
// (checked with python3's ast.literal_eval), and NumPy rejects the header.
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us.npy "(2, 1_0)" 20
// RUN: norm-runner %s --function=m2x10 --input=@%t/us.npy | FileCheck %s --check-prefix=US
// US: 2x10xf32=[1 2 3 4 5 6 7 8 9 10][11 12 13 14 15 16 17 18 19 20]{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us-many.npy "(1_0,)" 10
// RUN: norm-runner %s --function=v10 --input=@%t/us-many.npy | FileCheck %s --check-prefix=US-ONE
// US-ONE: 10xf32=1 2 3 4 5 6 7 8 9 10{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us-zero.npy "(0_0, 3)" 0
// RUN: norm-runner %s --function=m03 --input=@%t/us-zero.npy | FileCheck %s --check-prefix=ZEROS
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us-double.npy "(2, 1__0)" 20
// RUN: not norm-runner %s --function=m2x10 --input=@%t/us-double.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=US-DOUBLE --implicit-check-not=error:
// US-DOUBLE: norm-runner: error: input 0: '{{.*}}us-double.npy': malformed header: '1__0' in 'shape' is not a Python integer (an underscore may only stand between two digits); the header is '{'descr': '<f4', 'fortran_order': False, 'shape': (2, 1__0), }'{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us-trailing.npy "(2, 10_)" 20
// RUN: not norm-runner %s --function=m2x10 --input=@%t/us-trailing.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=US-TRAILING --implicit-check-not=error:
// US-TRAILING: norm-runner: error: input 0: '{{.*}}us-trailing.npy': malformed header: '10_' in 'shape' is not a Python integer (an underscore may only stand between two digits); the header is '{'descr': '<f4', 'fortran_order': False, 'shape': (2, 10_), }'{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us-leading.npy "(_2, 10)" 20
// RUN: not norm-runner %s --function=m2x10 --input=@%t/us-leading.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=US-LEADING --implicit-check-not=error:
// US-LEADING: norm-runner: error: input 0: '{{.*}}us-leading.npy': malformed header: '_2' in 'shape' is not a Python integer (an underscore may only stand between two digits); the header is '{'descr': '<f4', 'fortran_order': False, 'shape': (_2, 10), }'{{$}}
// RUN: /usr/bin/python3 %S/Inputs/write_npy_header.py %t/us-octal.npy "(0_2, 10)" 20
// RUN: not norm-runner %s --function=m2x10 --input=@%t/us-octal.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=US-OCTAL --implicit-check-not=error:
// US-OCTAL: norm-runner: error: input 0: '{{.*}}us-octal.npy': malformed header: '0_2' in 'shape' is not a Python integer (a leading zero is allowed only in 0); the header is '{'descr': '<f4', 'fortran_order': False, 'shape': (0_2, 10), }'{{$}}

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

func.func @v10(%x: tensor<10xf32>) -> tensor<10xf32> {
  return %x : tensor<10xf32>
}

func.func @m2x10(%x: tensor<2x10xf32>) -> tensor<2x10xf32> {
  return %x : tensor<2x10xf32>
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
