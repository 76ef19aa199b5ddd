// An --output=@FILE that names the module file or the file of an
// --input=@FILE or --expected-output=@FILE (by any path, or a link to it) is
// one error and exit status 1 before the function runs: writing the result
// there would replace the user's module or data. The files are left byte for byte as they were; an
// output naming another file is written as before.

// RUN: rm -rf %t && mkdir %t && cp %s %t/m.mlir
// RUN: norm-runner %t/m.mlir --input="2xf32=1 2" --output=@%t/x.npy
// RUN: cp %t/x.npy %t/x.orig && ln -s m.mlir %t/link.mlir

// RUN: not norm-runner %t/m.mlir --input="2xf32=1 2" --output=@%t/link.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE
// MODULE: norm-runner: error: output 0: '{{.*}}link.mlir' is the module file: write the result to another file
// RUN: cmp %s %t/m.mlir
// RUN: not norm-runner %t/m.mlir --input=@%t/x.npy --output=@%t/../%basename_t.tmp/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUT
// INPUT: norm-runner: error: output 0: '{{.*}}x.npy' is the file of input 0: write the result to another file
// RUN: cmp %t/x.npy %t/x.orig
// The file of an --expected-output=@FILE too (here through a hard link): the
// result would replace the reference data, and a second run would match it.
// RUN: ln %t/x.npy %t/hard.npy
// RUN: not norm-runner %t/m.mlir --input="2xf32=1 2" \
// RUN:   --expected-output=@%t/hard.npy --output=@%t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPECTED
// EXPECTED: norm-runner: error: output 0: '{{.*}}x.npy' is the file of expected-output 0: write the result to another file
// RUN: cmp %t/x.npy %t/x.orig

// Standard input redirected from a regular file: the module read as '-' or
// an --input=@- reads that file, and an output naming it by any path
// (/dev/stdin, /dev/fd/0, /proc/self/fd/0, its own path) would replace it
// (it exited 0 having written the .npy over the module; found by a
// new-user review). An output naming it where nothing reads standard input
// is refused too.
// RUN: not norm-runner - --input="2xf32=1 2" --output=@/dev/stdin < %t/m.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN-MODULE -DPATH=/dev/stdin
// RUN: not norm-runner - --input="2xf32=1 2" --output=@/dev/fd/0 < %t/m.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN-MODULE -DPATH=/dev/fd/0
// RUN: not norm-runner - --input="2xf32=1 2" --output=@/proc/self/fd/0 < %t/m.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN-MODULE -DPATH=/proc/self/fd/0
// RUN: not norm-runner - --input="2xf32=1 2" --output=@%t/m.mlir < %t/m.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN-MODULE -DPATH=%t/m.mlir
// STDIN-MODULE: norm-runner: error: output 0: '[[PATH]]' is the module file (standard input): write the result to another file{{$}}
// RUN: cmp %s %t/m.mlir
// RUN: not norm-runner %t/m.mlir --input=@- --output=@/dev/fd/0 < %t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN-INPUT
// STDIN-INPUT: norm-runner: error: output 0: '/dev/fd/0' is the file of input 0 (standard input): write the result to another file{{$}}
// RUN: cmp %t/x.npy %t/x.orig
// RUN: not norm-runner %t/m.mlir --input="2xf32=1 2" --output=@/dev/stdin < %t/x.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN-UNREAD
// STDIN-UNREAD: norm-runner: error: output 0: '/dev/stdin' is the file standard input is redirected from: write the result to another file{{$}}
// RUN: cmp %t/x.npy %t/x.orig

// Another file: written. x.npy holds [2 4] (2 * [1 2]), y.npy [4 8]; doubled
// once more: [8 16].
// RUN: norm-runner %t/m.mlir --input=@%t/x.npy --output=@%t/y.npy
// RUN: norm-runner %t/m.mlir --input=@%t/y.npy | FileCheck %s --check-prefix=OTHER
// OTHER: 2xf32=8 16

func.func @double(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = arith.addf %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
