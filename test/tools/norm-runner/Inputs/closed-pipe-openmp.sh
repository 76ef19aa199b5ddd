#!/usr/bin/env bash
# Usage: closed-pipe-openmp.sh NORM_RUNNER MODULE
# Runs NORM_RUNNER ten times with OMP_DISPLAY_ENV=true and 2 threads, its
# standard output and error a pipe whose read end is already closed, so that
# the first write (libomp printing its environment as it starts) raises
# SIGPIPE. Prints each run's exit status (124: still running after 60 s,
# killed). A pipe closed before the run, not `2>&1 | head -1`: with head, a
# loaded machine could let the runner write all its output into the pipe's
# buffer before head exited, and the run ended with exit 0.
for i in 1 2 3 4 5 6 7 8 9 10; do
  python3 - "$1" "$2" <<'PY'
import os, subprocess, sys
read_end, write_end = os.pipe()
os.close(read_end)
env = dict(os.environ, OMP_DISPLAY_ENV="true")
try:
    # restore_signals (the default) gives the child SIGPIPE's default action,
    # as a shell does.
    run = subprocess.run([sys.argv[1], sys.argv[2], "--input=2x3xf32=1 2 3 4 5 6",
                          "--threads=2"], stdout=write_end, stderr=write_end,
                         env=env, timeout=60)
    print("exit", run.returncode)
except subprocess.TimeoutExpired:
    print("exit 124")
PY
done
