#!/usr/bin/env bash
# Runs the property suite (test/Property/property.py) with CASES cases
# (default 1000) and SEED (default 20260129) against build/bin/norm-runner
# (RUNNER=...), and rewrites the measured worst-error table of
# docs/numerics.md between its BEGIN/END markers.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNNER=${RUNNER:-build/bin/norm-runner}
CASES=${CASES:-1000}
SEED=${SEED:-20260129}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 test/Property/property.py --runner "$RUNNER" \
  --workdir "$work" --seed "$SEED" --cases "$CASES" --batch 50 \
  --report "$work/worst.json" | tail -1
/usr/bin/python3 - "$work/worst.json" docs/numerics.md "$CASES" "$SEED" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
out = [f"Measured by `scripts/numerics-report.sh` ({sys.argv[3]} cases, seed "
       f"{sys.argv[4]}): worst |actual - reference| over the suite, in ulps "
       "of the result type at the float64 reference value.", "",
       "| op | input | result (type) | worst ulp |", "|---|---|---|---|"]
for r in rows:
    out.append(f"| {r['op']} | {r['input']} | {r['result']} ({r['type']}) "
               f"| {r['worst_ulp']:.3g} |")
text = open(sys.argv[2]).read()
b, e = "<!-- BEGIN measured -->", "<!-- END measured -->"
head, rest = text.split(b)
_, tail = rest.split(e)
open(sys.argv[2], "w").write(head + b + "\n" + "\n".join(out) + "\n" + e + tail)
PY
