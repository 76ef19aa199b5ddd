// Reading .npy files (--input=@FILE): format versions 1.0/2.0/3.0, every
// supported dtype, bf16 stored as '<u2' bit patterns, and malformed files.
// The fixtures and their values come from Inputs/gen_npy_fixtures.py.

// f32 [[1 2 3] [4 5 6]], version 1.0 with '<f4' and with native '=f4'.
// RUN: norm-runner %s --function=copy_f32 --input=@%S/Inputs/npy/f32_2x3.npy \
// RUN:   | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/f32_2x3_native.npy | FileCheck %s --check-prefix=F32
// F32: 2x3xf32=[1 2 3][4 5 6]

// f64, versions 2.0 and 3.0 (4-byte header length).
// RUN: norm-runner %s --function=copy_f64 \
// RUN:   --input=@%S/Inputs/npy/f64_2x3_v2.npy | FileCheck %s --check-prefix=F64
// RUN: norm-runner %s --function=copy_f64 \
// RUN:   --input=@%S/Inputs/npy/f64_2x3_v3.npy | FileCheck %s --check-prefix=F64
// F64: 2x3xf64=[1 2 3][4 5 6]

// f16 [1 0.5 -65504] and bf16 [1 0.5 -3] (as '<u2' bits 0x3F80 0x3F00
// 0xC040). f16 values near 65504 are 32 apart, so its shortest form is
// "-65500" (NumPy prints -6.55e+04). Written back, they are '<f2' and '<u2'
// files identical to the inputs.
// RUN: norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/npy/f16_3.npy --input=@%S/Inputs/npy/bf16_3.npy \
// RUN:   | FileCheck %s --check-prefix=HALVES
// HALVES: 3xf16=1 0.5 -65500
// HALVES-NEXT: 3xbf16=1 0.5 -3
// RUN: norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/npy/f16_3.npy --input=@%S/Inputs/npy/bf16_3.npy \
// RUN:   --output=@%t.f16.npy --output=@%t.bf16.npy
// RUN: cmp %t.f16.npy %S/Inputs/npy/f16_3.npy
// RUN: cmp %t.bf16.npy %S/Inputs/npy/bf16_3.npy

// i32 arange(-4, 4) as 2x2x2 and i64 rank 0 -2^62.
// RUN: norm-runner %s --function=copy_ints \
// RUN:   --input=@%S/Inputs/npy/i32_2x2x2.npy \
// RUN:   --input=@%S/Inputs/npy/i64_scalar.npy | FileCheck %s --check-prefix=INTS
// INTS: 2x2x2xi32={{\[\[}}-4 -3][-2 -1]]{{\[\[}}0 1][2 3]]
// INTS-NEXT: i64=-4611686018427387904

// An empty array.
// RUN: norm-runner %s --function=copy_f32_dyn \
// RUN:   --input=@%S/Inputs/npy/f32_0x3.npy | FileCheck %s --check-prefix=EMPTY
// EMPTY: 0x3xf32={{$}}

// Errors: one line each, naming the input and the file.
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/f32_2x3_fortran.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: norm-runner: error: input 0: '{{.*}}f32_2x3_fortran.npy': fortran_order arrays are not supported
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/f32_2x3_bigendian.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BIGENDIAN
// BIGENDIAN: norm-runner: error: input 0: '{{.*}}': big-endian dtype '>f4' is not supported
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/u8_3.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: norm-runner: error: input 0: '{{.*}}': unsupported dtype '|u1'
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/f32_2x3_truncated.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: norm-runner: error: input 0: '{{.*}}': truncated data: 2x3xf32 needs 24 bytes, the file has 20
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/f32_2x3_trailing.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRAILING
// TRAILING: norm-runner: error: input 0: '{{.*}}': data size mismatch: 2x3xf32 needs 24 bytes, the file has 28
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/bad_magic.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: norm-runner: error: input 0: '{{.*}}bad_magic.npy': not a .npy file (bad magic string); a tensor file is .npy, or an ONNX TensorProto in a file named *.pb{{$}}
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/bad_version.npy 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: norm-runner: error: input 0: '{{.*}}': unsupported .npy format version 4.0
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/bad_dict.npy 2>&1 | FileCheck %s --check-prefix=DICT
// DICT: norm-runner: error: input 0: '{{.*}}': malformed header: expected a tuple for 'shape'
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/missing_key.npy 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: norm-runner: error: input 0: '{{.*}}': malformed header: the dict must have the keys 'descr', 'fortran_order' and 'shape'
// Each key once (two 'shape's are not concatenated into 2x3), and no other key.
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/repeated_key.npy 2>&1 | FileCheck %s --check-prefix=REPEATED
// REPEATED: norm-runner: error: input 0: '{{.*}}repeated_key.npy': malformed header: repeated key 'shape'
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/repeated_descr.npy 2>&1 | FileCheck %s --check-prefix=REPEATED-DESCR
// REPEATED-DESCR: norm-runner: error: input 0: '{{.*}}repeated_descr.npy': malformed header: repeated key 'descr'
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/unknown_key.npy 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: norm-runner: error: input 0: '{{.*}}unknown_key.npy': malformed header: unexpected key 'extra'; the dict has only the keys 'descr', 'fortran_order' and 'shape'
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/header_too_long.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HEADERLEN
// HEADERLEN: norm-runner: error: input 0: '{{.*}}': header length 32767 runs past the end of the file
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/prelude_only.npy 2>&1 | FileCheck %s --check-prefix=PRELUDE
// PRELUDE: norm-runner: error: input 0: '{{.*}}': truncated .npy prelude
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%t.does-not-exist.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: norm-runner: error: input 0: cannot read '{{.*}}does-not-exist.npy': No such file or directory
// The module file is not a .npy file. A file not named *.pb is read as
// .npy: the error says that an ONNX TensorProto is read from a *.pb file.
// RUN: not norm-runner %s --function=copy_f32 --input=@%s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTNPY --implicit-check-not=error:
// NOTNPY: norm-runner: error: input 0: '{{.*}}npy.mlir': not a .npy file (bad magic string); a tensor file is .npy, or an ONNX TensorProto in a file named *.pb{{$}}
// An empty file says that it is empty (0 bytes), not "bad magic string".
// RUN: rm -f %t.empty.npy && touch %t.empty.npy
// RUN: not norm-runner %s --function=copy_f32 --input=@%t.empty.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ZEROBYTES --implicit-check-not=error:
// ZEROBYTES: norm-runner: error: input 0: '{{.*}}empty.npy': the input is empty (0 bytes); expected a .npy image (starting with the magic string "\x93NUMPY"); a tensor file is .npy, or an ONNX TensorProto in a file named *.pb{{$}}

// '<u2' is only read where a bf16 tensor is expected (here f16).
// RUN: not norm-runner %s --function=copy_halves \
// RUN:   --input=@%S/Inputs/npy/bf16_3.npy --input=@%S/Inputs/npy/bf16_3.npy \
// RUN:   2>&1 | FileCheck %s --check-prefix=U2
// U2: norm-runner: error: input 0: '{{.*}}': dtype '<u2' is only accepted as bf16 bit patterns where a bf16 tensor is expected (here: f16)
// A valid file of the wrong type is a signature mismatch.
// RUN: not norm-runner %s --function=copy_f32 \
// RUN:   --input=@%S/Inputs/npy/f64_2x3_v2.npy 2>&1 | FileCheck %s --check-prefix=WRONGTYPE
// WRONGTYPE: norm-runner: error: input 0: element type mismatch: expected tensor<2x3xf32>, got 2x3xf64

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
