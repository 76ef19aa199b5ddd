// --output=@PATH writes where PATH points, like a shell redirection: a
// symlink's target is written and the symlink stays, a hard-linked file
// keeps its inode (both names see the new bytes), and a FIFO's reader gets
// the whole file. (A regular file without other links gets a temporary
// file renamed over it: output-all-or-nothing.mlir.)

// RUN: rm -rf %t && mkdir %t
// The bytes NumPy's np.save writes for [[3 5 7] [9 11 13]] (f32).
// RUN: cp %S/Inputs/npy/f32_2x3_times2_plus1.npy %t/expected.npy

// Symlink: the target gets the file, the link is still a link.
// RUN: echo old > %t/target && ln -s target %t/link
// RUN: norm-runner %s --function=affine --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@%t/link
// RUN: test -L %t/link
// RUN: cmp %t/target %t/expected.npy

// Hard link: written in place, so the other name sees the new bytes.
// RUN: echo old > %t/hard1 && ln %t/hard1 %t/hard2
// RUN: norm-runner %s --function=affine --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@%t/hard1
// RUN: cmp %t/hard2 %t/expected.npy

// FIFO: the reader gets the whole file (.pb too: the same writer).
// RUN: mkfifo %t/fifo
// RUN: cat %t/fifo > %t/from-fifo.npy & \
// RUN:   norm-runner %s --function=affine --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@%t/fifo; wait
// RUN: test -p %t/fifo
// RUN: cmp %t/from-fifo.npy %t/expected.npy

// A directory that cannot be written: one error line naming the path.
// RUN: not norm-runner %s --function=affine --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@%t/missing-dir/out.npy 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: norm-runner: error: output 0: cannot write '{{.*}}missing-dir{{/|\\}}out.npy': No such file or directory
// NODIR-NOT: {{.}}

func.func @affine(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c2 = arith.constant 2.0 : f32
    %c1 = arith.constant 1.0 : f32
    %m = arith.mulf %a, %c2 : f32
    %s = arith.addf %m, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
