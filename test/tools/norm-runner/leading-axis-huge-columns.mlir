// Sanitizer builds replace the allocator: a multi-EiB request aborts there.
// UNSUPPORTED: sanitizers
// LpNormalization over the leading axis of an empty X with 2^58 or 2^59
// columns: the per-chunk partial sums ([8, Q] f64, 2^64 bytes and more)
// must not be allocated with a size that wraps around (a heap overflow
// before); the [Q] f64 sums that remain cannot be allocated, which is
// reported as an error.
// RUN: not norm-runner %s --input="0x576460752303423488xf32=" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOM59
// RUN: not norm-runner %s --threads=1 --input="0x288230376151711744xf32=" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOM58
// OOM59: error: out of memory: the compiled function could not allocate 4611686018427387968 bytes
// OOM58: error: out of memory: the compiled function could not allocate 2305843009213694016 bytes

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
