// Sanitizer builds replace the allocator: a 4 TiB request aborts there.
// UNSUPPORTED: sanitizers
// norm-benchmark's pseudo-random inputs: a buffer that cannot be allocated
// is an error, not an abort (4 TiB).
// RUN: not norm-benchmark %s --input=1099511627776x1xf32 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOM
// OOM: norm-benchmark: error: input 0: cannot allocate 4398046511104 bytes for a 1099511627776x1xf32 tensor: out of memory

// norm-runner: an empty shape whose other dims overflow is rejected in either
// order.
// RUN: not norm-runner %s --input="4611686018427387904x0xf32=" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HUGE
// RUN: not norm-runner %s --input="0x4611686018427387904xf32=" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HUGE
// HUGE: error: input 0: shape '{{[0-9x]+}}xf32' has too many elements

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
