#!/usr/bin/env bash
# Builds the libFuzzer targets (NORM_ENABLE_FUZZERS=ON: -fsanitize=fuzzer,
# address,undefined, clang-22 with libclang-rt-22-dev) in build-asan/ (shared
# with scripts/sanitize.sh, same flags) and runs each for FUZZ_SECONDS
# (default 60; libFuzzer seed FUZZ_SEED, default 1) from the seed corpora in fuzz/corpus. libFuzzer first runs
# every seed, so the regression inputs kept there (regression-*) are replayed
# on every run. Fails on any crash, leak or sanitizer report; the full output
# is in build-asan/fuzz-logs/<target>.log, the report is printed, and the
# crashing input is left in build-asan/artifacts (turn each into a fix plus a
# seed fuzz/corpus/<target>/regression-<what>). NINJA_JOBS=N sets ninja's
# -j N, as in build.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-asan}
source scripts/ninja-jobs.sh
SECONDS_EACH=${FUZZ_SECONDS:-60}
cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DNORM_ENABLE_SANITIZERS=ON -DNORM_ENABLE_FUZZERS=ON >/dev/null || exit 1
ninja -C "$BUILD_DIR" ${ninja_jobs[@]+"${ninja_jobs[@]}"} \
  norm-opt-fuzzer norm-runner-input-fuzzer onnx-importer-fuzzer || exit 1

# Leak detection on, as in sanitize.sh: libFuzzer runs LeakSanitizer after
# an input that malloc'ed more than it freed.
export ASAN_OPTIONS="detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1"
art="$PWD/$BUILD_DIR/artifacts"
logs="$PWD/$BUILD_DIR/fuzz-logs"
mkdir -p "$art" "$logs"
rc=0
for target in norm-opt-fuzzer norm-runner-input-fuzzer onnx-importer-fuzzer; do
  corpus="$PWD/$BUILD_DIR/corpus/$target"
  log="$logs/$target.log"
  mkdir -p "$corpus"
  "$BUILD_DIR/bin/$target" "$corpus" "fuzz/corpus/$target" \
    -max_total_time="$SECONDS_EACH" -max_len=4096 -timeout=20 \
    -seed="${FUZZ_SEED:-1}" \
    -artifact_prefix="$art/$target-" -print_final_stats=1 >"$log" 2>&1
  status=$?
  if [ "$status" -ne 0 ]; then
    # The report: from the first sanitizer/libFuzzer error line on, without
    # ASan's shadow-byte dump and legend.
    sed -n '/ERROR: \|runtime error: \|deadly signal\|WARNING: /,$p' "$log" |
      grep -v -E '^(  0x|=>0x|  [A-Z][A-Za-z ]+: +[0-9a-f]{2})' | head -100
    rc=1
  fi
  grep -E '^(Done [0-9]+ runs|stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb)' "$log"
  echo "fuzz.sh: $target exit status $status (log: $log)"
done
echo "fuzz.sh: $([ $rc -eq 0 ] && echo 'no crashes' || echo FAILED)"
exit $rc
