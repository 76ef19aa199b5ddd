// A temporary the compiled code cannot allocate is one error and exit
// status 1, not a write through a null pointer. X is empty (0 rows) but has
// 2^40 columns: the per-column reciprocal of an axis-0 LpNormalization needs
// 2^40 f64 values (8 TiB), which malloc refuses on any test machine.
// ASan's allocator reports such a request instead of returning null, so this
// file runs only in normal builds (scripts/sanitize.sh skips it).
// UNSUPPORTED: sanitizers
// RUN: not norm-runner %s --input="0x1099511627776xf32=" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOM
// OOM: {{^}}norm-runner: error: out of memory: the compiled function could not allocate {{[0-9]+}} bytes
// OOM-NOT: 0x1099511627776xf32=

// OMP_NUM_THREADS is checked before the OpenMP runtime reads it (the runtime
// aborts or hangs on some bad values).
// RUN: env OMP_NUM_THREADS=abc not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   2>&1 | FileCheck %s --check-prefix=ENV
// RUN: env OMP_NUM_THREADS=100000 not norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   2>&1 | FileCheck %s --check-prefix=ENV
// ENV: norm-runner: error: OMP_NUM_THREADS='{{abc|100000}}' is not a thread count: expected numbers from 1 to 4096, separated by commas

// A valid nested list is accepted: columns [3 4] and [0 0] -> [0.6 0.8], [0 0].
// RUN: env OMP_NUM_THREADS=2,1 norm-runner %s --input="2x2xf32=3 0 4 0" \
// RUN:   | FileCheck %s --check-prefix=OK
// OK: 2x2xf32=[0.6 0][0.8 0]

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
