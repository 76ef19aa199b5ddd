#!/usr/bin/python3
"""Writes test/Integration/Mixed/edge/high-rank.mlir: the ops on tensors of
rank 300 (LpNormalization) and 100 (the others), mostly unit dims (such a
tensor without them would not fit in memory), which the lowerings collapse
to rank 2 or 3 before building their loop nests (kMaxUncollapsedRank,
docs/Development.md "Compile time and rank").

Each expected value is the float64 reference of test/lib/reference.py
(written from docs/semantics.md, not from the lowering), computed on the
same values viewed without the unit dims (NumPy has at most 32 dims; a unit
dim changes neither the values nor their order), rounded once to the output
type and written inline as the shortest decimal that reads back as that
value. Rerun after editing a case:

  /usr/bin/python3 test/Integration/Inputs/gen_high_rank.py
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)                     # test/Integration
sys.path.insert(0, os.path.join(ROOT, "..", "lib"))
import reference as ref  # noqa: E402

RANK = 300        # LpNormalization
RANK_STATS = 100  # the ops with statistics and Scale/B (a faster test)
OUT = os.path.join(ROOT, "Mixed", "edge", "high-rank.mlir")


def full_shape(sizes, rank=RANK):
    """A shape of `rank` unit dims but for {position: size}."""
    shape = [1] * rank
    for position, size in sizes.items():
        shape[position] = size
    return shape


def low_shape(shape, keep=()):
    """`shape` without its unit dims, except those in `keep`."""
    return tuple(d for i, d in enumerate(shape) if d != 1 or i in keep)


def low_axis(shape, axis, keep=()):
    """The position of `axis` in low_shape(shape, keep + (axis,))."""
    keep = set(keep) | {axis}
    return sum(1 for i in range(axis) if shape[i] != 1 or i in keep)


def fmt(v, ty):
    if ty == "f64":
        return repr(float(v))
    return str(np.dtype(ref.NP_DTYPE[ty]).type(v))


def spec(values, shape, ty):
    values = np.asarray(values).reshape(-1)
    assert values.size == int(np.prod(shape))
    return ("".join(f"{d}x" for d in shape) + ty + "="
            + " ".join(fmt(v, ty) for v in values))


def tensor(shape, ty):
    return "tensor<" + "".join(
        ("?" if d is None else str(d)) + "x" for d in shape) + ty + ">"


def exact(values, ty):
    """`values` rounded to `ty`, as float64 (what the runner reads)."""
    return ref.stored_to_f64(ref.round_to(values, ty), ty)


def out(values, ty):
    return exact(values, ty)


RNG = np.random.default_rng(20261203)


def data(n, ty, offset=0.5, scale=2.0):
    return exact(RNG.standard_normal(n) * scale + offset, ty)


CASES = []  # (function text, run lines)


def case(name, func, inputs, expected):
    """inputs/expected: lists of (values, shape, ty)."""
    run = [f"// RUN: norm-runner %s --function={name} \\"]
    for values, shape, ty in inputs:
        run.append(f'// RUN:   --input="{spec(values, shape, ty)}" \\')
    for values, shape, ty in expected:
        run.append(f'// RUN:   --expected-output="{spec(values, shape, ty)}" \\')
    prefix = name.upper().replace("_", "")
    run.append(f"// RUN:   | FileCheck %s --check-prefix={prefix}")
    for i in range(len(expected)):
        run.append(f"// {prefix}: [SUCCESS] result[{i}]:")
    run.append(f"// {prefix}-NOT: [FAILED]")
    CASES.append(("\n".join(run), func))


# --- LpNormalization: X 3 (dim 0) x 9 (dim 150) x 5 (dim 299) -------------
A = full_shape({0: 3, 150: 9, 299: 5})


def lp_case(name, ty, axis, p, xtype_shape=None, zero=None):
    x = data(int(np.prod(A)), ty)
    if zero is not None:
        x[zero] = 0.0
    keep = (axis % RANK,)
    low = low_shape(A, keep)
    y = ref.lp_normalization(x.reshape(low), low_axis(A, axis % RANK), p)
    t = tensor(xtype_shape or A, ty)
    func = (f"func.func @{name}(%x: {t}) -> {t} {{\n"
            f"  %y = norm.lp_normalization %x axis = {axis} p = {p} : {t}\n"
            f"  return %y : {t}\n}}")
    case(name, func, [(x, A, ty)], [(out(y, ty), A, ty)])


# The middle axis (9 rows: a multi-row sum with one row left over), the
# innermost (the f32 fast path) with p = 1, the leading one in f64, a unit
# axis in f16 (Y = x / |x|, and 0 for a zero element). Dynamic sizes:
# test/Conversion/NormToLinalg/high-rank.mlir.
lp_case("lp_middle", "f32", 150, 2)
lp_case("lp_last_p1", "f32", -1, 1)
lp_case("lp_first_f64", "f64", 0, 2)
lp_case("lp_unit_axis_f16", "f16", 100, 2, zero=7)


# --- LayerNormalization and RMSNormalization: the same X, Scale/B [5] ------
A = full_shape({0: 3, 50: 9, 99: 5}, RANK_STATS)


def stat_shape(axis):
    return A[:axis] + [1] * (RANK_STATS - axis)


def ln_case(name, axis):
    x = data(int(np.prod(A)), "f32", offset=3.0)
    scale, b = data(5, "f32", 1.0, 0.5), data(5, "f32", 0.0, 0.5)
    low = low_shape(A)
    y, mean, inv = ref.layer_normalization(
        x.reshape(low), scale, b, low_axis(A, axis))
    xt, st = tensor(A, "f32"), tensor(stat_shape(axis), "f32")
    func = (f"func.func @{name}(%x: {xt}, %s: tensor<5xf32>, "
            f"%b: tensor<5xf32>) -> ({xt}, {st}, {st}) {{\n"
            f"  %y, %m, %i = norm.layer_normalization %x, %s, %b axis = {axis}"
            f"\n      : ({xt}, tensor<5xf32>, tensor<5xf32>) -> ({xt}, {st}, "
            f"{st})\n"
            f"  return %y, %m, %i : {xt}, {st}, {st}\n}}")
    case(name, func, [(x, A, "f32"), (scale, [5], "f32"), (b, [5], "f32")],
         [(out(y, "f32"), A, "f32"), (out(mean, "f32"), stat_shape(axis),
                                      "f32"),
          (out(inv, "f32"), stat_shape(axis), "f32")])


# The innermost dim alone. (Normalized dims [50, 100) with this Scale would
# take its broadcast copy to [9, 1, ..., 1, 5], a rank-50 loop nest, which
# is collapsed only afterwards: docs/Development.md.)
ln_case("ln_last", RANK_STATS - 1)

x = data(int(np.prod(A)), "f32")
scale = data(5, "f32", 1.0, 0.5)
y, inv = ref.rms_normalization(x.reshape(low_shape(A)), scale, -1,
                               x_type="f32")
xt, st = tensor(A, "f32"), tensor(stat_shape(RANK_STATS - 1), "f32")
case("rms_last",
     f"func.func @rms_last(%x: {xt}, %s: tensor<5xf32>) -> ({xt}, {st}) {{\n"
     f"  %y, %i = norm.rms_normalization %x, %s\n"
     f"      : ({xt}, tensor<5xf32>) -> ({xt}, {st})\n"
     f"  return %y, %i : {xt}, {st}\n}}",
     [(x, A, "f32"), (scale, [5], "f32")],
     [(out(y, "f32"), A, "f32"), (out(inv, "f32"), stat_shape(RANK_STATS - 1),
                                  "f32")])

# --- GroupNormalization (NCHW, the lowering of InstanceNormalization too, and
# channels last) --------------------------------------------------------------
B = full_shape({0: 2, 1: 4, 50: 3, 99: 5}, RANK_STATS)
x = data(int(np.prod(B)), "f32", offset=1.0)
scale, b = data(4, "f32", 1.0, 0.5), data(4, "f32", 0.0, 0.5)
xl = x.reshape(low_shape(B))
xt = tensor(B, "f32")
c4 = "tensor<4xf32>"
for name, op, y in (
        ("gn", "group_normalization %x, %s, %b num_groups = 2",
         ref.group_normalization(xl, scale, b, 2)[0]),):
    case(name,
         f"func.func @{name}(%x: {xt}, %s: {c4}, %b: {c4}) -> {xt} {{\n"
         f"  %y = norm.{op}\n      : ({xt}, {c4}, {c4}) -> {xt}\n"
         f"  return %y : {xt}\n}}",
         [(x, B, "f32"), (scale, [4], "f32"), (b, [4], "f32")],
         [(out(y, "f32"), B, "f32")])

C = full_shape({0: 2, 50: 3, 98: 5, 99: 4}, RANK_STATS)
x = data(int(np.prod(C)), "f32", offset=1.0)
xl = x.reshape(2, 15, 4)                        # [N, pixels, C]
y = ref.group_normalization(xl.transpose(0, 2, 1), scale, b, 2)[0]
y = y.transpose(0, 2, 1)
xt = tensor(C, "f32")
case("gn_channels_last",
     f"func.func @gn_channels_last(%x: {xt}, %s: {c4}, %b: {c4}) -> {xt} {{\n"
     f"  %y = norm.group_normalization %x, %s, %b num_groups = 2 "
     f"channels_last\n      : ({xt}, {c4}, {c4}) -> {xt}\n"
     f"  return %y : {xt}\n}}",
     [(x, C, "f32"), (scale, [4], "f32"), (b, [4], "f32")],
     [(out(y, "f32"), C, "f32")])

HEADER = f"""\
// Rank-{RANK} (LpNormalization) and rank-{RANK_STATS} tensors, mostly unit
// dims: every op lowers and runs (above rank 8 the lowerings collapse X to
// rank 2 or 3, and the pipeline then compiles in about the time of a rank-3
// op; docs/Development.md, "Compile time and rank"). Expected: float64
// reference (test/lib/reference.py) on the values without their unit dims,
// rounded once to the output type; runner default tolerances.
// GENERATED by test/Integration/Inputs/gen_high_rank.py; do not edit.
"""

with open(OUT, "w") as f:
    f.write(HEADER)
    for run, _ in CASES:
        f.write("\n" + run + "\n")
    for _, func in CASES:
        f.write("\n" + func + "\n")
print(f"wrote {os.path.relpath(OUT, os.path.dirname(ROOT))}: "
      f"{len(CASES)} cases")
