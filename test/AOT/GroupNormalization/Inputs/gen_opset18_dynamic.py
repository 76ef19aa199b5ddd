#!/usr/bin/python3
"""Writes the ONNX model and the cases of onnx-opset18-dynamic.test.

  gen_opset18_dynamic.py OUT_DIR

OUT_DIR/model.onnx: one GroupNormalization-18 node (opset 18, num_groups 2,
epsilon 1e-3) with X [N, C, W] f32 and scale and B [G] f32 graph inputs,
every dim a dim_param, as a new user's model had. The protobuf messages are
encoded by hand with the helpers of test/Target/ONNX/Inputs/gen_rms_models.py
(no python3-onnx needed).

OUT_DIR/<case>/x.npy, scale.npy, b.npy (X = 1000 + N(0, 1) per element,
offset data; scale and B ~ N(0, 1) of num_groups elements; fixed seed) and
y.npy: GroupNormalization-18 computes with scale and B of shape
[num_groups], channel c in group c // (C / num_groups); the expected Y is
the float64 group_normalization of test/lib/reference.py (written from
docs/semantics.md, not from the lowering) with scale and B repeated
C / num_groups times each, rounded once to f32.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Target", "ONNX", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "lib"))
from gen_rms_models import FLOAT, node, save, value_info  # noqa: E402
import reference as ref  # noqa: E402

NUM_GROUPS = 2
EPSILON = 1e-3
# Case name: X's shape [N, C, W].
CASES = {"c6": (2, 6, 5), "c4": (1, 4, 3)}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    save("gn18_dynamic",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=NUM_GROUPS, epsilon=EPSILON)],
         [value_info("X", FLOAT, ["N", "C", "W"]),
          value_info("scale", FLOAT, ["G"]), value_info("B", FLOAT, ["G"])],
         [value_info("Y", FLOAT, ["N", "C", "W"])], opset=18,
         path=os.path.join(out, "model.onnx"),
         producer="norm-mlir gen_opset18_dynamic.py")
    rng = np.random.default_rng(20261203)
    for name, shape in CASES.items():
        x = ref.round_to(1000.0 + rng.standard_normal(shape), "f32")
        scale = ref.round_to(rng.standard_normal(NUM_GROUPS), "f32")
        b = ref.round_to(rng.standard_normal(NUM_GROUPS), "f32")
        repeat = shape[1] // NUM_GROUPS
        y = ref.group_normalization(
            x.astype(np.float64), np.repeat(scale.astype(np.float64), repeat),
            np.repeat(b.astype(np.float64), repeat), NUM_GROUPS, EPSILON)[0]
        case = os.path.join(out, name)
        os.makedirs(case, exist_ok=True)
        for file, a in (("x", x), ("scale", scale), ("b", b),
                        ("y", ref.round_to(y, "f32"))):
            np.save(os.path.join(case, file + ".npy"), a)


if __name__ == "__main__":
    main()
