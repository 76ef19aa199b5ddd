#!/usr/bin/env python3
"""PyTorch peer (Debian python3-torch, CPU, eager): times one call of
torch.nn.functional.layer_norm, or normalize(p=2) for LpNormalization
(axis -1 or 0) and Normalizer L2 (the same math on f32 rows), with the
given intra-op thread count. Prints the median time over at least 0.5 s.
Usage: torch_bench.py OP N C THREADS [TYPE]   (OP as in ort_bench.js)"""
import sys
import time

import torch
import torch.nn.functional as F

op, n, c, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
dtype = {"f32": torch.float32, "f16": torch.float16,
         "bf16": torch.bfloat16}[sys.argv[5] if len(sys.argv) > 5 else "f32"]
torch.set_num_threads(threads)
g = torch.Generator().manual_seed(1)
x = (torch.rand(n, c, generator=g) * 4 - 1.5).to(dtype)
scale = torch.rand(c, generator=g).to(dtype)
bias = torch.rand(c, generator=g).to(dtype)
if op == "layernorm":
    run = lambda: F.layer_norm(x, (c,), scale, bias, 1e-5)
elif op in ("lpnorm", "normalizer"):
    run = lambda: F.normalize(x, p=2.0, dim=-1)
elif op == "lpnorm0":
    run = lambda: F.normalize(x, p=2.0, dim=0)
else:
    sys.exit("unknown op " + op)
try:
    with torch.no_grad():
        run()
        times, total = [], 0.0
        while total < 0.5 or len(times) < 5:
            t0 = time.perf_counter()
            run()
            t = time.perf_counter() - t0
            times.append(t)
            total += t
except RuntimeError as e:
    print("error=" + str(e).splitlines()[0])
    sys.exit(1)
times.sort()
print("ms=%.4f" % (times[len(times) // 2] * 1e3))
