#!/usr/bin/env bash
# Configures (once) and builds norm-mlir into ./build (or $BUILD_DIR).
#
# Environment:
#   BUILD_DIR   build directory (default: build)
#   NINJA_JOBS  number of parallel jobs, passed to ninja as `-j N` (0: no
#               limit); unset or empty: ninja's default, from the number of
#               cores. E.g. NINJA_JOBS=1 on a machine shared with benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
NINJA_JOBS=${NINJA_JOBS:-}

jobs=()
if [ -n "$NINJA_JOBS" ]; then
  if ! [[ "$NINJA_JOBS" =~ ^[0-9]+$ ]]; then
    echo "build.sh: NINJA_JOBS must be a number of jobs, got '$NINJA_JOBS'" >&2
    exit 2
  fi
  jobs=(-j "$NINJA_JOBS")
fi

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
fi
ninja -C "$BUILD_DIR" ${jobs[@]+"${jobs[@]}"}
