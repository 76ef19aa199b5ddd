#!/usr/bin/python3
"""Writes the .onnx models of groupnorm.test: ONNX Runtime's
com.microsoft.GroupNorm (version 1), `ok-groupnorm-ms-*.onnx` that import and
run and `bad-groupnorm-ms-*.onnx` that must fail with one clear error, and
prints the inputs and expected outputs of the runs: the float64 reference of
test/lib/reference.py (group_normalization on X with its channels at dim 1,
then SiLU y / (1 + exp(-y)) where activation = 1), rounded once to X's type.
The messages are encoded by hand with the helpers of gen_rms_models.py, so the
system Python (with NumPy) alone regenerates them:

    /usr/bin/python3 test/Target/ONNX/Inputs/gen_groupnorm_models.py
"""

import os
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "lib"))
from gen_rms_models import (  # noqa: E402
    BFLOAT16, FLOAT, FLOAT16, field_bytes, field_varint, float_tensor, node,
    save, value_info)
import reference as ref  # noqa: E402

MS = (("com.microsoft", 1),)


def groupnorm(name, x_type, x_shape, m_type=None, gamma=None, beta=None,
              extra_opsets=MS, domain="com.microsoft", c=None, beta_type=None,
              **attrs):
    """X a graph input; gamma and beta graph inputs of `m_type` [C] (beta of
    `beta_type` where given; C is X's unless `c` is given), or f32
    initializers with the values `gamma`, `beta`."""
    inputs = [value_info("X", x_type, x_shape)]
    inits = []
    if c is None:
        c = x_shape[-1] if attrs.get("channels_last", 1) else x_shape[1]
    if gamma is None:
        inputs += [value_info("gamma", m_type or x_type, [c]),
                   value_info("beta", beta_type or m_type or x_type, [c])]
    else:
        inits = [float_tensor("gamma", [c], gamma),
                 float_tensor("beta", [c], beta)]
    save(name, [node("GroupNorm", ["X", "gamma", "beta"], ["Y"], "gn",
                     domain=domain, **attrs)],
         inputs, [value_info("Y", x_type, x_shape)], inits, opset=17,
         extra_opsets=extra_opsets, path=os.path.join(HERE, name + ".onnx"),
         producer="norm-mlir gen_groupnorm_models.py")


def spec(a, ty):
    a = np.asarray(a)
    dims = "".join(f"{d}x" for d in a.shape)
    np_type = {"f32": np.float32, "f16": np.float16}[ty]
    return f"{dims}{ty}=" + " ".join(str(np_type(v)) for v in a.reshape(-1))


def expected(x, gamma, beta, groups, eps, activation, channels_last, ty):
    x = np.asarray(x, dtype=np.float64)
    xc = np.moveaxis(x, -1, 1) if channels_last else x
    y = ref.group_normalization(xc, gamma, beta, groups, eps)[0]
    if channels_last:
        y = np.moveaxis(y, 1, -1)
    if activation:
        y = y / (1.0 + np.exp(-y))
    return ref.round_to(y, ty)


def show(label, ty, x, gamma, beta, groups, eps, activation, channels_last,
         inline_params=True):
    np_type = {"f32": np.float32, "f16": np.float16}[ty]
    x = np.asarray(x).astype(np_type)
    y = expected(x, gamma, beta, groups, eps, activation, channels_last, ty)
    print(label)
    print("  --input=\"" + spec(x, ty) + "\"")
    if inline_params:
        print("  --input=\"" + spec(gamma, ty) + "\"")
        print("  --input=\"" + spec(beta, ty) + "\"")
    print("  --expected-output=\"" + spec(y, ty) + "\"")


def main():
    rng = np.random.RandomState(1)
    # NHWC (channels_last left out: ONNX Runtime's default 1) with SiLU, X
    # [N, 2, 2, 8] with a dynamic N, gamma and beta f32 initializers.
    gamma = [float(np.float32(v)) for v in rng.randn(8)]
    beta = [float(np.float32(v)) for v in rng.randn(8)]
    groupnorm("ok-groupnorm-ms-nhwc-silu", FLOAT, ["N", 2, 2, 8],
              gamma=gamma, beta=beta, groups=4, activation=1)
    show("ok-groupnorm-ms-nhwc-silu", "f32", rng.randn(2, 2, 2, 8) * 2 + 1,
         gamma, beta, 4, 1e-5, 1, 1, inline_params=False)
    # NCHW (channels_last 0), f16, no activation, epsilon 1e-3.
    groupnorm("ok-groupnorm-ms-nchw-f16", FLOAT16, [1, 4, 2, 2], groups=2,
              activation=0, channels_last=0, epsilon=1e-3)
    g16 = np.float16(rng.randn(4)).astype(np.float64)
    b16 = np.float16(rng.randn(4)).astype(np.float64)
    show("ok-groupnorm-ms-nchw-f16", "f16", rng.randn(1, 4, 2, 2) * 3, g16,
         b16, 2, np.float32(1e-3), 0, 0)
    # f32 X with f16 gamma and beta (M = f16): widened exactly. Dynamic H, W.
    groupnorm("ok-groupnorm-ms-f16-gamma", FLOAT, [1, "H", "W", 4],
              m_type=FLOAT16, groups=2, activation=1, channels_last=1)
    show("ok-groupnorm-ms-f16-gamma (gamma, beta f16)", "f32",
         rng.randn(1, 3, 2, 4), g16, b16, 2, 1e-5, 1, 1)

    groupnorm("bad-groupnorm-ms-no-activation", FLOAT, [1, 2, 2, 4],
              groups=2)
    groupnorm("bad-groupnorm-ms-no-groups", FLOAT, [1, 2, 2, 4],
              activation=0)
    groupnorm("bad-groupnorm-ms-activation-2", FLOAT, [1, 2, 2, 4],
              groups=2, activation=2)
    groupnorm("bad-groupnorm-ms-channels-last-2", FLOAT, [1, 2, 2, 4],
              groups=2, activation=0, channels_last=2)
    groupnorm("bad-groupnorm-ms-groups-0", FLOAT, [1, 2, 2, 4],
              groups=0, activation=0)
    groupnorm("bad-groupnorm-ms-f32-gamma", FLOAT16, [1, 2, 2, 4],
              m_type=FLOAT, groups=2, activation=1)
    groupnorm("bad-groupnorm-ms-gamma-beta-types", FLOAT, [1, 2, 2, 8],
              m_type=FLOAT16, beta_type=FLOAT, groups=2, activation=1)
    groupnorm("bad-groupnorm-ms-bf16", BFLOAT16, [1, 2, 2, 4], groups=2,
              activation=0)
    groupnorm("bad-groupnorm-ms-c-not-divisible", FLOAT, [1, 2, 2, 6],
              groups=4, activation=0)
    groupnorm("bad-groupnorm-ms-unknown-attr", FLOAT, [1, 2, 2, 4],
              groups=2, activation=0, num_groups=2)
    groupnorm("bad-groupnorm-ms-onnx-domain", FLOAT, [1, 2, 2, 4],
              domain="", groups=2, activation=0)
    groupnorm("bad-groupnorm-ms-no-ms-opset", FLOAT, [1, 2, 2, 4],
              extra_opsets=(), groups=2, activation=0)

    # Ranks other than ONNX Runtime's 4 (docs/Importer.md): X [N, W, C]
    # (a 1-D image) and X [N, C] (one pixel per sample), NHWC.
    groupnorm("ok-groupnorm-ms-rank3", FLOAT, [2, 5, 6], groups=3,
              activation=0)
    show("ok-groupnorm-ms-rank3", "f32", rng.randn(2, 5, 6) * 3 + 2,
         rng.randn(6), rng.randn(6), 3, 1e-5, 0, 1)
    groupnorm("ok-groupnorm-ms-rank2", FLOAT, [3, 8], groups=4,
              activation=1)
    show("ok-groupnorm-ms-rank2", "f32", rng.randn(3, 8), rng.randn(8),
         rng.randn(8), 4, 1e-5, 1, 1)
    # X [1, 2, 2, C] with C a dim_param, gamma and beta graph inputs [8]:
    # C static only in gamma and beta. SiLU, 2 groups.
    groupnorm("ok-groupnorm-ms-dynamic-c", FLOAT, [1, 2, 2, "C"], c=8,
              groups=2, activation=1)
    show("ok-groupnorm-ms-dynamic-c", "f32", rng.randn(1, 2, 2, 8) * 2 + 3,
         rng.randn(8), rng.randn(8), 2, 1e-5, 1, 1)


if __name__ == "__main__":
    main()
