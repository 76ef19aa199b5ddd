#!/usr/bin/env bash
# Builds the libFuzzer targets (NORM_ENABLE_FUZZERS=ON: -fsanitize=fuzzer,
# address,undefined, clang-22 with libclang-rt-22-dev) in build-asan/ (shared
# with scripts/sanitize.sh, same flags) and runs
# each for FUZZ_SECONDS (default 60) from the seed corpora in fuzz/corpus.
# Fails on any crash or sanitizer report; crashing inputs are left in
# build-asan/artifacts (turn each into a regression test).
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-asan}
SECONDS_EACH=${FUZZ_SECONDS:-60}
cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DNORM_ENABLE_SANITIZERS=ON -DNORM_ENABLE_FUZZERS=ON >/dev/null || exit 1
ninja -C "$BUILD_DIR" norm-opt-fuzzer norm-runner-input-fuzzer || exit 1

export ASAN_OPTIONS="detect_leaks=0"
art="$PWD/$BUILD_DIR/artifacts"
mkdir -p "$art"
rc=0
for target in norm-opt-fuzzer norm-runner-input-fuzzer; do
  corpus="$PWD/$BUILD_DIR/corpus/$target"
  mkdir -p "$corpus"
  "$BUILD_DIR/bin/$target" "$corpus" "fuzz/corpus/$target" \
    -max_total_time="$SECONDS_EACH" -max_len=4096 -timeout=20 \
    -artifact_prefix="$art/$target-" -print_final_stats=1 2>&1 | tail -20
  status=${PIPESTATUS[0]}
  echo "fuzz.sh: $target exit status $status"
  [ "$status" -eq 0 ] || rc=1
done
echo "fuzz.sh: $([ $rc -eq 0 ] && echo 'no crashes' || echo FAILED)"
exit $rc
