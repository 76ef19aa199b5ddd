#!/usr/bin/env python3
"""Writes inputs and float64 references for
test/Integration/GroupNormalization/channels-last-mixed-c.mlir as .npy files
into argv[1]: norm.group_normalization with `channels_last` (X [N, D..., C],
ONNX Runtime's com.microsoft.GroupNorm) where C is static on one side and
dynamic on the other.

  f32:    X [2, 3, 2, 8] (offset 100 + N(0, 2) per group), scale and B [8],
          4 groups, no activation.
  silu:   X [3, 5, 12] f32, scale and B [12], 3 groups, SiLU.
  f16:    X [2, 2, 3, 8] f16, scale and B [8] f16, 2 groups.

The reference is written here from docs/semantics.md (GroupNormalization), in
float64 with NumPy, not from the lowering: per sample n and group g (channels
g K .. g K + K - 1 of every pixel, K = C / G) the two-pass Mean and Var,
Y = (X - Mean) / sqrt(Var + epsilon) * scale[c] + B[c], then SiLU
y / (1 + exp(-y)) with activation 1, rounded once to X's type.
"""
import os
import sys

import numpy as np

EPSILON = 1e-5


def group_norm_nhwc(x, scale, bias, groups, silu):
    x = x.astype(np.float64)
    n, c = x.shape[0], x.shape[-1]
    k = c // groups
    # [N, pixels, G, K] -> statistics over (pixels, K) per (n, g).
    v = x.reshape(n, -1, groups, k)
    mean = v.mean(axis=(1, 3), keepdims=True)
    var = ((v - mean) ** 2).mean(axis=(1, 3), keepdims=True)
    y = ((v - mean) / np.sqrt(var + np.float64(np.float32(EPSILON))))
    y = y.reshape(x.shape) * scale.astype(np.float64) + bias.astype(np.float64)
    if silu:
        y = y / (1.0 + np.exp(-y))
    return y


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20261202)
cases = [("f32", (2, 3, 2, 8), 4, False, np.float32, 100.0),
         ("silu", (3, 5, 12), 3, True, np.float32, 0.0),
         ("f16", (2, 2, 3, 8), 2, False, np.float16, 4.0)]
for name, shape, groups, silu, ty, offset in cases:
    c = shape[-1]
    spread = rng.uniform(0.5, 3, (shape[0],) + (1,) * (len(shape) - 2) + (c,))
    x = (offset + rng.standard_normal(shape) * spread).astype(ty)
    scale = rng.standard_normal(c).astype(ty)
    bias = rng.standard_normal(c).astype(ty)
    y = group_norm_nhwc(x, scale, bias, groups, silu).astype(ty)
    for suffix, array in [("x", x), ("scale", scale), ("b", bias), ("y", y)]:
        np.save(os.path.join(out, f"{name}_{suffix}.npy"), array)
