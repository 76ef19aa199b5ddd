#!/usr/bin/env bash
# Sets norm-mlir up on a fresh Debian 12 machine (packages, build) and runs
# the four example modules of examples/ through the JIT with norm-runner.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

scripts/install-deps.sh
scripts/build.sh

# Prints WORD quoted for the shell where it needs it: --name='value' for an
# option, 'word' otherwise (a ' inside as '\'').
quote() {
  local word=$1 prefix=
  if [[ $word =~ ^[A-Za-z0-9_./:@%+,=-]+$ ]]; then
    printf '%s' "$word"
    return
  fi
  if [[ $word =~ ^(--?[A-Za-z0-9-]+=)(.*)$ ]]; then
    prefix=${BASH_REMATCH[1]}
    word=${BASH_REMATCH[2]}
  fi
  printf "%s'%s'" "$prefix" "${word//\'/\'\\\'\'}"
}

# Prints the command (ready to paste into a shell in the repository root),
# then runs it.
run() {
  local line word
  line=$(quote "$BUILD_DIR/bin/norm-runner")
  for word in "$@"; do
    line+=" $(quote "$word")"
  done
  echo "\$ $line"
  "$BUILD_DIR/bin/norm-runner" "$@"
}
run examples/lp_normalization.mlir --input="2x2x3xf32=1 2 2 3 4 0 0 5 5 6 8 0"
run examples/normalizer.mlir --input="1x4xi64=1 -1 2 -2"
run examples/layer_normalization.mlir \
  --input="2x4xf32=40000 40001 40002 40003 1 2 3 4" \
  --input="4xf32=1 1 1 1" --input="4xf32=0 0 0 0"
run examples/rms_normalization.mlir \
  --input="2x2xf16=300 400 0 0" --input="2xf32=1 1"
