#!/usr/bin/env python3
"""Writes X (1031 x argv[2] f32, default 131 columns: > 128Ki elements, so
that the row loop runs on OpenMP threads), Scale, B and float64 references of
LayerNorm (last axis), LpNormalization (p = 2, last axis: lp; axis 0: lp0) and
Normalizer L1 rounded once to f32, as .npy files into argv[1]."""
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
cols = int(sys.argv[2]) if len(sys.argv) > 2 else 131
rng = np.random.default_rng(7)
x = (rng.standard_normal((1031, cols)) * 2 + 0.5).astype(np.float32)
scale = rng.standard_normal(cols).astype(np.float32)
bias = rng.standard_normal(cols).astype(np.float32)
xd = x.astype(np.float64)
mean = xd.mean(axis=1, keepdims=True)
var = ((xd - mean) ** 2).mean(axis=1, keepdims=True)
ln = (xd - mean) / np.sqrt(var + 1e-5) * scale + bias
lp = xd / np.sqrt((xd * xd).sum(axis=1, keepdims=True))
lp0 = xd / np.sqrt((xd * xd).sum(axis=0, keepdims=True))
l1 = xd / np.abs(xd).sum(axis=1, keepdims=True)
for name, value in [("x", x), ("scale", scale), ("bias", bias),
                    ("ln", ln.astype(np.float32)), ("lp", lp.astype(np.float32)),
                    ("lp0", lp0.astype(np.float32)),
                    ("l1", l1.astype(np.float32))]:
    np.save(os.path.join(out, name + ".npy"), value)
