#!/usr/bin/env bash
# Quick norm-benchmark sweep (f32, last axis) used while developing:
#   benchmarks/quick.sh BUILD_DIR THREADS [SHAPES...]
set -euo pipefail
build=${1:-build-perf}; threads=${2:-1}; shift 2 || true
shapes=${*:-16384x1024 4096x4096 65536x128 262144x64 128x768 1x768}
dir=$(cd "$(dirname "$0")" && pwd)
for op in layernorm lpnorm normalizer rmsnorm; do
  for s in $shapes; do
    c=${s#*x}
    extra=()
    [ "$op" = layernorm ] && extra=(--input="${c}xf32" --input="${c}xf32")
    [ "$op" = rmsnorm ] && extra=(--input="${c}xf32")
    "$build/bin/norm-benchmark" "$dir/modules/$op.mlir" --input="${s}xf32" \
      "${extra[@]}" --threads="$threads" --name="$op/$s/t$threads" \
      --benchmark_min_time=0.2 2>/dev/null | grep "^$op/" |
      awk '{printf "%-34s %10.1f us  %s\n", $1, $2/1000, $7}'
  done
done
