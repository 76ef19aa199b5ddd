#!/usr/bin/env python3
"""Writes the inputs and the float64 reference of a LayerNormalization over
the last axis of long rows of offset data (docs/semantics.md: "Offset data
is not an excuse"), as .npy files, without numpy:

  long_offset_rows.py OUT_DIR ROWS COLS SEED

X = 1000 + N(0, 1), Scale and B = N(0, 3), all rounded to f32; epsilon 1e-5
(the f32 attribute, widened). The reference is computed in float64 from the
f32 inputs (math.fsum: the exact sum, rounded once) and each result rounded
to f32: OUT_DIR/x.npy [ROWS, COLS], scale.npy and b.npy [COLS], y.npy
[ROWS, COLS], mean.npy and inv_std_dev.npy [ROWS, 1]."""

import math
import os
import random
import struct
import sys


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def write_npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join(f"{d}, " for d in shape) if len(shape) == 1
        else ", ".join(str(d) for d in shape))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack(f"<{len(values)}f", *values))


def main():
    out, rows, cols, seed = sys.argv[1], *map(int, sys.argv[2:5])
    rng = random.Random(seed)
    x = [f32(1000 + rng.gauss(0, 1)) for _ in range(rows * cols)]
    scale = [f32(rng.gauss(0, 3)) for _ in range(cols)]
    bias = [f32(rng.gauss(0, 3)) for _ in range(cols)]
    epsilon = f32(1e-5)
    y, mean, inv_std_dev = [], [], []
    for r in range(rows):
        row = x[r * cols:(r + 1) * cols]
        mu = math.fsum(row) / cols
        var = math.fsum((v - mu) ** 2 for v in row) / cols
        inv = 1 / math.sqrt(var + epsilon)
        y += [(v - mu) * inv * s + b for v, s, b in zip(row, scale, bias)]
        mean.append(mu)
        inv_std_dev.append(inv)
    os.makedirs(out, exist_ok=True)
    for name, shape, values in (("x", (rows, cols), x), ("scale", (cols,), scale),
                                ("b", (cols,), bias), ("y", (rows, cols), y),
                                ("mean", (rows, 1), mean),
                                ("inv_std_dev", (rows, 1), inv_std_dev)):
        write_npy(os.path.join(out, name + ".npy"), shape, values)


if __name__ == "__main__":
    main()
