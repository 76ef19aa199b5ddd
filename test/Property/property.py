#!/usr/bin/python3
"""Property tests of the norm ops against an independent float64 reference.

Generates random cases of norm.lp_normalization, norm.normalizer and
norm.layer_normalization (ranks 1-5, every axis including negative ones,
sizes 1, odd sizes 7/33/1023/2049/4099, static and dynamic shapes, every element type,
Scale/B broadcast forms, stash_type 1 and 16), then --rms-cases cases of
norm.rms_normalization (every X/Scale type pair, stash_type 1/10/11/16; from
a random stream of their own, so that the other cases stay those of the
seed), then --channel-cases cases of the channel normalizations (a third
stream): norm.group_normalization (NCHW, num_groups dividing C, ranks 2-5,
stash_type 1/10/11/16), norm.instance_normalization (ranks 3-5) and
norm.batch_normalization (ranks 2-5, X/scale and B/mean and var of
independent types T/T1/T2, channel planes shorter and longer than 16
elements), every element type, static and dynamic dims (C included),
offset data (e.g. 1e4 + N(0, 0.01), and BatchNormalization's input_mean
near X's offset); their modules run with norm-runner --threads=2, 1 and
the default in turn. Runs them through norm-runner
with .npy inputs and outputs, and compares every element with the float64
reference of test/lib/reference.py (written from docs/semantics.md and the
ONNX texts, not from the lowering).

Many cases share one module: case i becomes arguments and results of the one
function @main, so a batch costs one JIT compilation and one norm-runner
process.

Tolerances (docs/numerics.md), against the UNROUNDED float64 reference r:
  f64:       |a - r| <= 1e-15 + 1e-12 |r|
  f32:       |a - r| <= 1e-6 + 1e-5 |r|
  f16, bf16: |a - r| <= 2 ulp_T(r)
(plus the cancellation allowance of tolerance(); an infinite result passes
where r itself rounds to that infinity in T.)
The errors are also measured in ulps of the output type (ulp_T(r) is the
spacing of T's values at |r|; a correctly rounded result is <= 0.5 ulp), and
--report writes the worst error per (op, input type, result) as JSON.

Usage:
  property.py --runner build/bin/norm-runner --workdir /tmp/prop \
      [--seed 1] [--cases 300] [--rms-cases 75] [--channel-cases 0]
      [--batch 40]
      [--report worst.json] [-v] [RUNNER-FLAG ...]
Flags this script does not know (--verify-each, as the suite's norm-runner
substitution adds) are passed on to norm-runner.
Exit status 0 when every element is within tolerance, 1 otherwise.
"""

import argparse
import json
import math
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from reference import (batch_normalization,  # noqa: E402
                       group_normalization, instance_normalization,
                       layer_normalization, lp_normalization, normalizer,
                       rms_normalization, round_to, stored_to_f64, ulp)

# ---------------------------------------------------------------------------
# Element types and tolerances
# ---------------------------------------------------------------------------

FLOATS = ["f16", "bf16", "f32", "f64"]
NP_STORE = {"f16": np.float16, "f32": np.float32, "f64": np.float64,
            "i32": np.int32, "i64": np.int64}


def tolerance(ref, ty, mag, compute, n):
    """The ruling's test tolerance at ref, plus a cancellation allowance:
    a result that cancels terms of magnitude mag (>= |ref|), computed in
    `compute` (f32 or f64) with reductions over n elements, may carry that
    type's rounding errors of the terms, CANCEL * sqrt(n) * ulp(mag), even
    when ref itself is tiny."""
    if ty == "f64":
        t = 1e-15 + 1e-12 * np.abs(ref)
    elif ty == "f32":
        t = 1e-6 + 1e-5 * np.abs(ref)
    else:
        t = 2 * ulp(ref, ty)
    return t + CANCEL * math.sqrt(max(n, 1)) * ulp(mag, compute)


# Allowance for results that cancel, in ulps of the computation type at the
# magnitude of the terms, per sqrt(reduction length) (docs/numerics.md).
CANCEL = 4


def within(actual, ref, ty, mag, compute, n):
    """Element-wise tolerance test (NaN == NaN; infinities must match)."""
    err = np.abs(actual - ref)
    ok = err <= tolerance(ref, ty, mag, compute, n)
    both_nan = np.isnan(actual) & np.isnan(ref)
    same_inf = np.isinf(ref) & (actual == ref)
    # A finite ref beyond T's range whose one rounding to T overflows.
    with np.errstate(over="ignore"):
        rounded = stored_to_f64(round_to(ref, ty), ty)
    overflow = np.isinf(actual) & (actual == rounded)
    return ok | both_nan | same_inf | overflow


# ---------------------------------------------------------------------------
# The float64 reference (test/lib/reference.py) and the magnitudes that
# tolerance() needs
# ---------------------------------------------------------------------------


def ref_layer_norm(x, scale, b, axis, eps):
    """(Y, mag), (Mean, mag), (InvStdDev, mag) of reference.py's
    layer_normalization, with the magnitudes of the terms each result
    cancels (see tolerance()), at the scale of the row's spread, never of
    its offset: the mean carries its own rounding error into
    D = X - Mean (docs/semantics.md), so a common offset costs nothing.
    Y = D * InvStdDev * Scale + B cancels its terms in stage two (f32 for
    f16/bf16/f32 X), e.g. a Scale of 1e9 against a B of -1e9, and carries
    the f32 rounding of the row's shifted sum (the largest |x - mean| of
    the row stands for it); Mean cancels the x - mean of its row."""
    y, mean, inv = layer_normalization(x, scale, b, axis, eps)
    axes = tuple(range(axis, x.ndim))
    dev = np.abs(x - mean)
    spread = np.max(dev, axis=axes, keepdims=True, initial=0.0)
    mag = (dev + spread) * inv * np.abs(scale)
    if b is not None:
        mag = mag + np.abs(b)
    return (y, mag), (mean, spread), (inv, np.zeros_like(inv))


# ---------------------------------------------------------------------------
# Case generation
# ---------------------------------------------------------------------------

SMALL_DIMS = [1, 1, 2, 3, 4, 5, 7, 7, 8, 16, 33, 33]
MAX_ELEMENTS = 12000


def random_shape(rng, rank):
    while True:
        shape = [int(rng.choice(SMALL_DIMS)) for _ in range(rank)]
        if rng.random() < 0.12:  # one long dimension
            # 2049 and 4099: LayerNorm sums the squares of slices longer
            # than 2048 in f64.
            shape[rng.integers(rank)] = int(rng.choice([129, 1023, 2049, 4099]))
        if int(np.prod(shape)) <= MAX_ELEMENTS:
            return shape


def random_floats(rng, ty, shape):
    """Finite values of ty, rounded to ty; returns (stored, exact f64)."""
    kind = rng.choice(["normal", "uniform", "offset", "ints", "wide"])
    n = int(np.prod(shape))
    if kind == "normal":
        v = rng.normal(0.0, 1.0, n)
    elif kind == "uniform":
        v = rng.uniform(-10.0, 10.0, n)
    elif kind == "offset":
        v = rng.uniform(0.5, 1.5, n) * (1 if rng.random() < 0.5 else -1)
    elif kind == "ints":
        v = rng.integers(-20, 21, n).astype(np.float64)
    else:  # magnitudes spread over many binades
        lim = {"f16": 8, "bf16": 30, "f32": 30, "f64": 60}[ty]
        v = rng.choice([-1.0, 1.0], n) * np.exp2(rng.uniform(-lim, lim, n))
    if rng.random() < 0.1 and n > 0:  # some exact zeros
        v[rng.random(n) < 0.3] = 0.0
    stored = round_to(v.reshape(shape), ty)
    return stored, stored_to_f64(stored, ty)


def random_ints(rng, ty, shape):
    n = int(np.prod(shape))
    if rng.random() < 0.7:
        v = rng.integers(-1000, 1001, n)
    elif ty == "i32":
        v = rng.integers(-2**31, 2**31, n, dtype=np.int64)
    else:  # |x| <= 2^52: exact in f64 (docs/Rationale.md)
        v = rng.integers(-2**52, 2**52 + 1, n, dtype=np.int64)
    stored = v.reshape(shape).astype(NP_STORE[ty])
    return stored, stored.astype(np.float64)


def type_str(shape, ty, dyn=None):
    dims = ["?" if dyn and dyn[i] else str(d) for i, d in enumerate(shape)]
    return "tensor<" + "".join(d + "x" for d in dims) + ty + ">"


def random_operand_shape(rng, shape, naxis):
    """A Scale or B shape for X of `shape` normalized from `naxis`: a
    right-aligned suffix of X's shape covering at least the normalized dims
    (usually exactly them), then some dims replaced by 1."""
    rank = len(shape)
    lo = int(rng.integers(0, naxis + 1)) if rng.random() < 0.3 else naxis
    if rng.random() < 0.1:  # fewer dims than the normalized shape
        lo = int(rng.integers(naxis, rank + 1))
    s = list(shape[lo:])
    if rng.random() < 0.3:
        s = [1 if rng.random() < 0.5 else d for d in s]
    return s


def operand_type(rng, s, shape, ty, dynamic):
    """The MLIR type of a Scale or B of shape `s` beside X of `shape`."""
    if not dynamic:
        return type_str(s, ty)
    off = len(shape) - len(s)
    # Only dims equal to X's runtime dim become '?': a dynamic Scale/B
    # dim of runtime size 1 against a larger X dim is a known lowering
    # bug (test/Integration/LayerNormalization/edge/dynamic-scale-size1.mlir).
    d = [s[i] == shape[off + i] and rng.random() < 0.5
         for i in range(len(s))]
    return type_str(s, ty, d)


STASH = {1: "f32", 10: "f16", 11: "f64", 16: "bf16"}


def make_rms_case(rng, index):
    """A norm.rms_normalization case (as make_case): X of T and Scale of V
    drawn independently, any axis, stash_type 1, 10, 11 or 16. Y rounds
    Normalized once to T before the Scale multiply (docs/semantics.md), which
    reference.py does too; no result cancels terms, so no allowance."""
    t, v = str(rng.choice(FLOATS)), str(rng.choice(FLOATS))
    rank = int(rng.integers(1, 6))
    shape = random_shape(rng, rank)
    axis = int(rng.integers(-rank, rank))
    naxis = axis % rank
    dynamic = rng.random() < 0.3
    dyn = [bool(rng.random() < 0.6) for _ in shape] if dynamic else None
    xt = type_str(shape, t, dyn)
    xs, x = random_floats(rng, t, shape)
    sshape = random_operand_shape(rng, shape, naxis)
    ss, sc = random_floats(rng, v, sshape)
    stype = operand_type(rng, sshape, shape, v, dynamic)
    eps = float(np.float32(rng.choice([1e-5, 1e-6, 1e-3, 0.0])))
    stash = int(rng.choice([1, 10, 11, 16]))
    u = STASH[stash]
    y, inv = rms_normalization(x, sc, naxis, eps, t)
    stats_shape = [d if i < naxis else 1 for i, d in enumerate(shape)]
    sdyn = [bool(dyn[i]) and i < naxis for i in range(rank)] if dyn else None
    st = type_str(stats_shape, u, sdyn)
    yt = type_str(shape, v, dyn)
    return {"index": index, "op": "rms", "ty": t,
            "desc": f"rms axis={axis} eps={eps} stash={stash} {xt}, {stype}",
            "inputs": [(xs, t, xt), (ss, v, stype)],
            "text": f"norm.rms_normalization %a{index}_0, %a{index}_1 "
                    f"axis = {axis} epsilon = {eps!r} stash_type = {stash} "
                    f": ({xt}, {stype}) -> ({yt}, {st})",
            "results": [(y, v, yt, "Y", 0.0, "f64"),
                        (inv, u, st, "InvStdDev", 0.0, "f64")]}


def make_case(rng, index):
    """A dict: 'op' text builder inputs, inputs [(stored, ty, type)], and
    expected [(ref f64, ty, type, name)]."""
    op = rng.choice(["lp", "normalizer", "layer"], p=[0.35, 0.25, 0.4])
    dynamic = rng.random() < 0.3
    case = {"index": index, "op": str(op)}
    if op == "normalizer":
        ty = str(rng.choice(["f32", "f64", "i32", "i64"]))
        rank = int(rng.integers(1, 3))
        shape = random_shape(rng, rank)
        gen = random_ints if ty.startswith("i") else random_floats
        xs, x = gen(rng, ty, shape)
        mode = str(rng.choice(["MAX", "L1", "L2"]))
        dyn = [bool(rng.random() < 0.6) for _ in shape] if dynamic else None
        xt = type_str(shape, ty, dyn)
        yt = type_str(shape, "f32", dyn)
        case.update(ty=ty, desc=f"normalizer {mode} {xt}",
                    inputs=[(xs, ty, xt)],
                    text=f"norm.normalizer %a{index}_0 norm = \"{mode}\" "
                         f": {xt} -> {yt}",
                    results=[(normalizer(x, mode), "f32", yt, "Y", 0.0,
                              "f64")])
        return case

    ty = str(rng.choice(FLOATS))
    rank = int(rng.integers(1, 6))
    shape = random_shape(rng, rank)
    axis = int(rng.integers(-rank, rank))
    dyn = [bool(rng.random() < 0.6) for _ in shape] if dynamic else None
    xt = type_str(shape, ty, dyn)
    xs, x = random_floats(rng, ty, shape)
    if op == "layer" and ty != "f64" and rng.random() < 0.2:
        # A large common offset against the spread (docs/semantics.md:
        # "Offset data is not an excuse"). Not for f64 X: the float64
        # reference rounds its own mean to f64, which is as far off there.
        offset = float(rng.choice([1e3, -3e4] if ty == "f16"
                                  else [1e3, -3e4, 1e6]))
        xs = round_to(x + offset, ty)
        x = stored_to_f64(xs, ty)
    if op == "lp":
        p = int(rng.choice([1, 2]))
        case.update(ty=ty, desc=f"lp axis={axis} p={p} {xt}",
                    inputs=[(xs, ty, xt)],
                    text=f"norm.lp_normalization %a{index}_0 axis = {axis} "
                         f"p = {p} : {xt}",
                    results=[(lp_normalization(x, axis, p), ty, xt, "Y", 0.0,
                              "f64")])
        return case

    # LayerNormalization.
    naxis = axis % rank
    eps = float(np.float32(rng.choice([1e-5, 1e-5, 1e-3, 0.1, 1e-8])))
    stash = int(rng.choice([1, 1, 16]))
    u = "f32" if stash == 1 else "bf16"

    sshape = random_operand_shape(rng, shape, naxis)
    ss, sc = random_floats(rng, ty, sshape)
    inputs = [(xs, ty, xt),
              (ss, ty, operand_type(rng, sshape, shape, ty, dynamic))]
    has_b = rng.random() < 0.75
    bb = None
    if has_b:
        bshape = random_operand_shape(rng, shape, naxis)
        bs, bb = random_floats(rng, ty, bshape)
        inputs.append((bs, ty, operand_type(rng, bshape, shape, ty, dynamic)))
    y, mean, inv = ref_layer_norm(x, sc, bb, naxis, eps)
    compute = "f64" if ty == "f64" else "f32"
    case["n"] = int(np.prod(shape[naxis:]))
    stats_shape = [d if i < naxis else 1 for i, d in enumerate(shape)]
    sdyn = [bool(dyn[i]) and i < naxis for i in range(rank)] if dyn else None
    st = type_str(stats_shape, u, sdyn)
    operands = ", ".join(f"%a{index}_{i}" for i in range(len(inputs)))
    optypes = ", ".join(t for _, _, t in inputs)
    case.update(
        ty=ty,
        desc=f"layer axis={axis} eps={eps} stash={stash} {optypes}",
        inputs=inputs,
        text=f"norm.layer_normalization {operands} axis = {axis} "
             f"epsilon = {eps!r} stash_type = {stash} : ({optypes}) -> "
             f"({xt}, {st}, {st})",
        results=[(y[0], ty, xt, "Y", y[1], compute),
                 (mean[0], u, st, "Mean", mean[1], compute),
                 (inv[0], u, st, "InvStdDev", inv[1], compute)])
    return case


# ---------------------------------------------------------------------------
# Channel normalizations (--channel-cases)
# ---------------------------------------------------------------------------

# Plane sizes D1 * ... * Dn of X [N, C, D...]: BatchNormalization's Y runs
# one plane per iteration and takes another path for planes shorter than 16
# elements or rank 2 (plane 1).
PLANES = [1, 2, 7, 15, 16, 17, 33, 64, 129, 1023, 4099]
CHANNEL_MAX_ELEMENTS = 40000
# (offset, spread) of offset data per type: a group far from zero whose
# spread is still resolved by the type.
OFFSET = {"f16": (1e3, 4.0), "bf16": (1e4, 300.0), "f32": (1e4, 0.01),
          "f64": (1e4, 0.01)}


def channel_shape(rng, rank, c, nmax=4):
    """X [N, C, D...] of `rank` with C = c and at most CHANNEL_MAX_ELEMENTS
    elements: the plane D1 * ... * Dn from PLANES (rank 3) or from
    SMALL_DIMS with sometimes one long dim (ranks 4, 5)."""
    while True:
        if rank == 3:
            spatial = [int(rng.choice(PLANES))]
        else:
            spatial = [int(rng.choice(SMALL_DIMS)) for _ in range(rank - 2)]
            if rng.random() < 0.15 and rank > 2:
                spatial[rng.integers(rank - 2)] = int(
                    rng.choice([33, 1023, 4099]))
        # N as drawn, or the most that fits (long planes stay frequent).
        fit = CHANNEL_MAX_ELEMENTS // (c * int(np.prod(spatial)))
        n = min(int(rng.choice([1, 1, 2, 3, nmax])), fit)
        if n >= 1:
            return [n, c] + spatial


def channel_floats(rng, ty, shape, offset_p, sign=None):
    """random_floats, or with probability offset_p offset data: per type
    OFFSET's offset (of `sign`, else either sign) plus a normal spread.
    Returns (stored, exact f64, whether offset)."""
    if rng.random() >= offset_p:
        return random_floats(rng, ty, shape) + (False,)
    off, spread = OFFSET[ty]
    if sign is None:
        sign = 1 if rng.random() < 0.7 else -1
    off *= sign
    v = off + rng.normal(0.0, spread, int(np.prod(shape)))
    stored = round_to(v.reshape(shape), ty)
    return stored, stored_to_f64(stored, ty), True


def channel_dyn(rng, rank):
    """Which dims of X are dynamic ('?'): none in 60% of the cases, else
    each with probability 0.6 (C included)."""
    if rng.random() < 0.6:
        return None
    return [bool(rng.random() < 0.6) for _ in range(rank)]


def c_type(rng, c, ty, dyn):
    """The type of a [C] operand: dynamic where X's C is, sometimes."""
    return type_str([c], ty, [bool(dyn and dyn[1] and rng.random() < 0.7)])


def make_channel_case(rng, index):
    """A norm.group_normalization (NCHW), norm.instance_normalization or
    norm.batch_normalization case (as make_case). P is the op's
    computation type (docs/semantics.md); Y cancels its terms
    ((X - Mean) * InvStdDev * scale + B), so its allowance is taken at the
    magnitude of the terms, for the two statistics ops at the group's
    spread (ref_layer_norm), reduced over the group."""
    op = str(rng.choice(["group", "instance", "batch"], p=[0.4, 0.25, 0.35]))
    ty = str(rng.choice(FLOATS))
    eps = float(np.float32(rng.choice([1e-5, 1e-5, 1e-3, 0.1, 1e-8])))
    case = {"index": index, "op": op, "ty": ty}
    if op == "batch":
        rank = int(rng.integers(2, 6))
        c = int(rng.choice([1, 2, 3, 4, 5, 8, 16]))
        shape = channel_shape(rng, rank, c, nmax=8)
        t1, t2 = str(rng.choice(FLOATS)), str(rng.choice(FLOATS))
        dyn = channel_dyn(rng, rank)
        xt = type_str(shape, ty, dyn)
        offset = rng.random() < 0.3
        sign = 1 if rng.random() < 0.7 else -1
        xs, x, _ = channel_floats(rng, ty, shape, float(offset), sign)
        ss, sc = random_floats(rng, t1, [c])
        bs, bb = random_floats(rng, t1, [c])
        if offset:  # input_mean near X's offset (X - mean cancels)
            ms, mean, _ = channel_floats(rng, t2, [c], 1.0, sign)
        else:
            ms, mean = random_floats(rng, t2, [c])
        kind = rng.choice(["uniform", "wide", "offset"])
        if kind == "uniform":
            v = rng.uniform(0.0, 10.0, c)
        elif kind == "wide":
            v = np.exp2(rng.uniform(-12, 12, c))
        else:
            v = OFFSET[t2][0] + np.abs(rng.normal(0.0, OFFSET[t2][1], c))
        vs = round_to(v, t2)
        var = stored_to_f64(vs, t2)
        types = [xt] + [c_type(rng, c, t, dyn) for t in (t1, t1, t2, t2)]
        inputs = [(xs, ty, types[0]), (ss, t1, types[1]), (bs, t1, types[2]),
                  (ms, t2, types[3]), (vs, t2, types[4])]
        y = batch_normalization(x, sc, bb, mean, var, eps)
        compute = "f64" if "f64" in (ty, t1, t2) else "f32"
        view = (1, c) + (1,) * (rank - 2)
        a = np.abs(sc / np.sqrt(var + eps)).reshape(view)
        mag = np.abs(x - mean.reshape(view)) * a + np.abs(bb).reshape(view)
        operands = ", ".join(f"%a{index}_{i}" for i in range(5))
        case.update(
            desc=f"batch eps={eps} {', '.join(types)}"
                 + (" offset" if offset else ""),
            inputs=inputs,
            text=f"norm.batch_normalization {operands} epsilon = {eps!r} : "
                 f"({', '.join(types)}) -> {xt}",
            results=[(y, ty, xt, "Y", mag, compute)])
        return case

    if op == "instance":
        rank = int(rng.integers(3, 6))
        c = int(rng.choice([1, 2, 3, 4, 6, 8]))
        groups = c
        stash = None
    else:
        rank = int(rng.integers(2, 6))
        groups = int(rng.choice([1, 1, 2, 3, 4, 8]))
        g_per = int(rng.choice([1, 1, 2, 3, 5]))
        c = groups * g_per
        stash = int(rng.choice([1, 1, 11, 11, 10, 16]))
    shape = channel_shape(rng, rank, c)
    dyn = channel_dyn(rng, rank)
    xt = type_str(shape, ty, dyn)
    xs, x, offset = channel_floats(rng, ty, shape, 0.25)
    ss, sc = random_floats(rng, ty, [c])
    bs, bb = random_floats(rng, ty, [c])
    types = [xt, c_type(rng, c, ty, dyn), c_type(rng, c, ty, dyn)]
    inputs = [(xs, ty, types[0]), (ss, ty, types[1]), (bs, ty, types[2])]
    y, mean, inv = group_normalization(x, sc, bb, groups, eps)
    if op == "instance":
        assert np.array_equal(y, instance_normalization(x, sc, bb, eps),
                              equal_nan=True)
    n = shape[0]
    xg = x.reshape(n, groups, -1)
    dev = np.abs(xg - mean[..., None])
    spread = np.max(dev, axis=-1, keepdims=True, initial=0.0)
    view = (1, c) + (1,) * (rank - 2)
    mag = (((dev + spread) * inv[..., None]).reshape(x.shape)
           * np.abs(sc).reshape(view) + np.abs(bb).reshape(view))
    compute = "f64" if ty == "f64" or stash == 11 else "f32"
    case["n"] = xg.shape[-1]
    operands = ", ".join(f"%a{index}_{i}" for i in range(3))
    sig = f"({', '.join(types)}) -> {xt}"
    off = " offset" if offset else ""
    if op == "instance":
        case.update(desc=f"instance eps={eps} {', '.join(types)}{off}",
                    text=f"norm.instance_normalization {operands} "
                         f"epsilon = {eps!r} : {sig}")
    else:
        case.update(desc=f"group num_groups={groups} eps={eps} "
                         f"stash={stash} {', '.join(types)}{off}",
                    text=f"norm.group_normalization {operands} num_groups = "
                         f"{groups} epsilon = {eps!r} stash_type = {stash} "
                         f": {sig}")
    case.update(inputs=inputs, results=[(y, ty, xt, "Y", mag, compute)])
    return case


# ---------------------------------------------------------------------------
# Running a batch
# ---------------------------------------------------------------------------


def write_module(cases, path):
    args, rets, body = [], [], []
    for c in cases:
        i = c["index"]
        args += [f"%a{i}_{k}: {t}" for k, (_, _, t) in enumerate(c["inputs"])]
        names = [f"%r{i}_{k}" for k in range(len(c["results"]))]
        body.append(f"  {', '.join(names)} = {c['text']}")
        rets += [(n, r[2]) for n, r in zip(names, c["results"])]
    with open(path, "w") as f:
        f.write("func.func @main(" + ", ".join(args) + ")\n    -> (" +
                ", ".join(t for _, t in rets) + ") {\n")
        f.write("\n".join(body) + "\n")
        f.write("  return " + ", ".join(n for n, _ in rets) + " : " +
                ", ".join(t for _, t in rets) + "\n}\n")


def run_batch(runner, cases, workdir, batch_index, stats, verbose,
              threads=None, runner_flags=()):
    d = os.path.join(workdir, f"batch{batch_index}")
    os.makedirs(d, exist_ok=True)
    module = os.path.join(d, "module.mlir")
    write_module(cases, module)
    cmd = [runner, *runner_flags, module]
    if threads:
        cmd.append(f"--threads={threads}")
    outs = []
    for c in cases:
        for k, (stored, _, _) in enumerate(c["inputs"]):
            p = os.path.join(d, f"in{c['index']}_{k}.npy")
            np.save(p, stored)
            cmd.append(f"--input=@{p}")
        for k in range(len(c["results"])):
            p = os.path.join(d, f"out{c['index']}_{k}.npy")
            outs.append(p)
            cmd.append(f"--output=@{p}")
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"FAIL batch {batch_index}: norm-runner exited "
              f"{proc.returncode}\n{proc.stderr}\n  module: {module}"
              + (f" --threads={threads}" if threads else ""))
        return len(cases)
    failures = 0
    it = iter(outs)
    for c in cases:
        bad = []
        for (ref, ty, _, name, mag, compute) in c["results"]:
            actual = stored_to_f64(np.load(next(it)), ty)
            if actual.shape != ref.shape:
                bad.append(f"{name}: shape {actual.shape} != {ref.shape}")
                continue
            ok = within(actual, ref, ty, mag, compute, c.get("n", 1))
            with np.errstate(invalid="ignore"):
                e = np.abs(actual - ref) / ulp(ref, ty)
            e = np.where(np.isfinite(ref) & ~(np.isinf(actual) & ok), e, 0.0)
            key = (c["op"], c["ty"], name, ty)
            worst = float(np.max(e)) if e.size else 0.0
            prev = stats.get(key)
            if prev is None or worst > prev[0]:
                stats[key] = (worst, c["desc"])
            if not np.all(ok):
                j = np.unravel_index(np.argmin(ok), ok.shape)
                bad.append(f"{name} at {list(map(int, j))}: actual "
                           f"{actual[j]!r}, expected {ref[j]!r} "
                           f"({e[j]:.3g} ulp of {ty})")
        if bad:
            failures += 1
            print(f"FAIL case {c['index']} ({c['desc']}): " + "; ".join(bad)
                  + f"\n  module: {module}"
                  + (f" --threads={threads}" if threads else ""))
        elif verbose:
            print(f"ok   case {c['index']} ({c['desc']})")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runner", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--rms-cases", type=int, default=75,
                    help="norm.rms_normalization cases after the others")
    ap.add_argument("--channel-cases", type=int, default=0,
                    help="group/instance/batch_normalization cases, in "
                         "modules of their own after the others")
    ap.add_argument("--batch", type=int, default=40,
                    help="cases per module / norm-runner process")
    ap.add_argument("--report", help="write the worst errors as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    a, runner_flags = ap.parse_known_args()
    if any(not f.startswith("-") for f in runner_flags):
        ap.error("unrecognized arguments: " + " ".join(runner_flags))

    # NaN and infinite inputs and results are compared on purpose.
    np.seterr(invalid="ignore", over="ignore", divide="ignore")
    rng = np.random.default_rng(a.seed)
    cases = [make_case(rng, i) for i in range(a.cases)]
    rms_rng = np.random.default_rng([a.seed, 19])
    cases += [make_rms_case(rms_rng, a.cases + i) for i in range(a.rms_cases)]
    channel_rng = np.random.default_rng([a.seed, 20])
    first = len(cases)
    channel = [make_channel_case(channel_rng, first + i)
               for i in range(a.channel_cases)]
    os.makedirs(a.workdir, exist_ok=True)
    stats, failures = {}, 0
    for b in range(0, len(cases), a.batch):
        failures += run_batch(a.runner, cases[b:b + a.batch], a.workdir,
                              b // a.batch, stats, a.verbose,
                              runner_flags=runner_flags)
    # The channel modules run with 2 threads, 1 thread and norm-runner's
    # default (OMP_NUM_THREADS, else all cores) in turn: their parallel
    # loops over rows and planes split differently.
    base = -(-len(cases) // a.batch)
    for k, b in enumerate(range(0, len(channel), a.batch)):
        failures += run_batch(a.runner, channel[b:b + a.batch], a.workdir,
                              base + k, stats, a.verbose,
                              threads=[2, 1, None][k % 3],
                              runner_flags=runner_flags)
    cases += channel
    print("worst error, in ulps of the result type:")
    for key in sorted(stats):
        print(f"  {key[0]:10} {key[1]:4} {key[2]:9} ({key[3]:4}): "
              f"{stats[key][0]:8.4f}  [{stats[key][1]}]")
    if a.report:
        with open(a.report, "w") as f:
            json.dump([{"op": k[0], "input": k[1], "result": k[2],
                        "type": k[3], "worst_ulp": v[0], "case": v[1]}
                       for k, v in sorted(stats.items())], f, indent=1)
    print(f"property: seed {a.seed}: {len(cases) - failures} of {len(cases)} "
          f"cases passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
