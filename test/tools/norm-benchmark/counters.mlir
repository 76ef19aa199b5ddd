// norm-benchmark's counters. The rate is printed once, as a plain number:
// before, the console showed "GB/s=41.6/s" (a rate counter gets "/s"
// appended) and a second rate, bytes_per_second, in binary units.
// X [64, 256] f32 read once and Y written once: 131072 bytes.

// RUN: norm-benchmark %s --input=64x256xf32 --threads=1 --name=b \
// RUN:   --benchmark_min_time=0.01 2>/dev/null | FileCheck %s --check-prefix=CONSOLE
// CONSOLE: {{^}}b/real_time {{.*}} GB/s={{[0-9.]+[kM]?}} bytes=131.072k compile_ms={{[0-9.]+k?}} faults/call={{[^ ]+}} threads=1{{$}}
// CONSOLE-NOT: bytes_per_second
// CONSOLE-NOT: {{[0-9]/s}}

// Without --threads, `threads` is OMP_NUM_THREADS's count (review finding:
// it showed all cores).
// RUN: env OMP_NUM_THREADS=1 norm-benchmark %s --input=64x256xf32 --name=b \
// RUN:   --benchmark_min_time=0.01 2>/dev/null | FileCheck %s --check-prefix=ENV
// ENV: {{^}}b/real_time {{.*}} threads=1{{$}}

// JSON, read the way benchmarks/run.sh reads it (median aggregate:
// real_time, time_unit, compile_ms), and the other counters by name.
// GB/s is timed around Google Benchmark's loop, real_time inside it: 0.2 s
// per repetition (not 0.01 s) keeps a preemption at the loop's edges on a
// loaded machine small against the repetition (with 0.01 s, GB/s once came
// out 5.7x below bytes / real_time).
// RUN: norm-benchmark %s --input=64x256xf32 --threads=1 --name=b \
// RUN:   --benchmark_min_time=0.2 --benchmark_repetitions=3 \
// RUN:   --benchmark_report_aggregates_only=true --benchmark_format=json \
// RUN:   2>/dev/null | /usr/bin/python3 %S/Inputs/median.py | FileCheck %s --check-prefix=JSON
// JSON:      ms positive
// JSON-NEXT: compile_ms positive
// JSON-NEXT: bytes 131072
// JSON-NEXT: GB/s consistent
// JSON-NEXT: bytes_per_second False

// An X of 0 rows: every result is empty and nothing is read (LayerNorm reads
// Scale and B per row), so bytes and GB/s are 0. Before, bytes counted the
// 2 x 256 x 4 bytes of Scale and B (bytes=2.048k) and GB/s a rate for them.
// RUN: norm-benchmark %s --function=layernorm --input=0x256xf32 \
// RUN:   --input=256xf32 --input=256xf32 --threads=1 --name=b \
// RUN:   --benchmark_min_time=0.01 2>/dev/null | FileCheck %s --check-prefix=EMPTY
// EMPTY: {{^}}b/real_time {{.*}} GB/s=0 bytes=0 compile_ms=

func.func @layernorm(%x: tensor<?x?xf32>, %scale: tensor<?xf32>,
                     %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %y, %mean, %inv = norm.layer_normalization %x, %scale, %b
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y : tensor<?x?xf32>
}

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = norm.lp_normalization %x axis = -1 p = 2 : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
