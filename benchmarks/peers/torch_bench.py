#!/usr/bin/env python3
"""PyTorch peer (Debian python3-torch, CPU, eager): times one call of
torch.nn.functional.layer_norm, normalize(p=2) for LpNormalization
(axis -1 or 0) and Normalizer L2 (the same math on f32 rows), or the
usual RMSNormalization expression x * rsqrt(mean(x^2) + eps) * w, with the
given intra-op thread count. Prints the median time over at least 0.5 s,
the allocator the process runs under and the minor page faults per timed
call.

Best configuration: normalize writes into a preallocated Y (out=);
layer_norm has no out=, so its Y (and its small intermediates) come from the
allocator on every call. Under glibc's malloc a large Y is a fresh mmap
whose pages fault in on every call, and that is what the time would measure.
benchmarks/run.sh therefore runs this script under jemalloc
(LD_PRELOAD=libjemalloc.so.2, as PyTorch's CPU deployments do) with
MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1: with its default decay,
jemalloc hands a freed Y of many MiB back to the kernel at once, so the
next call faults it in again; kept, the freed Y is reused. The faults per
call that this script prints show which case a run measured.
The channel normalizations run F.group_norm (32 groups), F.instance_norm and
F.batch_norm (training=False) on NCHW X; groupnorm_nhwc_silu runs
F.silu(F.group_norm(X)) on X in channels_last memory format (NHWC), as ORT's
com.microsoft.GroupNorm with activation 1. The Skip ops compute the sum
S = X + Skip (kept, as ORT's input_skip_bias_sum) and normalize it.
Usage: torch_bench.py OP N C THREADS [TYPE]
       torch_bench.py OP DIMS THREADS [TYPE]   (OP and DIMS as in ort_bench.js)"""
import resource
import sys
import time

import torch
import torch.nn.functional as F

op = sys.argv[1]
if "x" in sys.argv[2]:
    dims = [int(d) for d in sys.argv[2].split("x")]
    rest = sys.argv[3:]
else:
    dims = [int(sys.argv[2]), int(sys.argv[3])]
    rest = sys.argv[4:]
threads = int(rest[0])
n, c = dims[0], dims[1]
dtype = {"f32": torch.float32, "f16": torch.float16,
         "bf16": torch.bfloat16}[rest[1] if len(rest) > 1 else "f32"]
torch.set_num_threads(threads)
g = torch.Generator().manual_seed(1)
x = (torch.rand(*dims, generator=g) * 4 - 1.5).to(dtype)
scale = torch.rand(c, generator=g).to(dtype)
bias = torch.rand(c, generator=g).to(dtype)
y = torch.empty_like(x)
eps = 1e-5

def rms(s):
    return s * torch.rsqrt(s.pow(2).mean(-1, keepdim=True) + eps) * scale

if op == "layernorm":
    run = lambda: F.layer_norm(x, (c,), scale, bias, eps)
elif op in ("lpnorm", "normalizer"):
    run = lambda: F.normalize(x, p=2.0, dim=-1, out=y)
elif op == "lpnorm0":
    run = lambda: F.normalize(x, p=2.0, dim=0, out=y)
elif op == "rmsnorm":
    run = lambda: rms(x)
elif op in ("skiprms", "skiplayernorm"):
    skip = (torch.rand(*dims, generator=g) * 4 - 1.5).to(dtype)
    s = torch.empty_like(x)
    if op == "skiprms":
        run = lambda: rms(torch.add(x, skip, out=s))
    else:
        run = lambda: F.layer_norm(torch.add(x, skip, out=s), (c,), scale, bias, eps)
elif op == "groupnorm":
    run = lambda: F.group_norm(x, 32, scale, bias, eps)
elif op == "groupnorm_nhwc_silu":
    x = x.contiguous(memory_format=torch.channels_last)
    run = lambda: F.silu(F.group_norm(x, 32, scale, bias, eps), inplace=True)
elif op == "instancenorm":
    run = lambda: F.instance_norm(x, weight=scale, bias=bias, eps=eps)
elif op == "batchnorm":
    mean = (torch.rand(c, generator=g) - 0.5).to(dtype)
    var = (torch.rand(c, generator=g) + 0.5).to(dtype)
    run = lambda: F.batch_norm(x, mean, var, scale, bias, training=False, eps=eps)
else:
    sys.exit("unknown op " + op)
try:
    with torch.no_grad():
        for _ in range(3):
            run()
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        times, total = [], 0.0
        while total < 0.5 or len(times) < 5:
            t0 = time.perf_counter()
            run()
            t = time.perf_counter() - t0
            times.append(t)
            total += t
        faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) / len(times)
except RuntimeError as e:
    print("error=" + str(e).splitlines()[0])
    sys.exit(1)
times.sort()
with open("/proc/self/maps") as maps:
    alloc = "jemalloc" if "libjemalloc" in maps.read() else "glibc"
print("ms=%.4f alloc=%s faults=%.0f" % (times[len(times) // 2] * 1e3, alloc, faults))
