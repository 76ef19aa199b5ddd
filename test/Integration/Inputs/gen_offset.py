#!/usr/bin/python3
"""Writes test/Integration/LayerNormalization/edge/offset-*.mlir: LayerNorm on
data with a large common offset against its spread, for every element type.

docs/semantics.md ("Offset data is not an excuse"): the Mean inside
D = X - Mean carries its own rounding error, so that Y, Var and InvStdDev
match the float64 reference within the plain tolerances even when |Mean| is
far larger than the spread. A Mean rounded to the stage-one type first (and
an f32 row sum of the offset values) put Y off by up to 6.7e-4 on
x = 1000 + N(0, 1) in f32, and f32 [10000.0625, 10000, 10000] gave Y
[1.417123, -0.6920833, -0.6920833] instead of [1.4061373, -0.7030687,
-0.7030687].

Each expected value is the float64 reference of test/lib/reference.py
(written from docs/semantics.md, not from the lowering), rounded once to the
output type. For f64 X that reference is not exact enough: its float64 mean
is rounded, as the lowering's was (its Y for [1e8 + 2^-20, 1e8, 1e8] is 0.8%
off), so the f64 cases take the same formulas in exact rational arithmetic
(exact_layer_normalization below, which agrees with reference.py to 1e-12 on
the f32 cases), rounded once to f64. Each is checked at the plain tolerances
of docs/semantics.md: the runner's defaults for f32 (rtol 1e-5, atol 1e-6)
and f64 (rtol 1e-12, atol 1e-15); for an f16 or bf16 Y, rtol 2^-10 (f16) or
2^-7 (bf16), at most 2 ulp of the type, plus atol 1e-7, a small fraction of
an ulp wherever |Y| > 1e-3 (the runner's own 16-bit defaults are looser:
up to 4 ulp, and atol 1e-4 or 1e-3). Rerun after editing a case:

  /usr/bin/python3 test/Integration/Inputs/gen_offset.py
"""

import os
import sys
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)                     # test/Integration
sys.path.insert(0, os.path.join(ROOT, "..", "lib"))
import reference as ref  # noqa: E402

EPS = float(np.float32(1e-5))

# --rtol/--atol for a 16-bit Y: rtol * |r| is at most 2 ulp of T at r for
# every normal r (ulp_T(r) > 2^-11 |r| for f16, 2^-8 |r| for bf16); atol is a
# small fraction of an ulp wherever |r| > 1e-3.
Y16_TOLERANCE = {"f16": "--rtol=0.0009765625 --atol=1e-7",
                 "bf16": "--rtol=0.0078125 --atol=1e-7"}


def exact_layer_normalization(x, scale, b, axis, eps):
    """LayerNormalization as reference.layer_normalization, but with the
    mean, the deviations, the variance and Y in exact rational arithmetic
    (InvStdDev's square root to 60 digits), each result rounded once to
    float64 at the end. x, scale, b: float64 arrays of exact values; Scale
    and B broadcast right-aligned to X."""
    x = np.asarray(x, dtype=np.float64)
    axes = tuple(range(axis, x.ndim))
    scale = np.broadcast_to(np.asarray(scale, dtype=np.float64), x.shape)
    b = (np.zeros(x.shape) if b is None
         else np.broadcast_to(np.asarray(b, dtype=np.float64), x.shape))
    outer = x.shape[:axis]
    n = int(np.prod(x.shape[axis:]))
    y = np.empty(x.shape)
    mean = np.empty(outer + (1,) * len(axes))
    inv = np.empty(mean.shape)
    for index in np.ndindex(*outer):
        xs = [Fraction(float(v)) for v in x[index].reshape(-1)]
        m = sum(xs, Fraction(0)) / n
        d = [v - m for v in xs]
        var = sum((v * v for v in d), Fraction(0)) / n + Fraction(eps)
        with localcontext() as ctx:
            ctx.prec = 60
            root = (Decimal(var.numerator) / Decimal(var.denominator)).sqrt()
            r = Fraction(Decimal(1) / root)
        ys = [di * r * Fraction(float(s)) + Fraction(float(bb))
              for di, s, bb in zip(d, scale[index].reshape(-1),
                                   b[index].reshape(-1))]
        y[index] = np.array([float(v) for v in ys]).reshape(x.shape[axis:])
        mean[index] = float(m)
        inv[index] = float(r)
    return y, mean, inv


def fmt(v, ty):
    if ty == "f64":
        return repr(float(v))
    if ty == "bf16":
        return str(np.float32(v))  # every bf16 is an f32; shortest f32 decimal
    return str(np.dtype(ref.NP_DTYPE[ty]).type(v))


def spec(values, ty, shape=None):
    a = np.asarray(values)
    dims = "".join(f"{d}x" for d in (shape or a.shape))
    return f"{dims}{ty}=" + " ".join(fmt(v, ty) for v in a.reshape(-1))


def exact(values, ty):
    """`values` rounded once to ty, as float64."""
    return ref.stored_to_f64(
        ref.round_to(np.asarray(values, dtype=np.float64), ty), ty)


def tensor(shape, ty):
    return "tensor<" + "".join(f"{d}x" for d in shape) + ty + ">"


class Case:
    """One function of a test module and its RUN line."""

    def __init__(self, name, x, scale, b, ty, axis=-1, dynamic=False,
                 only=None):
        self.name, self.ty, self.dynamic, self.only = name, ty, dynamic, only
        self.x, self.scale = exact(x, ty), exact(scale, ty)
        self.b = None if b is None else exact(b, ty)
        self.axis = axis % self.x.ndim
        compute = (exact_layer_normalization if ty == "f64"
                   else ref.layer_normalization)
        y, mean, inv = compute(self.x, self.scale, self.b, self.axis, EPS)
        self.results = {"Y": (y, ty), "Mean": (mean, "f32"),
                        "InvStdDev": (inv, "f32")}

    def type_of(self, shape, ty, stats=False):
        if not self.dynamic:
            return tensor(shape, ty)
        return tensor([1 if stats and i >= self.axis else "?"
                       for i in range(len(shape))], ty)

    def returned(self):
        return self.only or ["Y", "Mean", "InvStdDev"]

    def func(self):
        ins = [self.x, self.scale] + ([] if self.b is None else [self.b])
        arg_types = [self.type_of(np.shape(v), self.ty) for v in ins]
        args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(arg_types))
        ops = ", ".join(f"%a{i}" for i in range(len(ins)))
        xt = arg_types[0]
        st = self.type_of(self.results["Mean"][0].shape, "f32", stats=True)
        names = {"Y": ("%y", xt), "Mean": ("%mean", st),
                 "InvStdDev": ("%inv", st)}
        rets = [names[r] for r in self.returned()]
        ret_types = ", ".join(t for _, t in rets)
        return (f"func.func @{self.name}({args})\n    -> ({ret_types}) {{\n"
                f"  %y, %mean, %inv = norm.layer_normalization {ops} "
                f"axis = {self.axis} epsilon = {EPS!r} stash_type = 1\n"
                f"      : ({', '.join(arg_types)}) -> ({xt}, {st}, {st})\n"
                f"  return {', '.join(n for n, _ in rets)} : {ret_types}\n}}")

    def run(self):
        ins = [self.x, self.scale] + ([] if self.b is None else [self.b])
        lines = [f"norm-runner %s --function={self.name}"]
        lines += [f'--input="{spec(v, self.ty)}"' for v in ins]
        for r in self.returned():
            v, ty = self.results[r]
            lines.append(
                f'--expected-output="{spec(exact(v, ty), ty)}"')
        if self.only == ["Y"] and self.ty in Y16_TOLERANCE:
            lines.append(Y16_TOLERANCE[self.ty])
        text = "// RUN: " + lines[0] + " \\\n"
        text += "".join(f"// RUN:   {line} \\\n" for line in lines[1:])
        text += ("// RUN:   | FileCheck %s --check-prefix="
                 f"RESULTS{len(self.returned())}\n")
        return text


def write(name, comment, cases):
    out = [f"// {line}" if line else "//" for line in comment.split("\n")]
    if any(c.ty == "f64" for c in cases):
        out.append("// Expected: the float64 reference's formulas in exact "
                   "rational arithmetic")
        out.append("// (gen_offset.py: exact_layer_normalization), rounded "
                   "once to the output type,")
    else:
        out.append("// Expected: float64 reference (test/lib/reference.py), "
                   "rounded once to the output type,")
    out.append("// at the plain tolerances of docs/semantics.md.")
    out.append("// GENERATED by test/Integration/Inputs/gen_offset.py; "
               "do not edit.")
    out.append("")
    for c in cases:
        out.append(c.run())
    for count in sorted({len(c.returned()) for c in cases}):
        prefix = f"RESULTS{count}"
        out += [f"// {prefix}: [SUCCESS] result[{i}]:" for i in range(count)]
        out.append(f"// {prefix}-NOT: [FAILED]")
    out.append("")
    out.append("\n\n".join(c.func() for c in cases))
    path = os.path.join(ROOT, "LayerNormalization", "edge", name + ".mlir")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def offset_rows(rng, offset, shape, ty):
    """X = offset + N(0, 1), Scale and B ~ N(0, 3) over the last dims."""
    x = offset + rng.standard_normal(shape)
    scale = rng.normal(0.0, 3.0, shape[-1:])
    b = rng.normal(0.0, 3.0, shape[-1:])
    return x, scale, b


def check_exact_reference(x, scale, b, axis, ty):
    """The exact computation agrees with reference.py where float64 is
    exact enough (f32 data)."""
    x, scale, b = exact(x, ty), exact(scale, ty), exact(b, ty)
    for e, r in zip(exact_layer_normalization(x, scale, b, axis, EPS),
                    ref.layer_normalization(x, scale, b, axis, EPS)):
        assert np.max(np.abs(e - r)) <= 1e-12, np.max(np.abs(e - r))


def main():
    # f32: the short row of the issue, and rows of 300 at an offset of 1000.
    rng = np.random.default_rng(20261201)
    x, scale, b = offset_rows(rng, 1000.0, (4, 300), "f32")
    check_exact_reference(x, scale, b, 1, "f32")
    write("offset-f32",
          "LayerNormalization f32 on offset data. @short: [10000.0625, 10000,\n"
          "10000] (Scale 1, no B), where a Mean rounded to f32 first gave Y\n"
          "[1.417123, -0.6920833, -0.6920833] (0.8% off); and rows whose mean\n"
          "is 1e6 or 3e4 against a spread of 1 to 1/64. @offset (static) and\n"
          "@offset_dynamic (tensor<?x?xf32>, its first two rows): x = 1000 +\n"
          "N(0, 1) [4, 300] with Scale, B ~ N(0, 3), where Y was up to 6.7e-4\n"
          "off (856 of the 1200 elements beyond the tolerance).",
          [Case("short", [[10000.0625, 10000.0, 10000.0],
                          [1e6 + 1.0, 1e6, 1e6 - 1.0],
                          [30000.0, 30000.0 + 2.0**-6, 30000.0 + 2.0**-5]],
                np.ones(3), None, "f32"),
           Case("offset", x, scale, b, "f32"),
           Case("offset_dynamic", x[:2], scale, b, "f32", dynamic=True)])

    # f64: the same at an offset of 1e8, and a short row 1e8 + 2^-20.
    rng = np.random.default_rng(20261202)
    x, scale, b = offset_rows(rng, 1e8, (4, 300), "f64")
    write("offset-f64",
          "LayerNormalization f64 (stage one in f64) on offset data. @short:\n"
          "[1e8 + 2^-20, 1e8, 1e8] (Scale 1, no B): its mean rounded to f64 is\n"
          "7e-9 off, 1.7% of the spread. @offset (static) and @offset_dynamic\n"
          "(its first two rows): x = 1e8 + N(0, 1) [4, 300] with Scale,\n"
          "B ~ N(0, 3), where a Mean rounded to f64 first put Y 8e-8 off.",
          [Case("short", [[1e8 + 2.0**-20, 1e8, 1e8]], np.ones(3), None,
                "f64"),
           Case("offset", x, scale, b, "f64"),
           Case("offset_dynamic", x[:2], scale, b, "f64", dynamic=True)])

    # f16 and bf16 (stage one in f32): Y is checked to 2 ulp of the type
    # (@*_y), Mean and InvStdDev (f32) at the f32 tolerance (@*_stats).
    for ty, seed in (("f16", 20261203), ("bf16", 20261204)):
        rng = np.random.default_rng(seed)
        x, scale, b = offset_rows(rng, 1000.0, (4, 300), ty)
        write(f"offset-{ty}",
              f"LayerNormalization {ty} (stage one in f32) on offset data:\n"
              "x = 1000 + N(0, 1) [4, 300] (rounded to the type) with Scale,\n"
              "B ~ N(0, 3). A Mean rounded to f32 first put Y up to "
              f"{ {'f16': 32, 'bf16': 10}[ty]} ulp\n"
              f"({ty}) off where Y is small; Y is checked to 2 ulp (static\n"
              "and dynamic shapes), Mean and InvStdDev (f32) to rtol 1e-5.",
              [Case("offset_y", x, scale, b, ty, only=["Y"]),
               Case("offset_y_dynamic", x[:2], scale, b, ty, dynamic=True,
                    only=["Y"]),
               Case("offset_stats", x, scale, b, ty,
                    only=["Mean", "InvStdDev"])])

    # Several normalized dims: collapsed to one row (Scale [3, 100]) and not
    # collapsed (Scale varies over the outer dim).
    rng = np.random.default_rng(20261205)
    x = 1000.0 + rng.standard_normal((2, 3, 100))
    scale = rng.normal(0.0, 3.0, (2, 3, 100))
    b = rng.normal(0.0, 3.0, (3, 100))
    write("offset-multi-dim",
          "LayerNormalization f32 over two dims (axis 1) on offset data,\n"
          "x = 1000 + N(0, 1) [2, 3, 100], B ~ N(0, 3) [3, 100]:\n"
          "@collapsed with Scale [3, 100] (lowered on X collapsed to [2, 300],\n"
          "CollapseLayerNormalization.cpp) and @uncollapsed with Scale\n"
          "[2, 3, 100], which varies over the outer dim (reductions over both\n"
          "normalized dims).",
          [Case("collapsed", x, scale[0], b, "f32", axis=1),
           Case("uncollapsed", x, scale, b, "f32", axis=1)])


if __name__ == "__main__":
    main()
