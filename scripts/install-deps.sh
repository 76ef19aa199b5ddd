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

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
