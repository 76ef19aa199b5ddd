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
source scripts/ninja-jobs.sh

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
fi
ninja -C "$BUILD_DIR" ${ninja_jobs[@]+"${ninja_jobs[@]}"}
