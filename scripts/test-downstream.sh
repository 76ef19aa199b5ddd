#!/usr/bin/env bash
# Installs norm-mlir to a temporary prefix, then configures, builds and tests
# examples/downstream against that prefix and /usr/lib/llvm-22 only: the
# check that norm-mlir works as an installed MLIR component
# (docs/embedding.md). Reuses ./build (or $BUILD_DIR), building it if needed.
# The last line is "N passed, M failed"; the exit status is non-zero on any
# failure. Set KEEP=1 to keep the temporary directory.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

work=$(mktemp -d "${TMPDIR:-/tmp}/norm-downstream.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$work"' EXIT; fi
prefix=$work/prefix
fail() { echo "test-downstream: $*" >&2; echo "0 passed, 1 failed"; exit 1; }

scripts/build.sh || fail "building norm-mlir failed"
cmake --install "$BUILD_DIR" --prefix "$prefix" >"$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }

# The installed package must not point back into the source or build tree.
src=$(pwd -P)
build=$(cd "$BUILD_DIR" && pwd -P)
if grep -rlF -e "$src" -e "$build" "$prefix/lib/cmake"; then
  fail "installed CMake files mention $src or $build"
fi

# Configure from a copy of the example outside the source tree, with only
# the prefix and Debian's MLIR to find packages in.
cp -r examples/downstream "$work/src"
cmake -G Ninja -S "$work/src" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DCMAKE_PREFIX_PATH="$prefix;/usr/lib/llvm-22" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; fail "configuring examples/downstream failed"; }
grep -qF "Using NormMLIRConfig.cmake in: $prefix/" "$work/configure.log" ||
  { cat "$work/configure.log"; fail "NormMLIR was not found in $prefix"; }
ninja -C "$work/build" || fail "building examples/downstream failed"
# Nothing of the downstream build may come from the source or build tree.
if grep -lF -e "$src/" -e "$build/" "$work/build/build.ninja" \
    "$work/build/CMakeCache.txt"; then
  fail "the downstream build refers to $src or $build"
fi

log=$work/lit.log
/usr/lib/llvm-22/bin/lit -sv "$work/build/test" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
"$src/scripts/lit-summary.sh" "$log" "$rc"
exit "$rc"
