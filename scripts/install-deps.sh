#!/usr/bin/env bash
# Installs the Debian 12 packages norm-mlir builds and tests with:
# LLVM/MLIR 22 (from bookworm-security), clang-22, CMake, Ninja, NumPy.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
  cmake ninja-build python3-numpy libclang-rt-22-dev
  libomp-22-dev libbenchmark-dev
  libonnx-dev libprotobuf-dev libonnx-testdata
)

exec "$(dirname "$0")/apt-install-missing.sh" install-deps "${packages[@]}"
