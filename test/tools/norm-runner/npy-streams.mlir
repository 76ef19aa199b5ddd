// --input=@PATH where PATH is a pipe or a device, whose size is unknown: the
// runner reads the magic string first, then the header, then only the data
// the header describes. A stream that is not a .npy image is an error after
// its first bytes, however long it is: /dev/zero is rejected at once (the
// timeout fails a read without bound, which printed nothing).

// RUN: not timeout 20 norm-runner %s --function=copy_f32 --input=@/dev/zero \
// RUN:   2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: norm-runner: error: input 0: '/dev/zero': not a .npy file (bad magic string); a tensor file is .npy, or an ONNX TensorProto in a file named *.pb{{$}}
// ZERO-NOT: {{.}}

// An empty stream (/dev/null) says so, not "bad magic string".
// RUN: not norm-runner %s --function=copy_f32 --input=@/dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NULL
// NULL: norm-runner: error: input 0: '/dev/null': the input is empty (0 bytes); expected a .npy image (starting with the magic string "\x93NUMPY"); a tensor file is .npy, or an ONNX TensorProto in a file named *.pb{{$}}
// NULL-NOT: {{.}}

// A .npy image through a pipe is read like the file.
// RUN: cat %S/Inputs/npy/f32_2x3.npy | norm-runner %s --function=copy_f32 \
// RUN:   --input=@/dev/stdin | FileCheck %s --check-prefix=F32
// F32: 2x3xf32=[1 2 3][4 5 6]
// RUN: cat %S/Inputs/npy/f64_2x3_v2.npy | norm-runner %s --function=copy_f64 \
// RUN:   --input=@/dev/stdin | FileCheck %s --check-prefix=F64
// F64: 2x3xf64=[1 2 3][4 5 6]

// Malformed images through a pipe: the same errors, in stream terms.
// RUN: cat %S/Inputs/npy/f32_2x3_truncated.npy | not norm-runner %s \
// RUN:   --function=copy_f32 --input=@/dev/stdin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: norm-runner: error: input 0: '/dev/stdin': truncated data: 2x3xf32 needs 24 bytes, the stream has 20
// RUN: cat %S/Inputs/npy/f32_2x3_trailing.npy | not norm-runner %s \
// RUN:   --function=copy_f32 --input=@/dev/stdin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRAILING
// TRAILING: norm-runner: error: input 0: '/dev/stdin': data size mismatch: 2x3xf32 needs 24 bytes, the stream has more
// RUN: cat %S/Inputs/npy/header_too_long.npy | not norm-runner %s \
// RUN:   --function=copy_f32 --input=@/dev/stdin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HEADERLEN
// HEADERLEN: norm-runner: error: input 0: '/dev/stdin': truncated header: 32767 bytes announced, the stream has {{[0-9]+$}}
// RUN: cat %S/Inputs/npy/prelude_only.npy | not norm-runner %s \
// RUN:   --function=copy_f32 --input=@/dev/stdin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRELUDE
// PRELUDE: norm-runner: error: input 0: '/dev/stdin': truncated .npy prelude
// RUN: cat %S/Inputs/npy/bad_version.npy | not norm-runner %s \
// RUN:   --function=copy_f32 --input=@/dev/stdin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERSION
// VERSION: norm-runner: error: input 0: '/dev/stdin': unsupported .npy format version 4.0

func.func @copy_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

func.func @copy_f64(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  return %x : tensor<2x3xf64>
}
