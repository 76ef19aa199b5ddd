#!/usr/bin/env bash
# Usage: closed-pipe-openmp.sh NORM_RUNNER MODULE
# Runs NORM_RUNNER ten times with OMP_DISPLAY_ENV=true and 2 threads, its
# standard error into a pipe that closes after the first line (head -1),
# while libomp prints its environment as it starts. Prints each run's exit
# status (124: still running after 60 s, killed by timeout).
for i in 1 2 3 4 5 6 7 8 9 10; do
  OMP_DISPLAY_ENV=true timeout 60 "$1" "$2" --input="2x3xf32=1 2 3 4 5 6" \
    --threads=2 2>&1 | head -1 >/dev/null
  echo "exit ${PIPESTATUS[0]}"
done
