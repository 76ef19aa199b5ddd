#!/usr/bin/python3
"""Writes one Instance- or GroupNormalization case for the AOT tests.

  gen_channel_case.py OUT_DIR instance|group TYPE N,C,D1,... [NUM_GROUPS]

writes OUT_DIR/x.npy, scale.npy, b.npy (X = 1000 + N(0, 1) per element,
offset data; Scale and B ~ N(0, 1); fixed seed) and y.npy: the float64
reference of test/lib/reference.py (instance_normalization,
group_normalization, written from docs/semantics.md, not from the lowering),
rounded once to TYPE (f32, f64 or f16). The C host (npy_host.c) compares the
compiled function's Y with y.npy at norm-runner's default tolerances.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "lib"))
import reference as ref  # noqa: E402


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    out, op, ty, dims = sys.argv[1:5]
    shape = tuple(int(d) for d in dims.split(","))
    assert ty in ("f32", "f64", "f16"), ty
    rng = np.random.default_rng(20261202)
    channels = shape[1]
    x = ref.round_to(1000.0 + rng.standard_normal(shape), ty)
    scale = ref.round_to(rng.standard_normal(channels), ty)
    b = ref.round_to(rng.standard_normal(channels), ty)
    xs, ss, bs = (ref.stored_to_f64(a, ty) for a in (x, scale, b))
    if op == "instance":
        y = ref.instance_normalization(xs, ss, bs)
    elif op == "group":
        y = ref.group_normalization(xs, ss, bs, int(sys.argv[5]))[0]
    else:
        sys.exit("unknown op " + op)
    os.makedirs(out, exist_ok=True)
    for name, a in (("x", x), ("scale", scale), ("b", b),
                    ("y", ref.round_to(y, ty))):
        np.save(os.path.join(out, name + ".npy"), a)


if __name__ == "__main__":
    main()
