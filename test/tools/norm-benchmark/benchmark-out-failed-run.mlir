// --benchmark_out is written only by a run that succeeded: the library
// writes a temporary file in the file's directory, renamed over it at the
// end. A failed run (a module that cannot be read, an input of the wrong
// size, a failed run-time check) creates no file and leaves an existing one
// as it was; no temporary file stays behind. Before, the file held one
// newline (the check of the path) after any failure, an existing report
// replaced.

// RUN: rm -rf %t && mkdir %t && cd %t

// A module that does not exist: no file.
// RUN: not norm-benchmark %t/nonexistent.mlir --input=2x4xf32 \
// RUN:   --benchmark_out=b.json 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: norm-benchmark: error: cannot read '{{.*}}nonexistent.mlir': No such file or directory
// MISSING-NOT: {{.}}
// RUN: not test -e b.json
// An existing file is kept as it was.
// RUN: echo '{"old": "results"}' > old.json && cp old.json b.json
// RUN: not norm-benchmark %t/nonexistent.mlir --input=2x4xf32 \
// RUN:   --benchmark_out=b.json 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: cmp old.json b.json
// RUN: rm b.json

// An input of the wrong size (tensor<?x4xf32> given 2x3xf32).
// RUN: not norm-benchmark %s --function=scale --input=2x3xf32 --input=4xf32 \
// RUN:   --benchmark_out=%t/b.json 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: norm-benchmark: error: input 0: {{.*}}
// RUN: not test -e %t/b.json
// RUN: cp old.json b.json
// RUN: not norm-benchmark %s --function=scale --input=2x3xf32 --input=4xf32 \
// RUN:   --benchmark_out=%t/b.json 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: cmp old.json b.json
// RUN: rm b.json

// A failed run-time check (Scale of 3 elements, rows of 4) ends the process
// with _Exit: the temporary file is removed too.
// RUN: not norm-benchmark %s --function=scale --input=2x4xf32 --input=3xf32 \
// RUN:   --benchmark_out=%t/b.json 2>&1 | FileCheck %s --check-prefix=CHECK-FAILED
// CHECK-FAILED: {{^}}norm-benchmark: error: run-time check failed: {{.*}}'norm.layer_normalization' op dimension 0 of 'Scale' is 3, expected 4 (dimension 1 of 'X') or 1{{$}}
// RUN: not test -e %t/b.json
// RUN: cp old.json b.json
// RUN: not norm-benchmark %s --function=scale --input=2x4xf32 --input=3xf32 \
// RUN:   --benchmark_out=%t/b.json 2>&1 | FileCheck %s --check-prefix=CHECK-FAILED
// RUN: cmp old.json b.json
// No temporary file is left: the directory holds old.json and b.json only.
// RUN: ls %t | FileCheck %s --check-prefix=LS --implicit-check-not={{.}}
// LS: b.json
// LS-NEXT: old.json

// A run that succeeds replaces the file (through a symlink: the link stays,
// its target gets the report) and keeps its permissions.
// RUN: chmod 640 b.json && ln -s b.json link.json
// RUN: norm-benchmark %s --function=scale --input=2x4xf32 --input=4xf32 \
// RUN:   --threads=1 --name=ok --benchmark_min_time=0.001 \
// RUN:   --benchmark_out=link.json --benchmark_out_format=json > /dev/null
// RUN: test -L link.json
// RUN: FileCheck %s --check-prefix=JSON < b.json
// JSON: {
// JSON: "name": "ok/real_time",
// RUN: stat -c %%a b.json | FileCheck %s --check-prefix=MODE
// MODE: {{^}}640{{$}}
// RUN: ls %t | FileCheck %s --check-prefix=LS2 --implicit-check-not={{.}}
// LS2: b.json
// LS2-NEXT: link.json
// LS2-NEXT: old.json

func.func @scale(%x: tensor<?x4xf32>, %s: tensor<?xf32>) -> tensor<?x4xf32> {
  %y, %m, %i = norm.layer_normalization %x, %s
      : (tensor<?x4xf32>, tensor<?xf32>)
      -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x4xf32>
}
