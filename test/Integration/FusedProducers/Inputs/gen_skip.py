#!/usr/bin/env python3
"""Writes inputs and float64 references for the FusedProducers tests as .npy
files into argv[1]: residual and bias adds feeding RMSNormalization and
LayerNormalization, with the sum also returned (ONNX Runtime's
SkipSimplifiedLayerNormalization and SkipLayerNormalization with their
input_skip_bias_sum output), which norm-fuse-elementwise and norm-fuse-rows
compute in the normalization's loop over rows.

  rms_f32:  X, Skip 263x131 f32 (odd sizes; 34453 elements, above the 32Ki
            from which the row loop runs on threads), Scale [131];
            Sum = X + Skip rounded once to f32, Y = RMSNormalization(Sum).
  rms_f16:  X, Skip 37x200 f16, Scale [200] f16; Sum rounded once to f16
            (an f16 add), Y rounded once to f16.
  ln_f32:   X, Skip 263x131 f32, Bias, Scale, B [131];
            Sum = (X + Skip) + Bias, each add rounded once to f32,
            Y = LayerNormalization(Sum, Scale, B).
  ln_f16:   X, Skip 37x200 f16, Bias, Scale, B [200] f16; as ln_f32 with
            each add rounded to f16, Y rounded once to f16.

The reference is test/lib/reference.py's (float64), applied to the sum as
the module computes it (each elementwise add is one IEEE operation: the
float64 sum of two values of the type, rounded once); it does not use the
project's code.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                *[".."] * 3, "lib"))
from reference import layer_normalization, rms_normalization  # noqa: E402


def add(a, b, ty):
    """a + b as one IEEE operation of type `ty`: exact, rounded once."""
    return (a.astype(np.float64) + b.astype(np.float64)).astype(ty)


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20261202)
files = {}

for name, rows, cols, ty, tname in [("f32", 263, 131, np.float32, "f32"),
                                    ("f16", 37, 200, np.float16, "f16")]:
    # Rows of different offsets and spreads; Skip of the same size, so that
    # the sum differs from both.
    x = (rng.standard_normal((rows, cols)) * rng.uniform(0.5, 4, (rows, 1))
         + rng.uniform(-1, 1, (rows, 1))).astype(ty)
    skip = rng.standard_normal((rows, cols)).astype(ty)
    bias = (rng.standard_normal(cols) * 0.5).astype(ty)
    scale = rng.standard_normal(cols).astype(ty)
    b = rng.standard_normal(cols).astype(ty)

    total = add(x, skip, ty)
    y, _ = rms_normalization(total, scale, axis=1, epsilon=1e-5,
                             x_type=tname)
    files.update({f"rms_{name}_x": x, f"rms_{name}_skip": skip,
                  f"rms_{name}_scale": scale,
                  f"rms_{name}_y": y.astype(ty), f"rms_{name}_sum": total})

    total = add(add(x, skip, ty), bias, ty)
    y, _, _ = layer_normalization(total, scale, b, axis=1, epsilon=1e-5)
    files.update({f"ln_{name}_x": x, f"ln_{name}_skip": skip,
                  f"ln_{name}_bias": bias, f"ln_{name}_scale": scale,
                  f"ln_{name}_b": b, f"ln_{name}_y": y.astype(ty),
                  f"ln_{name}_sum": total})

for name, value in files.items():
    np.save(os.path.join(out, name + ".npy"), value)
