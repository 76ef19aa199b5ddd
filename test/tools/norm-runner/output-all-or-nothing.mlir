// --output=@FILE files are written all or none: each result for a regular
// file (or a new one) goes to a temporary file in its directory, renamed
// over FILE only once every output was written. An output that cannot be
// written (a missing directory, a device that takes no data) leaves no new
// file and every existing file as it was. Before, output 0's file was
// written when output 1 then failed, an existing file replaced.

// RUN: rm -rf %t && mkdir %t && cd %t
// The bytes NumPy's np.save writes for [[3 5 7] [9 11 13]] (f32).
// RUN: cp %S/Inputs/npy/f32_2x3_times2_plus1.npy expected.npy

// Output 1's directory does not exist: no y.npy.
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@y.npy \
// RUN:   --output=@%t/missing/z.npy 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: {{^}}norm-runner: error: output 1: cannot write '{{.*}}missing/z.npy': No such file or directory{{$}}
// NODIR-NOT: {{.}}
// RUN: not test -e y.npy
// Output 1 is /dev/full: no y.npy either.
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@y.npy \
// RUN:   --output=@/dev/full 2>&1 | FileCheck %s --check-prefix=FULL1
// FULL1: {{^}}norm-runner: error: output 1: cannot write '/dev/full': No space left on device{{$}}
// FULL1-NOT: {{.}}
// RUN: not test -e y.npy
// Output 0 is /dev/full, output 1 a file: no z.npy.
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@/dev/full \
// RUN:   --output=@z.pb 2>&1 | FileCheck %s --check-prefix=FULL0
// FULL0: {{^}}norm-runner: error: output 0: cannot write '/dev/full': No space left on device{{$}}
// FULL0-NOT: {{.}}
// RUN: not test -e z.pb

// Existing files stay as they were.
// RUN: echo old-y > y.npy && echo old-z > z.npy
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@y.npy \
// RUN:   --output=@/dev/full 2>&1 | FileCheck %s --check-prefix=FULL1
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@y.npy \
// RUN:   --output=@%t/missing/z.npy 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: cat y.npy | FileCheck %s --check-prefix=OLD-Y
// OLD-Y: {{^}}old-y{{$}}
// A directory as output 1.
// RUN: mkdir dir
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@y.npy \
// RUN:   --output=@dir 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: {{^}}norm-runner: error: output 1: cannot write 'dir': Is a directory{{$}}
// DIR-NOT: {{.}}
// RUN: cat y.npy | FileCheck %s --check-prefix=OLD-Y
// No temporary file is left behind.
// RUN: ls %t | FileCheck %s --check-prefix=LS --implicit-check-not={{.}}
// LS: dir
// LS-NEXT: expected.npy
// LS-NEXT: y.npy
// LS-NEXT: z.npy

// A run whose outputs all succeed writes them all, with the replaced
// file's permissions; standard output ('-', '@-', /dev/stdout) as before.
// RUN: chmod 640 y.npy
// RUN: norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@y.npy \
// RUN:   --output=@z.npy
// RUN: cmp y.npy expected.npy
// RUN: cmp z.npy expected.npy
// RUN: stat -c %%a y.npy | FileCheck %s --check-prefix=MODE
// MODE: {{^}}640{{$}}
// RUN: norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@- \
// RUN:   --output=@/dev/stdout | cat > stdout.bin
// RUN: cat expected.npy expected.npy | cmp - stdout.bin
// /dev/stdout redirected to a regular file is written through too.
// RUN: rm z.npy
// RUN: norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@/dev/stdout \
// RUN:   --output=@z.npy > stdout.bin
// RUN: cmp stdout.bin expected.npy
// RUN: cmp z.npy expected.npy
// RUN: norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=- \
// RUN:   --output=@y.npy | FileCheck %s --check-prefix=PRINT
// PRINT: {{^}}2x3xf32=[3 5 7][9 11 13]{{$}}
// RUN: cmp y.npy expected.npy

func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
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
  return %r, %r : tensor<2x3xf32>, tensor<2x3xf32>
}
