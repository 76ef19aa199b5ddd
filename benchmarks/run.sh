#!/usr/bin/env bash
# The performance comparison behind docs/performance.md, in one run:
#   benchmarks/run.sh [BUILD_DIR] [--quick] [--only=REGEX] [--tables=LIST]
# measures STREAM copy bandwidth with plain and with non-temporal stores
# (peers/stream_copy.c), a hand-written -O3 -march=native
# -ffast-math two-pass C++ loop (peers/twopass.cpp), oneDNN's
# LayerNormalization and BatchNormalization (Debian libdnnl-dev,
# peers/onednn_layernorm.cpp, peers/onednn_batchnorm.cpp),
# PyTorch (Debian python3-torch, peers/torch_bench.py) and ONNX Runtime (npm
# onnxruntime-node, peers/ort_bench.js) where they are installed, and
# norm-mlir (BUILD_DIR/bin/norm-benchmark) on the shapes below with 1 and 2
# threads, then writes docs/performance.md (two markdown tables) and
# docs/performance.png (gnuplot). Every number in those files comes from
# this script; each row records the load average when it was measured.
# The first table (bandwidth) has X of at least 4x the last-level cache,
# whose size is read at run time (/sys/devices/system/cpu/cpu0/cache, else
# getconf), and at least 256 MiB; the second keeps the cache-resident and
# mid-size shapes; the third has the residual-add (Skip) and channel
# normalizations (issues 19 and 20). Each row is reported as % of the plain copy and % of the
# non-temporal copy measured just before it.
# --quick: a few rows, one round, shorter runs, output under
# BUILD_DIR/bench-peers.
# --only=REGEX: only the rows whose "op shape type" (e.g. "groupnorm
# 8x320x64x64 f16") matches REGEX (Python re.search), of every table, one
# round, shorter runs, output under BUILD_DIR/bench-peers (for trying rows
# out; the page comes from a full run).
# --tables=LIST: a full run of the tables in LIST only (comma-separated:
# bandwidth, mid, fused; default all three); the page names the tables it
# leaves out. The bandwidth table's X is 4x the last-level cache: on a
# machine that reports a large one (a VM that shows its host's L3) a row
# takes minutes, which is the reason to leave it out.
# Every run also writes its rows, as measured, to BUILD_DIR/bench-peers/
# rows.json.
# NORM_BENCH_WRAPPER, if set, is a command prefix each row (all its rounds)
# is measured under, as in aot-vs-jit.sh (e.g. a script that stops other
# work on the machine meanwhile); other work runs between rows.
# A peer that is not installed is reported as "not installed";
# benchmarks/install-peers.sh installs the Debian packages of all of them
# (this script installs onnxruntime-node with npm).
#
# Each peer runs in its best configuration, and the page says which:
# * oneDNN: a layer_normalization_forward primitive (forward_inference,
#   use_scale | use_shift), created once with its memory (scratchpad
#   included); only execute is timed; OMP_NUM_THREADS = threads. Its output
#   is checked against a float64 reference before it is timed.
# * PyTorch: eager F.layer_norm / F.normalize; normalize writes into a
#   preallocated Y (out=); layer_norm has no out=, so the script runs under
#   jemalloc (LD_PRELOAD=libjemalloc.so.2, Debian libjemalloc2) with
#   MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1 so that a freed Y is
#   reused instead of handed back to the kernel and faulted in again (under
#   glibc's malloc every call would mmap and fault in a fresh Y); the page
#   reports the page faults per call it saw.
# * ONNX Runtime: intraOpNumThreads = threads, sequential execution,
#   graph optimizations "all", CPU memory arena and memory patterns on; Y
#   is an intermediate of the session (the model's output is a one-element
#   Slice of it), so it comes from the arena and is reused on every run.
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
quick=0
only=
tables=bandwidth,mid,fused
build_arg=build
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    --only=*) quick=1 only=${arg#--only=} ;;
    --tables=*) tables=${arg#--tables=} ;;
    -*) echo "run.sh: unknown option '$arg'" >&2; exit 1 ;;
    *) build_arg=$arg ;;
  esac
done
build=$(cd "$build_arg" && pwd) || exit 1
work="$build/bench-peers"
mkdir -p "$work"
cc=$(command -v clang-22 || command -v cc)
cxx=$(command -v clang++-22 || command -v c++)

echo "== peers"
"$cc" -O3 -march=native -fopenmp "$src/benchmarks/peers/stream_copy.c" \
  -o "$work/stream_copy" || exit 1
"$cxx" -O3 -march=native -ffast-math -fopenmp \
  "$src/benchmarks/peers/twopass.cpp" -o "$work/twopass" || exit 1
# oneDNN: built when its header is there (benchmarks/install-peers.sh).
rm -f "$work/onednn_layernorm" "$work/onednn_batchnorm"
if echo '#include <oneapi/dnnl/dnnl.hpp>' | "$cxx" -E -x c++ - >/dev/null 2>&1; then
  for peer in onednn_layernorm onednn_batchnorm; do
    "$cxx" -O3 -march=native "$src/benchmarks/peers/$peer.cpp" \
      -ldnnl -o "$work/$peer" || echo "$peer.cpp failed to build"
  done
fi

# ONNX Runtime: on the first run (no $work/ort/node_modules yet), `npm i`
# downloads onnxruntime-node and its dependencies from the npm registry. Its
# install script, which would also download CUDA binaries from ONNX Runtime's
# GitHub releases on linux-x64, is skipped (ONNXRUNTIME_NODE_INSTALL=skip):
# the package itself ships the native linux-x64 CPU library.
ort_dir="$work/ort"
if [ ! -d "$ort_dir/node_modules/onnxruntime-node" ] && command -v npm >/dev/null; then
  mkdir -p "$ort_dir"
  (cd "$ort_dir" && ONNXRUNTIME_NODE_INSTALL=skip npm i --no-audit --no-fund \
    onnxruntime-node >/dev/null 2>&1) || echo "npm i onnxruntime-node failed"
fi
export NODE_PATH="$ort_dir/node_modules"

export NORM_SRC="$src" NORM_BUILD="$build" NORM_WORK="$work" NORM_QUICK="$quick" NORM_ONLY="$only" NORM_TABLES="$tables"
exec /usr/bin/python3 - <<'PY'
import contextlib, glob, json, os, platform, re, shlex, shutil, subprocess, time

src, build, work = os.environ["NORM_SRC"], os.environ["NORM_BUILD"], os.environ["NORM_WORK"]
quick = os.environ["NORM_QUICK"] == "1"
only = os.environ["NORM_ONLY"]
tables = os.environ["NORM_TABLES"].split(",")
if not set(tables) <= {"bandwidth", "mid", "fused"}:
    raise SystemExit("run.sh: --tables takes bandwidth, mid and fused, not %s" % ",".join(tables))
# A copy of norm-benchmark: a rebuild during the run changes nothing.
bench = os.path.join(work, "norm-benchmark")
shutil.copy2(os.path.join(build, "bin", "norm-benchmark"), bench)
mods = os.path.join(src, "benchmarks", "modules")
out_dir = work if quick else os.path.join(src, "docs")

def run(cmd, timeout=600, env=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           env=None if env is None else {**os.environ, **env})
        return p.returncode, p.stdout + p.stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return 1, str(e)

def load():
    return os.getloadavg()[0]

# Which peers are there.
rc, out = run(["/usr/bin/python3", "-c", "import torch; print(torch.__version__)"])
torch_version = out.strip() if rc == 0 else None
rc, out = run(["node", "-e", "console.log(require('onnxruntime-node/package.json').version)"])
ort_version = out.strip() if rc == 0 else None
onednn = os.path.join(work, "onednn_layernorm")
onednn = onednn if os.path.exists(onednn) else None
onednn_bn = os.path.join(work, "onednn_batchnorm")
onednn_bn = onednn_bn if os.path.exists(onednn_bn) else None
# PyTorch's allocator: jemalloc keeping freed pages (see the header).
jemalloc = (glob.glob("/usr/lib/*/libjemalloc.so.2") + glob.glob("/usr/lib/libjemalloc.so.2"))[:1]
torch_env = ({"LD_PRELOAD": jemalloc[0], "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1"}
             if jemalloc else {})

ELEM = {"f32": 4, "f16": 2, "bf16": 2}

def llc_bytes():
    """Size of the last-level cache (the highest cache level of cpu0, data
    or unified), from sysfs, else getconf; None if neither says."""
    best = None
    for d in glob.glob("/sys/devices/system/cpu/cpu0/cache/index*"):
        try:
            level = int(open(os.path.join(d, "level")).read())
            kind = open(os.path.join(d, "type")).read().strip()
            size = open(os.path.join(d, "size")).read().strip()
        except (OSError, ValueError):
            continue
        if kind == "Instruction":
            continue
        m = re.fullmatch(r"(\d+)([KMG]?)", size)
        if not m:
            continue
        value = int(m.group(1)) * {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2)]
        if best is None or level > best[0]:
            best = (level, value)
    if best:
        return best[1], "L%d, %s" % (best[0], "/sys/devices/system/cpu/cpu0/cache")
    for name in ("LEVEL3_CACHE_SIZE", "LEVEL2_CACHE_SIZE"):
        rc, out = run(["getconf", name])
        if rc == 0 and out.strip().isdigit() and int(out) > 0:
            return int(out), "getconf " + name
    return None, "unknown"

MIB = 1 << 20
llc, llc_source = llc_bytes()
# The bandwidth rows: X of at least 4x the last-level cache and 256 MiB,
# rows rounded up to a multiple of 1024.
x_bytes = max(256 * MIB, 4 * (llc or 0))

def rows_for(c, t):
    n = -(-x_bytes // (c * ELEM[t]))
    return -(-n // 1024) * 1024

# (op, rows, columns, type, module, peer op name, has a two-pass C++ peer,
# table: "bandwidth" or "mid")
configs = []
for op, module in (("layernorm", "layernorm"), ("lpnorm", "lpnorm"),
                   ("normalizer", "normalizer"), ("rmsnorm", "rmsnorm")):
    for c in (1024, 128, 64):
        configs.append((op, rows_for(c, "f32"), c, "f32", module, op, True, "bandwidth"))
for t in ("f16", "bf16"):
    configs.append(("layernorm", rows_for(1024, t), 1024, t, "layernorm_" + t, "layernorm", False,
                    "bandwidth"))
f32_shapes = [(16384, 1024), (4096, 4096), (65536, 128), (262144, 64), (128, 768), (1, 768)]
mid = []
for op in ("layernorm", "lpnorm", "normalizer"):
    for n, c in f32_shapes:
        mid.append((op, n, c, "f32", op, op, True))
mid.append(("layernorm", 16384, 1024, "f16", "layernorm_f16", "layernorm", False))
mid.append(("layernorm", 16384, 1024, "bf16", "layernorm_bf16", "layernorm", False))
mid.append(("lpnorm axis 0", 4096, 4096, "f32", "lpnorm_axis0", "lpnorm0", False))
# RMSNormalization (issue 19): f32 with the C++ loop, f16 and bf16 without.
mid.append(("rmsnorm", 16384, 4096, "f32", "rmsnorm", "rmsnorm", True))
mid.append(("rmsnorm", 16384, 1024, "f32", "rmsnorm", "rmsnorm", True))
mid.append(("rmsnorm", 16384, 4096, "f16", "rmsnorm_f16", "rmsnorm", False))
mid.append(("rmsnorm", 16384, 4096, "bf16", "rmsnorm_bf16", "rmsnorm", False))
configs += [k + ("mid",) for k in mid]
if quick and not only:
    # One bandwidth row with long and one with short rows, the bf16 twin,
    # one mid-size and one cache-resident row.
    pick = [("layernorm", 1024, "f32", "bandwidth"), ("layernorm", 64, "f32", "bandwidth"),
            ("layernorm", 1024, "bf16", "bandwidth"), ("layernorm", 1024, "bf16", "mid"),
            ("layernorm", 768, "f32", "mid")]
    configs = [k for k in configs if (k[0], k[2], k[3], k[7]) in pick
               and (k[7] == "bandwidth" or k[1] in (16384, 1))]

def row_config(op, shape, t, module, peer_op, twopass, table, params, inputs=1, outputs=1,
               peer_shape=None):
    """One row: X of `shape` (the module's first argument; `inputs` arguments
    of that shape, e.g. input and skip), `params` the shapes of the other
    arguments; the GB/s count `inputs` reads and `outputs` writes of X's
    size. `peer_shape`: the shape the peers take instead (NCHW dims of an
    NHWC X)."""
    count = 1
    for d in shape:
        count *= d
    args = [f"--input={'x'.join(map(str, shape))}x{t}"] * inputs + \
           [f"--input={'x'.join(map(str, p))}x{t}" for p in params]
    return dict(op=op, shape=shape, t=t, module=module, peer_op=peer_op, twopass=twopass,
                table=table, args=args, bytes=(inputs + outputs) * count * ELEM[t],
                peer_shape=peer_shape or shape)

def last_axis_params(module, c):
    if module.startswith("layernorm"):
        return [[c], [c]]
    if module.startswith("rmsnorm"):
        return [[c]]
    return []

configs = [row_config(op, [n, c], t, module, peer_op, twopass, table, last_axis_params(module, c))
           for op, n, c, t, module, peer_op, twopass, table in configs]
# Issues 19 and 20: the residual-add normalizations (input + skip read, Y and
# the sum written) and the channel normalizations (NCHW).
if not quick or only:
    for op, module, peer_op, params in (("skip rmsnorm", "skip_rmsnorm", "skiprms", [[4096]]),
                                        ("skip layernorm", "skip_layernorm", "skiplayernorm",
                                         [[4096], [4096]])):
        configs.append(row_config(op, [16384, 4096], "f32", module, peer_op, False, "fused",
                                  params, inputs=2, outputs=2))
    for t in ("f32", "f16"):
        suffix = "" if t == "f32" else "_f16"
        configs.append(row_config("groupnorm", [8, 320, 64, 64], t, "groupnorm" + suffix,
                                  "groupnorm", False, "fused", [[320], [320]]))
        # ONNX Runtime's NHWC GroupNorm with the fused SiLU (no CPU kernel in
        # ONNX Runtime: its column says why).
        configs.append(row_config("gn nhwc+silu", [8, 64, 64, 320], t,
                                  "groupnorm_nhwc_silu" + suffix, "groupnorm_nhwc_silu", False,
                                  "fused", [[320], [320]], peer_shape=[8, 320, 64, 64]))
        configs.append(row_config("instancenorm", [8, 64, 128, 128], t, "instancenorm" + suffix,
                                  "instancenorm", False, "fused", [[64], [64]]))
        configs.append(row_config("batchnorm", [32, 256, 56, 56], t, "batchnorm" + suffix,
                                  "batchnorm", False, "fused", [[256]] * 4))

def norm_mlir(cfg, threads):
    cmd = [bench, os.path.join(mods, cfg["module"] + ".mlir"), *cfg["args"], f"--threads={threads}",
           "--name=b", "--benchmark_min_time=%s" % ("0.05" if quick else "0.2"),
           "--benchmark_repetitions=%d" % (2 if quick else 5),
           "--benchmark_report_aggregates_only=true", "--benchmark_format=json"]
    rc, out = run(cmd)
    if rc != 0:
        return None, None, out.strip().splitlines()[-1:]
    data = json.loads(out[out.index("{"):])
    med = [b for b in data["benchmarks"] if b.get("aggregate_name") == "median"][0]
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0}[med["time_unit"]]
    return med["real_time"] * scale, med.get("compile_ms"), None

def peer_shape_args(cfg):
    """The shape arguments of peers/torch_bench.py and ort_bench.js: N C for
    the row ops, DIMS for the channel ops."""
    shape = cfg["peer_shape"]
    return [str(shape[0]), str(shape[1])] if len(shape) == 2 else ["x".join(map(str, shape))]

def onednn_cmd(cfg, threads):
    """The oneDNN peer's command line; (None, why) when there is none."""
    if cfg["peer_op"] == "layernorm":
        return ([onednn, str(cfg["shape"][0]), str(cfg["shape"][1]), str(threads), cfg["t"]], None) \
            if onednn else (None, "not installed")
    if cfg["peer_op"] == "batchnorm":
        return ([onednn_bn, *map(str, cfg["shape"]), str(threads), cfg["t"]], None) \
            if onednn_bn else (None, "not installed")
    return None, "-"

# What the peers report besides their time: page faults per call (PyTorch,
# ONNX Runtime), the allocator (PyTorch), oneDNN's implementation and the
# error of its output against float64.
peer_facts = {}

def peer_ms(key, cmd, env=None):
    rc, out = run(cmd, env=env)
    m = re.search(r"ms=([0-9.]+)", out)
    if rc == 0 and m:
        for name, value in re.findall(r"\b(faults|alloc|impl|maxerr|oneDNN)=(\S+)", out):
            peer_facts.setdefault((key, name), set()).add(value)
        return float(m.group(1)), None
    m = re.search(r"error=(.*)", out)
    return None, (m.group(1).strip() if m else out.strip()[-80:])

nt_store = "?"

def stream_copy(threads):
    """(plain copy GB/s, non-temporal copy GB/s), measured by one run."""
    global nt_store
    rc, out = run([os.path.join(work, "stream_copy"), str(threads)])
    m = re.search(r" GB/s=([0-9.]+) nt_GB/s=([0-9.]+) nt=(\S+) check=ok", out)
    if rc != 0 or not m:
        raise SystemExit("stream_copy failed: " + out.strip()[-200:])
    nt_store = m.group(3)
    return float(m.group(1)), float(m.group(2))

# Each row is three rounds of: the copy bandwidth, norm-mlir, the C++ loop,
# oneDNN (PyTorch and ONNX Runtime, 1.3x-100x slower, once, in the first
# round). norm-mlir, the C++ loop and oneDNN each keep their lowest median, so that a burst
# of load from other tenants of the VM during one measurement does not
# decide the row, and *% copy* and *% NT copy* compare norm-mlir's fastest
# round with the copies (plain and non-temporal, one stream_copy run)
# measured just before it: the VM's bandwidth changes between phases
# (1-thread copy 15-41 GB/s, 2-thread 42-84 GB/s) within minutes, also
# within a row. The page reports the median of the per-row copy values.
configs = [k for k in configs if k["table"] in tables]
if only:
    configs = [k for k in configs
               if re.search(only, "%s %s %s" % (k["op"], "x".join(map(str, k["shape"])), k["t"]))]
    if not configs:
        raise SystemExit("run.sh: --only=%s matches no row" % only)
ROUNDS = 1 if quick else 3
wrapper = shlex.split(os.environ.get("NORM_BENCH_WRAPPER", ""))

@contextlib.contextmanager
def quiet_period():
    """Holds one NORM_BENCH_WRAPPER call open (its command waits for a line
    on stdin) while the body runs; nothing when the variable is unset."""
    if not wrapper:
        yield
        return
    holder = subprocess.Popen(wrapper + ["sh", "-c", "echo ready; read _"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    if holder.stdout.readline().strip() != "ready":
        raise SystemExit("run.sh: NORM_BENCH_WRAPPER command did not start its command")
    try:
        yield
    finally:
        holder.stdin.close()
        holder.wait()

rows, copy, nt_copy = [], {}, {}
for threads in (1, 2):
    row_copies, row_nt_copies = [], []
    print(f"== {threads} thread(s)", flush=True)
    for cfg in configs:
        op, t, peer_op, table = cfg["op"], cfg["t"], cfg["peer_op"], cfg["table"]
        n, c = cfg["shape"][0], cfg["shape"][-1]
        shape = "x".join(map(str, cfg["shape"]))
        l0 = load()
        row = dict(op=op, n=n, c=c, shape=shape, t=t, threads=threads, ms=None, compile_ms=None,
                   err=None, load=l0, table=table)
        onednn_run, onednn_why = onednn_cmd(cfg, threads)
        peers = {"twopass": (None, "-"), "onednn": (None, onednn_why) if onednn_why else None}
        first_copy = None
        with quiet_period():
            for round_ in range(ROUNDS):
                round_copy = stream_copy(threads)
                first_copy = first_copy or round_copy
                ms, compile_ms, err = norm_mlir(cfg, threads)
                if round_ == 0:
                    row.update(err=err)
                if compile_ms and (row["compile_ms"] is None or compile_ms < row["compile_ms"]):
                    row.update(compile_ms=compile_ms)
                if ms and (row["ms"] is None or ms < row["ms"]):
                    row.update(ms=ms, copy=round_copy[0], nt=round_copy[1])
                repeated = []
                if cfg["twopass"]:
                    repeated.append(("twopass", [os.path.join(work, "twopass"), peer_op, str(n), str(c),
                                                 str(threads)]))
                if onednn_run:
                    repeated.append(("onednn", onednn_run))
                for key, cmd in repeated:
                    again = peer_ms(key, cmd)
                    if round_ == 0 or (again[0] is not None and
                                       (peers[key][0] is None or again[0] < peers[key][0])):
                        peers[key] = again
                if round_ == 0:
                    peers["torch"] = (peer_ms("torch", ["/usr/bin/python3", os.path.join(src, "benchmarks/peers/torch_bench.py"),
                                                        peer_op, *peer_shape_args(cfg), str(threads), t], torch_env)
                                      if torch_version else (None, "not installed"))
                    peers["ort"] = (peer_ms("ort", ["node", os.path.join(src, "benchmarks/peers/ort_bench.js"),
                                                    peer_op, *peer_shape_args(cfg), str(threads), t])
                                    if ort_version else (None, "not installed"))
        ms = row["ms"]
        if not ms:
            row["copy"], row["nt"] = first_copy
        row_copy = row["copy"]
        row_copies.append(row_copy)
        row_nt_copies.append(row["nt"])
        if ms:
            gbs = cfg["bytes"] / (ms * 1e-3) / 1e9
            row.update(gbs=gbs, pct=100 * gbs / row_copy, pct_nt=100 * gbs / row["nt"])
        err = row["err"]
        row["peers"] = peers
        row["load_end"] = load()
        rows.append(row)
        with open(os.path.join(work, "rows.json"), "w") as f:
            json.dump(rows, f, indent=1, default=str)
        print(f"{op:14s} {shape} {t:4s} t{threads}: norm-mlir "
              + (f"{ms:.4f} ms {row['gbs']:.1f} GB/s {row['pct']:.0f}% {row['pct_nt']:.0f}% NT"
                 if ms else f"FAILED {err}")
              + "".join(f" | {k} " + (f"{v[0]:.6f} ms" if v[0] is not None else str(v[1])) for k, v in peers.items())
              + f" (copy {row_copy:.1f} GB/s, NT copy {row['nt']:.1f} GB/s, load {l0:.2f})", flush=True)
    copy[threads] = sorted(row_copies)[len(row_copies) // 2]
    nt_copy[threads] = sorted(row_nt_copies)[len(row_nt_copies) // 2]

def fmt_ms(ms):
    return ("%.5f" % ms if ms < 0.01 else "%.4f" % ms if ms < 0.1 else
            "%.3f" % ms if ms < 10 else "%.2f" % ms)

def peer_cell(row, key):
    ms, err = row["peers"][key]
    if ms is None:
        return err if err in ("-", "not installed") else "n/a (%s)" % err[:40].replace("|", "/")
    if not row["ms"]:
        return fmt_ms(ms)
    return "%s (%.2fx)" % (fmt_ms(ms), ms / row["ms"]) if ms > 0 else fmt_ms(ms)

cpu, flags = "unknown CPU", set()
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name") and cpu == "unknown CPU":
            cpu = line.split(":", 1)[1].strip()
        if line.startswith("flags") and not flags:
            flags = set(line.split(":", 1)[1].split())
except OSError:
    pass
def facts(key, name):
    return sorted(peer_facts.get((key, name), ()))

def max_faults(key):
    values = [float(v) for v in facts(key, "faults")]
    return "at most %.0f page faults per timed call" % max(values) if values else "page faults not reported"

if not torch_version:
    torch_text = "not installed (benchmarks/install-peers.sh)"
else:
    torch_text = (f"torch {torch_version} (Debian python3-torch), eager `F.layer_norm` / "
                  "`F.normalize(p=2, out=Y)` (Y preallocated; `layer_norm` has no `out=`) / "
                  "`x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w` (RMSNormalization), "
                  "`torch.set_num_threads`, run under " +
                  ("jemalloc (`LD_PRELOAD=libjemalloc.so.2`, Debian libjemalloc2) with "
                   "`MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1`, so that the Y a call frees is "
                   "reused by the next (with jemalloc's default decay a freed Y of many MiB goes back "
                   "to the kernel and is faulted in again, as under glibc's malloc)"
                   if jemalloc else
                   "glibc's malloc (libjemalloc2 not installed: every `layer_norm` call maps and "
                   "faults in a fresh Y)") +
                  "; allocator seen: %s; %s." % ("/".join(facts("torch", "alloc")) or "-",
                                                 max_faults("torch")))
ort_text = ((f"onnxruntime-node {ort_version} (npm, `ONNXRUNTIME_NODE_INSTALL=skip`; the package ships "
             "the linux-x64 native library), CPU provider (RMSNormalization as its SimplifiedLayerNormalization), `intraOpNumThreads` = threads, sequential "
             "execution, `graphOptimizationLevel` all, CPU memory arena and memory patterns on; the "
             "timed model is the op followed by `Slice` to Y[0:1, 0:1], so Y is an intermediate that "
             "the session's arena allocates once and reuses (no preallocated outputs needed) and only "
             "one element goes back to JavaScript; time of `session.run`; the residual-add rows run "
             "`com.microsoft.SkipSimplifiedLayerNormalization` / `SkipLayerNormalization` on [1, N, C] "
             "with their input_skip_bias_sum output, the channel rows GroupNormalization-21, "
             "InstanceNormalization-22 and BatchNormalization-15; %s." % max_faults("ort"))
            if ort_version else "not installed")
onednn_text = (("oneDNN %s (Debian libdnnl-dev), peers/onednn_layernorm.cpp (`-O3 -march=native`), "
                "LayerNormalization only: the `layer_normalization_forward` primitive, "
                "`forward_inference`, `use_scale | use_shift` (Scale and B in f32), epsilon 1e-5, "
                "created once with its source, destination and scratchpad memory; time of `execute` "
                "(and the stream's wait), median over >= 0.5 s, measured three times like the C++ loop, "
                "the lowest kept; `OMP_NUM_THREADS` = threads; implementation oneDNN chose: %s; "
                "before timing, its Y on up to 256 rows is checked against a float64 reference "
                "(largest error relative to max(1, |y|): %s)." % (
                    "/".join(facts("onednn", "oneDNN")) or "?",
                    ", ".join("`%s`" % v for v in facts("onednn", "impl")) or "-",
                    "%.2g" % max(float(v) for v in facts("onednn", "maxerr"))
                    if facts("onednn", "maxerr") else "-")
                + " BatchNormalization: peers/onednn_batchnorm.cpp, the `batch_normalization_forward` "
                "primitive, `forward_inference`, `use_global_stats | use_scale | use_shift`, NCHW, set up, "
                "checked (up to 64 channel planes against float64) and timed the same way; oneDNN 2.x "
                "has no f16 kernel for it.")
               if onednn else "not installed (benchmarks/install-peers.sh)")

vector_isa = ("AVX-512F, 512-bit (norm-vectorize-rows: 64 f32 lanes per step)" if "avx512f" in flags
              else "AVX2, 256-bit" if "avx2" in flags else "128-bit")
lines = [
    "# Performance",
    "",
    "<!-- GENERATED by benchmarks/run.sh; do not edit. -->",
    "",
    f"Generated by `benchmarks/run.sh` on {time.strftime('%Y-%m-%d %H:%M %Z')}: {cpu}, "
    f"{os.cpu_count()} logical cores, {platform.system()} {platform.release()}. "
    "All numbers on this page come from that one run.",
    "",
    f"Vector registers: {vector_isa}.",
    "",
    f"STREAM copy bandwidth (peers/stream_copy.c, 2 x 256 MiB, best of 10 of each copy, the two "
    f"alternated), measured before each of the norm-mlir measurements of a row (columns *copy* and "
    f"*NT copy*: the ones just before the fastest): plain copy (loads and stores; a store to a line "
    f"not in the cache first reads it) median **{copy[1]:.1f} GB/s** with 1 thread, "
    f"**{copy[2]:.1f} GB/s** with 2 threads; non-temporal copy (the same loads, streaming stores "
    f"`{ {'avx512': '_mm512_stream_ps', 'avx': '_mm256_stream_ps', 'sse': '_mm_stream_ps'}.get(nt_store, nt_store) }` "
    f"that write whole lines without reading them, the instruction norm-mlir's large results use) "
    f"median **{nt_copy[1]:.1f} GB/s** with 1 thread, **{nt_copy[2]:.1f} GB/s** with 2 threads. "
    "The non-temporal copy is the limit of an op that reads X once and writes Y once.",
    "",
    "Last-level cache: %s (%s). The bandwidth table's X is %d MiB (at least 4x that and 256 MiB), "
    "so that X and Y are really out of cache; the second table keeps the cache-resident and mid-size "
    "shapes of earlier runs." % ("%d MiB" % (llc // MIB) if llc else "not known", llc_source,
                                 x_bytes // MIB),
    "",
    "* **norm-mlir**: `norm-benchmark` (the JIT'd `norm-to-llvm` pipeline on the dynamic-shape "
    "modules in benchmarks/modules/, median of 5 repetitions of >= 0.2 s, measured three times in its row, "
    "each after the copy and before the two-pass C++ loop, the lowest kept); GB/s counts X read once "
    "and Y written once; *% copy* is that over the plain copy bandwidth of the same row (same thread "
    "count), *% NT copy* over its non-temporal copy bandwidth (the limit: 100% is as fast as a "
    "copy can be; above 100% only for data that stays in the cache); "
    "*compile* is lowering + LLVM codegen of the module (the lowest of the three measurements).",
    "* **two-pass C++**: peers/twopass.cpp, `-O3 -march=native -ffast-math -fopenmp` (f32, last axis; "
    "Normalizer L2 is the same loop as LpNorm p = 2; RMSNormalization the loop of `x * (1 / sqrt(mean(x^2) + eps)) "
    "* scale`); measured three times like norm-mlir, the lowest kept.",
    f"* **oneDNN**: {onednn_text}",
    f"* **PyTorch**: {torch_text}",
    f"* **ONNX Runtime**: {ort_text}",
    "* Every peer runs in its best configuration above: its output memory allocated once or reused, "
    "its thread count set to the row's.",
    "* Peer cells: median ms, and in parentheses how many times slower the peer is than norm-mlir "
    "(> 1: norm-mlir faster). *n/a*: the peer has no kernel for it (message shortened); *-*: no such peer.",
    "* [128, 768] (384 KiB) and [1, 768] fit in the caches, so their GB/s can exceed the copy bandwidth; "
    "they measure per-call overhead (norm-mlir's time includes allocating and freeing Y, the C++ loop "
    "writes into a preallocated Y).",
    "* *load*: 1-minute load average when the row started: other work on the machine makes numbers "
    "noisy, and 2-thread numbers are only meaningful when the load is below ~1 on a 2-core machine.",
]
if wrapper:
    # Only the command's name: its path is a local one that the page (a
    # file of the repository) must not name.
    lines[-1] += (" Each row was measured under the command prefix `NORM_BENCH_WRAPPER` (`%s`), "
                  "which holds other work on the machine stopped while the row runs (stopped "
                  "processes do not count in the load average); that work ran between rows." %
                  " ".join([os.path.basename(wrapper[0])] + wrapper[1:]))
for table, title in (("bandwidth", "## Bandwidth: X of at least 4x the last-level cache (%d MiB)" % (
                          x_bytes // MIB)),
                     ("mid", "## Cache-resident and mid-size shapes"),
                     ("fused", "## Residual-add and channel normalizations (issues 19 and 20)\n\n"
                      "Skip rows: X = input + skip, as ONNX Runtime's SkipSimplifiedLayerNormalization "
                      "and SkipLayerNormalization with their input_skip_bias_sum output; GB/s counts input "
                      "and skip read, Y and the sum written. PyTorch: `s = torch.add(x, skip, out=s)` then "
                      "the row op. Channel rows: NCHW, GroupNormalization with 32 groups "
                      "(`F.group_norm`), `F.instance_norm`, `F.batch_norm(training=False)`; GB/s counts "
                      "X read and Y written.")):
    if table not in tables:
        lines += ["", title, "", "Not measured in this run (`--tables=%s`)%s." % (
            ",".join(tables),
            ": X would be %d MiB, 4x the last-level cache this machine reports, and a row of "
            "that size takes minutes" % (x_bytes // MIB) if table == "bandwidth" else "")]
        continue
    lines += ["", title, "",
              "| op | shape | type | threads | norm-mlir ms | GB/s | copy GB/s | % copy | NT copy GB/s "
              "| % NT copy | compile ms | two-pass C++ | oneDNN | PyTorch | ONNX Runtime | load |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["table"] != table:
            continue
        lines.append("| %s | %s | %s | %d | %s | %s | %.1f | %s | %.1f | %s | %s | %s | %s | %s | %s | %.2f |" % (
            r["op"], r["shape"], r["t"], r["threads"],
            fmt_ms(r["ms"]) if r["ms"] else "failed", "%.1f" % r["gbs"] if r["ms"] else "",
            r["copy"], "%.0f%%" % r["pct"] if r["ms"] else "",
            r["nt"], "%.0f%%" % r["pct_nt"] if r["ms"] else "",
            "%.0f" % r["compile_ms"] if r["compile_ms"] else "",
            peer_cell(r, "twopass"), peer_cell(r, "onednn"), peer_cell(r, "torch"), peer_cell(r, "ort"),
            r["load"]))

# Issue 21's targets, against the non-temporal copy, checked on this run's
# rows.
def pct_nt_cell(r):
    return "%s %s %s t%d %.0f%%" % (r["op"], r["shape"], r["t"], r["threads"], r["pct_nt"]) \
        if r["ms"] else "%s %s %s t%d failed" % (r["op"], r["shape"], r["t"], r["threads"])

PEERS = ("twopass", "onednn", "torch", "ort")
targets21 = []
sel = [r for r in rows if r["table"] == "bandwidth" and r["t"] == "f32"]
low = [r for r in sel if not r["ms"] or r["pct_nt"] < 85]
targets21.append(("Bandwidth table, every op, f32 (rows of 1024, 128 and 64 elements), 1 and 2 threads: "
                  ">= 85% of the non-temporal copy",
                  "min %.0f%%" % min(r["pct_nt"] for r in sel if r["ms"]) if any(r["ms"] for r in sel) else "-",
                  "not measured" if not sel else "met" if not low else
                  "not met: " + ", ".join(pct_nt_cell(r) for r in low)))
short = []
for r in sel:
    fastest = min([(r["peers"][k][0], k) for k in PEERS if r["peers"][k][0] is not None], default=None)
    if fastest and (not r["ms"] or fastest[0] < 1.2 * r["ms"]):
        short.append("%s %s t%d (%s %s)" % (r["op"], r["shape"], r["threads"], fastest[1],
                                               "%.2fx" % (fastest[0] / r["ms"]) if r["ms"] else "norm-mlir failed"))
targets21.append(("Same rows: >= 1.2x the fastest peer (oneDNN, ONNX Runtime, PyTorch, the two-pass loop)",
                  "%d rows" % len(sel),
                  "not measured" if not sel else "met" if not short else "not met: " + ", ".join(short)))
sel = [r for r in rows if r["op"] == "layernorm" and r["t"] in ("f16", "bf16") and r["c"] == 1024
       and (r["table"] == "bandwidth" or r["n"] == 16384)]
low = [r for r in sel if not r["ms"] or r["pct_nt"] < 85]
behind = ["%s %s t%d (%.2fx)" % (r["t"], r["shape"], r["threads"], r["peers"]["onednn"][0] / r["ms"])
          for r in sel if r["ms"] and r["peers"]["onednn"][0] is not None
          and r["peers"]["onednn"][0] <= r["ms"]]
targets21.append(("f16/bf16 LayerNorm [16384, 1024] and its %d MiB twin: >= 85%% of the non-temporal copy "
                  "(bytes moved), faster than oneDNN at 1 and 2 threads" % (x_bytes // MIB),
                  ", ".join(pct_nt_cell(r) for r in sel) or "-",
                  "not measured" if not sel else "met" if not low and not behind else
                  "not met: " + ", ".join([pct_nt_cell(r) for r in low] +
                                          ["oneDNN faster: " + b for b in behind])))
sel = [r for r in rows if r["op"] == "layernorm" and (r["n"], r["c"]) in {(1, 768), (128, 768)}]
behind = ["%s t%d (%.2fx)" % (r["shape"], r["threads"], r["peers"]["onednn"][0] / r["ms"])
          for r in sel if r["ms"] and r["peers"]["onednn"][0] is not None
          and r["peers"]["onednn"][0] <= r["ms"]]
measured = [r for r in sel if r["ms"] and r["peers"]["onednn"][0] is not None]
targets21.append(("Cache-resident LayerNorm [1, 768] and [128, 768]: faster than oneDNN",
                  "min %.2fx" % min(r["peers"]["onednn"][0] / r["ms"] for r in measured) if measured else "-",
                  "not measured" if not measured else "met" if not behind else
                  "not met: " + ", ".join(behind)))
compile_ms = [r["compile_ms"] for r in rows if r["compile_ms"]]
targets21.append(("Pipeline compile time of a module: < 300 ms",
                  "max %.0f ms" % max(compile_ms) if compile_ms else "-",
                  "met" if compile_ms and max(compile_ms) < 300 else "not met"))
lines += ["", "## Targets (issue 21), against the non-temporal copy, checked on the rows above", "",
          "Peer ratios: the peer's time over norm-mlir's (> 1: norm-mlir faster).", "",
          "| target | measured | status |", "|---|---|---|"]
lines += ["| %s | %s | %s |" % t for t in targets21]

# The earlier targets (issues 4 and 19), against the plain copy, checked on
# the mid-size rows.
def target_rows(pred):
    return [r for r in rows if r["table"] == "mid" and pred(r)]

def pct_cell(r):
    return "%s %s %s t%d %.0f%%" % (r["op"], r["shape"], r["t"], r["threads"], r["pct"]) \
        if r["ms"] else "%s failed" % r["op"]

big = {(16384, 1024), (4096, 4096), (65536, 128), (262144, 64)}
targets = []
sel = target_rows(lambda r: (r["n"], r["c"]) in big and r["t"] == "f32"
                  and r["op"] not in ("lpnorm axis 0", "rmsnorm"))
low = [r for r in sel if not r["ms"] or r["pct"] < 85]
targets.append(("Out-of-cache f32 shapes, every op, 1 and 2 threads: >= 85% of copy",
                "min %.0f%%" % min(r["pct"] for r in sel if r["ms"]) if sel else "-",
                "not measured" if not sel else "met" if not low else
                "not met: " + ", ".join(pct_cell(r) for r in low)))
slower = []
for r in sel:
    for key in ("twopass", "onednn", "torch", "ort"):
        ms = r["peers"][key][0]
        if ms is not None and r["ms"] and ms < r["ms"]:
            slower.append("%s %s t%d (%s %.2fx)" % (r["op"], r["shape"], r["threads"], key, ms / r["ms"]))
targets.append(("Same rows: faster than every peer", "%d rows" % len(sel),
                "not measured" if not sel else "met" if not slower else
                "not met: " + ", ".join(slower)))
sel = target_rows(lambda r: r["op"] == "layernorm" and r["t"] in ("f16", "bf16"))
low = [r for r in sel if not r["ms"] or r["pct"] < 80]
targets.append(("f16/bf16 LayerNorm [16384, 1024]: >= 80% of copy (bytes moved)",
                ", ".join(pct_cell(r) for r in sel) or "-",
                "not measured" if not sel else "met" if not low else "not met"))
sel = target_rows(lambda r: (r["n"], r["c"]) in {(1, 768), (128, 768)} and r["peers"]["twopass"][0])
ratios = [(r, r["ms"] / r["peers"]["twopass"][0]) for r in sel if r["ms"]]
far = [(r, x) for r, x in ratios if x > 1.2]
targets.append(("[1, 768] and [128, 768]: within 1.2x of the -ffast-math two-pass loop",
                "max %.2fx" % max(x for _, x in ratios) if ratios else "-",
                "not measured" if not ratios else "met" if not far else "not met: " + ", ".join(
                    "%s %s t%d %.2fx" % (r["op"], r["shape"], r["threads"], x) for r, x in far)))
sel = target_rows(lambda r: r["op"] == "lpnorm axis 0")
low = [r for r in sel if not r["ms"] or r["pct"] < 70]
targets.append(("Axis-0 LpNormalization [4096, 4096]: >= 70% of copy",
                ", ".join(pct_cell(r) for r in sel) or "-",
                "not measured" if not sel else "met" if not low else "not met"))
sel = target_rows(lambda r: r["op"] == "rmsnorm")
low = [r for r in sel if not r["ms"] or r["pct"] < 85]
targets.append(("RMSNormalization f32 [16384, 4096] and [16384, 1024], f16 and bf16 [16384, 4096], "
                "1 and 2 threads: >= 85% of copy (issue 19)",
                "min %.0f%%" % min(r["pct"] for r in sel if r["ms"]) if any(r["ms"] for r in sel) else "-",
                "not measured" if not sel else "met" if not low else
                "not met: " + ", ".join(pct_cell(r) for r in low)))
slower = ["%s %s %s t%d (%s %.2fx)" % (r["op"], r["shape"], r["t"], r["threads"], key,
                                         r["peers"][key][0] / r["ms"])
          for r in sel for key in ("twopass", "torch", "ort")
          if r["ms"] and r["peers"][key][0] is not None and r["peers"][key][0] < r["ms"]]
targets.append(("Same RMSNormalization rows: faster than every peer (issue 19)", "%d rows" % len(sel),
                "not measured" if not sel else "met" if not slower else "not met: " + ", ".join(slower)))
sel = [r for r in rows if r["table"] == "fused"]
low = [r for r in sel if not r["ms"] or r["pct"] < 85]
targets.append(("Skip rows f32 [16384, 4096] with the sum, and GroupNorm [8, 320, 64, 64], "
                "InstanceNorm [8, 64, 128, 128], BatchNorm [32, 256, 56, 56] f32 and f16, 1 and 2 "
                "threads: >= 85% of copy (issues 19 and 20)",
                "min %.0f%%" % min(r["pct"] for r in sel if r["ms"]) if any(r["ms"] for r in sel) else "-",
                "not measured" if not sel else "met" if not low else
                "not met: " + ", ".join(pct_cell(r) for r in low)))
slower = ["%s %s %s t%d (%s %.2fx)" % (r["op"], r["shape"], r["t"], r["threads"], key,
                                      r["peers"][key][0] / r["ms"])
          for r in sel for key in ("onednn", "torch", "ort")
          if r["ms"] and r["peers"][key][0] is not None and r["peers"][key][0] < r["ms"]]
targets.append(("Same rows: faster than every peer (ONNX Runtime, PyTorch, oneDNN's BatchNorm)",
                "%d rows" % len(sel),
                "not measured" if not sel else "met" if not slower else "not met: " + ", ".join(slower)))
lines += ["", "## Earlier targets (issues 4, 19 and 20), against the plain copy, on the mid-size and "
          "fused rows", "",
          "| target | measured | status |", "|---|---|---|"]
lines += ["| %s | %s | %s |" % t for t in targets]
lines += ["", "![norm-mlir bandwidth as % of the non-temporal copy bandwidth](performance.png)", ""]
os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, "performance.md"), "w") as f:
    f.write("\n".join(lines))

# Plot: % of the non-temporal copy bandwidth per configuration, 1 and 2
# threads.
dat = os.path.join(work, "performance.dat")
labels = []
with open(dat, "w") as f:
    keys = []
    for r in rows:
        k = (r["op"], r["shape"], r["t"])
        if k not in keys:
            keys.append(k)
    for i, k in enumerate(keys):
        vals = []
        for th in (1, 2):
            m = [r for r in rows if (r["op"], r["shape"], r["t"]) == k and r["threads"] == th]
            vals.append("%.1f" % m[0]["pct_nt"] if m and m[0]["ms"] else "0")
        label = "%s %s %s" % (k[0].replace(" axis 0", "0"), k[1], k[2])
        f.write('%d "%s" %s %s\n' % (i, label, vals[0], vals[1]))
png = os.path.join(out_dir, "performance.png")
script = f"""
set terminal pngcairo size 1400,650 font ",9"
set bmargin 9
set rmargin 12
set output "{png}"
set title "norm-mlir: bandwidth as % of the non-temporal copy (1 thread {nt_copy[1]:.1f} GB/s, 2 threads {nt_copy[2]:.1f} GB/s)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "% of non-temporal copy bandwidth"
set yrange [0:*]
set xtics rotate by -45 scale 0
set grid ytics
plot "{dat}" using 3:xtic(2) title "1 thread", "" using 4 title "2 threads"
"""
gnuplot = shutil.which("gnuplot") or shutil.which("gnuplot-nox")
rc, out = (run([gnuplot, "-e", script.replace("\n", ";")]) if gnuplot else
           (1, "gnuplot not installed (benchmarks/install-peers.sh)"))
if rc != 0:
    print("no plot:", out.strip()[:200])
print("wrote", os.path.join(out_dir, "performance.md") + ("" if rc != 0 else " and " + png))
PY
