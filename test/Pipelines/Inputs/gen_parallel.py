#!/usr/bin/env python3
"""Writes X (1031 x argv[2] f32, default 131 columns: > 128Ki elements, so
that the row loop runs on OpenMP threads), Scale, B and the float64 references
(test/lib/reference.py) of LayerNorm (last axis, epsilon 1e-5), LpNormalization
(p = 2, last axis: lp; axis 0: lp0) and Normalizer L1 rounded once to f32, as
.npy files into argv[1]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import reference  # noqa: E402

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
cols = int(sys.argv[2]) if len(sys.argv) > 2 else 131
rng = np.random.default_rng(7)
x = (rng.standard_normal((1031, cols)) * 2 + 0.5).astype(np.float32)
scale = rng.standard_normal(cols).astype(np.float32)
bias = rng.standard_normal(cols).astype(np.float32)
ln = reference.layer_normalization(x, scale, bias, axis=1)[0]
lp = reference.lp_normalization(x, axis=1, p=2)
lp0 = reference.lp_normalization(x, axis=0, p=2)
l1 = reference.normalizer(x, "L1")
for name, value in [("x", x), ("scale", scale), ("bias", bias),
                    ("ln", ln.astype(np.float32)), ("lp", lp.astype(np.float32)),
                    ("lp0", lp0.astype(np.float32)),
                    ("l1", l1.astype(np.float32))]:
    np.save(os.path.join(out, name + ".npy"), value)
