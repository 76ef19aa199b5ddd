#!/usr/bin/env python3
"""Writes X (argv[2] rows x argv[3] columns, bf16), Scale (bf16) and the
float64 reference of RMSNormalization (test/lib/reference.py: last axis,
epsilon 1e-5, Normalized rounded once to bf16, Y = Normalized * Scale rounded
once to bf16) as .npy files into argv[1] (bf16 as '<u2' bits). Row 3 (when
there is one) is zero, and row 5 holds values near 2^-70: their sums of
squares take the guarded f64 loop (a second read of the row) instead of the
f32 terms. X and Scale are rounded to bf16 before the reference is
computed, so the reference is of the values the runner reads."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import reference  # noqa: E402

out = sys.argv[1]
rows, cols = int(sys.argv[2]), int(sys.argv[3])
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(rows * 10007 + cols)
x = rng.uniform(-3.0, 3.0, (rows, cols))
if rows > 3:
    x[3] = 0.0
if rows > 5:
    x[5] *= 2.0**-70
stored = {
    "x": reference.round_to(x, "bf16"),
    "scale": reference.round_to(rng.uniform(0.5, 2.0, cols), "bf16"),
}
x, scale = (reference.stored_to_f64(stored[k], "bf16") for k in ("x", "scale"))
y, _ = reference.rms_normalization(x, scale, epsilon=1e-5, x_type="bf16")
stored["y"] = reference.round_to(y, "bf16")
for name, value in stored.items():
    np.save(os.path.join(out, name + ".npy"), value)
