#!/usr/bin/env python3
"""Compares test/lib/reference.py's LayerNormalization on f64 offset data
with an exact computation (see ../layernorm-f64-offset.test); prints the
count of elements within 1e-15 relative, and each that is not."""
import os
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "lib"))
import reference  # noqa: E402

getcontext().prec = 50
rng = np.random.default_rng(20261206)
x = rng.standard_normal((400, 2)) * 3 + 100
scale = rng.standard_normal(2)
b = rng.standard_normal(2)
y = reference.layer_normalization(x, scale, b)[0]


def dec(f):
    return Decimal(f.numerator) / Decimal(f.denominator)


eps = Fraction(float(np.float32(1e-5)))
good = 0
for i in range(x.shape[0]):
    row = [Fraction(v) for v in x[i]]
    mean = sum(row) / len(row)
    std = dec(sum((v - mean) ** 2 for v in row) / len(row) + eps).sqrt()
    for k in range(x.shape[1]):
        exact = dec(row[k] - mean) / std * Decimal(scale[k]) + Decimal(b[k])
        if abs(Decimal(y[i, k]) - exact) <= Decimal("1e-15") * abs(exact):
            good += 1
        else:
            print(f"row {i} col {k}: reference {y[i, k]!r}, exact {exact:.20g}")
print(f"reference.py LayerNormalization: {good} of {x.size} elements "
      "within 1e-15 of exact")
