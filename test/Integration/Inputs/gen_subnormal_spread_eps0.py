#!/usr/bin/python3
"""Writes test/Integration/LayerNormalization/edge/subnormal-spread-eps0.mlir
and test/Integration/GroupNormalization/subnormal-spread-eps0.mlir:
LayerNormalization, GroupNormalization (NCHW and channels_last) and
InstanceNormalization with epsilon = 0 on slices whose spread is so small
(subnormal, or a few ulps of tiny normal values) that the true InvStdDev is
above the range of the stage-one type C (f32 for f32 and bf16 X, f64 for
f64 X).

docs/numerics.md ("LayerNorm range"): InvStdDev = +inf is then the float64
reference rounded to its type, but Y = D * inf gave +-inf and NaN, where the
reference gives D / std (f32 [1e-39, -1e-39, 1e-39, -1e-39]: +-1, times
Scale, plus B). Each file mixes such slices with ordinary ones (whose Y must
not change) in one call, static and dynamic shapes, short slices and slices
of 64 or more elements (Y's vector loop).

Expected values: exact rational arithmetic on the inputs as the type holds
them (each decimal input rounded once to the type here, in exact
arithmetic): the mean and the variance exact, 1 / sqrt(Var) to 80 digits,
Y = (X - mean) * InvStdDev * Scale + B, then each result rounded once to its
type (Mean and InvStdDev to f32, the stash type). Nothing here is taken from
the lowering. Rerun after editing a case:

  python3 test/Integration/Inputs/gen_subnormal_spread_eps0.py
"""

import os
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 80

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # test/Integration

# (precision in bits, smallest normal exponent, largest exponent)
FORMATS = {"f32": (24, -126, 127), "bf16": (8, -126, 127),
           "f64": (53, -1022, 1023)}
INF = "inf"


def round_to(q, t):
    """Fraction q rounded to nearest (ties to even) in format t; INF (or
    -INF) beyond its range."""
    p, emin, emax = FORMATS[t]
    if q == 0:
        return Fraction(0)
    sign = -1 if q < 0 else 1
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    ulp = Fraction(2) ** (e - p + 1)
    m = a / ulp
    n = m.numerator // m.denominator
    rest = m - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    r = n * ulp
    if r >= Fraction(2) ** (emax + 1):
        return INF if sign > 0 else "-" + INF
    return sign * r


def value(v, t):
    """The value of the input v (a decimal string or a Fraction) in type t."""
    q = Fraction(Decimal(v)) if isinstance(v, str) else Fraction(v)
    r = round_to(q, t)
    assert r not in (INF, "-" + INF)
    return r


def text(r):
    """A decimal string that reads back as exactly r (a value of f64, so of
    f32 and bf16 too), or inf."""
    if isinstance(r, str):
        return r
    s = repr(float(r))
    assert Fraction(float(r)) == r, r
    return s


def sqrt(q):
    """sqrt(q) to 80 significant digits."""
    return Fraction((Decimal(q.numerator) / Decimal(q.denominator)).sqrt())


def stats(xs):
    """Mean and InvStdDev (epsilon 0) of the exact values xs."""
    n = len(xs)
    mean = sum(xs, Fraction(0)) / n
    var = sum(((x - mean) ** 2 for x in xs), Fraction(0)) / n
    assert var > 0
    return mean, 1 / sqrt(var)


def normalized(x, mean, inv, scale, b, t):
    return round_to((x - mean) * inv * scale + b, t)


def spec(shape, t, values):
    dims = "x".join(str(d) for d in shape)
    return f"{dims}x{t}=" + " ".join(text(v) for v in values)


def run_line(function, inputs, outputs, extra=""):
    """RUN lines of one norm-runner call (inputs and outputs: specs)."""
    lines = [f"// RUN: norm-runner %s --function={function}{extra} \\"]
    for s in inputs:
        lines.append(f'// RUN:   --input="{s}" \\')
    for s in outputs:
        lines.append(f'// RUN:   --expected-output="{s}" \\')
    lines.append("// RUN:   | FileCheck %s")
    return "\n".join(lines)


def ulp_multiples(base, ulp, ks):
    return [base + k * ulp for k in ks]


# Slices, by type: values as decimal strings or exact Fractions.
U32 = Fraction(1, 2**149)     # f32's smallest subnormal
U16 = Fraction(1, 2**133)     # bf16's
U64 = Fraction(1, 2**1074)    # f64's


def short_rows(t):
    """Four rows of 4: the task's two rows (their bf16 and f64 kin), one
    subnormal row that is not symmetric, one of normal values a few ulps
    apart (a spread far below the values), and an ordinary row."""
    if t == "f32":
        return [["1e-38", "1.0000001e-38", "1e-38", "1.0000001e-38"],
                ["1e-39", "-1e-39", "1e-39", "-1e-39"],
                [v * U32 for v in (3, 0, -1, 1)],
                ulp_multiples(Fraction(3, 2) * Fraction(1, 2**117),
                              Fraction(1, 2**140), (0, 1, 3, 1)),
                ["1", "2", "3", "5"]]
    if t == "bf16":
        return [["1e-39", "-1e-39", "1e-39", "-1e-39"],
                [v * U16 for v in (3, 0, -1, 1)],
                ulp_multiples(Fraction(3, 2) * Fraction(1, 2**125),
                              Fraction(1, 2**132), (0, 1, 3, 1)),
                ["1", "2", "3", "5"]]
    return [["1e-310", "-1e-310", "1e-310", "-1e-310"],
            [v * U64 for v in (3, 0, -1, 1)],
            ulp_multiples(Fraction(3, 2) * Fraction(1, 2**1008),
                          Fraction(1, 2**1060), (0, 1, 3, 1)),
            ["1", "2", "3", "5"]]


def long_rows(t, n):
    """Rows of n: subnormal values k u (k in [-5, 5]), normal values a few
    ulps apart, +-v alternating, and an ordinary row."""
    u = {"f32": U32, "bf16": U16, "f64": U64}[t]
    tiny = {"f32": (Fraction(3, 2**118), Fraction(1, 2**140)),
            "bf16": (Fraction(3, 2**126), Fraction(1, 2**132)),
            "f64": (Fraction(3, 2**1009), Fraction(1, 2**1060))}[t]
    plusminus = {"f32": "1e-39", "bf16": "1e-39", "f64": "1e-310"}[t]
    return [[((i * 37) % 11 - 5) * u for i in range(n)],
            ulp_multiples(tiny[0], tiny[1], [(i * 13) % 7 for i in range(n)]),
            [plusminus if i % 2 == 0 else "-" + plusminus for i in range(n)],
            [Fraction((i * 5) % 9 - 4, 4) for i in range(n)]]


def scale_bias(n):
    scale = [Fraction(1 + (i % 4), 2) for i in range(n)]      # 0.5 .. 2
    bias = [Fraction((i % 3) - 1, 4) + Fraction(1, 8) for i in range(n)]
    return scale, bias


def layer_norm_case(function, t, rows):
    """A LayerNorm over the last dim of rows [R, n]: X, Scale, B inputs; Y,
    Mean, InvStdDev expected."""
    xs = [[value(v, t) for v in row] for row in rows]
    r, n = len(xs), len(xs[0])
    scale, bias = scale_bias(n)
    ys, means, invs = [], [], []
    for row in xs:
        mean, inv = stats(row)
        ys += [normalized(x, mean, inv, s, b, t)
               for x, s, b in zip(row, scale, bias)]
        means.append(round_to(mean, "f32"))
        invs.append(round_to(inv, "f32"))
    return run_line(
        function,
        [spec((r, n), t, [v for row in xs for v in row]),
         spec((n,), t, scale), spec((n,), t, bias)],
        [spec((r, n), t, ys), spec((r, 1), "f32", means),
         spec((r, 1), "f32", invs)],
        extra=" --atol=0")


def channel_case(function, t, x, groups, layout):
    """GroupNorm (groups) or InstanceNorm (groups = C) of X [N, C, S]
    (layout "nchw") or [N, S, C] ("last"), x a nested list in that layout:
    X, scale, B inputs and Y expected."""
    if layout == "nchw":
        nn, c, s = len(x), len(x[0]), len(x[0][0])
        at = lambda i, ch, p: x[i][ch][p]  # noqa: E731
        shape = (nn, c, s)
    else:
        nn, s, c = len(x), len(x[0]), len(x[0][0])
        at = lambda i, ch, p: x[i][p][ch]  # noqa: E731
        shape = (nn, s, c)
    val = {}
    for i in range(nn):
        for ch in range(c):
            for p in range(s):
                val[i, ch, p] = value(at(i, ch, p), t)
    scale = [Fraction(1 + (ch % 4), 2) for ch in range(c)]
    bias = [Fraction((ch % 3) - 1, 4) + Fraction(1, 8) for ch in range(c)]
    k = c // groups
    y = {}
    for i in range(nn):
        for g in range(groups):
            chans = range(g * k, (g + 1) * k)
            mean, inv = stats([val[i, ch, p] for ch in chans
                               for p in range(s)])
            for ch in chans:
                for p in range(s):
                    y[i, ch, p] = normalized(val[i, ch, p], mean, inv,
                                             scale[ch], bias[ch], t)
    if layout == "nchw":
        order = [(i, ch, p) for i in range(nn) for ch in range(c)
                 for p in range(s)]
    else:
        order = [(i, ch, p) for i in range(nn) for p in range(s)
                 for ch in range(c)]
    return run_line(
        function,
        [spec(shape, t, [val[o] for o in order]), spec((c,), t, scale),
         spec((c,), t, bias)],
        [spec(shape, t, [y[o] for o in order])],
        extra=" --atol=0")


def channels(rows, per_group, c, s):
    """X [1, C, S] (NCHW) whose group g (per_group channels) holds rows[g]
    (per_group * s values, channel by channel)."""
    x = [[None] * s for _ in range(c)]
    for g, row in enumerate(rows):
        for j, v in enumerate(row):
            x[g * per_group + j // s][j % s] = v
    return [x]


def transpose(x):
    """[N, C, S] to [N, S, C]."""
    return [[[x[i][ch][p] for ch in range(len(x[i]))]
             for p in range(len(x[i][0]))] for i in range(len(x))]


LN_HEADER = """\
// LayerNormalization with epsilon = 0 on slices whose spread is so small
// (subnormal values, or normal values a few ulps apart) that the true
// InvStdDev is above the range of the stage-one type (f32 for f32 and bf16
// X, f64 for f64 X): InvStdDev = inf is the float64 reference rounded to
// f32, but Y = D * inf gave +-inf and NaN (f32 [1e-39, -1e-39, 1e-39,
// -1e-39]: [inf, -inf, inf, -inf] instead of +-1 times Scale plus B). Such
// slices now take Y = (X * S - High) * (InvStdDev / S) - Low * (InvStdDev
// / S) with a power of two S (docs/numerics.md, "LayerNorm range"). Each
// call mixes them with an ordinary row, whose Y does not change. Short rows
// (dynamic shapes) and rows of 64 or 128 (static, Y's vector loop).
// Expected values: exact rational arithmetic on the inputs as the type
// holds them, each result rounded once to its type (Mean and InvStdDev to
// f32): the float64 reference without its underflow.
// GENERATED by test/Integration/Inputs/gen_subnormal_spread_eps0.py; do not
// edit. --atol=0: every result is compared relatively.
"""

GN_HEADER = """\
// GroupNormalization (NCHW and channels_last, ONNX Runtime's GroupNorm) and
// InstanceNormalization with epsilon = 0 on groups whose spread is so small
// (subnormal values, or normal values a few ulps apart) that the true
// InvStdDev is above the range of the stage-one type (f32 for f32 and bf16
// X, f64 for f64 X): they share LayerNormalization's statistics, and Y =
// D * inf gave +-inf and NaN (1e-39 * [1, -1, ...]: +-inf instead of
// +-1 times scale plus B). Such groups now take Y's scaled form
// (docs/numerics.md, "LayerNorm range"); each call mixes them with an
// ordinary group. Short groups (dynamic shapes) and groups of 64 or more
// (static, Y's vector loop); one NCHW case feeds an elementwise consumer
// (Y over X).
// Expected values: exact rational arithmetic on the inputs as the type
// holds them (group mean and variance exact, 1 / sqrt(Var) to 80 digits),
// Y rounded once to X's type: the float64 reference without its underflow.
// GENERATED by test/Integration/Inputs/gen_subnormal_spread_eps0.py; do not
// edit. --atol=0: every result is compared relatively.
"""

LN_CHECK = """
// CHECK-COUNT-3: [SUCCESS]
// CHECK-NOT: [FAILED]
"""

GN_CHECK = """
// CHECK: [SUCCESS] result[0]:
// CHECK-NOT: [FAILED]
"""


def join_cases(cases):
    """The cases (a comment line, then its RUN lines, alternately) with a
    blank line between cases."""
    return "\n\n".join(comment + "\n" + run
                        for comment, run in zip(cases[::2], cases[1::2]))


def ln_function(name, t, shape):
    dims = "x".join("?" if d is None else str(d) for d in shape)
    n = "?" if shape[1] is None else str(shape[1])
    r = "?" if shape[0] is None else str(shape[0])
    xt = f"tensor<{dims}x{t}>"
    st = f"tensor<{n}x{t}>"
    mt = f"tensor<{r}x1xf32>"
    return f"""
func.func @{name}(%x: {xt}, %scale: {st}, %b: {st})
    -> ({xt}, {mt}, {mt}) {{
  %y, %m, %i = norm.layer_normalization %x, %scale, %b epsilon = 0.0
      : ({xt}, {st}, {st}) -> ({xt}, {mt}, {mt})
  return %y, %m, %i : {xt}, {mt}, {mt}
}}
"""


def write_layer_norm():
    cases, functions = [], []
    for t in ("f32", "bf16", "f64"):
        cases.append(f"// {t}, short rows, dynamic shapes.")
        cases.append(layer_norm_case(f"{t}_dyn", t, short_rows(t)))
        functions.append(ln_function(f"{t}_dyn", t, (None, None)))
        n = 128 if t == "f32" else 64
        cases.append(f"// {t}, rows of {n}, static shapes.")
        cases.append(layer_norm_case(f"{t}_long", t, long_rows(t, n)))
        functions.append(ln_function(f"{t}_long", t, (4, n)))
    cases.append("// f32, rows of 128, dynamic shapes.")
    cases.append(layer_norm_case("f32_dyn", "f32", long_rows("f32", 128)))
    path = os.path.join(ROOT, "LayerNormalization", "edge",
                        "subnormal-spread-eps0.mlir")
    with open(path, "w") as f:
        f.write(LN_HEADER + "\n" + join_cases(cases) + "\n" + LN_CHECK +
                "".join(functions))


def gn_function(name, t, shape, groups, op, layout, consumer=False):
    dims = "x".join("?" if d is None else str(d) for d in shape)
    c = shape[1] if layout == "nchw" else shape[-1]
    xt = f"tensor<{dims}x{t}>"
    st = f"tensor<{c}x{t}>"
    if op == "instance":
        call = (f"norm.instance_normalization %x, %scale, %b epsilon = 0.0\n"
                f"      : ({xt}, {st}, {st}) -> {xt}")
    else:
        last = " channels_last" if layout == "last" else ""
        call = (f"norm.group_normalization %x, %scale, %b num_groups = "
                f"{groups} epsilon = 0.0{last}\n"
                f"      : ({xt}, {st}, {st}) -> {xt}")
    body = f"  %y = {call}\n"
    result = "%y"
    if consumer:
        # An elementwise consumer (y * 1): Y is computed over X, with the
        # consumer fused into its loop.
        body += f"""  %e = tensor.empty() : {xt}
  %z = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%y : {xt}) outs(%e : {xt}) {{
  ^bb0(%v: {t}, %o: {t}):
    %one = arith.constant 1.0 : {t}
    %r = arith.mulf %v, %one : {t}
    linalg.yield %r : {t}
  }} -> {xt}
"""
        result = "%z"
    return f"""
func.func @{name}(%x: {xt}, %scale: {st}, %b: {st}) -> {xt} {{
{body}  return {result} : {xt}
}}
"""


def write_channel_norms():
    cases, functions = [], []
    for t in ("f32", "bf16", "f64"):
        short = short_rows(t)
        # GroupNorm NCHW: groups of 2 channels x 2 = 4 elements, one per row.
        x = channels(short, 2, 2 * len(short), 2)
        groups = len(short)
        cases.append(f"// {t} GroupNorm NCHW, groups of 4, dynamic shapes.")
        cases.append(channel_case(f"group_{t}", t, x, groups, "nchw"))
        functions.append(gn_function(f"group_{t}", t, (None, 2 * groups, None),
                                     groups, "group", "nchw"))
        cases.append(f"// {t} GroupNorm channels_last, the same groups.")
        cases.append(channel_case(f"group_last_{t}", t, transpose(x), groups,
                                  "last"))
        functions.append(gn_function(f"group_last_{t}", t,
                                     (None, None, 2 * groups), groups,
                                     "group", "last"))
        # InstanceNorm: one row per channel of 4.
        x = channels(short, 1, len(short), 4)
        cases.append(f"// {t} InstanceNorm, instances of 4, dynamic shapes.")
        cases.append(channel_case(f"instance_{t}", t, x, len(short), "nchw"))
        functions.append(gn_function(f"instance_{t}", t,
                                     (None, len(short), None), len(short),
                                     "instance", "nchw"))
        # Long: 4 groups of 2 channels x 64 (NCHW), instances of 64.
        long = long_rows(t, 128)
        x = channels(long, 2, 8, 64)
        cases.append(f"// {t} GroupNorm NCHW, groups of 128, static shapes.")
        cases.append(channel_case(f"group_long_{t}", t, x, 4, "nchw"))
        functions.append(gn_function(f"group_long_{t}", t, (1, 8, 64), 4,
                                     "group", "nchw"))
        cases.append(f"// {t} GroupNorm channels_last, groups of 128, static "
                     "shapes.")
        cases.append(channel_case(f"group_last_long_{t}", t, transpose(x), 4,
                                  "last"))
        functions.append(gn_function(f"group_last_long_{t}", t, (1, 64, 8), 4,
                                     "group", "last"))
        x = channels([row[:64] for row in long], 1, 4, 64)
        cases.append(f"// {t} InstanceNorm, instances of 64, static shapes.")
        cases.append(channel_case(f"instance_long_{t}", t, x, 4, "nchw"))
        functions.append(gn_function(f"instance_long_{t}", t, (1, 4, 64), 4,
                                     "instance", "nchw"))
    short = short_rows("f32")
    x = channels(short, 2, 2 * len(short), 2)
    cases.append("// f32 GroupNorm NCHW with an elementwise consumer (Y over "
                 "X).")
    cases.append(channel_case("group_consumer_f32", "f32", x, len(short),
                              "nchw"))
    functions.append(gn_function("group_consumer_f32", "f32",
                                 (1, 2 * len(short), 2), len(short), "group",
                                 "nchw", consumer=True))
    path = os.path.join(ROOT, "GroupNormalization",
                        "subnormal-spread-eps0.mlir")
    with open(path, "w") as f:
        f.write(GN_HEADER + "\n" + join_cases(cases) + "\n" + GN_CHECK +
                "".join(functions))


if __name__ == "__main__":
    write_layer_norm()
    write_channel_norms()
