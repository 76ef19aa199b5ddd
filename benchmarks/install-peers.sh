#!/usr/bin/env bash
# Installs the Debian 12 packages benchmarks/run.sh measures its peers with
# (none of them is needed to build or test norm-mlir):
#   libdnnl-dev    oneDNN, for peers/onednn_layernorm.cpp and onednn_batchnorm.cpp
#   libjemalloc2   the allocator the PyTorch peer runs under (LD_PRELOAD)
#   python3-torch  the PyTorch peer, peers/torch_bench.py
#   nodejs, npm    only when `node` / `npm` are missing; run.sh itself installs
#                  onnxruntime-node (npm) under BUILD_DIR/bench-peers/ort.
#   gnuplot-nox    the plot docs/performance.png (pngcairo terminal)
# run.sh also needs what scripts/install-deps.sh installs: clang-22 and
# libomp-22-dev (the copy bandwidth and two-pass peers), norm-benchmark
# (libbenchmark-dev), python3 (and getconf, from libc-bin, for the
# last-level cache size when sysfs does not give it).
# Usage: benchmarks/install-peers.sh
set -euo pipefail

packages=(libdnnl-dev libjemalloc2 python3-torch gnuplot-nox)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

exec "$(dirname "$0")/../scripts/apt-install-missing.sh" install-peers \
  "${packages[@]}"
