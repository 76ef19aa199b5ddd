// --input=@- and --expected-output=@- read a .npy image from standard input,
// as '-' means in LLVM's tools (it used to open a file named '-': "cannot
// read '-': No such file or directory"). Standard input can be read once: by
// the module ('-' or no module file) or by one '@-', which is an error
// before anything is read.

// RUN: rm -rf %t && mkdir %t

// A pipe and a redirected file; the result is the input's values.
// RUN: cat %S/Inputs/npy/f32_2x3.npy | norm-runner %s --function=copy_f32 \
// RUN:   --input=@- | FileCheck %s --check-prefix=F32
// RUN: norm-runner %s --function=copy_f32 --input=@- \
// RUN:   < %S/Inputs/npy/f32_2x3.npy | FileCheck %s --check-prefix=F32
// F32: 2x3xf32=[1 2 3][4 5 6]
// RUN: norm-runner %s --function=copy_f32 --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --expected-output=@- < %S/Inputs/npy/f32_2x3.npy \
// RUN:   | FileCheck %s --check-prefix=EXPECTED
// EXPECTED: [SUCCESS] result[0]: 2x3xf32
// RUN: norm-benchmark %s --function=copy_f32 --input=@- \
// RUN:   --benchmark_min_time=0.001 < %S/Inputs/npy/f32_2x3.npy \
// RUN:   | FileCheck %s --check-prefix=BENCHMARK
// BENCHMARK: copy_f32/real_time

// Errors: what is on standard input is not a .npy image, the module is read
// from it too, or two flags read it.
// RUN: not norm-runner %s --function=copy_f32 --input=@- < %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MAGIC --implicit-check-not=error:
// MAGIC: norm-runner: error: input 0: '<stdin>': not a .npy file (bad magic string); standard input (@-) is read as .npy only (an ONNX TensorProto is read from a file named *.pb){{$}}
// An empty standard input says so.
// RUN: not norm-runner %s --function=copy_f32 --input=@- < /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY --implicit-check-not=error:
// EMPTY: norm-runner: error: input 0: '<stdin>': the input is empty (0 bytes); expected a .npy image (starting with the magic string "\x93NUMPY"); standard input (@-) is read as .npy only (an ONNX TensorProto is read from a file named *.pb){{$}}
// RUN: not norm-runner - --function=copy_f32 --input=@- < %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE --implicit-check-not=error:
// RUN: not norm-runner --function=copy_f32 --input=@- < %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE --implicit-check-not=error:
// MODULE: norm-runner: error: input 0: '@-' reads standard input, which the module is read from: give the module as a file{{$}}
// RUN: not norm-runner %s --function=copy_f32 --input=@- --expected-output=@- \
// RUN:   < %S/Inputs/npy/f32_2x3.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// TWICE: norm-runner: error: expected-output 0: '@-' reads standard input, which input 0 reads already: standard input can be read once{{$}}
// RUN: not norm-runner %s --function=add --input=@- --input=@- \
// RUN:   < %S/Inputs/npy/f32_2x3.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWO-INPUTS --implicit-check-not=error:
// TWO-INPUTS: norm-runner: error: input 1: '@-' reads standard input, which input 0 reads already: standard input can be read once{{$}}
// A path to the pipe that standard input is (/dev/stdin) is standard input
// too: it used to read what the module left ("not a .npy file").
// RUN: cat %s | not norm-runner - --function=copy_f32 --input=@/dev/stdin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVSTDIN --implicit-check-not=error:
// DEVSTDIN: norm-runner: error: input 0: '@/dev/stdin' reads standard input, which the module is read from: give the module as a file{{$}}
// RUN: cat %S/Inputs/npy/f32_2x3.npy | not norm-runner %s --function=copy_f32 \
// RUN:   --input=@/dev/stdin --expected-output=@- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVSTDIN-TWICE --implicit-check-not=error:
// DEVSTDIN-TWICE: norm-runner: error: expected-output 0: '@-' reads standard input, which input 0 reads already: standard input can be read once{{$}}
// A regular file that standard input is redirected from can be read twice.
// RUN: norm-runner %s --function=copy_f32 --input=@/dev/stdin \
// RUN:   --expected-output=@/dev/stdin < %S/Inputs/npy/f32_2x3.npy \
// RUN:   | FileCheck %s --check-prefix=EXPECTED
// RUN: not norm-benchmark --function=copy_f32 --input=@- < %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCHMARK-MODULE --implicit-check-not=error:
// BENCHMARK-MODULE: norm-benchmark: error: input 0: '@-' reads standard input, which the module is read from: give the module as a file{{$}}

func.func @copy_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

func.func @add(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = arith.addf %x, %y : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
