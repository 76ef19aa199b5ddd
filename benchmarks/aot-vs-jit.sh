#!/usr/bin/env bash
# norm-compile's objects against the JIT, in one run:
#   benchmarks/aot-vs-jit.sh [BUILD_DIR] [--rounds=N] [--min-time=S]
#                            [--max-rounds=N] [--repetitions=N] [--only=REGEX]
#                            [--out=FILE] [--log=FILE]
# For each module of benchmarks/modules/ on a few shapes (those of run.sh
# for the ops it measures, an NCHW activation for the others), with 1 and 2
# threads: compiles the module with `norm-compile --mcpu=native` (parallel,
# libomp) into an object, links it into aot/aot_bench.c (one generic driver;
# the call comes from the generated header) and times it, and times the
# same function, shape and thread count with norm-benchmark (the JIT).
# Both take norm-benchmark's pseudo-random inputs in 64-byte aligned
# buffers, warm up with four calls, and time REPETITIONS (default 10)
# batches of calls of at least MIN_TIME (default 0.05) seconds each;
# OMP_NUM_THREADS (and norm-benchmark's --threads) is the row's thread count
# (the tools are copied first: a rebuild during the run changes nothing).
# Each row measures JIT and object back to back, ROUNDS times (default 3),
# the order swapped every round. A round's time of each is its lowest
# per-call mean of a batch (other work on the machine, on a virtual machine
# also that of the host's other guests, only ever slows a batch); object /
# JIT is the median over the rounds of the ratio of the two in one round (a
# pair measured within seconds, so that slower changes of the machine's
# speed cancel). While that is more than 5% from 1 (either way), a row
# measures more rounds, up to MAX_ROUNDS (default 12) in all, and says how
# many it took. The times in the table are the lowest of all rounds.
# Prints a markdown table (module, shape, threads, JIT ms, object ms,
# object / JIT, rounds) and writes it to FILE with --out; --log writes the
# (median, lowest) ms of both in each round, a JSON line per round. --only
# keeps the rows whose `module shape` matches REGEX.
#
# NORM_BENCH_WRAPPER, if set, is a command prefix each pair of measurements
# runs under (e.g. a script that stops other work on the machine meanwhile).
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=build
args=()
for arg in "$@"; do
  case "$arg" in
    --*) args+=("$arg") ;;
    *) build=$arg ;;
  esac
done
build=$(cd "$build" && pwd) || exit 1
export NORM_SRC="$src" NORM_BUILD="$build"
exec /usr/bin/python3 - "${args[@]}" <<'PY'
import json, os, re, shlex, shutil, statistics, subprocess, sys

src, build = os.environ["NORM_SRC"], os.environ["NORM_BUILD"]
opts = dict(rounds="3", repetitions="10", only="", out="", log="")
opts["max-rounds"] = "12"
opts["min-time"] = "0.05"
for arg in sys.argv[1:]:
    key, _, value = arg[2:].partition("=")
    if key not in opts or not value:
        sys.exit("aot-vs-jit.sh: unknown or empty option '%s'" % arg)
    opts[key] = value
rounds, reps = int(opts["rounds"]), int(opts["repetitions"])
max_rounds = max(rounds, int(opts["max-rounds"]))
min_time = opts["min-time"]
wrapper = shlex.split(os.environ.get("NORM_BENCH_WRAPPER", ""))
work = os.path.join(build, "bench-aot")
os.makedirs(work, exist_ok=True)
# Copies of the tools, so that a rebuild during the run changes nothing.
bench = os.path.join(work, "norm-benchmark")
compiler = os.path.join(work, "norm-compile")
for tool in (bench, compiler):
    shutil.copy2(os.path.join(build, "bin", os.path.basename(tool)), tool)
cc = next((c for c in ("clang-22", "cc") if subprocess.run(["sh", "-c", "command -v " + c],
                                                          capture_output=True).returncode == 0))
ompdir = "/usr/lib/llvm-22/lib"

# (module, shapes of X): run.sh's shapes (for its last-axis ops the
# mid-size, short-row, cache-resident and one-row ones; the Skip ops at
# [16384, 1024], not [16384, 4096]), an NHWC activation for the NHWC
# GroupNormalization, which run.sh does not measure.
MODULES = [
    ("layernorm", [(16384, 1024), (262144, 64), (128, 768), (1, 768)]),
    ("lpnorm", [(16384, 1024), (128, 768)]), ("normalizer", [(16384, 1024), (128, 768)]),
    ("rmsnorm", [(16384, 1024), (128, 768)]), ("layernorm_stats", [(16384, 1024)]),
    ("layernorm_f16", [(16384, 1024)]), ("layernorm_bf16", [(16384, 1024)]),
    ("rmsnorm_f16", [(16384, 4096)]), ("rmsnorm_bf16", [(16384, 4096)]),
    ("lpnorm_axis0", [(4096, 4096)]),
    ("skip_layernorm", [(16384, 1024)]), ("skip_rmsnorm", [(16384, 1024)]),
    ("batchnorm", [(32, 256, 56, 56)]), ("batchnorm_f16", [(32, 256, 56, 56)]),
    ("groupnorm", [(8, 320, 64, 64)]), ("groupnorm_f16", [(8, 320, 64, 64)]),
    ("groupnorm_nhwc_silu", [(8, 64, 64, 320)]),
    ("groupnorm_nhwc_silu_f16", [(8, 64, 64, 320)]),
    ("instancenorm", [(8, 64, 128, 128)]), ("instancenorm_f16", [(8, 64, 128, 128)]),
]
module_dir = os.path.join(src, "benchmarks", "modules")
present = sorted(f[:-5] for f in os.listdir(module_dir) if f.endswith(".mlir"))
unlisted = [m for m in present if m not in dict(MODULES)]
MODULES = [(m, xs) for m, xs in MODULES if m in present]

def measure(cmds, threads):
    """Runs `cmds` one after the other, under one NORM_BENCH_WRAPPER call
    (so that a pair is measured in one quiet period), with OMP_NUM_THREADS;
    returns the (exit status, output) of each."""
    outs = [os.path.join(work, "out%d.txt" % i) for i in range(len(cmds))]
    script = "; ".join("%s >%s 2>&1; echo $? >%s.rc" % (
        " ".join(shlex.quote(a) for a in cmd), shlex.quote(o), shlex.quote(o))
        for cmd, o in zip(cmds, outs))
    try:
        subprocess.run(wrapper + ["sh", "-c", script], timeout=1200,
                       env={**os.environ, "OMP_NUM_THREADS": str(threads)})
    except (OSError, subprocess.TimeoutExpired) as e:
        return [(1, str(e))] * len(cmds)
    results = []
    for o in outs:
        try:
            results.append((int(open(o + ".rc").read()), open(o).read()))
        except (OSError, ValueError) as e:
            results.append((1, str(e)))
    return results

# Each line: `kind: type [dims]`, then a value name of an ONNX model, if any.
DECL = re.compile(r"/\* (\w+): function @\w+\.\n((?: \*   \w+: \w+ \[[^\]]*\][^\n]*\n)*) \*/")

def build_object(module):
    """Compiles `module` and links the driver; returns (binary, header
    signature: [(kind, type, dims)]), or (None, why not)."""
    obj = os.path.join(work, module + ".o")
    header = os.path.join(work, module + ".h")
    p = subprocess.run([compiler, os.path.join(src, "benchmarks", "modules", module + ".mlir"),
                        "--mcpu=native", "-o", obj], capture_output=True, text=True)
    if p.returncode:
        return None, "norm-compile failed: " + p.stderr.strip()[:300]
    m = DECL.search(open(header).read())
    if not m:
        sys.exit("cannot read the declaration in " + header)
    symbol, sig = m.group(1), []
    for line in m.group(2).splitlines():
        name, rest = line.strip(" *").split(": ", 1)
        type_, dims = rest.split(" ", 1)
        dims = dims[:dims.index("]") + 1]
        sig.append((re.sub(r"\d+$", "", name), type_,
                    [d.strip() for d in dims.strip("[]").split(",") if d.strip()]))
    nargs = sum(1 for k, _, _ in sig if k == "arg")
    nres = len(sig) - nargs
    call = ", ".join(["a[%d], s[%d]" % (i, i) for i in range(nargs)] +
                     ["r[%d]" % i for i in range(nres)])
    call_h = os.path.join(work, module + "_call.h")
    with open(call_h, "w") as f:
        f.write('#include "%s"\n#define KERNEL_CALL(a, s, r) %s(%s)\n' % (header, symbol, call))
    binary = os.path.join(work, module + "_bench")
    p = subprocess.run([cc, "-std=c11", "-O2", "-D_POSIX_C_SOURCE=200112L", "-include", call_h,
                        os.path.join(src, "benchmarks", "aot", "aot_bench.c"), obj,
                        "-L" + ompdir, "-Wl,-rpath," + ompdir, "-lomp", "-lm", "-o", binary],
                       capture_output=True, text=True)
    if p.returncode:
        return None, "cannot build the driver: " + p.stderr.strip()[:300]
    return binary, sig

def shapes_for(sig, x):
    """The argument shapes: X, then each other argument at its static sizes
    and, where dynamic, X's dims aligned at the last one (Scale [C], skip
    [N, C]); and the result element counts."""
    args = [s for s in sig if s[0] == "arg"]
    shapes = []
    for i, (_, _, dims) in enumerate(args):
        if i == 0:
            shapes.append(list(x))
        else:
            tail = list(x[len(x) - len(dims):])
            shapes.append([int(d) if d.isdigit() else t for d, t in zip(dims, tail)])
    counts = []
    for _, _, dims in sig[len(args):]:
        n = 1
        for d in dims:
            if d.isdigit():
                n *= int(d)
            else:
                a, k = re.fullmatch(r"arg(\d+)\.dim(\d+)", d).groups()
                n *= shapes[int(a)][int(k)]
        counts.append(n)
    return shapes, counts

def spec(dims, type_):
    return "x".join([str(d) for d in dims] + [type_])

def jit_cmd(module, shapes, types, threads):
    cmd = [bench, os.path.join(src, "benchmarks", "modules", module + ".mlir")]
    cmd += ["--input=" + spec(s, t) for s, t in zip(shapes, types)]
    cmd += ["--threads=%d" % threads, "--benchmark_min_time=" + min_time,
            "--benchmark_repetitions=%d" % reps, "--benchmark_format=json"]
    return cmd

def jit_ms(rc, out):
    """(median, lowest) per-call ms of norm-benchmark's repetitions, or
    (None, why not)."""
    if rc:
        return None, (out.strip().splitlines() or [""])[-1]
    data = json.loads(out[out.index("{"):])
    unit = lambda b: b["real_time"] * {"ns": 1e-6, "us": 1e-3, "ms": 1.0}[b["time_unit"]]
    med = [b for b in data["benchmarks"] if b.get("aggregate_name") == "median"][0]
    each = [unit(b) for b in data["benchmarks"] if b.get("run_type") == "iteration"]
    return (unit(med), min(each)), None

def aot_cmd(binary, shapes, types, counts, rtypes):
    cmd = [binary, min_time, str(reps)] + [spec(s, t) for s, t in zip(shapes, types)]
    return cmd + ["--"] + [spec([n], t) for n, t in zip(counts, rtypes)]

def aot_ms(rc, out):
    m = re.search(r"\bms=([0-9.]+) min_ms=([0-9.]+)", out)
    return ((float(m.group(1)), float(m.group(2))), None) if rc == 0 and m else (
        None, out.strip()[-200:])

def format_row(r):
    return "| %s | %s | %d | %s | %s | %s | %d |" % (
        r[0], r[1], r[2], "%.4g" % r[3] if r[3] else "failed",
        "%.4g" % r[4] if r[4] else "failed", "%.3f" % r[5] if r[5] else "-", r[6])

rows, failed = [], []
log = open(opts["log"], "w") if opts["log"] else None
HEAD = ("| module | shape | threads | JIT ms | object ms | object / JIT | rounds |\n"
        "|---|---|---|---|---|---|---|")
print(HEAD, flush=True)
for module, xs in MODULES:
    selected = [x for x in xs if re.search(opts["only"], "%s %s" % (module, "x".join(map(str, x))))]
    if not selected:
        continue
    binary, sig = build_object(module)
    if not binary:
        failed.append("%s (%s)" % (module, sig))
        print("%s: not measured: %s" % (module, sig), flush=True)
        continue
    types = [t for k, t, _ in sig if k == "arg"]
    rtypes = [t for k, t, _ in sig if k == "result"]
    for x in selected:
        shapes, counts = shapes_for(sig, x)
        for threads in (1, 2):
            best = {"jit": None, "aot": None}
            ratios, errors = [], []
            round_ = 0

            def ratio():
                return statistics.median(ratios) if ratios else None
            while round_ < rounds or (round_ < max_rounds and ratios and
                                      not 1 / 1.05 <= ratio() <= 1.05):
                order = ("jit", "aot") if round_ % 2 == 0 else ("aot", "jit")
                cmds = {"jit": jit_cmd(module, shapes, types, threads),
                        "aot": aot_cmd(binary, shapes, types, counts, rtypes)}
                outputs = dict(zip(order, measure([cmds[w] for w in order], threads)))
                pair = {}
                for which in order:
                    ms, err = (jit_ms if which == "jit" else aot_ms)(*outputs[which])
                    if err:
                        errors.append("%s: %s" % (which, err))
                        continue
                    pair[which] = ms
                    if best[which] is None or ms[1] < best[which]:
                        best[which] = ms[1]
                if len(pair) == 2:
                    ratios.append(pair["aot"][1] / pair["jit"][1])
                if log:
                    log.write(json.dumps({"module": module, "shape": "x".join(map(str, x)),
                                          "threads": threads, "round": round_,
                                          "order": order, **pair}) + "\n")
                    log.flush()
                round_ += 1
            row = (module, "x".join(map(str, x)), threads, best["jit"], best["aot"], ratio(),
                   round_)
            rows.append(row)
            print(format_row(row) + (" " + "; ".join(errors) if errors else ""), flush=True)

if log:
    log.close()
ratios = [r[5] for r in rows if r[5]]
summary = ("%d rows; object / JIT: median %.3f, max %.3f (%s); rows above 1.05: %s" % (
    len(rows), sorted(ratios)[len(ratios) // 2], max(ratios),
    "%s %s t%d" % max(rows, key=lambda r: r[5] or 0)[:3],
    ", ".join("%s %s t%d %.3f" % (r[0], r[1], r[2], r[5]) for r in rows if r[5] and r[5] > 1.05)
    or "none") if ratios else "no row measured")
if failed:
    summary += "; not measured: " + "; ".join(failed)
if unlisted:
    summary += "; not measured (no shape in aot-vs-jit.sh): " + ", ".join(unlisted)
print("\n" + summary)
if opts["out"]:
    with open(opts["out"], "w") as f:
        f.write(HEAD + "\n" + "".join(format_row(r) + "\n" for r in rows))
        f.write("\n" + summary + "\n")
PY
