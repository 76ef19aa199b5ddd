// Flag values that were accepted silently or reported unclearly: values
// separated by ';' (say which value is invalid, not only how many were
// found), a SPEC without SHAPExTYPE, an empty --function, and file suffixes
// in another case (`@x.PB` is a TensorProto, as `@x.pb` is).

// RUN: rm -rf %t && mkdir -p %t

// A value that is not a number is named, also where the count is wrong.
// RUN: not norm-runner %s --input="2x2xf32=1;2;3;4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEMI --implicit-check-not=error:
// SEMI: norm-runner: error: input 0: invalid f32 value '1;2;3;4' (element 0){{$}}
// RUN: not norm-runner %s --input="2x2xf32=1 2 3 x 5" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADVAL --implicit-check-not=error:
// BADVAL: norm-runner: error: input 0: invalid f32 value 'x' (element 3){{$}}
// RUN: not norm-runner %s --input="2x2xf32=1 2 3 4" \
// RUN:   --expected-output="2x2xf32=1;2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPSEMI --implicit-check-not=error:
// EXPSEMI: norm-runner: error: expected-output 0: invalid f32 value '1;2' (element 0){{$}}
// Where every value is valid, the count is the error.
// RUN: not norm-runner %s --input="2x2xf32=1 2 3" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COUNT --implicit-check-not=error:
// COUNT: norm-runner: error: input 0: 2x2xf32 needs 4 values, got 3{{$}}

// Nothing before '=': the SHAPExTYPE is missing, not an element type ''.
// RUN: not norm-runner %s --input="=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTYPE --implicit-check-not=error:
// RUN: not norm-runner %s --input=" =1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTYPE --implicit-check-not=error:
// NOTYPE: norm-runner: error: input 0: missing SHAPExTYPE before '=' in '{{ ?}}=1 2 3 4' (e.g. '2x2xf32=1 2 3 4'){{$}}

// An empty --function is an error, not the default function (`main` here).
// RUN: not norm-runner %s --function= --input="2x2xf32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFUNC --implicit-check-not=2x2xf32
// RUN: not norm-benchmark %s --function= --input="2x2xf32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFUNCBENCH --implicit-check-not=main
// NOFUNC: norm-runner: error: for the --function option: the value is empty: give one, or leave the flag out for its default{{$}}
// NOFUNCBENCH: norm-benchmark: error: for the --function option: the value is empty: give one, or leave the flag out for its default{{$}}

// `.PB` and `.Pb` are TensorProto files like `.pb`: a copy of the fixture
// f32_2x3_raw.pb ([[1 2 3] [4 5 6]], written by onnx.numpy_helper) reads
// back, and --output=@FILE.PB writes the same bytes as numpy_helper.
// RUN: cp %S/Inputs/pb/f32_2x3_raw.pb %t/x.PB
// RUN: cp %S/Inputs/pb/f32_2x3_raw.pb %t/x.Pb
// RUN: norm-runner %s --function=copy --input=@%t/x.PB | FileCheck %s --check-prefix=UPPER
// RUN: norm-runner %s --function=copy --input=@%t/x.Pb | FileCheck %s --check-prefix=UPPER
// UPPER: 2x3xf32=[1 2 3][4 5 6]
// RUN: norm-runner %s --function=copy --input=@%t/x.PB --output=@%t/y.PB
// RUN: cmp %t/y.PB %S/Inputs/pb/f32_2x3_raw.pb
// RUN: norm-runner %s --function=copy --input=@%t/x.PB --expected-output=@%t/x.PB \
// RUN:   | FileCheck %s --check-prefix=EXPUPPER
// EXPUPPER: [SUCCESS] result[0]: 2x3xf32

func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %x : tensor<2x2xf32>
}

func.func @copy(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}
