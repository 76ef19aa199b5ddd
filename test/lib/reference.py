"""The float64 reference of the norm ops, and rounding to storage types.

The one reference that every test generator and the property suite import:
the generators in test/Integration/Inputs, the two next to their tests
(gen_fused_stats.py, convert_onnx_testdata.py),
test/Pipelines/Inputs/gen_parallel.py and test/Property/property.py. Written
from the formulas of docs/semantics.md and the ONNX operator texts
(docs/spec/LpNormalization.txt, Normalizer.txt, LayerNormalization.txt;
RMSNormalization, BatchNormalization, InstanceNormalization and
GroupNormalization from docs/semantics.md alone),
NOT from the project's lowering. Every op function takes the exact input
values, computes in float64 and returns float64; a caller rounds the result
ONCE to the output type with round_to().

Importers put this directory on sys.path by a path relative to their own
__file__ (no installed package, no absolute path), then `import reference`.
"""

import numpy as np

# ---------------------------------------------------------------------------
# Ops (float64)
# ---------------------------------------------------------------------------


def l2_norm(x, axis):
    """sqrt(sum x^2) along axis (keepdims), scaled by max|x| so that float64
    itself cannot overflow or underflow on extreme inputs; a slice holding an
    infinity or a NaN gets the plain IEEE formula."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        # initial=0: an empty slice has norm 0 (and |x| >= 0 anyway).
        m = np.max(np.abs(x), axis=axis, keepdims=True, initial=0.0)
        safe = np.where((m == 0) | ~np.isfinite(m), 1.0, m)
        scaled = safe * np.sqrt(np.sum((x / safe) ** 2, axis=axis,
                                       keepdims=True))
        plain = np.sqrt(np.sum(x * x, axis=axis, keepdims=True))
    return np.where(np.isfinite(m), scaled, plain)


def lp_normalization(x, axis=-1, p=2):
    """Y = X / ||X||_p along axis; ||.||_1 = sum|x|, ||.||_2 = l2_norm.

    A slice whose norm is 0 gives 0 (opset 22 text); NaN/Inf follow IEEE
    arithmetic (a NaN norm is not 0, so NaN propagates).
    """
    x = np.asarray(x, dtype=np.float64)
    assert x.ndim >= 1 and -x.ndim <= axis < x.ndim and p in (1, 2)
    if p == 1:
        with np.errstate(invalid="ignore", over="ignore"):
            norm = np.sum(np.abs(x), axis=axis, keepdims=True)
    else:
        norm = l2_norm(x, axis)
    with np.errstate(invalid="ignore", divide="ignore"):
        y = x / norm
    return np.where(norm == 0, 0.0, y)


def normalizer(x, norm="MAX"):
    """ai.onnx.ml Normalizer on [C] or [N, C], rows along C.

    MAX: X / max(X) (the signed maximum; NaN propagates); L1: X / sum|X|;
    L2: X / l2_norm(X) (sign kept). Where the divisor is 0, Y = X. Integer
    arrays are converted to float64 exactly (asserted).
    """
    xa = np.asarray(x)
    x64 = xa.astype(np.float64)
    if np.issubdtype(xa.dtype, np.integer):
        assert np.all(np.abs(xa.astype(object)) < 2 ** 53), "inexact int->f64"
        assert np.array_equal(x64.astype(xa.dtype), xa)
    assert x64.ndim in (1, 2)
    with np.errstate(invalid="ignore", over="ignore"):
        if norm == "MAX":
            d = np.max(x64, axis=-1, keepdims=True)
        elif norm == "L1":
            d = np.sum(np.abs(x64), axis=-1, keepdims=True)
        elif norm == "L2":
            d = l2_norm(x64, -1)
        else:
            raise ValueError(norm)
    with np.errstate(invalid="ignore", divide="ignore"):
        y = x64 / d
    return np.where(d == 0, x64, y)


def layer_normalization(x, scale, b=None, axis=-1, epsilon=1e-5):
    """LayerNormalization opset 17, two-pass.

    Computed in np.longdouble (x86-64: 64-bit significand; AArch64: IEEE
    quad) and returned as float64: on f64 data with an offset (values near
    100 with a spread of 3) a float64 Mean is off by up to half an ulp of the
    offset, which D = X - Mean carries into every Y as an absolute error of
    about 1e-14 * InvStdDev * Scale; where N * Scale + B nearly cancel, that
    exceeded a relative tolerance of 1e-12 of the exact Y. The wider format
    keeps the reference's own error far below the tests' tolerances.
    epsilon is an f32 attribute: the value used is float32(epsilon), exactly.
    Scale and B broadcast unidirectionally (right-aligned NumPy) to X.
    Returns (Y, Mean, InvStdDev) as float64; Mean/InvStdDev have shape
    [d0..d(axis-1), 1, ..., 1]. An empty normalized part gives NaN
    statistics (ReduceMean of an empty set).
    """
    x = np.asarray(x, dtype=np.float64)
    r = x.ndim
    assert r >= 1 and -r <= axis < r
    if axis < 0:
        axis += r
    axes = tuple(range(axis, r))
    wide = np.longdouble
    eps = wide(float(np.float32(epsilon)))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        xw = x.astype(wide)
        mean = np.mean(xw, axis=axes, keepdims=True)
        d = xw - mean
        var = np.mean(d * d, axis=axes, keepdims=True)
        inv_std_dev = wide(1) / np.sqrt(var + eps)
        normalized = d * inv_std_dev
        scale = np.asarray(scale, dtype=np.float64)
        assert scale.ndim <= r
        y = normalized * scale.astype(wide)
        if b is not None:
            y = y + np.asarray(b, dtype=np.float64).astype(wide)
    assert y.shape == x.shape, "Scale/B must broadcast to X's shape"
    return (y.astype(np.float64), mean.astype(np.float64),
            inv_std_dev.astype(np.float64))


def rms_normalization(x, scale, axis=-1, epsilon=1e-5, x_type="f64"):
    """RMSNormalization opset 23 as docs/semantics.md rules it, in float64.

    RMS = sqrt(mean(X^2) + eps) over [axis, r), eps = float32(epsilon)
    exactly, formed as hypot(||X||_2 / sqrt(n), sqrt(eps)) with l2_norm's
    max|x| scaling, so that float64 itself neither overflows nor underflows;
    Normalized = X / RMS rounded ONCE to `x_type` (T, the spec body's
    Cast(Normalized, T)); Y = Normalized * Scale (NumPy broadcasting), which
    the caller rounds once to Scale's type. Returns (Y, InvStdDev), InvStdDev
    = 1 / RMS of shape [d0..d(axis-1), 1, ..., 1]. A zero slice gives Y = 0
    and InvStdDev = 1/sqrt(eps) (NaN and inf with eps = 0); an empty slice
    (n = 0) gives NaN.
    """
    x = np.asarray(x, dtype=np.float64)
    r = x.ndim
    assert r >= 1 and -r <= axis < r
    if axis < 0:
        axis += r
    axes = tuple(range(axis, r))
    n = float(np.prod([x.shape[a] for a in axes]))
    eps = float(np.float32(epsilon))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        rms = l2_norm(x, axes) / np.sqrt(n)
        denominator = np.hypot(rms, np.sqrt(eps))
        inv_std_dev = 1.0 / denominator
        normalized = x / denominator
        if eps == 0.0:
            # A root mean square in or near float64's subnormal range has
            # lost its digits there (f64 [5e-324, -5e-324, 5e-324, 0]):
            # such slices (0 < max|x| < 2^-1000) take (X / m) / sqrt(s / n)
            # and (1 / m) / sqrt(s / n), m = max|x|, s = sum((x / m)^2).
            # Any other epsilon keeps RMS >= sqrt(eps) >= 3.7e-23.
            m = np.max(np.abs(x), axis=axes, keepdims=True, initial=0.0)
            tiny = (m > 0) & (m < 2.0 ** -1000)
            safe = np.where(tiny, m, 1.0)
            root = np.sqrt(np.sum((x / safe) ** 2, axis=axes, keepdims=True)
                           / n)
            normalized = np.where(tiny, (x / safe) / root, normalized)
            inv_std_dev = np.where(tiny, (1.0 / safe) / root, inv_std_dev)
        normalized = stored_to_f64(round_to(normalized, x_type), x_type)
        scale = np.asarray(scale, dtype=np.float64)
        assert scale.ndim <= r
        y = normalized * scale
    assert y.shape == x.shape, "Scale must broadcast to X's shape"
    return y, inv_std_dev


def _channel_view(a, ndim):
    """A [C] array as [1, C, 1, ..., 1] for an X of rank ndim."""
    a = np.asarray(a, dtype=np.float64)
    assert a.ndim == 1
    return a.reshape((1, a.shape[0]) + (1,) * (ndim - 2))


def batch_normalization(x, scale, b, mean, var, epsilon=1e-5):
    """BatchNormalization opset 15, inference (docs/semantics.md), in float64:
    Y = (X - mean[c]) / sqrt(var[c] + eps) * scale[c] + B[c] over X
    [N, C, D1, ..., Dn], eps = float32(epsilon) exactly."""
    x = np.asarray(x, dtype=np.float64)
    assert x.ndim >= 2
    eps = float(np.float32(epsilon))
    v = [_channel_view(a, x.ndim) for a in (scale, b, mean, var)]
    assert all(a.shape[1] == x.shape[1] for a in v)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        return (x - v[2]) / np.sqrt(v[3] + eps) * v[0] + v[1]


def group_normalization(x, scale, b, num_groups, epsilon=1e-5):
    """GroupNormalization opset 21 (docs/semantics.md), in float64: per n and
    group of C / num_groups consecutive channels (with all their spatial
    elements), Mean and the two-pass Var, InvStdDev = 1 / sqrt(Var + eps),
    Y = (X - Mean) * InvStdDev * scale[c] + B[c]; eps = float32(epsilon)
    exactly, scale and B of shape [C].

    The mean is kept as an unevaluated sum m + corr (m = the float64 mean,
    corr = mean(X - m), its rounding error to first order), and the
    deviations are (X - m) - corr: on offset data (1e4 + N(0, 0.01)) the
    rounding of a float64 mean alone would move Y by 1e-10 relatively, above
    the f64 tolerance. Returns (Y, Mean, InvStdDev), the statistics of shape
    [N, num_groups]. An empty group gives NaN statistics."""
    x = np.asarray(x, dtype=np.float64)
    assert x.ndim >= 2 and num_groups >= 1
    n, c = x.shape[:2]
    assert c % num_groups == 0
    size = (c // num_groups) * int(np.prod(x.shape[2:], dtype=np.int64))
    groups = x.reshape(n, num_groups, size)
    eps = float(np.float32(epsilon))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        m = np.mean(groups, axis=-1, keepdims=True)
        d = groups - m
        corr = np.mean(d, axis=-1, keepdims=True)
        d = d - corr
        var = np.mean(d * d, axis=-1, keepdims=True)
        inv_std_dev = 1.0 / np.sqrt(var + eps)
        normalized = (d * inv_std_dev).reshape(x.shape)
        y = (normalized * _channel_view(scale, x.ndim)
             + _channel_view(b, x.ndim))
    return y, (m + corr)[..., 0], inv_std_dev[..., 0]


def instance_normalization(x, scale, b, epsilon=1e-5):
    """InstanceNormalization opset 6/22 (docs/semantics.md): group
    normalization with one group per channel over X [N, C, D1, ..., Dn]
    (rank >= 3). Returns Y (float64)."""
    x = np.asarray(x, dtype=np.float64)
    assert x.ndim >= 3
    return group_normalization(x, scale, b, x.shape[1], epsilon)[0]


# ---------------------------------------------------------------------------
# Storage types: rounding once, exact values, spacing
# ---------------------------------------------------------------------------

NP_DTYPE = {"f64": "<f8", "f32": "<f4", "f16": "<f2", "bf16": "<u2",
            "i32": "<i4", "i64": "<i8"}
# (significant bits including the implicit one, minimum normal exponent)
FLOAT_FORMAT = {"f16": (11, -14), "bf16": (8, -126), "f32": (24, -126),
                "f64": (53, -1022)}


def f64_to_bf16_bits(a):
    """float64 -> bfloat16 bit patterns ('<u2'), rounded ONCE to nearest
    even (no double rounding through f32). bf16 has 8 significant bits and
    f32's exponent range: min normal 2^-126, subnormal spacing 2^-133; a
    magnitude from the largest finite bf16 plus half an ulp up rounds to
    infinity. NaN stays a quiet NaN."""
    a = np.asarray(a, dtype=np.float64)
    _, e = np.frexp(a)                 # |a| = m * 2^e, 0.5 <= m < 1
    q = np.exp2(np.maximum(e - 8, -133).astype(np.float64))  # bf16 spacing
    with np.errstate(over="ignore", invalid="ignore"):
        r = np.where(np.isfinite(a), np.round(a / q) * q, a)  # round: even
        f32 = r.astype(np.float32)     # exact: r has <= 8 significant bits
    bits = (f32.reshape(-1).view(np.uint32) >> 16).astype("<u2")
    bits = bits.reshape(a.shape)
    assert np.array_equal(bf16_bits_to_f64(bits), f32.astype(np.float64),
                          equal_nan=True)
    return bits


def bf16_bits_to_f64(bits):
    """The exact values of bf16 bit patterns."""
    bits = np.asarray(bits, dtype=np.uint16)
    wide = np.array(bits.reshape(-1), dtype=np.uint32) << np.uint32(16)
    return wide.view(np.float32).astype(np.float64).reshape(bits.shape)


def round_to(a, ty):
    """Rounds values once to `ty`; returns the array as stored in .npy (bf16
    as '<u2' bits). Floats round to nearest even (NumPy converts float64 to
    f32 and f16 directly); integer types take the values as they are."""
    if ty == "bf16":
        return f64_to_bf16_bits(a)
    if ty in ("i32", "i64"):
        return np.asarray(a).astype(NP_DTYPE[ty])
    with np.errstate(over="ignore"):
        return np.asarray(a, dtype=np.float64).astype(NP_DTYPE[ty])


def stored_to_f64(a, ty):
    """The exact values of a stored array, as float64."""
    if ty == "bf16":
        return bf16_bits_to_f64(a)
    return np.asarray(a).astype(np.float64)


def ulp(v, ty):
    """Spacing of `ty`'s values at |v| (v float64, unrounded); at 0 the
    smallest subnormal spacing."""
    digits, emin = FLOAT_FORMAT[ty]
    a = np.abs(np.asarray(v, dtype=np.float64))
    _, e = np.frexp(np.where(a == 0, 1.0, a))  # a in [2^(e-1), 2^e)
    e = np.where(a == 0, emin + 1, e)
    return np.exp2((np.maximum(e - 1, emin) - (digits - 1)).astype(float))
