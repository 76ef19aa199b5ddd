// The options of the CPU codegen passes (Passes.td): a value outside an
// option's range fails the pass before it runs, with one error naming the
// pass, the option, the range, why, and the value given; nothing is printed.
// The error has no location: norm-opt prints it as its own,
// "norm-opt: error: ..." (it was "<unknown>:0: error: ...").
// The ends of each range are accepted and take effect.

// norm-vectorize-rows: vector-bits 0, 128, 256 or 512.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=100}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BITS
// BITS: {{^}}norm-opt: error: norm-vectorize-rows: vector-bits must be 0 (the host's), 128, 256 or 512 (the widths of CPU vector registers), got 100
// BITS-NOT: func.func

// norm-native-bf16-truncation: vector-bits 128, 256 or 512 (7 and 0 were
// accepted, and taken as 128 and 256 are: llvm.fptrunc per vector).
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-native-bf16-truncation{vector-bits=7}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BF16BITS --implicit-check-not={{.}}
// BF16BITS: {{^}}norm-opt: error: norm-native-bf16-truncation: vector-bits must be 128, 256 or 512 (the widths of CPU vector registers), got 7{{$}}
// RUN: not norm-opt %s --norm-native-bf16-truncation=vector-bits=0 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BF16BITS0 --implicit-check-not={{.}}
// BF16BITS0: {{^}}norm-opt: error: norm-native-bf16-truncation: vector-bits must be 128, 256 or 512 (the widths of CPU vector registers), got 0{{$}}
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-native-bf16-truncation{vector-bits=256}))' \
// RUN:   | FileCheck %s --check-prefix=BF16BITS256
// BF16BITS256-LABEL: func.func @sum_of_squares

// norm-vectorize-rows: unroll 1 to 16. 0 used to tile nothing without a
// word; 4294967295 used to run for minutes in ever larger vectors.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=128 unroll=0}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNROLL0
// UNROLL0: {{^}}norm-opt: error: norm-vectorize-rows: unroll must be 1 to 16 (vector registers of partial sums per tile: 0 would tile nothing, and more than a CPU's register file holds would spill), got 0
// UNROLL0-NOT: func.func
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=128 unroll=17}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNROLL17
// UNROLL17: {{^}}norm-opt: error: norm-vectorize-rows: unroll must be 1 to 16 {{.*}}, got 17
// UNROLL17-NOT: func.func
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=128 unroll=4294967295}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNROLLMAX
// UNROLLMAX: {{^}}norm-opt: error: norm-vectorize-rows: unroll must be 1 to 16 {{.*}}, got 4294967295
// UNROLLMAX-NOT: func.func

// The ends: 1 and 16 registers of 4 f32 lanes (128 bits) per tile.
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=128 unroll=1}))' \
// RUN:   | FileCheck %s --check-prefix=UNROLL1
// UNROLL1-LABEL: func.func @sum_of_squares
// UNROLL1:         scf.for %{{.+}} step %c4
// UNROLL1:           vector.transfer_read {{.*}} : tensor<1x?xf32>, vector<1x4xf32>
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-vectorize-rows{vector-bits=128 unroll=16}))' \
// RUN:   | FileCheck %s --check-prefix=UNROLL16
// UNROLL16-LABEL: func.func @sum_of_squares
// UNROLL16:         scf.for %{{.+}} step %c64
// UNROLL16:           vector.transfer_read {{.*}} : tensor<1x?xf32>, vector<1x64xf32>

// norm-prefetch-rows: distance and stream-distance 0 to 1 MiB.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{distance=1048577}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DISTANCE
// DISTANCE: {{^}}norm-opt: error: norm-prefetch-rows: distance must be 0 (no prefetches) to 1048576 bytes (1 MiB: lines prefetched further ahead would leave the cache before the loop reads them), got 1048577
// DISTANCE-NOT: func.func
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{stream-distance=4294967295}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STREAM
// STREAM: {{^}}norm-opt: error: norm-prefetch-rows: stream-distance must be 0 (no prefetches) to 1048576 bytes {{.*}}, got 4294967295
// STREAM-NOT: func.func
// norm-split-empty-tensors: min-users at least 2.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-split-empty-tensors{min-users=1}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=USERS1
// USERS1: {{^}}norm-opt: error: norm-split-empty-tensors: min-users must be at least 2 (an empty used by one op has nothing to split), got 1
// USERS1-NOT: func.func
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-split-empty-tensors{min-users=0}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=USERS0
// USERS0: {{^}}norm-opt: error: norm-split-empty-tensors: min-users must be at least 2 {{.*}}, got 0
// norm-prefetch-rows: min-rows-ahead 1 to 64.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{min-rows-ahead=0}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWS0
// ROWS0: {{^}}norm-opt: error: norm-prefetch-rows: min-rows-ahead must be 1 (`distance` alone) to 64 rows, got 0
// ROWS0-NOT: func.func
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{min-rows-ahead=65}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWS65
// ROWS65: {{^}}norm-opt: error: norm-prefetch-rows: min-rows-ahead must be 1 (`distance` alone) to 64 rows, got 65
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{min-rows-ahead=64}))' \
// RUN:   | FileCheck %s --check-prefix=ACCEPTED
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-prefetch-rows{distance=1048576 stream-distance=1048576}))' \
// RUN:   | FileCheck %s --check-prefix=ACCEPTED
// ACCEPTED: func.func @sum_of_squares

// norm-nontemporal-stores: min-bytes 0 to 2^63 - 1.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=9223372036854775808}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINBYTES
// MINBYTES: {{^}}norm-opt: error: norm-nontemporal-stores: min-bytes must be 0 to 9223372036854775807 (2^63 - 1: it is compared with result sizes computed as signed 64-bit `index` values), got 9223372036854775808
// MINBYTES-NOT: func.func
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{min-bytes=9223372036854775807}))' \
// RUN:   | FileCheck %s --check-prefix=ACCEPTED
// norm-nontemporal-stores: f16-store-lanes 0, 8, 16 or 32.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{f16-store-lanes=4}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=F16LANES
// F16LANES: {{^}}norm-opt: error: norm-nontemporal-stores: f16-store-lanes must be 0, 8, 16 or 32 (the lanes of an f32 -> f16 conversion's result in a 128- to 512-bit x86 vector register), got 4
// F16LANES-NOT: func.func
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-nontemporal-stores{f16-store-lanes=32}))' \
// RUN:   | FileCheck %s --check-prefix=ACCEPTED
// norm-widen-rows: max-row-bytes 0 to 1 GiB.
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-widen-rows{max-row-bytes=-1}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWBYTESNEG
// ROWBYTESNEG: {{^}}norm-opt: error: norm-widen-rows: max-row-bytes must be 0 (no row widened) to 1073741824 bytes (1 GiB: a buffer beyond the caches is slower than reading X again), got -1
// ROWBYTESNEG-NOT: func.func
// RUN: not norm-opt %s --pass-pipeline='builtin.module(func.func(norm-widen-rows{max-row-bytes=1073741825}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWBYTESBIG
// ROWBYTESBIG: {{^}}norm-opt: error: norm-widen-rows: max-row-bytes must be 0 {{.*}}, got 1073741825
// RUN: norm-opt %s --pass-pipeline='builtin.module(func.func(norm-widen-rows{max-row-bytes=1073741824}))' \
// RUN:   | FileCheck %s --check-prefix=ACCEPTED

#row = affine_map<(d0, d1) -> (d0, d1)>
#acc = affine_map<(d0, d1) -> (d0)>

func.func @sum_of_squares(%x: tensor<1x?xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #acc], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    %sum = arith.addf %out, %sq fastmath<reassoc> : f32
    linalg.yield %sum : f32
  } -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
