#!/usr/bin/env bash
# Installs the Debian 12 packages norm-mlir builds and tests with:
# LLVM/MLIR 22 (from bookworm-security), clang-22, CMake, Ninja, NumPy, and
# the AArch64 cross C toolchain and qemu-user that run norm-compile's AArch64
# objects in test/AOT.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
  cmake ninja-build python3-numpy libclang-rt-22-dev
  libomp-22-dev libbenchmark-dev
  libonnx-dev libprotobuf-dev libonnx-testdata
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
)

exec "$(dirname "$0")/apt-install-missing.sh" install-deps "${packages[@]}"
