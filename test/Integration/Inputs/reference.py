"""Independent float64 reference implementations of the three norm ops.

Written from the formulas in /work/shared/spec/semantics.md and the ONNX
operator texts (LpNormalization, ai.onnx.ml Normalizer, LayerNormalization
opset 17), NOT from the project's lowering. Every function takes the exact
input values, computes in float64 and returns float64; the caller rounds the
result ONCE to the output type with the helpers at the bottom.

Used only to (re)generate fixtures; the lit tests never run Python.
"""

import numpy as np

# ---------------------------------------------------------------------------
# Ops (float64)
# ---------------------------------------------------------------------------


def lp_normalization(x, axis=-1, p=2):
    """Y = X / ||X||_p along axis; ||.||_1 = sum|x|, ||.||_2 = sqrt(sum x^2).

    A slice whose norm is 0 gives 0 (opset 22 text); NaN/Inf follow IEEE
    arithmetic (a NaN norm is not 0, so NaN propagates).
    """
    x = np.asarray(x, dtype=np.float64)
    assert x.ndim >= 1 and -x.ndim <= axis < x.ndim and p in (1, 2)
    if p == 1:
        norm = np.sum(np.abs(x), axis=axis, keepdims=True)
    else:
        # Scale by max|x| so that float64 itself cannot overflow/underflow
        # on extreme inputs (it never matters for the fixtures' ranges).
        m = np.max(np.abs(x), axis=axis, keepdims=True)
        safe = np.where((m == 0) | ~np.isfinite(m), 1.0, m)
        norm = safe * np.sqrt(np.sum((x / safe) ** 2, axis=axis, keepdims=True))
        with np.errstate(over="ignore", invalid="ignore"):
            norm = np.where(np.isfinite(m), norm,
                            np.sqrt(np.sum(x * x, axis=axis, keepdims=True)))
    with np.errstate(invalid="ignore", divide="ignore"):
        y = x / norm
    return np.where(norm == 0, 0.0, y)


def normalizer(x, norm="MAX"):
    """ai.onnx.ml Normalizer on [C] or [N, C], rows along C.

    MAX: X / max(X) (signed max);  L1: X / sum|X|;  L2: X / sqrt(sum X^2)
    (sign kept). Where the divisor is 0, Y = X. Integers are converted to
    float64 exactly (asserted).
    """
    xa = np.asarray(x)
    x64 = xa.astype(np.float64)
    if np.issubdtype(xa.dtype, np.integer):
        assert np.all(np.abs(xa.astype(object)) < 2 ** 53), "inexact int->f64"
        assert np.array_equal(x64.astype(xa.dtype), xa)
    assert x64.ndim in (1, 2)
    if norm == "MAX":
        d = np.max(x64, axis=-1, keepdims=True)
    elif norm == "L1":
        d = np.sum(np.abs(x64), axis=-1, keepdims=True)
    elif norm == "L2":
        d = np.sqrt(np.sum(x64 * x64, axis=-1, keepdims=True))
    else:
        raise ValueError(norm)
    with np.errstate(invalid="ignore", divide="ignore"):
        y = x64 / d
    return np.where(d == 0, x64, y)


def layer_normalization(x, scale, b=None, axis=-1, epsilon=1e-5):
    """LayerNormalization opset 17, two-pass, all in float64.

    epsilon is an f32 attribute: the value used is float32(epsilon), exactly.
    Scale and B broadcast unidirectionally (right-aligned NumPy) to X.
    Returns (Y, Mean, InvStdDev); Mean/InvStdDev have shape
    [d0..d(axis-1), 1, ..., 1].
    """
    x = np.asarray(x, dtype=np.float64)
    r = x.ndim
    assert r >= 1 and -r <= axis < r
    if axis < 0:
        axis += r
    axes = tuple(range(axis, r))
    eps = float(np.float32(epsilon))
    mean = np.mean(x, axis=axes, keepdims=True)
    d = x - mean
    var = np.mean(d * d, axis=axes, keepdims=True)
    inv_std_dev = 1.0 / np.sqrt(var + eps)
    normalized = d * inv_std_dev
    scale = np.asarray(scale, dtype=np.float64)
    assert scale.ndim <= r
    y = normalized * scale
    if b is not None:
        y = y + np.asarray(b, dtype=np.float64)
    assert y.shape == x.shape, "Scale/B must broadcast to X's shape"
    return y, mean, inv_std_dev


# ---------------------------------------------------------------------------
# Rounding once to the storage type
# ---------------------------------------------------------------------------


def f32_to_bf16_bits(a):
    """float32 -> bfloat16 bits, round to nearest even, by hand.

    NaN stays a (quiet) NaN; overflow rounds to +-Inf as IEEE does.
    """
    a = np.asarray(a, dtype=np.float32)
    flat = np.array(a.reshape(-1), order="C")
    u = flat.view(np.uint32).astype(np.uint64)
    lsb = (u >> np.uint64(16)) & np.uint64(1)
    rounded = ((u + np.uint64(0x7FFF) + lsb) >> np.uint64(16)).astype(np.uint16)
    nan = np.isnan(flat)
    rounded[nan] = ((u[nan] >> np.uint64(16)) | np.uint64(0x0040)).astype(np.uint16)
    return rounded.reshape(a.shape)


def f64_to_bf16_bits(a):
    """float64 -> bfloat16 bits rounded ONCE (no double rounding via f32).

    bf16: 8 significant bits, exponent range of f32 (min normal 2^-126,
    subnormal spacing 2^-133, max finite (2 - 2^-7) * 2^127).
    """
    a = np.asarray(a, dtype=np.float64)
    out = np.empty(a.shape, dtype=np.float64)
    for idx, v in np.ndenumerate(a):
        if not np.isfinite(v) or v == 0:
            out[idx] = v
            continue
        _, e = np.frexp(abs(v))            # |v| = m * 2^e, m in [0.5, 1)
        ulp = np.ldexp(1.0, max(int(e) - 1, -126) - 7)
        r = np.rint(abs(v) / ulp) * ulp    # exact scaling; rint is RNE
        if r >= np.ldexp(1.0, 128) - np.ldexp(1.0, 127 - 8):
            r = np.inf                     # beyond max finite + half ulp
        out[idx] = np.copysign(r, v)
    f32 = out.astype(np.float32)           # exact: every bf16 is an f32
    assert np.array_equal(f32.astype(np.float64), out, equal_nan=True)
    bits = f32_to_bf16_bits(f32)
    assert np.array_equal(bf16_bits_to_f64(bits), out, equal_nan=True)
    return bits


def bf16_bits_to_f64(bits):
    bits = np.asarray(bits, dtype=np.uint16)
    wide = np.array(bits.reshape(-1), dtype=np.uint32) << np.uint32(16)
    return wide.view(np.float32).astype(np.float64).reshape(bits.shape)


def round_to(a, ty):
    """Round float64 values once to `ty`; returns the array as stored in .npy
    (bf16 as '<u2' bits)."""
    a = np.asarray(a, dtype=np.float64)
    if ty == "f64":
        return a.astype("<f8")
    if ty == "f32":
        return a.astype("<f4")        # IEEE RNE, one rounding
    if ty == "f16":
        return a.astype("<f2")        # numpy rounds double->half directly
    if ty == "bf16":
        return f64_to_bf16_bits(a).astype("<u2")
    raise ValueError(ty)


def stored_to_f64(a, ty):
    """The exact values of a stored array."""
    if ty == "bf16":
        return bf16_bits_to_f64(a)
    return np.asarray(a).astype(np.float64)


NP_DTYPE = {"f64": "<f8", "f32": "<f4", "f16": "<f2", "bf16": "<u2",
            "i32": "<i4", "i64": "<i8"}


def ulp(v, ty):
    """Spacing of `ty` at |v| (for 2-ulp tolerance reasoning)."""
    v = np.abs(np.asarray(v, dtype=np.float64))
    mant, min_exp = {"f16": (11, -14), "bf16": (8, -126), "f32": (24, -126),
                     "f64": (53, -1022)}[ty]
    _, e = np.frexp(np.where(v == 0, 1e-300, v))
    return np.ldexp(1.0, np.maximum(e - 1, min_exp) - (mant - 1))
