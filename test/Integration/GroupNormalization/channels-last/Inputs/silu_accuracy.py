#!/usr/bin/python3
"""The accuracy of GroupNormalization's SiLU (ONNX Runtime's activation = 1;
buildSiLU in lib/Conversion/NormToLinalg/GroupNormalization.cpp) as the
compiled code computes it, against a float64 reference (docs/numerics.md).

X is zeros [1, 1, C] and Scale zeros, so that Y = B + 0 exactly and B holds
the SiLU arguments: for f16 all 65536 bit patterns, for f32 a dense sweep
(every 2039th bit pattern of each sign, so every binade from the smallest
subnormal to the largest finite value, 2^20 evenly spaced points of
[-90, 90], and the special values).

  silu_accuracy.py gen DIR f16|f32    writes DIR/x.npy, scale.npy, b.npy
  silu_accuracy.py check DIR f16|f32  reads DIR/b.npy and DIR/y.npy (the
                                      kernel's Y), asserts the bounds below
                                      and prints what it measured

f32, against SiLU(y) = y / (1 + exp(-y)) in float64:
  * every finite y, also below -88.37 where exp(-y) overflows f32 (and
    below -709.78, where the float64 reference is -0): the error is at
    most F32_ULP_BOUND units in the last place of the reference (its f32
    ulp; 2^-149 below the normal range, so that subnormal results, y in
    [-103.3, -87.3], are within F32_ULP_BOUND * 2^-149 and results for y
    below -104 must be -0 or the smallest subnormal);
  * +inf gives +inf, -inf and NaN give NaN.
f16: each result is the float64 reference rounded once to f16 (numpy's
conversion rounds correctly), except where the reference lies within
F32_ULP_BOUND f32 ulps of the midpoint of two f16 neighbours; there the
result is one of the two. Any other difference fails.
"""

import os
import sys

import numpy as np

# The bound asserted above, in f32 ulps of the float64 reference.
F32_ULP_BOUND = 4.0


def arguments(kind):
    if kind == "f16":
        return np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    positive = np.arange(0, 0x7F800000, 2039, dtype=np.uint32)
    strided = np.concatenate([positive, positive | np.uint32(0x80000000)])
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 88.0, -88.0,
                         -88.37, -88.38, -89.0, 87.0, 87.5,
                         np.finfo(np.float32).max, -np.finfo(np.float32).max,
                         np.finfo(np.float32).tiny, -np.finfo(np.float32).tiny],
                        dtype=np.float32)
    return np.concatenate([strided.view(np.float32),
                           np.linspace(-90, 90, 1 << 20, dtype=np.float32),
                           specials])


def gen(directory, kind):
    b = arguments(kind)
    os.makedirs(directory, exist_ok=True)
    np.save(os.path.join(directory, "x.npy"), np.zeros((1, 1, b.size), b.dtype))
    np.save(os.path.join(directory, "scale.npy"), np.zeros(b.size, b.dtype))
    np.save(os.path.join(directory, "b.npy"), b)


def reference(b):
    """SiLU of Y = B + 0 (-0 becomes +0, as 0 * Scale + B does) in float64."""
    with np.errstate(all="ignore"):
        y = b.astype(np.float64) + 0.0
        return y, y / (1 + np.exp(-y))


def ulp32(values):
    """The f32 ulp of each float64 value: 2^(e - 23) for |v| in [2^e,
    2^(e+1)), 2^-149 below 2^-126."""
    _, exponent = np.frexp(np.abs(values))
    return np.ldexp(1.0, np.maximum(exponent - 24, -149))


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def check_f32(b, got):
    y, want = reference(b)
    got = got.astype(np.float64)
    nan = np.isnan(y) | (y == -np.inf)
    if not np.all(np.isnan(got[nan])):
        fail("NaN or -inf argument without a NaN result")
    if not np.all(got[y == np.inf] == np.inf):
        fail("SiLU(+inf) is not +inf")
    finite = np.isfinite(y)
    body = finite
    error = np.abs(got[body] - want[body]) / ulp32(want[body])
    worst = int(np.argmax(error))
    if not error[worst] <= F32_ULP_BOUND:
        fail("f32 error %.3f ulp at y = %r" % (error[worst], y[body][worst]))
    tail = finite & (y < -88)
    tail_error = np.abs(got[tail] - want[tail]) / ulp32(want[tail])
    print("f32: %d arguments, %d finite: largest error %.3f ulp "
          "(bound %g), at y = %r; %d below -88: largest error %.3f ulp"
          % (b.size, body.sum(), error[worst], F32_ULP_BOUND,
             float(y[body][worst]), tail.sum(), tail_error.max()))


def check_f16(b, got):
    y, want = reference(b)
    nan = np.isnan(want)
    if not np.array_equal(nan, np.isnan(got)):
        fail("NaN results differ from the reference's")
    rounded = want.astype(np.float16)
    same = (got.view(np.uint16) == rounded.view(np.uint16)) | nan
    if np.any(~same):
        # Each other result must be the other f16 neighbour of the
        # reference, with the reference near their midpoint.
        w, r, g = want[~same], rounded[~same], got[~same]
        other = np.nextafter(r, np.where(g > r, np.float16(np.inf),
                                         np.float16(-np.inf)))
        lo = np.minimum(r, g).astype(np.float64)
        hi = np.maximum(r, g).astype(np.float64)
        distance = np.abs(w - (lo + hi) / 2) / ulp32(w)
        ok = (other.view(np.uint16) == g.view(np.uint16)) & (lo <= w) & \
            (w <= hi) & (distance <= F32_ULP_BOUND)
        if not np.all(ok):
            i = int(np.argmin(ok))
            fail("f16 result %r for y = %r, reference %r (correctly rounded "
                 "%r)" % (float(g[i]), float(y[~same][i]), float(w[i]),
                          float(r[i])))
    print("f16: %d arguments: %d results are the correctly rounded "
          "reference, %d the other neighbour of a reference within %g f32 "
          "ulp of an f16 midpoint" % (b.size, same.sum(), (~same).sum(),
                                      F32_ULP_BOUND))


def main():
    mode, directory, kind = sys.argv[1:4]
    if mode == "gen":
        gen(directory, kind)
        return
    b = np.load(os.path.join(directory, "b.npy"))
    got = np.load(os.path.join(directory, "y.npy")).reshape(-1)
    if got.dtype != b.dtype or got.size != b.size:
        fail("y.npy is %s [%d], expected %s [%d]"
             % (got.dtype, got.size, b.dtype, b.size))
    (check_f16 if kind == "f16" else check_f32)(b, got)


if __name__ == "__main__":
    main()
