#!/usr/bin/env bash
# Usage: lit-summary.sh LOG RC
# Prints "N passed, M failed" from the output of a lit run saved in LOG
# (lit prints no closing line CI can read). Unresolved, timed-out and
# unexpectedly passing tests count as failed; a non-zero RC with no failed
# test counts as one failure.
set -uo pipefail
log=$1
rc=$2
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
failed=0
for kind in Failed Unresolved "Timed Out" "Unexpectedly Passed"; do
  n=$(sed -n "s/^ *$kind *: *\([0-9]*\).*/\1/p" "$log" | tail -1)
  failed=$((failed + ${n:-0}))
done
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "${passed:-0} passed, ${failed} failed"
