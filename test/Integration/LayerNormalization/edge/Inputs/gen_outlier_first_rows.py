#!/usr/bin/env python3
"""Writes inputs and float64 references for
test/Integration/LayerNormalization/edge/outlier-first-rows.mlir as .npy
files into argv[1]: f32 LayerNormalization rows of N(50, 30^2) whose first
element lies r standard deviations (of the row, outlier included) from the
row's mean, r from 2 to 64, for rows of 256, 1024, 2048 and 4096 elements
(16 rows each), and the row of a new user's run, [30000, N(0, 1) x 4095]
(Y 1.8 tolerances off before the first element's distance took the exact
recomputation).

The reference is written here from docs/semantics.md (LayerNormalization), in
float64 with NumPy, not from the lowering: Mean, Var = mean((X - Mean)^2),
InvStdDev = 1 / sqrt(Var + epsilon) with epsilon the f32 1e-5,
Y = (X - Mean) * InvStdDev * Scale + B, each rounded once to f32.
"""
import os
import sys

import numpy as np

EPSILON = np.float64(np.float32(1e-5))


def reference(x, scale, bias):
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1, keepdims=True)
    d = x64 - mean
    inv = 1.0 / np.sqrt((d * d).mean(axis=1, keepdims=True) + EPSILON)
    y = d * inv * scale.astype(np.float64) + bias.astype(np.float64)
    return y.astype(np.float32), mean.astype(np.float32), inv.astype(np.float32)


def distance(row, k):
    """|K - mean| / std of `row` with its first element set to K (f32)."""
    x = row.copy()
    x[0] = k
    x = x.astype(np.float32).astype(np.float64)
    return abs(x[0] - x.mean()) / x.std()


def rows(n, rng):
    """16 rows of n elements: N(50, 30^2), the first element r standard
    deviations of its row (outlier included) from the row's mean, r = 2, 4,
    6, 8, 12, 16, 24, 32, 48 and 64 capped at 0.95 sqrt(n - 1) (the largest
    possible distance is sqrt(n - 1)), alternating signs; r found by
    bisection on K."""
    x = rng.normal(50.0, 30.0, (16, n))
    for i, r in enumerate(([2, 4, 6, 8, 12, 16, 24, 32, 48, 64] * 2)[:16]):
        r = min(r, 0.95 * np.sqrt(n - 1))
        lo, hi = 0.0, 1e9
        for _ in range(200):
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if distance(x[i], mid) < r else (lo, mid)
        x[i, 0] = lo if i % 2 else -lo
    return x.astype(np.float32)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20261205)
    for n in (256, 1024, 2048, 4096):
        x = rows(n, rng)
        scale = rng.uniform(0.5, 2.0, n).astype(np.float32)
        bias = rng.normal(0.0, 1.0, n).astype(np.float32)
        y, mean, inv = reference(x, scale, bias)
        for name, value in (("x", x), ("scale", scale), ("b", bias), ("y", y),
                            ("mean", mean), ("inv", inv)):
            np.save(os.path.join(out, f"n{n}_{name}.npy"), value)
    x = np.random.default_rng(5).normal(0.0, 1.0, (1, 4096)).astype(np.float32)
    x[0, 0] = 30000.0
    scale = np.ones(4096, np.float32)
    bias = np.zeros(4096, np.float32)
    y, mean, inv = reference(x, scale, bias)
    for name, value in (("x", x), ("scale", scale), ("b", bias), ("y", y),
                        ("mean", mean), ("inv", inv)):
        np.save(os.path.join(out, f"user_{name}.npy"), value)


if __name__ == "__main__":
    main()
