#!/usr/bin/env bash
# Builds the tools with AddressSanitizer + UndefinedBehaviorSanitizer
# (NORM_ENABLE_SANITIZERS=ON, clang-22) in build-asan/ and runs the lit suite
# with them (half of test/Integration, see below). NORM_ENABLE_FUZZERS=ON too,
# so that scripts/fuzz.sh reuses these objects (it only adds coverage
# instrumentation to our code).
# Sanitizer reports go to files under build-asan/reports; the script fails
# if lit fails or if any report was written.
# Usage: scripts/sanitize.sh   (BUILD_DIR=... to change the build dir;
# NINJA_JOBS=N for ninja's -j N, as in build.sh; SANITIZE_INTEGRATION=all
# to run every Integration test, see below)
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-asan}
source scripts/ninja-jobs.sh
cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DNORM_ENABLE_SANITIZERS=ON -DNORM_ENABLE_FUZZERS=ON >/dev/null || exit 1
# Only what the lit suite runs (the tools test/lit.cfg.py substitutes; keep
# in sync): a full build would add targets the suite never runs.
ninja -C "$BUILD_DIR" ${ninja_jobs[@]+"${ninja_jobs[@]}"} \
  norm-opt norm-runner norm-translate norm-benchmark norm-compile || exit 1

reports="$PWD/$BUILD_DIR/reports"
rm -rf "$reports" && mkdir -p "$reports"
# abort_on_error: a report kills the process with SIGABRT, which `not`
# counts as a failure (a plain exit status 1 would satisfy `not`); the report
# itself goes to $reports, and any file there fails this script even when the
# test passed.
# LeakSanitizer stays on (the default): libLLVM/libMLIR's global state is
# reachable at exit and JIT memory is mmap'ed, so neither shows up as a leak
# (measured: the whole suite, JIT tests included, runs with no leak report).
# No suppressions are needed or used.
# Tests marked `UNSUPPORTED: sanitizers` (lit feature from
# NORM_ENABLE_SANITIZERS) do not run here: out-of-memory.mlir asks for 8 TiB,
# which ASan reports itself instead of returning null as glibc does.
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:log_path=$reports/asan"
export UBSAN_OPTIONS="abort_on_error=1:print_stacktrace=1:log_path=$reports/ubsan"
# Every test outside test/Integration, and half of test/Integration (lit's
# shard 1 of 2, a fixed set): the Integration tests compile and run the same
# lowerings as test/Conversion, test/Codegen and test/Pipelines on many more
# shapes and values, their time goes to compiling and running the generated
# code (which has no instrumentation), and the whole of them under the
# sanitizers took more CI time than the rest of the suite.
# SANITIZE_INTEGRATION=all runs all of them.
lit=/usr/lib/llvm-22/bin/lit
"$lit" -sv --filter-out 'Integration/' "$BUILD_DIR/test"
rc=$?
if [ "${SANITIZE_INTEGRATION:-half}" = all ]; then
  "$lit" -sv --filter 'Integration/' "$BUILD_DIR/test" || rc=1
else
  "$lit" -sv --filter 'Integration/' --num-shards 2 --run-shard 1 \
    "$BUILD_DIR/test" || rc=1
fi
if compgen -G "$reports/*" >/dev/null; then
  echo "sanitize.sh: sanitizer reports:"; cat "$reports"/*
  rc=1
fi
echo "sanitize.sh: $([ $rc -eq 0 ] && echo 'no sanitizer reports, lit passed' || echo FAILED)"
exit $rc
