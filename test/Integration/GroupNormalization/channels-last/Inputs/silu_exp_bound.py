#!/usr/bin/python3
"""The error bound of GroupNormalization's f32 SiLU (docs/numerics.md, ONNX
Runtime's SiLU; buildExpF32 and buildSiLU in
lib/Conversion/NormToLinalg/GroupNormalization.cpp): a NumPy simulation of
the lowering's f32 steps (each fused multiply-add rounded once) against
float64, over 8 million points of the exp's range and of SiLU's argument.

Run with the system Python (numpy only):
  /usr/bin/python3 test/Integration/GroupNormalization/channels-last/Inputs/silu_exp_bound.py
It prints the largest relative errors; the tests do not run it.
"""

import numpy as np

f32 = np.float32
# The degree-5 minimax polynomial for exp(r), |r| <= ln(2) / 2, constant first.
COEFFS = [1.0000001192092896, 0.9999997019767761, 0.49998894333839417,
          0.16667574644088745, 0.0419154167175293, 0.008297630585730076]


def fma(a, b, c):
    """f32 a * b + c rounded once (a * b is exact in float64)."""
    return f32(a.astype(np.float64) * b + np.float64(c))


def exp_f32(x):
    x = f32(x)
    c = np.where(f32(-87) > x, f32(-87), x)
    c = np.where(f32(89) < c, f32(89), c)
    magic = f32(12582912.0 + 127)
    t = fma(c, f32(1.44269504088896341), magic)
    k = f32(t - magic)
    r = fma(k, f32(-0.693359375), c)
    r = fma(k, f32(2.12194440e-4), r)
    p = f32(COEFFS[-1])
    for coefficient in COEFFS[-2::-1]:
        p = fma(p, r, f32(coefficient))
    bits = (t.view(np.uint32) << np.uint32(23)).astype(np.uint32)
    return f32(p * bits.view(f32))


def silu_f32(y):
    y = f32(y)
    return f32(y / f32(f32(1) + exp_f32(-y)))


def main():
    x = np.concatenate([np.linspace(-87, 88.37, 8000001),
                        np.linspace(-1, 1, 2000001)]).astype(f32)
    rel = np.abs(exp_f32(x) / np.exp(x.astype(np.float64)) - 1)
    print("exp: largest relative error %.3g" % rel.max())
    y = np.concatenate([np.linspace(-100, 100, 4000001),
                        np.linspace(-20, 20, 4000001),
                        -np.logspace(-30, 38.5, 100000),
                        np.logspace(-30, 38.5, 100000)]).astype(f32)
    y64 = y.astype(np.float64)
    with np.errstate(all="ignore"):
        want = y64 / (1 + np.exp(-y64))
        got = silu_f32(y)
    err = np.abs(got - want)
    big = np.abs(want) > 1e-30
    print("silu: largest relative error %.3g (|ref| > 1e-30)"
          % (err[big] / np.abs(want[big])).max())
    print("silu: largest error / (1e-6 + 1e-5 |ref|) %.3g"
          % (err / (1e-6 + 1e-5 * np.abs(want))).max())


if __name__ == "__main__":
    main()
