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

// Another file: written. x.npy holds [2 4] (2 * [1 2]), y.npy [4 8]; doubled
// once more: [8 16].
// RUN: norm-runner %t/m.mlir --input=@%t/x.npy --output=@%t/y.npy
// RUN: norm-runner %t/m.mlir --input=@%t/y.npy | FileCheck %s --check-prefix=OTHER
// OTHER: 2xf32=8 16

func.func @double(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = arith.addf %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
