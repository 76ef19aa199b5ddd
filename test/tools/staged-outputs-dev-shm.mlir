// Outputs in a file system mounted under /dev (/dev/shm, a tmpfs) are staged
// like any other file (norm/Support/StagedOutput.h): written to a temporary
// file beside them and renamed over them only once the run succeeded. Only
// an existing path that is not a regular file (a device, a FIFO) and the
// name of an open descriptor (/dev/stdout, /proc/self/fd/N, also where it is
// open on a regular file) are written directly. Before, every path starting
// with /dev/ or /proc/ was written directly: a failed run left a new file
// behind or an existing one truncated or removed, a successful one wrote the
// file in place, and norm-compile took /dev/shm/x.o for a device and asked
// for --header.
// REQUIRES: dev-shm

// RUN: rm -rf %t /dev/shm/norm-lit-staged-outputs
// RUN: mkdir %t /dev/shm/norm-lit-staged-outputs && cd %t
// The bytes NumPy's np.save writes for [[3 5 7] [9 11 13]] (f32).
// RUN: cp %S/norm-runner/Inputs/npy/f32_2x3_times2_plus1.npy expected.npy

// norm-runner: output 1 cannot be written (/dev/full), so output 0, a new
// file in /dev/shm, is not created; an existing one stays as it was.
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@/dev/shm/norm-lit-staged-outputs/y.npy --output=@/dev/full 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER-FULL --implicit-check-not={{.}}
// RUNNER-FULL: {{^}}norm-runner: error: output 1: cannot write '/dev/full': No space left on device{{$}}
// RUN: not test -e /dev/shm/norm-lit-staged-outputs/y.npy
// RUN: echo old-y > /dev/shm/norm-lit-staged-outputs/y.npy
// RUN: not norm-runner %s --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@/dev/shm/norm-lit-staged-outputs/y.npy --output=@/dev/full 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER-FULL --implicit-check-not={{.}}
// RUN: FileCheck %s --check-prefix=OLD-Y < /dev/shm/norm-lit-staged-outputs/y.npy
// OLD-Y: {{^}}old-y{{$}}
// A run that succeeds replaces the file: a new inode (renamed over it), not
// the old file written in place.
// RUN: stat -c %%i /dev/shm/norm-lit-staged-outputs/y.npy > inode-before
// RUN: norm-runner %s --input="2x3xf32=1 2 3 4 5 6" \
// RUN:   --output=@/dev/shm/norm-lit-staged-outputs/y.npy --output=@z.npy
// RUN: cmp /dev/shm/norm-lit-staged-outputs/y.npy expected.npy
// RUN: stat -c %%i /dev/shm/norm-lit-staged-outputs/y.npy > inode-after
// RUN: not cmp -s inode-before inode-after

// norm-opt: a failed run leaves an existing -o file in /dev/shm as it was
// (before, it was truncated and then removed) and creates no new one.
// RUN: echo old-opt > /dev/shm/norm-lit-staged-outputs/opt.mlir
// RUN: not norm-opt %s --norm-to-llvm=vector-bits=3 \
// RUN:   -o /dev/shm/norm-lit-staged-outputs/opt.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPT-FAIL
// OPT-FAIL: vector-bits must be 0 (the host's), 128, 256 or 512 (the widths of CPU vector registers), got 3
// RUN: FileCheck %s --check-prefix=OLD-OPT < /dev/shm/norm-lit-staged-outputs/opt.mlir
// OLD-OPT: {{^}}old-opt{{$}}
// RUN: not norm-opt %s --norm-to-llvm=vector-bits=3 \
// RUN:   -o /dev/shm/norm-lit-staged-outputs/new.mlir
// RUN: not test -e /dev/shm/norm-lit-staged-outputs/new.mlir

// norm-compile: an object in /dev/shm is a file of its own, with its header
// beside it (before: "needs --header=PATH").
// RUN: norm-compile %s --prefix=t_ -o /dev/shm/norm-lit-staged-outputs/t.o
// RUN: test -s /dev/shm/norm-lit-staged-outputs/t.o
// RUN: FileCheck %s --check-prefix=HEADER < /dev/shm/norm-lit-staged-outputs/t.h
// HEADER: int32_t t_main(const float *arg0, const int64_t *arg0_shape, float *result0,

// norm-benchmark: a run that fails (no benchmark matches the filter) leaves
// an existing --benchmark_out file in /dev/shm as it was (before, it was
// truncated to a newline before the run) and creates no new one.
// RUN: echo old-json > /dev/shm/norm-lit-staged-outputs/b.json
// RUN: not norm-benchmark %s --input=2x3xf32 --threads=1 --name=b \
// RUN:   --benchmark_filter=nothing --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=/dev/shm/norm-lit-staged-outputs/b.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BENCH-NONE
// BENCH-NONE: norm-benchmark: error: no benchmark ran (the benchmark is named 'b/real_time' where --benchmark_filter matches it)
// RUN: FileCheck %s --check-prefix=OLD-JSON < /dev/shm/norm-lit-staged-outputs/b.json
// OLD-JSON: {{^}}old-json{{$}}

// No temporary file is left behind in /dev/shm.
// RUN: ls /dev/shm/norm-lit-staged-outputs | FileCheck %s --check-prefix=LS --implicit-check-not={{.}}
// LS: b.json
// LS-NEXT: opt.mlir
// LS-NEXT: t.h
// LS-NEXT: t.o
// LS-NEXT: y.npy

// The name of an open descriptor is still written through the descriptor,
// where it is open on a regular file too: the file keeps its inode.
// RUN: echo old > stdout.mlir && stat -c %%i stdout.mlir > inode-before
// RUN: norm-opt %s -o /dev/stdout > stdout.mlir
// RUN: stat -c %%i stdout.mlir > inode-after
// RUN: cmp inode-before inode-after
// RUN: FileCheck %s --check-prefix=STDOUT < stdout.mlir
// STDOUT: func.func @main
// RUN: norm-runner %s --input="2x3xf32=1 2 3 4 5 6" --output=@/proc/self/fd/1 \
// RUN:   --output=@z.npy > stdout.npy
// RUN: cmp stdout.npy expected.npy
// RUN: rm -rf /dev/shm/norm-lit-staged-outputs

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
