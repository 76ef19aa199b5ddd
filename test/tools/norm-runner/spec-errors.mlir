// Flag values that were accepted silently or reported unclearly: values
// separated by ';' (say which value is invalid, not only how many were
// found), a SPEC without SHAPExTYPE, an empty --function, file suffixes
// in another case (`@x.PB` is a TensorProto, as `@x.pb` is), whitespace in
// SHAPExTYPE, brackets that do not nest as the shape does, and nonzero
// floats that round to 0.

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

// Whitespace in SHAPExTYPE is an error, not skipped ('2 x2xf32' was read as
// 2x2xf32). The offset counts bytes of the SPEC from 0: the space after the
// first '2' is byte 1, the one before '=' in '2x2xf32 =' byte 7.
// RUN: not norm-runner %s --input="2 x2xf32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPESPACE --implicit-check-not=error:
// TYPESPACE: norm-runner: error: input 0: unexpected whitespace ' ' at offset 1 in the SHAPExTYPE of '2 x2xf32=1 2 3 4': write it without spaces, e.g. '2x2xf32=1 2 3 4'{{$}}
// RUN: not norm-runner %s --input="2x2xf32 =1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPESPACE-END --implicit-check-not=error:
// TYPESPACE-END: norm-runner: error: input 0: unexpected whitespace ' ' at offset 7 in the SHAPExTYPE of '2x2xf32 =1 2 3 4': write it without spaces, e.g. '2x2xf32=1 2 3 4'{{$}}
// RUN: not norm-runner %s --input=" 2x2xf32=1 2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPESPACE-START --implicit-check-not=error:
// TYPESPACE-START: norm-runner: error: input 0: unexpected whitespace ' ' at offset 0 in the SHAPExTYPE of ' 2x2xf32=1 2 3 4': write it without spaces, e.g. '2x2xf32=1 2 3 4'{{$}}
// norm-benchmark's --input=SHAPExTYPE (random values) is the whole SPEC.
// RUN: not norm-benchmark %s --input="2x 2xf32" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPESPACE-BENCH --implicit-check-not=error:
// TYPESPACE-BENCH: norm-benchmark: error: input 0: unexpected whitespace ' ' at offset 2 in SHAPExTYPE '2x 2xf32': write it without spaces, e.g. '2x2xf32'{{$}}

// Brackets nest as the shape does, or not at all: one pair per dimension
// (numpy's nested lists) or all but the outermost (as results are printed).
// Both forms and the flat list give x = [[1, 2], [3, 4]].
// RUN: norm-runner %s --input="2x2xf32=[[1, 2], [3, 4]]" \
// RUN:   | FileCheck %s --check-prefix=NEST-OK
// RUN: norm-runner %s --input="2x2xf32=[1 2][3 4]" \
// RUN:   | FileCheck %s --check-prefix=NEST-OK
// NEST-OK: 2x2xf32=[1 2][3 4]
// RUN: norm-runner %s --function=vec --input="2xf32=[1 2]" \
// RUN:   | FileCheck %s --check-prefix=NEST-VEC
// NEST-VEC: 2xf32=1 2
// Inside a dimension of size 0 nothing nests: '[]' is a 0x3 tensor in full.
// RUN: norm-runner %s --function=rows --input="0x3xf32=[]" \
// RUN:   | FileCheck %s --check-prefix=NEST-EMPTY
// NEST-EMPTY: 0x3xf32={{$}}
// Deeper than the rank (was read as the flat list '1 2').
// RUN: not norm-runner %s --function=vec --input="2xf32=[[1 2]]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-DEEP --implicit-check-not=error:
// NEST-DEEP: norm-runner: error: input 0: in '2xf32={{\[\[}}1 2]]', brackets nest 2 deep, but 2xf32 has rank 1: nest them 1 deep or leave them out{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[[[1 2][3 4]]]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-DEEP2 --implicit-check-not=error:
// NEST-DEEP2: norm-runner: error: input 0: in '2x2xf32={{\[\[}}[1 2][3 4]]]', brackets nest 3 deep, but 2x2xf32 has rank 2: nest them 2 deep, 1 deep (as printed: no pair around all values) or leave them out{{$}}
// RUN: not norm-runner %s --function=scalar --input="f32=[5]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-SCALAR --implicit-check-not=error:
// NEST-SCALAR: norm-runner: error: input 0: in 'f32=[5]', brackets nest 1 deep, but f32 has rank 0: write the value without brackets{{$}}
// Groups of the wrong size, though 4 values in all (was read as 1 2 3 4).
// The '[' of group [0] is byte 8 of the SPEC.
// RUN: not norm-runner %s --input="2x2xf32=[1 2 3][4]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-SIZE --implicit-check-not=error:
// NEST-SIZE: norm-runner: error: input 0: in '2x2xf32=[1 2 3][4]', group [0] (at offset 8) holds 3 values, but dimension 1 of 2x2xf32 has size 2{{$}}
// A third row: the top level's count is the error, not the size of the
// extra group.
// RUN: not norm-runner %s --input="2x2xf32=[1 2][3 4][]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-ROWS --implicit-check-not=error:
// NEST-ROWS: norm-runner: error: input 0: in '2x2xf32=[1 2][3 4][]', the top level holds 3 groups, but dimension 0 of 2x2xf32 has size 2{{$}}
// RUN: not norm-runner %s --function=vec --input="2xf32=[1 2 3]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-OUTER --implicit-check-not=error:
// NEST-OUTER: norm-runner: error: input 0: in '2xf32=[1 2 3]', the outer pair holds 3 values, but dimension 0 of 2xf32 has size 2{{$}}
// A value where a group belongs, and entries outside the outer pair (named
// before the sizes of the groups inside it).
// RUN: not norm-runner %s --input="2x2xf32=[1 2] 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-MIXED --implicit-check-not=error:
// NEST-MIXED: norm-runner: error: input 0: in '2x2xf32=[1 2] 3 4', the top level holds the value '3' at offset 14 where 2x2xf32 needs a group '[...]'{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[[1 2][3]] 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-OUTSIDE --implicit-check-not=error:
// NEST-OUTSIDE: norm-runner: error: input 0: in '2x2xf32={{\[\[}}1 2][3]] 4', '4' at offset 19 is outside the outer pair: brackets nested 2 deep put all values in one pair{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[[1 2]][[3 4]]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-OUTSIDE2 --implicit-check-not=error:
// NEST-OUTSIDE2: norm-runner: error: input 0: in '2x2xf32={{\[\[}}1 2]]{{\[\[}}3 4]]', '[' at offset 15 is outside the outer pair: brackets nested 2 deep put all values in one pair{{$}}
// Unbalanced brackets.
// RUN: not norm-runner %s --input="2x2xf32=[1 2][3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-OPEN --implicit-check-not=error:
// NEST-OPEN: norm-runner: error: input 0: in '2x2xf32=[1 2][3 4', '[' at offset 13 is not closed{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[1 2]][3 4]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-CLOSE --implicit-check-not=error:
// NEST-CLOSE: norm-runner: error: input 0: in '2x2xf32=[1 2]][3 4]', ']' at offset 13 closes no '['{{$}}
// An invalid value is named before the brackets.
// RUN: not norm-runner %s --input="2x2xf32=[[1 2][3 x]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEST-BADVAL --implicit-check-not=error:
// NEST-BADVAL: norm-runner: error: input 0: invalid f32 value 'x' (element 3){{$}}

// A nonzero float that rounds to 0 is an error, as one that overflows is:
// at most half the smallest subnormal, 2^-150 for f32 (7.0064923216240854e-46,
// exactly 7.00649232162408535...e-46 at the tie, which rounds to the even 0),
// 2^-25 for f16 (2.98e-8), 2^-134 for bf16 (4.59e-41), 2^-1075 for f64
// (2.47e-324). The smallest subnormals to 9 digits: 2^-149 = 1.40129846e-45,
// 2^-24 = 5.96046448e-08, 2^-133 = 9.18354962e-41, 2^-1074 = 4.94065646e-324.
// RUN: not norm-runner %s --function=tiny --input="1xf32=1e-46" \
// RUN:   --input="1xf16=0" --input="1xbf16=0" --input="1xf64=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDER-F32 --implicit-check-not=error:
// UNDER-F32: norm-runner: error: input 0: value '1e-46' (element 0) underflows to 0 in f32: its magnitude is at most half the smallest f32 subnormal, 2^-149 (about 1.40129846e-45); write 0 for zero{{$}}
// RUN: not norm-runner %s --function=tiny --input="2xf32=0 7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46" \
// RUN:   --input="1xf16=0" --input="1xbf16=0" --input="1xf64=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDER-TIE --implicit-check-not=error:
// UNDER-TIE: norm-runner: error: input 0: value '7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46' (element 1) underflows to 0 in f32: its magnitude is at most half the smallest f32 subnormal, 2^-149 (about 1.40129846e-45); write 0 for zero{{$}}
// RUN: not norm-runner %s --function=tiny --input="1xf32=0" \
// RUN:   --input="1xf16=1e-8" --input="1xbf16=0" --input="1xf64=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDER-F16 --implicit-check-not=error:
// UNDER-F16: norm-runner: error: input 1: value '1e-8' (element 0) underflows to 0 in f16: its magnitude is at most half the smallest f16 subnormal, 2^-24 (about 5.96046448e-08); write 0 for zero{{$}}
// RUN: not norm-runner %s --function=tiny --input="1xf32=0" \
// RUN:   --input="1xf16=0" --input="1xbf16=-1e-41" --input="1xf64=0" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDER-BF16 --implicit-check-not=error:
// UNDER-BF16: norm-runner: error: input 2: value '-1e-41' (element 0) underflows to 0 in bf16: its magnitude is at most half the smallest bf16 subnormal, 2^-133 (about 9.18354962e-41); write 0 for zero{{$}}
// RUN: not norm-runner %s --function=tiny --input="1xf32=0" \
// RUN:   --input="1xf16=0" --input="1xbf16=0" --input="1xf64=2e-324" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDER-F64 --implicit-check-not=error:
// UNDER-F64: norm-runner: error: input 3: value '2e-324' (element 0) underflows to 0 in f64: its magnitude is at most half the smallest f64 subnormal, 2^-1074 (about 4.94065646e-324); write 0 for zero{{$}}
// Just above half the smallest subnormal rounds up to it (bit pattern 1),
// and zeros stay zeros (-0 is 0x80000000). The .npy data starts at byte 128
// (a 128-byte header); od prints the little-endian bytes.
// RUN: norm-runner %s --function=tiny \
// RUN:   --input="5xf32=1e-45 7.0064923216240862e-46 0 -0 0.0e5" \
// RUN:   --input="1xf16=3e-8" --input="1xbf16=5e-41" --input="1xf64=3e-324" \
// RUN:   | FileCheck %s --check-prefix=SUBNORMAL
// SUBNORMAL: 5xf32=1e-45 1e-45 0 -0 0{{$}}
// SUBNORMAL-NEXT: 1xf16=6e-08{{$}}
// SUBNORMAL-NEXT: 1xbf16=9e-41{{$}}
// SUBNORMAL-NEXT: 1xf64=5e-324{{$}}
// RUN: norm-runner %s --function=tiny \
// RUN:   --input="5xf32=1e-45 7.0064923216240862e-46 0 -0 0.0e5" \
// RUN:   --input="1xf16=3e-8" --input="1xbf16=5e-41" --input="1xf64=3e-324" \
// RUN:   --output=@%t/f32.npy --output=@%t/f16.npy --output=@%t/bf16.npy \
// RUN:   --output=@%t/f64.npy
// RUN: od -An -tx1 -j128 %t/f32.npy | FileCheck %s --check-prefix=BITS-F32
// BITS-F32: 01 00 00 00 01 00 00 00 00 00 00 00 00 00 00 80
// BITS-F32-NEXT: 00 00 00 00
// RUN: od -An -tx1 -j128 %t/f16.npy | FileCheck %s --check-prefix=BITS-16
// RUN: od -An -tx1 -j128 %t/bf16.npy | FileCheck %s --check-prefix=BITS-16
// BITS-16: {{^}} 01 00{{$}}
// RUN: od -An -tx1 -j128 %t/f64.npy | FileCheck %s --check-prefix=BITS-F64
// BITS-F64: {{^}} 01 00 00 00 00 00 00 00{{$}}

// An empty value between commas (a leading or trailing comma, two commas,
// a comma after '[' or before ']') was skipped: '2x2xf32=,1,,2,,,3 4,'
// ran as [1 2][3 4]. The offset is that of the comma next to the empty
// value (counted by hand from the SPEC: 8 bytes of '2x2xf32=' first).
// RUN: not norm-runner %s --input="2x2xf32=,1,,2,,,3 4," 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-LEAD --implicit-check-not=error:
// COMMA-LEAD: norm-runner: error: input 0: in '2x2xf32=,1,,2,,,3 4,', empty value at offset 8: a comma needs a value or a group on each side{{$}}
// RUN: not norm-runner %s --input="2x2xf32=1,,2 3 4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-TWO --implicit-check-not=error:
// COMMA-TWO: norm-runner: error: input 0: in '2x2xf32=1,,2 3 4', empty value at offset 10: a comma{{.*}}{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[1 2], ,[3 4]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-SPACE --implicit-check-not=error:
// COMMA-SPACE: norm-runner: error: input 0: in '2x2xf32=[1 2], ,[3 4]', empty value at offset 15: a comma{{.*}}{{$}}
// RUN: not norm-runner %s --input="2x2xf32=1 2 3 4," 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-TRAIL --implicit-check-not=error:
// COMMA-TRAIL: norm-runner: error: input 0: in '2x2xf32=1 2 3 4,', empty value at offset 15: a comma{{.*}}{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[1,,2],[,3,4,]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-NEST --implicit-check-not=error:
// COMMA-NEST: norm-runner: error: input 0: in '2x2xf32={{\[}}1,,2],{{\[}},3,4,]', empty value at offset 11: a comma{{.*}}{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[1 2],[,3 4]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-OPEN --implicit-check-not=error:
// COMMA-OPEN: norm-runner: error: input 0: in '2x2xf32={{\[}}1 2],{{\[}},3 4]', empty value at offset 15: a comma{{.*}}{{$}}
// RUN: not norm-runner %s --input="2x2xf32=[1 2],[3 4,]" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-CLOSE --implicit-check-not=error:
// COMMA-CLOSE: norm-runner: error: input 0: in '2x2xf32={{\[}}1 2],{{\[}}3 4,]', empty value at offset 18: a comma{{.*}}{{$}}
// RUN: not norm-runner %s --input="2x2xf32=1 2 3 4" --expected-output="2x2xf32=1 2 3 4," 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMMA-EXP --implicit-check-not=error:
// COMMA-EXP: norm-runner: error: expected-output 0: in '2x2xf32=1 2 3 4,', empty value at offset 15: a comma{{.*}}{{$}}
// Spaces around a comma with values on both sides are fine.
// RUN: norm-runner %s --input="2x2xf32=1, 2 ,3,4" | FileCheck %s --check-prefix=COMMA-OK
// RUN: norm-runner %s --input="2x2xf32=[1, 2] , [3,4]" | FileCheck %s --check-prefix=COMMA-OK
// RUN: norm-runner %s --input="2x2xf32=[[1,2],[3,4]]" | FileCheck %s --check-prefix=COMMA-OK
// COMMA-OK: 2x2xf32={{\[}}1 2]{{\[}}3 4]{{$}}

func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %x : tensor<2x2xf32>
}

func.func @copy(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

func.func @vec(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

func.func @rows(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}

func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

func.func @tiny(%a: tensor<?xf32>, %b: tensor<?xf16>, %c: tensor<?xbf16>,
                %d: tensor<?xf64>)
    -> (tensor<?xf32>, tensor<?xf16>, tensor<?xbf16>, tensor<?xf64>) {
  return %a, %b, %c, %d
      : tensor<?xf32>, tensor<?xf16>, tensor<?xbf16>, tensor<?xf64>
}
