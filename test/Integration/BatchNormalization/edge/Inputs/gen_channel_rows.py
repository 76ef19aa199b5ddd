#!/usr/bin/env python3
"""Writes inputs and float64 references for
test/Integration/BatchNormalization/edge/channel-rows-threads.mlir as .npy
files into argv[1]: BatchNormalization on X large enough for the lowering's
scf.forall over the N * C channel planes to run on threads.

  f32:  X [2, 40, 37, 29] f32 (80 planes of 1073 elements: not a whole
        number of vector tiles), f32 operands.
  f16:  X [5, 7, 64, 48] f16 (35 planes of 3072), f32 operands.
  big:  X [4, 64, 128, 128] f32 (16 MiB: the size from which Y is written
        with non-temporal stores), f32 operands, X near a large mean.

The reference is written here from docs/semantics.md (BatchNormalization), in
float64 with NumPy, not from the lowering:
Y = (X - input_mean[c]) * scale[c] / sqrt(input_var[c] + epsilon) + B[c]
with epsilon the f32 1e-5, rounded once to X's type.
"""
import os
import sys

import numpy as np

EPSILON = np.float64(np.float32(1e-5))


def batch_norm(x, scale, bias, mean, var):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    f = lambda a: a.astype(np.float64).reshape(shape)
    return (x.astype(np.float64) - f(mean)) * (
        f(scale) / np.sqrt(f(var) + EPSILON)) + f(bias)


def write(out, name, shape, x_type, rng, offset=0.0):
    c = shape[1]
    mean = (offset + rng.normal(0.0, 1.0, c)).astype(np.float32)
    x = (mean.reshape((1, c) + (1,) * (len(shape) - 2)) +
         rng.normal(0.0, 2.0, shape)).astype(x_type)
    scale = rng.uniform(0.5, 2.0, c).astype(np.float32)
    bias = rng.normal(0.0, 1.0, c).astype(np.float32)
    var = rng.uniform(0.1, 4.0, c).astype(np.float32)
    y = batch_norm(x, scale, bias, mean, var).astype(x_type)
    for key, value in (("x", x), ("scale", scale), ("b", bias),
                       ("mean", mean), ("var", var), ("y", y)):
        np.save(os.path.join(out, "%s_%s.npy" % (name, key)), value)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20)
    write(out, "f32", (2, 40, 37, 29), np.float32, rng)
    write(out, "f16", (5, 7, 64, 48), np.float16, rng)
    write(out, "big", (4, 64, 128, 128), np.float32, rng, offset=1000.0)


if __name__ == "__main__":
    main()
