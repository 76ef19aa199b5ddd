# Sourced (not run) by build.sh, sanitize.sh and fuzz.sh: sets the array
# ninja_jobs to ninja's `-j N` from NINJA_JOBS (0: no limit), or to nothing
# where NINJA_JOBS is unset or empty (ninja's default, from the number of
# cores). Anything but a number is an error naming the script that sourced
# it, and that script exits with status 2 before running ninja.
# Use: ninja ${ninja_jobs[@]+"${ninja_jobs[@]}"} ...
ninja_jobs=()
if [ -n "${NINJA_JOBS:-}" ]; then
  if ! [[ "$NINJA_JOBS" =~ ^[0-9]+$ ]]; then
    echo "$(basename "$0"): NINJA_JOBS must be a number of jobs, got '$NINJA_JOBS'" >&2
    exit 2
  fi
  ninja_jobs=(-j "$NINJA_JOBS")
fi
