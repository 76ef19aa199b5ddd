#!/usr/bin/env python3
"""Writes inputs and float64 references for fused-stats-dynamic.mlir as .npy
files into argv[1]: LayerNormalization returning Y, Mean and InvStdDev, where
norm-fuse-rows computes all three in one row loop.

  ln2d: X 263x131 f32 (odd sizes; 34453 elements, above the 32Ki from which
        the row loop runs on threads), Scale, B [131], axis -1.
  ln3d: X 5x7x9 f64, Scale [7, 9], B [9], axis 1, epsilon 1e-3; Mean and
        InvStdDev 5x1x1 f32 (stash_type 1).

The reference is test/lib/reference.py's (float64, two-pass variance),
rounded once to the output type; it does not use the project's code.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                *[".."] * 4, "lib"))
from reference import layer_normalization as layer_norm  # noqa: E402


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20260604)
files = {}

# Rows with different offsets and spreads, so that Mean and InvStdDev vary.
x = rng.standard_normal((263, 131)) * rng.uniform(0.5, 4, (263, 1)) \
    + rng.uniform(-1, 1, (263, 1))
x = x.astype(np.float32)
scale = rng.standard_normal(131).astype(np.float32)
b = rng.standard_normal(131).astype(np.float32)
y, mean, inv = layer_norm(x, scale, b, axis=1, epsilon=1e-5)
# Vet the data: a plain f32 two-pass implementation passes the runner's f32
# tolerance (rtol 1e-5, atol 1e-6) with a margin of 2x.
m32 = x.mean(axis=1, keepdims=True, dtype=np.float32)
d32 = x - m32
i32 = np.float32(1) / np.sqrt((d32 * d32).mean(axis=1, keepdims=True,
                                                dtype=np.float32)
                              + np.float32(1e-5))
y32 = d32 * i32 * scale + b
for got, want in [(y32, y), (m32, mean), (i32, inv)]:
    assert np.all(np.abs(got - want) <= 0.5 * (1e-6 + 1e-5 * np.abs(want)))
files.update(ln2d_x=x, ln2d_scale=scale, ln2d_b=b,
             ln2d_y=y.astype(np.float32), ln2d_mean=mean.astype(np.float32),
             ln2d_inv=inv.astype(np.float32))

x = (rng.standard_normal((5, 7, 9)) * 3 + 5).astype(np.float64)
scale = rng.standard_normal((7, 9))
b = rng.standard_normal(9)
y, mean, inv = layer_norm(x, scale, b, axis=1, epsilon=1e-3)
files.update(ln3d_x=x, ln3d_scale=scale, ln3d_b=b, ln3d_y=y,
             ln3d_mean=mean.astype(np.float32),
             ln3d_inv=inv.astype(np.float32))

for name, value in files.items():
    np.save(os.path.join(out, name + ".npy"), value)
