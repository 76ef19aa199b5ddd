// No leak in the OpenMP lowering of a row loop inside the user's scf.for
// (rows_parallel of loops.mlir, run as in loops-parallel.mlir), checked
// with LeakSanitizer preloaded into the uninstrumented runner. Without
// scf's buffer-deallocation models in the runner's registry, each of the
// 64 rows x 3 iterations leaked its 512-element row buffer (LeakSanitizer:
// 192 objects, exit 23), while norm-opt, which registers every upstream
// model, freed them. The sanitizer build runs loops-parallel.mlir under
// LeakSanitizer itself.
// REQUIRES: lsan-preload

// RUN: %lsan_preload norm-runner %S/loops.mlir --threads=4 \
// RUN:   --function=rows_parallel 2>&1 | FileCheck %s
// RUN: %lsan_preload norm-runner %S/loops.mlir --threads=1 \
// RUN:   --function=rows_parallel 2>&1 | FileCheck %s
// CHECK-NOT: LeakSanitizer
// CHECK: 8x8xf32=[-0.424944{{[0-9]*}} -0.11722
// CHECK-NOT: LeakSanitizer
