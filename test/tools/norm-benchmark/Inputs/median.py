"""Reads norm-benchmark's --benchmark_format=json output on stdin the way
benchmarks/run.sh does (the JSON from the first '{', the "median" aggregate,
its real_time, time_unit and compile_ms) and prints those fields and the
other counters, one per line, for FileCheck."""
import json
import sys

out = sys.stdin.read()
data = json.loads(out[out.index("{"):])
med = [b for b in data["benchmarks"] if b.get("aggregate_name") == "median"][0]
scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0}[med["time_unit"]]
ms = med["real_time"] * scale
print("ms", "positive" if ms > 0 else ms)
print("compile_ms", "positive" if med.get("compile_ms", 0) > 0 else med.get("compile_ms"))
print("bytes", "%d" % med["bytes"])
# GB/s is bytes over the wall time of a call: it agrees with real_time.
gbs = med["GB/s"]
print("GB/s", "consistent" if abs(gbs - med["bytes"] / (ms * 1e-3) / 1e9) <= 0.25 * gbs
      else "%g vs %g" % (gbs, med["bytes"] / (ms * 1e-3) / 1e9))
print("bytes_per_second", "bytes_per_second" in med)
