#!/usr/bin/env bash
# Builds norm-mlir if needed and runs the whole test suite (lit + FileCheck).
# The last line is "N passed, M failed"; the exit status is lit's.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

scripts/build.sh || { echo "0 passed, 1 failed"; exit 1; }

log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "$BUILD_DIR/test" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

scripts/lit-summary.sh "$log" "$rc"
rm -f "$log"
exit "$rc"
