#!/usr/bin/env python3
"""Writes X (argv[3] rows x argv[4] columns, type argv[2]: bf16 or f16),
Scale, B and the float64 reference (test/lib/reference.py) of LayerNorm
(last axis, epsilon 1e-5) rounded once to the type, as .npy files into
argv[1] (bf16 as '<u2' bits). X, Scale and B are rounded to the type before
the reference is computed, so the reference is of the values the runner
reads."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import reference  # noqa: E402

out, ty = sys.argv[1], sys.argv[2]
rows, cols = int(sys.argv[3]), int(sys.argv[4])
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(21)
stored = {
    "x": reference.round_to(rng.standard_normal((rows, cols)) * 2 + 0.5, ty),
    "scale": reference.round_to(rng.standard_normal(cols), ty),
    "bias": reference.round_to(rng.standard_normal(cols), ty),
}
x, scale, bias = (reference.stored_to_f64(stored[k], ty)
                  for k in ("x", "scale", "bias"))
y = reference.layer_normalization(x, scale, bias, axis=1)[0]
stored["y"] = reference.round_to(y, ty)
for name, value in stored.items():
    np.save(os.path.join(out, name + ".npy"), value)
