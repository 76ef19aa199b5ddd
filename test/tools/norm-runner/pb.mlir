// ONNX TensorProto files (--input=@FILE.pb, --expected-output=@FILE.pb,
// --output=@FILE.pb): raw_data and the typed fields for every element type,
// rank 0 and empty tensors, and malformed or unsupported files. The fixtures
// come from Inputs/gen_pb_fixtures.py; each *_raw.pb has a *_typed.pb twin
// holding the same values in float_data, double_data, int32_data (f16 and
// bf16 as bit patterns) or int64_data.

// f32 and f64 [[1 2 3] [4 5 6]].
// RUN: norm-runner %s --function=copy_f32 --input=@%S/Inputs/pb/f32_2x3_raw.pb \
// RUN:   | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/f32_2x3_typed.pb | FileCheck %s --check-prefix=F32
// F32: 2x3xf32=[1 2 3][4 5 6]
// RUN: norm-runner %s --function=copy_f64 --input=@%S/Inputs/pb/f64_2x3_raw.pb \
// RUN:   | FileCheck %s --check-prefix=F64
// RUN: norm-runner %s --function=copy_f64 \
// RUN:   --input=@%S/Inputs/pb/f64_2x3_typed.pb | FileCheck %s --check-prefix=F64
// F64: 2x3xf64=[1 2 3][4 5 6]

// f16 [1 0.5 -65504] and bf16 [1 0.5 -3] (bits 0x3F80 0x3F00 0xC040).
// RUN: norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/pb/f16_3_raw.pb --input=@%S/Inputs/pb/bf16_3_raw.pb \
// RUN:   | FileCheck %s --check-prefix=HALVES
// RUN: norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/pb/f16_3_typed.pb \
// RUN:   --input=@%S/Inputs/pb/bf16_3_typed.pb | FileCheck %s --check-prefix=HALVES
// HALVES: 3xf16=1 0.5 -65500
// HALVES-NEXT: 3xbf16=1 0.5 -3

// i32 arange(-4, 4) as 2x2x2 and i64 rank 0 (no dims) -2^62.
// RUN: norm-runner %s --function=copy_ints \
// RUN:   --input=@%S/Inputs/pb/i32_2x2x2_raw.pb \
// RUN:   --input=@%S/Inputs/pb/i64_scalar_raw.pb | FileCheck %s --check-prefix=INTS
// RUN: norm-runner %s --function=copy_ints \
// RUN:   --input=@%S/Inputs/pb/i32_2x2x2_typed.pb \
// RUN:   --input=@%S/Inputs/pb/i64_scalar_typed.pb | FileCheck %s --check-prefix=INTS
// INTS: 2x2x2xi32={{\[\[}}-4 -3][-2 -1]]{{\[\[}}0 1][2 3]]
// INTS-NEXT: i64=-4611686018427387904

// Empty tensors, with an empty raw_data or no data at all.
// RUN: norm-runner %s --function=copy_f32_dyn \
// RUN:   --input=@%S/Inputs/pb/f32_0x3_raw.pb | FileCheck %s --check-prefix=EMPTY
// RUN: norm-runner %s --function=copy_f32_dyn \
// RUN:   --input=@%S/Inputs/pb/f32_0x3_typed.pb | FileCheck %s --check-prefix=EMPTY
// EMPTY: 0x3xf32={{$}}

// --expected-output=@FILE.pb compares as any SPEC does.
// RUN: norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/pb/f16_3_raw.pb --input=@%S/Inputs/pb/bf16_3_raw.pb \
// RUN:   --expected-output=@%S/Inputs/pb/f16_3_typed.pb \
// RUN:   --expected-output=@%S/Inputs/pb/bf16_3_typed.pb \
// RUN:   | FileCheck %s --check-prefix=EXPECTED
// EXPECTED: [SUCCESS] result[0]: 3xf16
// EXPECTED-NEXT: [SUCCESS] result[1]: 3xbf16
// RUN: not norm-runner %s --function=copy_f32 --input="2x3xf32=1 2 3 4 5 7" \
// RUN:   --expected-output=@%S/Inputs/pb/f32_2x3_raw.pb \
// RUN:   | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: [FAILED] result[0]: element at index [1, 2]: actual 7, expected 6 (atol 1e-06, rtol 1e-05)

// --output=@FILE.pb writes raw_data, byte for byte what
// onnx.numpy_helper.from_array writes (without a name), for every type.
// RUN: norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/pb/f16_3_typed.pb \
// RUN:   --input=@%S/Inputs/pb/bf16_3_typed.pb \
// RUN:   --output=@%t.f16.pb --output=@%t.bf16.pb
// RUN: cmp %t.f16.pb %S/Inputs/pb/f16_3_raw.pb
// RUN: cmp %t.bf16.pb %S/Inputs/pb/bf16_3_raw.pb
// RUN: norm-runner %s --function=copy_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@%t.f32.pb
// RUN: cmp %t.f32.pb %S/Inputs/pb/f32_2x3_raw.pb
// RUN: norm-runner %s --function=copy_f64 \
// RUN:   --input=@%S/Inputs/pb/f64_2x3_typed.pb --output=@%t.f64.pb
// RUN: cmp %t.f64.pb %S/Inputs/pb/f64_2x3_raw.pb
// RUN: norm-runner %s --function=copy_ints \
// RUN:   --input=@%S/Inputs/pb/i32_2x2x2_typed.pb \
// RUN:   --input=@%S/Inputs/pb/i64_scalar_typed.pb \
// RUN:   --output=@%t.i32.pb --output=@%t.i64.pb
// RUN: cmp %t.i32.pb %S/Inputs/pb/i32_2x2x2_raw.pb
// RUN: cmp %t.i64.pb %S/Inputs/pb/i64_scalar_raw.pb
// RUN: norm-runner %s --function=copy_f32_dyn --input="0x3xf32=" \
// RUN:   --output=@%t.empty.pb
// RUN: cmp %t.empty.pb %S/Inputs/pb/f32_0x3_raw.pb
// A .pb and a .npy output in one run; other extensions mean .npy.
// RUN: norm-runner %s --function=copy_ints \
// RUN:   --input=@%S/Inputs/pb/i32_2x2x2_raw.pb \
// RUN:   --input=@%S/Inputs/pb/i64_scalar_raw.pb \
// RUN:   --output=@%t.mixed.pb --output=@%t.mixed.npy
// RUN: cmp %t.mixed.pb %S/Inputs/pb/i32_2x2x2_raw.pb
// RUN: cmp %t.mixed.npy %S/Inputs/npy/i64_scalar.npy

// Errors: one line each, naming the input and the file.
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/external.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXTERNAL --implicit-check-not=error:
// EXTERNAL: norm-runner: error: input 0: '{{.*}}external.pb' stores its data outside the file (external data), which norm-runner does not support
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/string.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STRING --implicit-check-not=error:
// STRING: norm-runner: error: input 0: '{{.*}}string.pb' has element type STRING, which norm-runner does not support
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/int8.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT8 --implicit-check-not=error:
// INT8: norm-runner: error: input 0: '{{.*}}int8.pb' has element type INT8, which norm-runner does not support; supported: FLOAT16, BFLOAT16, FLOAT, DOUBLE, INT32, INT64
// A data_type that ONNX does not define is named by its number.
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/data_type_99.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DTYPE99 --implicit-check-not=error:
// DTYPE99: norm-runner: error: input 0: '{{.*}}data_type_99.pb' has element type 99 (not a data type of IR 13, ONNX 1.20 to 1.22), which norm-runner does not support{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/raw_size.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RAWSIZE --implicit-check-not=error:
// RAWSIZE: norm-runner: error: input 0: '{{.*}}raw_size.pb' holds 8 bytes in 'raw_data', but its shape 'tensor<3xf32>' needs 12
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/typed_count.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COUNT --implicit-check-not=error:
// COUNT: norm-runner: error: input 0: '{{.*}}typed_count.pb' holds 2 values in 'float_data', but its shape 'tensor<2x3xf32>' needs 6
// raw_data and a typed field both set: ONNX keeps the values in exactly one
// (this used to load, raw_data winning). Written byte by byte: dims 1,
// data_type 1 (FLOAT), name 'X', float_data 1.0 (field 4), raw_data 2.0
// (field 9).
// RUN: printf '\010\001\020\001\102\001X\042\004\000\000\200\077\112\004\000\000\000\100' > %t.raw-and-float.pb
// RUN: sh -c 'norm-runner %s --function=copy_f32 \
// RUN:   --input=@%t.raw-and-float.pb 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=RAW-AND-TYPED --implicit-check-not=error:
// RAW-AND-TYPED: norm-runner: error: input 0: '{{.*}}raw-and-float.pb' (tensor 'X') holds its values in both 'raw_data' and 'float_data': expected exactly one of them, as ONNX requires{{$}}
// RAW-AND-TYPED-NEXT: exit status 1{{$}}
// RUN: sh -c 'norm-benchmark %s --function=copy_f32 \
// RUN:   --input=@%t.raw-and-float.pb 2>&1; echo "exit status $?"' \
// RUN:   | FileCheck %s --check-prefix=RAW-AND-TYPED-BENCH --implicit-check-not=error:
// RAW-AND-TYPED-BENCH: norm-benchmark: error: input 0: '{{.*}}raw-and-float.pb' (tensor 'X') holds its values in both 'raw_data' and 'float_data': expected exactly one of them, as ONNX requires{{$}}
// RAW-AND-TYPED-BENCH-NEXT: exit status 1{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/negative_dim.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=error:
// NEGATIVE: norm-runner: error: input 0: '{{.*}}negative_dim.pb' has a negative dimension -1
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/no_data_type.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTYPE --implicit-check-not=error:
// NOTYPE: norm-runner: error: input 0: '{{.*}}no_data_type.pb' is not an ONNX TensorProto: it sets no data_type{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/empty.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTYFILE --implicit-check-not=error:
// EMPTYFILE: norm-runner: error: input 0: '{{.*}}empty.pb' is not an ONNX TensorProto: it sets no data_type (the file is empty)
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/truncated.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRUNCATED --implicit-check-not=error:
// TRUNCATED: norm-runner: error: input 0: '{{.*}}truncated.pb' is not a valid ONNX TensorProto: field 9 (raw_data) at byte 6 announces 24 bytes, but 19 follow: the data is truncated{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/malformed.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MALFORMED --implicit-check-not=error:
// MALFORMED: norm-runner: error: input 0: '{{.*}}malformed.pb' is not a valid ONNX TensorProto: byte 0 does not start a valid field (wire type 7){{$}}
// A field that announces more bytes than the file holds (raw_data of
// 3000000000 bytes, varint 80 BC C1 96 0B, then 24 bytes; octal escapes) names the field,
// the length and what follows. Dims are held to the element-count limit of
// the SPEC and .npy inputs (huge-shapes.mlir): the product of the sizes,
// zeros left out, at most 2^60 - 1; 2^62 twice, 2^61 x 2 f64 and
// 2^62 x 2^62 x 0 (0 elements, but loops over the other dims) are refused
// with that limit's words, not as a product beyond 64 bits.
// RUN: printf '\010\002\010\003\020\001\112\200\274\301\226\013%024d' 0 > %t.claim.pb
// RUN: not norm-runner %s --function=copy_f32 --input=@%t.claim.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CLAIM --implicit-check-not=error:
// CLAIM: norm-runner: error: input 0: '{{.*}}claim.pb' is not a valid ONNX TensorProto: field 9 (raw_data) at byte 6 announces 3000000000 bytes, but 24 follow: the data is truncated{{$}}
// RUN: printf '\010\200\200\200\200\200\200\200\200\100\010\200\200\200\200\200\200\200\200\100\020\001' > %t.dims.pb
// RUN: not norm-runner %s --function=copy_f32 --input=@%t.dims.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIMS --implicit-check-not=error:
// DIMS: norm-runner: error: input 0: '{{.*}}dims.pb' has shape '4611686018427387904x4611686018427387904xf32', which has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1){{$}}
// RUN: printf '\010\200\200\200\200\200\200\200\200\100\010\200\200\200\200\200\200\200\200\100\010\000\020\001' > %t.zero-dims.pb
// RUN: not norm-runner %s --function=copy_f32 --input=@%t.zero-dims.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ZERODIMS --implicit-check-not=error:
// ZERODIMS: norm-runner: error: input 0: '{{.*}}zero-dims.pb' has shape '4611686018427387904x4611686018427387904x0xf32', which has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1){{$}}
// RUN: printf '\010\200\200\200\200\200\200\200\200\040\010\002\020\013' > %t.bytes.pb
// RUN: not norm-runner %s --function=copy_f32 --input=@%t.bytes.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BYTES --implicit-check-not=error:
// BYTES: norm-runner: error: input 0: '{{.*}}bytes.pb' has shape '2305843009213693952x2xf64', which has too many elements: the product of its sizes, zeros left out, must be at most 1152921504606846975 (2^60 - 1){{$}}
// A .npy file is not a TensorProto.
// RUN: cp %S/Inputs/npy/f32_2x3.npy %t.npy-as.pb
// RUN: not norm-runner %s --function=copy_f32 --input=@%t.npy-as.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPYASPB --implicit-check-not=error:
// NPYASPB: norm-runner: error: input 0: '{{.*}}npy-as.pb' is a .npy file, not an ONNX TensorProto as its extension '.pb' says: name it '.npy'{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%t.does-not-exist.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING --implicit-check-not=error:
// MISSING: norm-runner: error: input 0: cannot read '{{.*}}does-not-exist.pb': No such file or directory
// Errors in expected outputs name them; a valid file of the wrong type is a
// signature mismatch.
// RUN: not norm-runner %s --function=copy_f32 --input=@%S/Inputs/pb/f32_2x3_raw.pb \
// RUN:   --expected-output=@%S/Inputs/pb/truncated.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPTRUNC --implicit-check-not=error:
// EXPTRUNC: norm-runner: error: expected-output 0: '{{.*}}truncated.pb' is not a valid ONNX TensorProto
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/pb/f64_2x3_raw.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRONGTYPE --implicit-check-not=error:
// WRONGTYPE: norm-runner: error: input 0: element type mismatch: expected tensor<2x3xf32>, got 2x3xf64
// RUN: not norm-runner %s --function=copy_f32 --input=@%S/Inputs/pb/f32_2x3_raw.pb \
// RUN:   --output=@%t.no-such-dir/out.pb 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNWRITABLE --implicit-check-not=error:
// UNWRITABLE: norm-runner: error: output 0: cannot write '{{.*}}no-such-dir/out.pb': No such file or directory

func.func @copy_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %init = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.copy ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>)
      -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @copy_f32_dyn(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x3xf32>
  %init = tensor.empty(%d0) : tensor<?x3xf32>
  %0 = linalg.copy ins(%x : tensor<?x3xf32>) outs(%init : tensor<?x3xf32>)
      -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

func.func @copy_f64(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %init = tensor.empty() : tensor<2x3xf64>
  %0 = linalg.copy ins(%x : tensor<2x3xf64>) outs(%init : tensor<2x3xf64>)
      -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

func.func @copy_halves(%x: tensor<3xf16>, %y: tensor<3xbf16>)
    -> (tensor<3xf16>, tensor<3xbf16>) {
  %init_x = tensor.empty() : tensor<3xf16>
  %0 = linalg.copy ins(%x : tensor<3xf16>) outs(%init_x : tensor<3xf16>)
      -> tensor<3xf16>
  %init_y = tensor.empty() : tensor<3xbf16>
  %1 = linalg.copy ins(%y : tensor<3xbf16>) outs(%init_y : tensor<3xbf16>)
      -> tensor<3xbf16>
  return %0, %1 : tensor<3xf16>, tensor<3xbf16>
}

func.func @copy_ints(%x: tensor<2x2x2xi32>, %y: tensor<i64>)
    -> (tensor<2x2x2xi32>, tensor<i64>) {
  %init_x = tensor.empty() : tensor<2x2x2xi32>
  %0 = linalg.copy ins(%x : tensor<2x2x2xi32>)
      outs(%init_x : tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %init_y = tensor.empty() : tensor<i64>
  %1 = linalg.copy ins(%y : tensor<i64>) outs(%init_y : tensor<i64>)
      -> tensor<i64>
  return %0, %1 : tensor<2x2x2xi32>, tensor<i64>
}
