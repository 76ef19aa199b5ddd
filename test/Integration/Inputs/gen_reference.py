#!/usr/bin/env python3
"""Generates the float64-reference fixtures and lit tests of test/Integration.

Everything expected here comes from test/lib/reference.py (float64
implementations written from docs/semantics.md and the ONNX texts, not from
our lowering), rounded ONCE to the output type:
  f32/f16 by NumPy's IEEE conversion, bf16 by hand (reference.py), stored as
  '<u2' bits in the .npy files.

It writes, under test/Integration/<Op>/,
  spec/<name>.mlir            examples of the ONNX texts and
  semantics/<name>.mlir       worked examples of docs/semantics.md, values INLINE
                              and exactly as the texts print them (the script
                              asserts that they equal the reference rounded
                              to the output type, or says why an --atol is
                              needed);
  edge/nan-*.mlir             NaN slices, values inline;
  ref/<case>.mlir             reference cases reading .npy files from
  ref/Inputs/<case>/          (x.npy, ..., y.npy, ...).
Hand-written tests (printed output, zero-size, ...) are not touched.

Tolerances: the runner's defaults (f32 rtol 1e-5 atol 1e-6, f64 rtol 1e-12,
f16/bf16 about 2 ulp) unless a case says otherwise. Before writing, every
case is also run through a float32 (or float64) NumPy simulation of a
straightforward implementation and must pass with margin (<= 1 ulp for
f16/bf16), so the tolerances are not tight by accident.

Run with the system Python (numpy only):
  /usr/bin/python3 test/Integration/Inputs/gen_reference.py
The tests never run this script; the generated files are committed.
"""

import glob
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)                     # test/Integration
sys.path.insert(0, os.path.join(ROOT, "..", "lib"))
import reference as ref  # noqa: E402

MAX_NPY_BYTES = 20 * 1024

# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------


def ttype(shape, elem, dynamic=None):
    """MLIR tensor type; `dynamic` lists the dims to write as '?'."""
    dims = ["?" if dynamic and i in dynamic else str(d)
            for i, d in enumerate(shape)]
    return "tensor<" + "".join(d + "x" for d in dims) + elem + ">"


def exact(stored, ty):
    return ref.stored_to_f64(stored, ty)


def narrow(values, ty):
    """Input data: the values rounded to `ty` (stored form)."""
    if ty in ("i32", "i64"):
        return np.asarray(values).astype(ref.NP_DTYPE[ty])
    return ref.round_to(values, ty)


def within(got64, want_stored, ty, what):
    """Asserts a simulated implementation passes the test's tolerance with
    margin: f32 rtol 1e-5 atol 1e-6, f64 rtol 1e-12 (no atol assumed),
    f16/bf16 <= 1 ulp of the expected value (the runner allows ~2)."""
    want = exact(want_stored, ty)
    got = np.asarray(got64, dtype=np.float64)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan), what
    g, w = got[~nan], want[~nan]
    if ty == "f32":
        ok = np.abs(g - w) <= 1e-6 + 1e-5 * np.abs(w)
    elif ty == "f64":
        ok = np.abs(g - w) <= 1e-12 * np.abs(w)
    else:
        ok = np.abs(g - w) <= ref.ulp(w, ty)
    assert np.all(ok), (what, ty, g[~ok][:4], w[~ok][:4])


def sim_round(a, ty):
    """What a straightforward implementation stores: compute, round once."""
    return exact(ref.round_to(a, ty), ty)


# ---------------------------------------------------------------------------
# Simulated implementations (only to vet tolerances, see `within`)
# ---------------------------------------------------------------------------


def sim_lp(x64, ty, axis, p):
    """f16/bf16/f32: accumulate and divide in f64; f64: scale by max|x| first
    (the two strategies docs/semantics.md names). Round once."""
    m = np.max(np.abs(x64), axis=axis, keepdims=True)
    m = np.where(m == 0, 1.0, m) if ty == "f64" else np.ones_like(m)
    xs = x64 / m
    if p == 1:
        norm = np.sum(np.abs(xs), axis=axis, keepdims=True)
    else:
        norm = np.sqrt(np.sum(xs * xs, axis=axis, keepdims=True))
    with np.errstate(invalid="ignore", divide="ignore"):
        y = np.where(norm == 0, 0.0, xs / norm)
    return sim_round(y, ty)


def sim_layer_norm(x64, s64, b64, ty, stash, axis, eps):
    ct = np.float64 if ty == "f64" else np.float32
    x = x64.astype(ct)
    axes = tuple(range(axis % x.ndim, x.ndim))
    n = ct(np.prod([x.shape[a] for a in axes]))
    mean = np.sum(x, axis=axes, keepdims=True, dtype=ct) / n
    d = x - mean
    var = np.sum(d * d, axis=axes, keepdims=True, dtype=ct) / n
    inv = ct(1) / np.sqrt(var + ct(np.float32(eps)))
    y = d * inv * s64.astype(ct)
    if b64 is not None:
        y = y + b64.astype(ct)
    return (sim_round(y.astype(np.float64), ty),
            sim_round(mean.astype(np.float64), stash),
            sim_round(inv.astype(np.float64), stash))


# ---------------------------------------------------------------------------
# Writing tests
# ---------------------------------------------------------------------------

OP_DIRS = {"lp": "LpNormalization", "normalizer": "Normalizer",
           "layer": "LayerNormalization"}
written = []


def save_npy(path, arr):
    arr = np.array(arr, order="C")    # (ascontiguousarray would make 0-d 1-d)
    assert arr.ndim == np.ndim(arr)
    np.save(path, arr)
    size = os.path.getsize(path)
    assert size < MAX_NPY_BYTES, (path, size)


def write_test(op, rel_path, comment_lines, run_args, n_results, func_text,
               extra_checks=()):
    path = os.path.join(ROOT, OP_DIRS[op], rel_path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    run = ["norm-runner %s"] + [a for a in run_args if a != "--function=main"]
    run.insert(1, "--function=main")
    run.append("| FileCheck %s")
    lines = ["// " + c if c else "//" for c in comment_lines]
    lines += ["// GENERATED by test/Integration/Inputs/gen_reference.py; "
              "do not edit.", ""]
    lines += ["// RUN: " + " \\\n// RUN:   ".join(run), ""]
    lines += list(extra_checks)
    lines += [f"// CHECK: [SUCCESS] result[{i}]:" for i in range(n_results)]
    lines += ["// CHECK-NOT: [FAILED]", ""]
    lines += func_text
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    written.append(os.path.relpath(path, ROOT))


def lp_func(in_type, axis, p, fname="main"):
    attrs = ""
    if axis is not None:
        attrs += f" axis = {axis}"
    if p is not None:
        attrs += f" p = {p}"
    return [f"func.func @{fname}(%x: {in_type}) -> {in_type} {{",
            f"  %y = norm.lp_normalization %x{attrs} : {in_type}",
            f"  return %y : {in_type}",
            "}"]


def normalizer_func(in_type, out_type, mode, fname="main"):
    attrs = f' norm = "{mode}"' if mode is not None else ""
    return [f"func.func @{fname}(%x: {in_type}) -> {out_type} {{",
            f"  %y = norm.normalizer %x{attrs} : {in_type} -> {out_type}",
            f"  return %y : {out_type}",
            "}"]


def layer_func(arg_types, res_types, axis, eps, stash, returned=(0, 1, 2),
               fname="main"):
    names = ["%x", "%scale", "%b"][:len(arg_types)]
    attrs = ""
    if axis is not None:
        attrs += f" axis = {axis}"
    if eps is not None:
        attrs += f" epsilon = {float(np.float32(eps))!r}"
    if stash is not None:
        attrs += f" stash_type = {stash}"
    vals = ["%y", "%mean", "%inv_std_dev"]
    rets = [res_types[i] for i in returned]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, arg_types))
    return [f"func.func @{fname}({args})",
            f"    -> ({', '.join(rets)}) {{",
            f"  %y, %mean, %inv_std_dev = norm.layer_normalization "
            f"{', '.join(names)}{attrs}",
            f"      : ({', '.join(arg_types)})",
            f"      -> ({', '.join(res_types)})",
            f"  return {', '.join(vals[i] for i in returned)} : "
            f"{', '.join(rets)}",
            "}"]


# ---------------------------------------------------------------------------
# 1. Spec and docs/semantics.md examples, inline
# ---------------------------------------------------------------------------

SPEC_X = "1. 2. 2. 3. 4. 0. 0. 5. 5. 6. 8. 0."  # docs/spec/LpNormalization.txt
SPEC_X_2x2 = "3. 4. 6. 8."

LP_SPEC = [
    # (test name, spec case, shape, x text, axis, p, expected text as printed)
    ("cc-lpnormalization-axis0-p1", "test_cc_lpnormalization_axis0_p1",
     (2, 2, 3), SPEC_X, 0, 1,
     "1. 0.2857143 0.2857143 0.33333334 0.33333334 0. "
     "0. 0.71428573 0.71428573 0.6666667 0.6666667 0."),
    ("cc-lpnormalization-default", "test_cc_lpnormalization_default",
     (2, 2, 3), SPEC_X, None, None,
     "0.33333334 0.6666667 0.6666667 0.6 0.8 0. "
     "0. 0.70710677 0.70710677 0.6 0.8 0."),
    ("l1normalization-axis-0", "test_l1normalization_axis_0",
     (2,), "3. 4.", 0, 1, "0.42857143 0.5714286"),
    ("l1normalization-axis-1", "test_l1normalization_axis_1",
     (2, 2), SPEC_X_2x2, 1, 1, "0.42857143 0.5714286 0.42857143 0.5714286"),
    ("l1normalization-axis-last", "test_l1normalization_axis_last",
     (2, 2, 3), SPEC_X, -1, 1,
     "0.2 0.4 0.4 0.42857143 0.5714286 0. 0. 0.5 0.5 0.42857143 0.5714286 0."),
    ("l2normalization-axis-0", "test_l2normalization_axis_0",
     (2, 2, 3), SPEC_X, 0, 2,
     "1. 0.37139067 0.37139067 0.4472136 0.4472136 0. "
     "0. 0.9284767 0.9284767 0.8944272 0.8944272 0."),
    ("l2normalization-axis-1", "test_l2normalization_axis_1",
     (2, 2), SPEC_X_2x2, 1, 2, "0.6 0.8 0.6 0.8"),
]

NORMALIZER_SPEC = [
    # (test name, spec case, shape, in elem, x text, mode, expected text)
    ("cc-normalizer-l1-int64", "test_cc_normalizer_l1_int64", (4,),
     "i64", "1 -1 2 -2", "L1",
     "0.16666667 -0.16666667 0.33333334 -0.33333334"),
    ("cc-normalizer-l2-float", "test_cc_normalizer_l2_float", (2, 3),
     "f32", "1. 2. 2. 0. 3. 4.", "L2",
     "0.33333334 0.6666667 0.6666667 0. 0.6 0.8"),
    ("cc-normalizer-max-double", "test_cc_normalizer_max_double", (2, 3),
     "f64", "1. -3. 2. 0. 0. 0.", "MAX", "0.5 -1.5 1. 0. 0. 0."),
]


def parse(text):
    return np.array([float(t) for t in text.replace(",", " ").split()])


def spec_arg(shape, elem, text):
    """An inline SPEC, quoted for the shell (values are space separated)."""
    return f'--input="{"x".join(map(str, shape))}{"x" if shape else ""}{elem}={text}"'


def spec_out(shape, elem, text):
    return (f'--expected-output="{"x".join(map(str, shape))}'
            f'{"x" if shape else ""}{elem}={text}"')


def fmt(values, ty):
    """Shortest round-trip decimals of the values rounded to `ty`."""
    v = ref.round_to(values, ty)
    if ty == "f32":
        return " ".join(str(np.float32(t)) for t in v.ravel())
    assert ty == "f64"
    return " ".join(repr(float(t)) for t in v.ravel())


def assert_printed(printed, want64, ty, what):
    """The spec's printed value, read as `ty`, must be the reference rounded
    once to `ty` (i.e. the texts print shortest round-trip decimals)."""
    got = ref.round_to(parse(printed), ty)
    want = ref.round_to(want64, ty)
    assert np.array_equal(got.view(np.uint8), want.view(np.uint8)), (
        what, got, want)


ONNX_TESTDATA = os.path.join(ROOT, "..", "Inputs", "onnx-testdata")


def cross_check_onnx_testdata():
    """Optional: the ONNX-format copies of the spec examples in
    test/Inputs/onnx-testdata must hold the same inputs, attributes and
    outputs as the tables above (skipped without python3-onnx)."""
    try:
        import onnx
        from onnx import helper, numpy_helper
    except ImportError:
        print("note: python3-onnx missing, skipped the onnx-testdata check")
        return
    table = {case: (shape, xt, {"axis": axis, "p": p}, yt)
             for _, case, shape, xt, axis, p, yt in LP_SPEC}
    table.update({case: (shape, xt, {"norm": mode}, yt)
                  for _, case, shape, _, xt, mode, yt in NORMALIZER_SPEC})
    checked = 0
    for case, (shape, xt, attrs, yt) in table.items():
        d = os.path.join(ONNX_TESTDATA, case)
        if not os.path.isdir(d):    # test_cc_lpnormalization_default is
            d = os.path.join(ONNX_TESTDATA, case.replace("_cc_", "_"))  # there
        if not os.path.isdir(d):    # as ONNX's test_lpnormalization_default
            continue
        checked += 1
        node = onnx.load(os.path.join(d, "model.onnx")).graph.node[0]
        got = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        got = {k: v.decode() if isinstance(v, bytes) else v
               for k, v in got.items()}
        assert got == {k: v for k, v in attrs.items() if v is not None}, case
        data = os.path.join(d, "test_data_set_0")
        x = numpy_helper.to_array(onnx.load_tensor(data + "/input_0.pb"))
        y = numpy_helper.to_array(onnx.load_tensor(data + "/output_0.pb"))
        assert x.shape == shape and np.array_equal(x.ravel(), parse(xt)), case
        assert np.array_equal(y.ravel(), parse(yt).astype(np.float32)), case
    print(f"{checked} spec examples match test/Inputs/onnx-testdata")


def gen_spec_examples():
    cross_check_onnx_testdata()
    for name, case, shape, xt, axis, p, yt in LP_SPEC:
        x = parse(xt).reshape(shape)
        y = ref.lp_normalization(x, -1 if axis is None else axis,
                                 2 if p is None else p).ravel()
        assert_printed(yt, y, "f32", name)
        t = ttype(shape, "f32")
        write_test("lp", "spec/" + name + ".mlir",
                   [f"docs/spec/LpNormalization.txt example {case}: input and expected",
                    "output exactly as the spec prints them (each printed value "
                    "is the float64",
                    "reference rounded to f32, so the default f32 tolerance "
                    "applies)."],
                   [spec_arg(shape, "f32", xt), spec_out(shape, "f32", yt)], 1,
                   lp_func(t, axis, p))
    for name, case, shape, elem, xt, mode, yt in NORMALIZER_SPEC:
        x = parse(xt).reshape(shape)
        assert_printed(yt, ref.normalizer(x, mode).ravel(), "f32", name)
        write_test("normalizer", "spec/" + name + ".mlir",
                   [f"docs/spec/Normalizer.txt example {case}: input and expected output",
                    "exactly as the spec prints them (each printed value is the "
                    "float64",
                    "reference rounded to f32)."],
                   [spec_arg(shape, elem, xt), spec_out(shape, "f32", yt)], 1,
                   normalizer_func(ttype(shape, elem), ttype(shape, "f32"),
                                   mode))

    # --- docs/semantics.md examples -------------------------------------------
    x = np.array([1e30, -1e30])
    assert_printed("0.70710677 -0.70710677", ref.lp_normalization(x), "f32", "")
    write_test("lp", "semantics/f32-no-overflow.mlir",
               ["docs/semantics.md: f32 [1e30, -1e30], p = 2 gives [0.70710677, "
                "-0.70710677]",
                "(sum of squares 2e60 overflows f32: no spurious overflow)."],
               [spec_arg((2,), "f32", "1e30 -1e30"),
                spec_out((2,), "f32", "0.70710677 -0.70710677")], 1,
               lp_func(ttype((2,), "f32"), -1, 2))
    x = np.array([300., 400.])
    assert_printed("0.6 0.8", ref.lp_normalization(x), "f16", "")
    write_test("lp", "semantics/f16-no-overflow.mlir",
               ["docs/semantics.md: f16 [300, 400], p = 2 gives [0.6, 0.8] (the "
                "squares overflow",
                "f16, whose max is 65504: arithmetic must be at least f32). "
                "0.6 and 0.8 read",
                "as f16 are the float64 reference rounded to f16."],
               [spec_arg((2,), "f16", "300 400"),
                spec_out((2,), "f16", "0.6 0.8")], 1,
               lp_func(ttype((2,), "f16"), -1, 2))
    for name, xt, yt, cmt in [
            ("max-negative-row", "-1 -2", "1 2",
             "MAX divides by the SIGNED maximum: [-1, -2] gives [1, 2]."),
            ("max-zero-divisor", "0 -3", "0 -3",
             "MAX with maximum 0: the divisor is 0, so Y = X: [0, -3] gives "
             "[0, -3]."),
    ]:
        assert_printed(yt, ref.normalizer(parse(xt), "MAX"), "f32", name)
        write_test("normalizer", "semantics/" + name + ".mlir",
                   ["docs/semantics.md: " + cmt],
                   [spec_arg((2,), "f32", xt), spec_out((2,), "f32", yt)], 1,
                   normalizer_func(ttype((2,), "f32"), ttype((2,), "f32"),
                                   "MAX"))
    assert_printed("0.70710677 0.70710677",
                   ref.normalizer(np.array([50000, 50000], np.int32), "L2"),
                   "f32", "")
    write_test("normalizer", "semantics/i32-l2-no-overflow.mlir",
               ["docs/semantics.md: i32 [50000, 50000] with L2 gives [0.70710677, "
                "0.70710677]",
                "(50000^2 overflows i32: integers are converted, never squared "
                "as integers)."],
               [spec_arg((2,), "i32", "50000 50000"),
                spec_out((2,), "f32", "0.70710677 0.70710677")], 1,
               normalizer_func(ttype((2,), "i32"), ttype((2,), "f32"), "L2"))

    # LayerNorm [40000 .. 40003] (f32): two-pass variance.
    x = np.array([[40000., 40001., 40002., 40003.]])
    y, m, s = ref.layer_normalization(x, np.ones(4))
    yt, mt, st = "-1.3416355 -0.4472118 0.4472118 1.3416355", "40001.5", \
        "0.8944236"
    for t, v in [(yt, y), (mt, m), (st, s)]:
        assert_printed(t, v.ravel(), "f32", "40000")
    write_test("layer", "semantics/two-pass-variance.mlir",
               ["docs/semantics.md: X = [40000, 40001, 40002, 40003] (f32), "
                "Scale = 1, no B,",
                "default axis and epsilon. The one-pass E[x^2] - E[x]^2 gives "
                "NaN; the",
                "two-pass variance gives Y = [-1.3416355, -0.4472118, "
                "0.4472118, 1.3416355],",
                "Mean 40001.5, InvStdDev 0.8944236 (each the float64 reference "
                "rounded to f32)."],
               [spec_arg((1, 4), "f32", "40000 40001 40002 40003"),
                spec_arg((4,), "f32", "1 1 1 1"),
                spec_out((1, 4), "f32", yt), spec_out((1, 1), "f32", mt),
                spec_out((1, 1), "f32", st)], 3,
               layer_func([ttype((1, 4), "f32"), ttype((4,), "f32")],
                          [ttype((1, 4), "f32"), ttype((1, 1), "f32"),
                           ttype((1, 1), "f32")], None, None, None))

    # LayerNorm f64 [1e8, 1e8+1, 1e8+2]: stage one in f64.
    x = np.array([[1e8, 1e8 + 1, 1e8 + 2]])
    y, m, s = ref.layer_normalization(x, np.ones(3))
    spec_y = parse("-1.2247357 0 1.2247357")
    err = np.max(np.abs(spec_y - y.ravel()))
    assert 1e-12 < err < 5e-8, err     # 8 printed digits: needs an atol
    assert_printed("100000000", m.ravel(), "f32", "mean")
    assert_printed("1.2247357", s.ravel(), "f32", "inv")
    common = [spec_arg((1, 3), "f64", "100000000 100000001 100000002"),
              spec_arg((3,), "f64", "1 1 1")]
    ftext = layer_func([ttype((1, 3), "f64"), ttype((3,), "f64")],
                       [ttype((1, 3), "f64"), ttype((1, 1), "f32"),
                        ttype((1, 1), "f32")], None, None, None)
    write_test("layer", "semantics/f64-stage-one.mlir",
               ["docs/semantics.md: f64 X = [1e8, 1e8+1, 1e8+2] must give Y = "
                "[-1.2247357, 0, 1.2247357]",
                "(stage one in f64; casting to f32 first loses the data). "
                "Mean/InvStdDev are f32",
                "(stash_type 1): f32(1e8 + 1) = 1e8, 1/sqrt(2/3 + eps) -> "
                "1.2247357.",
                "The spec prints Y with 8 significant digits (error up to "
                "5e-8), hence --atol=1e-7",
                "(and --rtol=1e-7). f64-stage-one-exact.mlir checks "
                "the full float64",
                "reference values with the default f64 tolerance (rtol "
                "1e-12)."],
               common + [spec_out((1, 3), "f64", "-1.2247357 0 1.2247357"),
                         spec_out((1, 1), "f32", "100000000"),
                         spec_out((1, 1), "f32", "1.2247357"),
                         "--atol=1e-7", "--rtol=1e-7"],
               3, ftext)
    yr = fmt(y, "f64")
    write_test("layer", "semantics/f64-stage-one-exact.mlir",
               ["docs/semantics.md: f64 X = [1e8, 1e8+1, 1e8+2]; expected Y is the "
                "float64 reference",
                "printed with repr (round-trip exact); default f64 tolerance "
                "rtol 1e-12.",
                "The middle element is exactly 0 (sum 300000003 and /3 are "
                "exact in f64)."],
               common + [spec_out((1, 3), "f64", yr),
                         spec_out((1, 1), "f32", "100000000"),
                         spec_out((1, 1), "f32", "1.2247357")], 3, ftext)

    # Constant row: Y = B, InvStdDev = 1/sqrt(epsilon) (epsilon as f32).
    eps = 1e-5
    x = np.array([[5., 5., 5., 5.], [1., 2., 3., 4.]])
    sc, b = np.array([2., 2., 2., 2.]), np.array([0.5, -1., 0.25, 3.])
    y, m, s = ref.layer_normalization(x, sc, b, epsilon=eps)
    inv_const = 1.0 / np.sqrt(float(np.float32(eps)))
    assert s[0, 0] == inv_const and np.all(y[0] == b)
    yt, st, mt = fmt(y, "f32"), fmt(s, "f32"), fmt(m, "f32")
    write_test("layer", "semantics/constant-row.mlir",
               ["docs/semantics.md: a constant row gives Y = B and InvStdDev = "
                "1/sqrt(epsilon).",
                "Row 0 is [5, 5, 5, 5]: Y = B = [0.5, -1, 0.25, 3], Mean 5, "
                f"InvStdDev = 1/sqrt(f32(1e-5)) = {inv_const!r}.",
                "Row 1 [1, 2, 3, 4] is an ordinary row. Expected values: the "
                "float64 reference",
                "rounded to f32, printed as shortest round-trip decimals."],
               [spec_arg((2, 4), "f32", "5 5 5 5 1 2 3 4"),
                spec_arg((4,), "f32", "2 2 2 2"),
                spec_arg((4,), "f32", "0.5 -1 0.25 3"),
                spec_out((2, 4), "f32", yt), spec_out((2, 1), "f32", mt),
                spec_out((2, 1), "f32", st)], 3,
               layer_func([ttype((2, 4), "f32"), ttype((4,), "f32"),
                           ttype((4,), "f32")],
                          [ttype((2, 4), "f32"), ttype((2, 1), "f32"),
                           ttype((2, 1), "f32")], 1, eps, None))

    # Constant row, f16, epsilon 1e-8 (would be 0 in f16): InvStdDev = 1e4.
    eps = 1e-8
    x = np.array([[3., 3., 3.]])
    y, m, s = ref.layer_normalization(x, np.ones(3), np.array([1., 2., 3.]),
                                      epsilon=eps)
    assert np.float16(eps) == 0
    st = fmt(s, "f32")
    write_test("layer", "semantics/constant-row-f16-tiny-epsilon.mlir",
               ["docs/semantics.md: epsilon is used in stage-one precision (f32), "
                "never in f16:",
                "epsilon = 1e-8 rounds to 0 in f16, and a constant f16 row "
                "would then give NaN.",
                f"Expected: Y = B, Mean 3, InvStdDev = f32(1/sqrt(f32(1e-8))) "
                f"= {st}."],
               [spec_arg((1, 3), "f16", "3 3 3"),
                spec_arg((3,), "f16", "1 1 1"), spec_arg((3,), "f16", "1 2 3"),
                spec_out((1, 3), "f16", "1 2 3"), spec_out((1, 1), "f32", "3"),
                spec_out((1, 1), "f32", st)], 3,
               layer_func([ttype((1, 3), "f16"), ttype((3,), "f16"),
                           ttype((3,), "f16")],
                          [ttype((1, 3), "f16"), ttype((1, 1), "f32"),
                           ttype((1, 1), "f32")], -1, eps, None))


# ---------------------------------------------------------------------------
# 2. Reference cases with .npy fixtures
# ---------------------------------------------------------------------------


def fixture_dir(op, case):
    d = os.path.join(ROOT, OP_DIRS[op], "ref", "Inputs", case)
    os.makedirs(d, exist_ok=True)
    for old in glob.glob(os.path.join(d, "*.npy")):
        os.remove(old)
    return d


def npy_args(op, case, inputs, outputs):
    """Saves the arrays; returns the RUN arguments. Inputs/outputs are lists
    of (file stem, stored array)."""
    d = fixture_dir(op, case)
    rel = f"%S/Inputs/{case}"
    args = []
    for stem, arr in inputs:
        save_npy(os.path.join(d, stem + ".npy"), arr)
        args.append(f"--input=@{rel}/{stem}.npy")
    for stem, arr in outputs:
        save_npy(os.path.join(d, stem + ".npy"), arr)
        args.append(f"--expected-output=@{rel}/{stem}.npy")
    return args


def lp_case(case, x_stored, ty, axis, p, comment, dynamic=None):
    x64 = exact(x_stored, ty)
    y64 = ref.lp_normalization(x64, axis, p)
    y = ref.round_to(y64, ty)
    within(sim_lp(x64, ty, axis, p), y, ty, case)
    t = ttype(x_stored.shape, ty, dynamic)
    args = [f"--function=main"] + npy_args("lp", case, [("x", x_stored)],
                                           [("y", y)])
    write_test("lp", f"ref/{case}.mlir",
               [f"LpNormalization {ty} {'x'.join(map(str, x_stored.shape))}, "
                f"axis = {axis}, p = {p}{', dynamic shape' if dynamic else ''}.",
                *comment,
                "Expected: float64 reference (test/lib/reference.py) rounded "
                "once to " + ty + "; runner default tolerance."],
               args, 1, lp_func(t, axis, p))


def normalizer_case(case, x_stored, ty, mode, comment, dynamic=None):
    y64 = ref.normalizer(x_stored, mode)
    y = ref.round_to(y64, "f32")
    # The implementation computes in f64 and rounds once: same as reference
    # up to summation order.
    within(sim_round(y64 * (1 + 1e-15), "f32"), y, "f32", case)
    shape = x_stored.shape
    args = ["--function=main"] + npy_args("normalizer", case, [("x", x_stored)],
                                          [("y", y)])
    write_test("normalizer", f"ref/{case}.mlir",
               [f"Normalizer {ty} {'x'.join(map(str, shape))}, norm = "
                f"\"{mode}\"{', dynamic shape' if dynamic else ''}.",
                *comment,
                "Expected: float64 reference (test/lib/reference.py) rounded "
                "once to f32; runner default f32 tolerance."],
               args, 1,
               normalizer_func(ttype(shape, ty, dynamic),
                               ttype(shape, "f32", dynamic), mode))


def layer_case(case, ty, x_s, s_s, b_s, axis, eps, stash, comment,
               dyn_x=None, dyn_s=None, dyn_b=None, returned=(0, 1, 2)):
    """x_s/s_s/b_s: stored arrays of type ty (b_s may be None). axis/eps/stash
    None means 'leave the attribute out' (op default -1 / 1e-5 / 1)."""
    x64, s64 = exact(x_s, ty), exact(s_s, ty)
    b64 = exact(b_s, ty) if b_s is not None else None
    a = -1 if axis is None else axis
    e = 1e-5 if eps is None else eps
    u = "bf16" if stash == 16 else "f32"
    y64, m64, i64 = ref.layer_normalization(x64, s64, b64, a, e)
    y, m, inv = ref.round_to(y64, ty), ref.round_to(m64, u), \
        ref.round_to(i64, u)
    sy, sm, si = sim_layer_norm(x64, s64, b64, ty, u, a, e)
    within(sy, y, ty, case + " Y")
    within(sm, m, u, case + " Mean")
    within(si, inv, u, case + " InvStdDev")
    if ty in ("f16", "bf16", "f64"):
        # No cancellation to ~0 in Y, where the one-rounding reference and a
        # correct implementation could differ by more than the tolerance.
        assert np.min(np.abs(y64)) > 1.0 / 64, (case, np.min(np.abs(y64)))
    ins = [("x", x_s), ("scale", s_s)] + ([("b", b_s)] if b_s is not None
                                          else [])
    outs = [("y", y), ("mean", m), ("inv_std_dev", inv)]
    outs = [outs[i] for i in returned]
    args = ["--function=main"] + npy_args("layer", case, ins, outs)
    r = x_s.ndim
    na = a % r
    stats = list(x_s.shape[:na]) + [1] * (r - na)
    dyn_stats = [i for i in (dyn_x or []) if i < na]
    arg_types = [ttype(x_s.shape, ty, dyn_x), ttype(s_s.shape, ty, dyn_s)]
    if b_s is not None:
        arg_types.append(ttype(b_s.shape, ty, dyn_b))
    res_types = [ttype(x_s.shape, ty, dyn_x), ttype(stats, u, dyn_stats),
                 ttype(stats, u, dyn_stats)]
    desc = (f"LayerNormalization {ty} X {'x'.join(map(str, x_s.shape))}, "
            f"Scale {'x'.join(map(str, s_s.shape)) or 'rank 0'}, "
            + (f"B {'x'.join(map(str, b_s.shape)) or 'rank 0'}"
               if b_s is not None else "no B")
            + f", axis = {axis if axis is not None else '(default -1)'}, "
            f"epsilon = {eps if eps is not None else '(default 1e-5)'}, "
            f"stash_type = {stash if stash is not None else '(default 1)'}"
            + (", dynamic shapes" if dyn_x else "") + ".")
    write_test("layer", f"ref/{case}.mlir",
               [desc, *comment,
                "Expected: float64 reference (test/lib/reference.py; two-pass, "
                "epsilon = f32(epsilon))",
                f"rounded once to {ty} (Y) and {u} (Mean, InvStdDev); runner "
                "default tolerances."],
               args, len(returned),
               layer_func(arg_types, res_types, axis, eps, stash, returned))


def gen_lp(rng):
    # f16, odd size 33 along the last axis, p = 2, a zero row.
    x = rng.normal(0, 3, (4, 33))
    x[2] = 0
    lp_case("f16-4x33-axis-last-p2", narrow(x, "f16"), "f16", -1, 2,
            ["Row 2 is all zeros (norm 0 gives 0)."])
    # f16, axis 0, p = 1, odd size 7.
    x = rng.normal(0, 10, (7, 5))
    x[:, 3] = 0
    lp_case("f16-7x5-axis0-p1", narrow(x, "f16"), "f16", 0, 1,
            ["Column 3 (a slice along axis 0) is all zeros."])
    # f16 extremes: squares overflow f16 / underflow; f16 subnormals.
    x = np.array([[300., 400., 0.], [30000., 40000., 0.], [60000., -60000., 0.],
                  [3 * 2.0 ** -24, 4 * 2.0 ** -24, 0.], [1e-3, 1e-3, -1e-3]])
    lp_case("f16-extremes-p2", narrow(x, "f16"), "f16", 1, 2,
            ["Squares overflow f16 (rows 0-2) or are f16 subnormal (rows 3-4): "
             "no spurious",
             "overflow/underflow (docs/semantics.md); row 3 holds f16 subnormals "
             "3 and 4 * 2^-24."])
    # bf16, axis 1 = last of 5x7, p = 2; huge / tiny rows.
    x = rng.normal(0, 2, (5, 7))
    x[1] = 0
    x[3] = np.array([3e30, 4e30, 0, 0, 0, 0, 0])
    x[4] = np.array([3e-30, -4e-30, 0, 0, 0, 0, 0])
    lp_case("bf16-5x7-axis1-p2", narrow(x, "bf16"), "bf16", 1, 2,
            ["Row 1 is zero. Row 3 is [3e30, 4e30, 0...] (squares overflow "
             "f32) and row 4",
             "[3e-30, -4e-30, 0...] (squares underflow f32): both must give "
             "~[0.6, +-0.8] (docs/semantics.md:",
             "no spurious overflow or underflow for a representable result)."])
    # bf16, middle axis, p = 1.
    x = rng.normal(0, 5, (2, 7, 3))
    x[1, :, 2] = 0
    lp_case("bf16-2x7x3-axis1-p1", narrow(x, "bf16"), "bf16", 1, 1,
            ["Middle axis; slice [1, :, 2] is zero."])
    # f64, middle axis p = 2; axis -3 p = 1.
    x = rng.normal(0, 1, (3, 4, 5))
    x[2, :, 4] = 0
    lp_case("f64-3x4x5-axis1-p2", narrow(x, "f64"), "f64", 1, 2,
            ["Middle axis; slice [2, :, 4] is zero."])
    x = rng.normal(0, 100, (3, 4, 5))
    x[:, 1, 1] = 0
    lp_case("f64-3x4x5-axis-neg3-p1", narrow(x, "f64"), "f64", -3, 1,
            ["Negative axis -3 (= 0); slice [:, 1, 1] is zero."])
    # f32 cases.
    x = rng.normal(0, 1, (2, 7, 3))
    x[0, :, 1] = 0
    lp_case("f32-2x7x3-axis1-p2", narrow(x, "f32"), "f32", 1, 2,
            ["Middle axis; slice [0, :, 1] is zero."])
    x = rng.normal(0, 1, (3, 4, 5))
    x[1, :, 0] = 0
    lp_case("f32-3x4x5-axis-neg2-p1", narrow(x, "f32"), "f32", -2, 1,
            ["Negative middle axis -2 (= 1); slice [1, :, 0] is zero."])
    x = rng.normal(0, 1, (4, 5))
    lp_case("f32-4x5-axis0-p2", narrow(x, "f32"), "f32", 0, 2,
            ["Axis 0 of a matrix."])
    x = np.array([[1e30, -1e30, 0.], [3e-30, 4e-30, 0.], [3e-42, 4e-42, 0.],
                  [3e38, 3e38, -3e38]])
    lp_case("f32-extremes-p2", narrow(x, "f32"), "f32", -1, 2,
            ["Squares overflow (rows 0, 3) or underflow (rows 1, 2; row 2 "
             "holds f32",
             "subnormals) in f32: docs/semantics.md requires no spurious "
             "overflow/underflow."])
    x = np.array([[1e38, 3e38, -2e38], [1e-40, 2e-40, 0.]])
    lp_case("f32-extremes-p1", narrow(x, "f32"), "f32", -1, 1,
            ["Row 0: sum |x| = 6e38 overflows f32; row 1: f32 subnormals."])
    # f64 extremes: squares overflow/underflow f64 itself.
    x = np.array([[1e200, -1e200, 0.], [3e-200, 4e-200, 0.]])
    lp_case("f64-extremes-p2", narrow(x, "f64"), "f64", -1, 2,
            ["Squares overflow (row 0) / underflow (row 1) even in f64. "
             "docs/semantics.md:",
             "'for any finite input whose true result is representable, the "
             "result",
             "matches the reference' -- accumulating in f64 is not enough "
             "here, scaling by",
             "max|x| is. Kept in its own file so a failure is easy to "
             "attribute."])
    # Dynamic shapes: same data as static cases, through '?' dims.
    x = rng.normal(0, 1, (7, 33))
    x[5] = 0
    lp_case("dyn-f32-7x33-axis-last-p2", narrow(x, "f32"), "f32", -1, 2,
            ["tensor<?x?xf32>; row 5 is zero."], dynamic=[0, 1])
    x = rng.normal(0, 1, (3, 7, 2))
    lp_case("dyn-f32-3x7x2-axis1-p1", narrow(x, "f32"), "f32", 1, 1,
            ["tensor<3x?x?xf32> (reduced axis dynamic)."], dynamic=[1, 2])
    x = rng.normal(0, 3, (4, 33))
    lp_case("dyn-f16-4x33-axis0-p2", narrow(x, "f16"), "f16", 0, 2,
            ["tensor<?x33xf16>, axis 0 (dynamic reduced dim)."], dynamic=[0])


def gen_normalizer(rng):
    modes = ["MAX", "L1", "L2"]
    # i32: a mixed row, an all-negative row (signed max < 0), a zero row,
    # a row whose max is 0 but not all zero (MAX divisor 0 -> Y = X), big
    # values whose squares overflow i32.
    x = rng.integers(-50000, 50001, (5, 7))
    x[1] = -np.abs(x[1]) - 1
    x[2] = 0
    x[3] = [0, -3, -5, 0, -7, -1, -2]
    x[4] = [2147483647, -2147483648, 46341, 1, 0, -1, 65536]
    for mode in modes:
        normalizer_case(f"i32-5x7-{mode.lower()}", narrow(x, "i32"), "i32",
                        mode,
                        ["Rows: mixed; all negative (signed MAX < 0); zero "
                         "(divisor 0 -> Y = X);",
                         "max 0 with negatives (MAX divisor 0 -> Y = X); "
                         "INT32_MAX/INT32_MIN (squares",
                         "overflow i32/i64 sums exceed 2^62: no integer "
                         "arithmetic)."])
    # i64: values up to 2^52 (exact in f64; squares overflow i64 and f32).
    x = rng.integers(-2 ** 40, 2 ** 40, (4, 5))
    x[1] = [-(2 ** 52), 2 ** 52 - 1, 3, -3, 0]
    x[2] = [-5, -1, -9, -2, -4]
    x[3] = 0
    for mode in modes:
        normalizer_case(f"i64-4x5-{mode.lower()}", narrow(x, "i64"), "i64",
                        mode,
                        ["Values up to 2^52 in magnitude (exact in f64; squares "
                         "overflow i64).",
                         "Row 2 is all negative, row 3 is zero."])
    # f64 and f32, odd size 33, rank 1 and rank 2.
    x = rng.normal(0, 4, (3, 33))
    x[1] = -np.abs(x[1])
    x[2] = 0
    for mode in modes:
        normalizer_case(f"f64-3x33-{mode.lower()}", narrow(x, "f64"), "f64",
                        mode, ["Row 1 all negative, row 2 zero."])
    x = rng.normal(0, 4, (33,))
    for mode in modes:
        normalizer_case(f"f32-33-{mode.lower()}", narrow(x, "f32"), "f32",
                        mode, ["Rank 1 ([C])."])
    # Dynamic shapes.
    x = rng.integers(-1000, 1000, (6, 7))
    x[4] = 0
    normalizer_case("dyn-i64-6x7-l2", narrow(x, "i64"), "i64", "L2",
                    ["tensor<?x?xi64>; row 4 is zero."], dynamic=[0, 1])
    x = rng.normal(0, 1, (33,))
    normalizer_case("dyn-f64-33-max", narrow(x, "f64"), "f64", "MAX",
                    ["tensor<?xf64>."], dynamic=[0])
    x = rng.normal(0, 1, (3, 7))
    normalizer_case("dyn-f32-3x7-l1", narrow(x, "f32"), "f32", "L1",
                    ["tensor<3x?xf32>."], dynamic=[1])
    x = rng.integers(-50000, 50000, (2, 7))
    normalizer_case("dyn-i32-2x7-max", narrow(x, "i32"), "i32", "MAX",
                    ["tensor<?x7xi32>."], dynamic=[0])


def positive_away_from_zero(rng, shape, lo=0.5, hi=1.5):
    return rng.uniform(lo, hi, shape) * rng.choice([-1, 1], shape)


def gen_layer(rng):
    # f16: 4x33, Scale/B [33]. B = 3 keeps Y away from 0 (see layer_case).
    x = rng.normal(0, 2, (4, 33))
    x[3] = 1.5          # a constant row: Y = B
    layer_case("f16-4x33-axis-last", "f16", narrow(x, "f16"),
               narrow(rng.uniform(0.2, 0.5, (33,)), "f16"),
               narrow(rng.uniform(2.5, 3.5, (33,)), "f16"), -1, None, None,
               ["Odd normalized size 33; row 3 is constant (Y = B). Mean/"
                "InvStdDev are f32."])
    # bf16 3x7, stash_type 1 and 16.
    x = rng.normal(0, 3, (3, 7))
    s = rng.uniform(0.2, 0.4, (7,))
    b = rng.uniform(2, 3, (7,))
    for stash in (1, 16):
        layer_case(f"bf16-3x7-stash{stash}", "bf16", narrow(x, "bf16"),
                   narrow(s, "bf16"), narrow(b, "bf16"), 1, 1e-5, stash,
                   [f"stash_type = {stash}: Mean/InvStdDev are "
                    f"{'bf16' if stash == 16 else 'f32'}."])
    # f32 X with stash_type 16.
    x = rng.normal(1, 2, (4, 33))
    layer_case("f32-4x33-stash16", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.5, (33,)), "f32"),
               narrow(rng.normal(0, 1, (33,)), "f32"), -1, None, 16,
               ["f32 X, stash_type 16: Y f32, Mean/InvStdDev rounded once to "
                "bf16."])
    # f16, axis 1 of a 3-D tensor, no B.
    x = rng.normal(0, 1, (2, 3, 5))
    layer_case("f16-2x3x5-axis1-no-b", "f16", narrow(x, "f16"),
               narrow(positive_away_from_zero(rng, (3, 5)) * 0.5 + 0, "f16"),
               None, 1, None, None,
               ["No B; Scale [3, 5]. (Values vetted to stay away from 0.)"])
    # f64: 2x3x5 axis 1, Scale/B [3, 5].
    x = rng.normal(10, 3, (2, 3, 5))
    layer_case("f64-2x3x5-axis1", "f64", narrow(x, "f64"),
               narrow(rng.uniform(0.2, 0.5, (3, 5)), "f64"),
               narrow(rng.uniform(2, 3, (3, 5)), "f64"), 1, 1e-3, None,
               ["Stage one in f64; Mean/InvStdDev f32 (stash_type 1); "
                "epsilon 1e-3."])
    # f64 4-D axis 1 with broadcast Scale [3,1,5] and B [1] (rank 1).
    x = rng.normal(0, 1, (2, 3, 4, 5))
    layer_case("f64-2x3x4x5-axis1-broadcast", "f64", narrow(x, "f64"),
               narrow(rng.uniform(0.1, 0.3, (3, 1, 5)), "f64"),
               narrow(np.array([2.0]), "f64"), 1, None, None,
               ["4-D, axis 1; Scale [3, 1, 5] and B [1] broadcast."])
    # f32 Scale [1, C].
    x = rng.normal(0, 1, (5, 7))
    layer_case("f32-5x7-scale-1x7", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (1, 7)), "f32"),
               narrow(rng.normal(0, 1, (7,)), "f32"), -1, None, None,
               ["Scale of shape [1, 7] (rank 2, size-1 leading dim); B [7]."])
    # f32 size-1 dims; B varies over the OUTER (non-normalized) dim.
    x = rng.normal(0, 1, (2, 3, 4))
    layer_case("f32-2x3x4-axis1-scale-3x1-b-2x1x4", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (3, 1)), "f32"),
               narrow(rng.normal(0, 1, (2, 1, 4)), "f32"), 1, None, None,
               ["Scale [3, 1] (broadcast along the last axis); B [2, 1, 4] "
                "varies over the",
                "outer dim 0, which unidirectional broadcasting allows "
                "(docs/semantics.md)."])
    # f32 Scale varying over outer dims, axis 2.
    x = rng.normal(0, 1, (2, 3, 4))
    layer_case("f32-2x3x4-axis2-scale-full-b-3x1", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (2, 3, 4)), "f32"),
               narrow(rng.normal(0, 1, (3, 1)), "f32"), 2, None, None,
               ["Scale has X's full shape [2, 3, 4] (varies over outer "
                "dims); B [3, 1]."])
    # f32 no B, odd size 33.
    x = rng.normal(0, 1, (3, 33))
    layer_case("f32-3x33-no-b", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (33,)), "f32"), None, -1, None, None,
               ["No B."])
    # f32 4-D axis 1, epsilon 0.1, Scale [3, 4, 5] and B [5].
    x = rng.normal(0, 1, (2, 3, 4, 5))
    layer_case("f32-2x3x4x5-axis1-eps", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (3, 4, 5)), "f32"),
               narrow(rng.normal(0, 1, (5,)), "f32"), 1, 0.1, None,
               ["4-D, axis 1, epsilon 0.1; Scale [3, 4, 5], B [5]."])
    # f32 normalized size 1: Y = B, Mean = x, InvStdDev = 1/sqrt(eps).
    x = rng.normal(0, 1, (3, 1))
    layer_case("f32-3x1-size1", "f32", narrow(x, "f32"),
               narrow(np.array([2.0]), "f32"), narrow(np.array([0.5]), "f32"),
               -1, None, None,
               ["Normalized size 1: Y = B, Mean = X, InvStdDev = "
                "1/sqrt(epsilon)."])
    # Dynamic shapes.
    x = rng.normal(0, 1, (5, 33))
    layer_case("dyn-f32-5x33", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (33,)), "f32"),
               narrow(rng.normal(0, 1, (33,)), "f32"), -1, None, None,
               ["X tensor<?x?xf32>, Scale/B tensor<?xf32>, Mean/InvStdDev "
                "tensor<?x1xf32>."],
               dyn_x=[0, 1], dyn_s=[0], dyn_b=[0])
    x = rng.normal(0, 1, (2, 3, 7))
    layer_case("dyn-f32-2x3x7-axis1", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (3, 7)), "f32"),
               narrow(rng.normal(0, 1, (7,)), "f32"), 1, None, None,
               ["X tensor<?x?x?xf32>, Scale tensor<?x?xf32>, B tensor<?xf32>."],
               dyn_x=[0, 1, 2], dyn_s=[0, 1], dyn_b=[0])
    x = rng.normal(0, 2, (3, 7))
    layer_case("dyn-f16-3x7", "f16", narrow(x, "f16"),
               narrow(rng.uniform(0.2, 0.4, (7,)), "f16"),
               narrow(rng.uniform(2.5, 3.5, (7,)), "f16"), -1, None, None,
               ["X tensor<?x7xf16>, Scale/B static."], dyn_x=[0])
    # Only Y returned (Mean/InvStdDev unused, as ONNX models may do).
    x = rng.normal(0, 1, (3, 7))
    layer_case("f32-3x7-only-y", "f32", narrow(x, "f32"),
               narrow(rng.normal(1, 0.3, (7,)), "f32"),
               narrow(rng.normal(0, 1, (7,)), "f32"), -1, None, None,
               ["The function returns only Y (Mean and InvStdDev die)."],
               returned=(0,))


def gen_edge_cases():
    """NaN, zero-size tensors, rank-0 Scale/B (docs/semantics.md 'All ops')."""
    nan = np.nan
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)   # mean of empty set
        # NaN: the slice follows IEEE arithmetic, others are untouched; the
        # zero-norm guard must not turn NaN into 0.
        x = np.array([[1., nan, 2.], [3., 4., 0.], [0., 0., 0.], [nan, 0., 0.]])
        for p in (1, 2):
            y = ref.lp_normalization(x, -1, p)
            write_test("lp", f"edge/nan-f32-p{p}.mlir",
                       ["docs/semantics.md: NaN in a slice makes that slice NaN "
                        "(IEEE); other slices are",
                        "untouched; row 3 [nan, 0, 0] has a NaN norm, which "
                        "the zero-norm guard must",
                        "not turn into 0. Expected: float64 reference rounded "
                        "to f32 (NaN compares equal",
                        "to NaN in the runner)."],
                       [spec_arg((4, 3), "f32", fmt(x, "f32")),
                        spec_out((4, 3), "f32", fmt(y, "f32"))], 1,
                       lp_func(ttype((4, 3), "f32"), -1, p))
        x = np.array([[nan, 1., 2.], [3., 0., 4.], [0., 0., 0.]])
        for mode in ("L1", "L2"):
            y = ref.normalizer(x, mode)
            write_test("normalizer", f"edge/nan-f32-{mode.lower()}.mlir",
                       ["docs/semantics.md: NaN in a row makes that row NaN (IEEE); "
                        "the other rows are",
                        "untouched (row 2 is zero: divisor 0, Y = X). "
                        "Expected: float64 reference."],
                       [spec_arg((3, 3), "f32", fmt(x, "f32")),
                        spec_out((3, 3), "f32", fmt(y, "f32"))], 1,
                       normalizer_func(ttype((3, 3), "f32"),
                                       ttype((3, 3), "f32"), mode))
        x = np.array([[1., nan, 3.], [1., 2., 4.]])
        sc, b = np.array([1., 2., 0.5]), np.array([0., 1., -1.])
        y, m, inv = ref.layer_normalization(x, sc, b)
        assert np.all(np.isnan(y[0])) and np.isnan(m[0, 0])
        write_test("layer", "edge/nan-f32.mlir",
                   ["docs/semantics.md: a NaN in row 0 makes that row's Y, Mean and "
                    "InvStdDev NaN; row 1",
                    "is untouched. Expected: float64 reference rounded to f32."],
                   [spec_arg((2, 3), "f32", fmt(x, "f32")),
                    spec_arg((3,), "f32", fmt(sc, "f32")),
                    spec_arg((3,), "f32", fmt(b, "f32")),
                    spec_out((2, 3), "f32", fmt(y, "f32")),
                    spec_out((2, 1), "f32", fmt(m, "f32")),
                    spec_out((2, 1), "f32", fmt(inv, "f32"))], 3,
                   layer_func([ttype((2, 3), "f32"), ttype((3,), "f32"),
                               ttype((3,), "f32")],
                              [ttype((2, 3), "f32"), ttype((2, 1), "f32"),
                               ttype((2, 1), "f32")], -1, None, None))

        # Zero-size tensors (npy fixtures: shape (0, 3) etc.).
        lp_case("empty-f32-0x3-axis-last-p2", np.zeros((0, 3), "<f4"), "f32",
                -1, 2, ["Zero-size input: empty output of the same shape."])
        lp_case("empty-f32-3x0-axis0-p1", np.zeros((3, 0), "<f4"), "f32",
                0, 1, ["Zero-size input (the non-reduced dim is 0)."])
        normalizer_case("empty-i32-0x3-l2", np.zeros((0, 3), "<i4"), "i32",
                        "L2", ["Zero rows: empty output."])
        layer_case("empty-f32-0x4-outer", "f32", np.zeros((0, 4), "<f4"),
                   narrow(np.ones(4), "f32"), narrow(np.zeros(4), "f32"), -1,
                   None, None,
                   ["Empty outer part: Y 0x4, Mean/InvStdDev 0x1 (no "
                    "element)."])
        layer_case("empty-f32-2x0-normalized", "f32", np.zeros((2, 0), "<f4"),
                   np.zeros((0,), "<f4"), None, -1, None, None,
                   ["Normalized size 0 with a non-empty outer part: Y is "
                    "empty (2x0), Mean and",
                    "InvStdDev are NaN (ReduceMean of an empty set; "
                    "docs/semantics.md, as ONNX's reference)."])

    # Rank-0 Scale and B (rank <= r is allowed).
    x = np.array([[1., 2., 4.], [-1., 0., 3.]])
    layer_case("f32-2x3-scale-b-rank0", "f32", narrow(x, "f32"),
               narrow(np.array(1.5), "f32"), narrow(np.array(-0.25), "f32"),
               -1, None, None,
               ["Scale and B of rank 0 (tensor<f32>) broadcast to X."])


def main():
    rng = np.random.default_rng(20260129)
    gen_spec_examples()
    gen_lp(rng)
    gen_normalizer(rng)
    gen_layer(rng)
    gen_edge_cases()
    for w in sorted(written):
        print(w)
    print(f"{len(written)} tests written")


if __name__ == "__main__":
    main()
