// Two --output=@FILE flags that name one file are one error and exit status
// 1 before the function runs: the second result would replace the first.
// The file is compared as the same existing file (symbolic and hard links),
// and, before it exists, as the same name in the same directory, the
// directories compared as files (a linked directory; '..' after a symbolic
// link is the link target's parent). Nothing is
// written; an existing file keeps its bytes. Devices such as /dev/null may
// be named twice. @three returns x, x + x and x * 3.

// RUN: rm -rf %t && mkdir %t %t/sub && ln -s . %t/dirlink

// The same path twice, after a printed result: outputs 1 and 2.
// RUN: not norm-runner %s --function=three --input="2xf32=1 2" --output=- \
// RUN:   --output=@%t/o.npy --output=@%t/o.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME
// SAME: norm-runner: error: output 1 and output 2 both write '{{.*}}o.npy': write each result to its own file
// SAME-NOT: {{.}}
// RUN: not test -e %t/o.npy

// Other spellings of one path; none of them is written.
// RUN: not norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=@%t/o.npy --output=@%t/sub/../o.npy --output=- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DOTDOT
// DOTDOT: norm-runner: error: output 0 ('{{.*}}o.npy') and output 1 ('{{.*}}sub/../o.npy') write the same file: write each result to its own file
// RUN: cd %t && not norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=- --output=@./o.npy --output=@%t/o.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RELATIVE
// RELATIVE: norm-runner: error: output 1 ('./o.npy') and output 2 ('{{.*}}o.npy') write the same file: write each result to its own file
// RUN: not norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=@%t/dirlink/o.npy --output=- --output=@%t/o.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIRLINK
// DIRLINK: norm-runner: error: output 0 ('{{.*}}dirlink/o.npy') and output 2 ('{{.*}}o.npy') write the same file: write each result to its own file
// RUN: not test -e %t/o.npy

// An existing file through a symbolic and a hard link: its bytes stay.
// RUN: echo old > %t/o.npy && cp %t/o.npy %t/o.orig
// RUN: ln -s o.npy %t/symlink.npy && ln %t/o.npy %t/hardlink.npy
// RUN: not norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=@%t/symlink.npy --output=- --output=@%t/o.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SYMLINK
// SYMLINK: norm-runner: error: output 0 ('{{.*}}symlink.npy') and output 2 ('{{.*}}o.npy') write the same file: write each result to its own file
// RUN: not norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=- --output=@%t/hardlink.npy --output=@%t/o.npy 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HARDLINK
// HARDLINK: norm-runner: error: output 1 ('{{.*}}hardlink.npy') and output 2 ('{{.*}}o.npy') write the same file: write each result to its own file
// RUN: cmp %t/o.npy %t/o.orig

// /dev/null twice: runs, the printed result is x * 3 = [3 6].
// RUN: norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=@/dev/null --output=@/dev/null --output=- \
// RUN:   | FileCheck %s --check-prefix=DEVNULL
// DEVNULL: 2xf32=3 6
// DEVNULL-NOT: {{.}}

// Different files: each gets its result, read back here: [1 2], [2 4], [3 6].
// RUN: norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=@%t/a.npy --output=@%t/sub/a.npy --output=@%t/c.npy
// RUN: norm-runner %s --function=identity --input=@%t/a.npy \
// RUN:   | FileCheck %s --check-prefix=FILE-A
// FILE-A: 2xf32=1 2
// RUN: norm-runner %s --function=identity --input=@%t/sub/a.npy \
// RUN:   | FileCheck %s --check-prefix=FILE-B
// FILE-B: 2xf32=2 4
// RUN: norm-runner %s --function=identity --input=@%t/c.npy \
// RUN:   | FileCheck %s --check-prefix=FILE-C
// FILE-C: 2xf32=3 6

// '..' after a symbolic link to real/sub is real, not %t: two files, written
// with [1 2] (real/d.npy) and [2 4] (d.npy).
// RUN: mkdir -p %t/real/sub && ln -s real/sub %t/sublink
// RUN: norm-runner %s --function=three --input="2xf32=1 2" \
// RUN:   --output=@%t/sublink/../d.npy --output=@%t/d.npy --output=-
// RUN: norm-runner %s --function=identity --input=@%t/real/d.npy \
// RUN:   | FileCheck %s --check-prefix=FILE-A
// RUN: norm-runner %s --function=identity --input=@%t/d.npy \
// RUN:   | FileCheck %s --check-prefix=FILE-B

func.func @three(%x: tensor<2xf32>)
    -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %y = arith.addf %x, %x : tensor<2xf32>
  %z = arith.addf %y, %x : tensor<2xf32>
  return %x, %y, %z : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

func.func @identity(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
