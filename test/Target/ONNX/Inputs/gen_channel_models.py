#!/usr/bin/python3
"""Writes the small .onnx models of the channel-normalization importer tests.

BatchNormalization-15, InstanceNormalization-6/22 and GroupNormalization-18/21
models: `ok-*.onnx` that import and run, `bad-*.onnx` that must fail with one
clear error (channel-normalizations.test). The protobuf messages are encoded
by hand with the helpers of gen_rms_models.py (field numbers of onnx.proto),
so the system Python alone regenerates them:

    /usr/bin/python3 test/Target/ONNX/Inputs/gen_channel_models.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_rms_models import (  # noqa: E402
    BFLOAT16, FLOAT, FLOAT16, field_bytes, field_varint, float_tensor, node,
    value_info)


def save(name, nodes, inputs, outputs, initializers=(), opset=21):
    """ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8
    (OperatorSetIdProto: domain 1, version 2). GraphProto: node 1, name 2,
    initializer 5, input 11, output 12."""
    graph = b"".join(field_bytes(1, n) for n in nodes)
    graph += field_bytes(2, name.replace("-", "_"))
    graph += b"".join(field_bytes(5, t) for t in initializers)
    graph += b"".join(field_bytes(11, v) for v in inputs)
    graph += b"".join(field_bytes(12, v) for v in outputs)
    model = field_varint(1, 10)
    model += field_bytes(2, "norm-mlir gen_channel_models.py")
    model += field_bytes(7, graph)
    model += field_bytes(8, field_bytes(1, "") + field_varint(2, opset))
    with open(os.path.join(HERE, name + ".onnx"), "wb") as f:
        f.write(model)


def batch(name, opset=15, outputs=("Y",), x_type=FLOAT, **attrs):
    """X [N, 3, 2] (N dynamic); scale, B, input_mean, input_var initializers
    [1, 2, 0.5], [0, 1, -1], [1, 2, 3], [1, 4, 0.25]."""
    inits = [float_tensor("scale", [3], [1, 2, 0.5]),
             float_tensor("B", [3], [0, 1, -1]),
             float_tensor("mean", [3], [1, 2, 3]),
             float_tensor("var", [3], [1, 4, 0.25])]
    save(name, [node("BatchNormalization",
                     ["X", "scale", "B", "mean", "var"], list(outputs), "bn",
                     **attrs)],
         [value_info("X", x_type, ["N", 3, 2])],
         [value_info(o, FLOAT, ["N", 3, 2] if o == "Y" else [3])
          for o in outputs if o],
         inits, opset)


def instance(name, elem, opset):
    """input [1, 2, 1, 3], scale and B [2], all graph inputs of `elem`."""
    save(name, [node("InstanceNormalization", ["X", "scale", "B"], ["Y"],
                     "in", epsilon=1e-3)],
         [value_info("X", elem, [1, 2, 1, 3]),
          value_info("scale", elem, [2]), value_info("B", elem, [2])],
         [value_info("Y", elem, [1, 2, 1, 3])], opset=opset)


def main():
    batch("ok-batchnorm-f32", epsilon=1e-3, momentum=0.5)
    batch("ok-batchnorm-training-mode-0", outputs=("Y", "", ""),
          training_mode=0)
    batch("bad-batchnorm-training-mode", outputs=("Y", "rm", "rv"),
          training_mode=1)
    batch("bad-batchnorm-running-mean", outputs=("Y", "rm"))
    batch("bad-batchnorm-opset14", opset=14)

    instance("ok-instancenorm-f32", FLOAT, 6)
    instance("ok-instancenorm-bf16-opset22", BFLOAT16, 22)
    instance("bad-instancenorm-bf16-opset21", BFLOAT16, 21)

    # GroupNormalization-18: scale and B of shape [num_groups] = [2],
    # initializers, X [2, 4, 3].
    save("ok-groupnorm18-f32",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2, epsilon=1e-2)],
         [value_info("X", FLOAT, [2, 4, 3])],
         [value_info("Y", FLOAT, [2, 4, 3])],
         [float_tensor("scale", [2], [2, -1]),
          float_tensor("B", [2], [0.5, 1])], opset=18)
    # GroupNormalization-18 with a dynamic C: scale and B graph inputs.
    save("ok-groupnorm18-dynamic-c",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2)],
         [value_info("X", FLOAT, ["N", "C", 2]),
          value_info("scale", FLOAT, [2]), value_info("B", FLOAT, [2])],
         [value_info("Y", FLOAT, ["N", "C", 2])], opset=20)
    # GroupNormalization-18 with scale and B of a dynamic size, which must
    # be num_groups = 2 at run time.
    save("ok-groupnorm18-dynamic-g",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn18dyn",
               num_groups=2)],
         [value_info("X", FLOAT, ["N", "C", 2]),
          value_info("scale", FLOAT, ["G"]), value_info("B", FLOAT, ["H"])],
         [value_info("Y", FLOAT, ["N", "C", 2])], opset=18)
    # GroupNormalization-21: [C] scale and B, f16, stash_type 11.
    save("ok-groupnorm21-f16-stash11",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2, stash_type=11)],
         [value_info("X", FLOAT16, [1, 4, 2]),
          value_info("scale", FLOAT16, [4]), value_info("B", FLOAT16, [4])],
         [value_info("Y", FLOAT16, [1, 4, 2])], opset=21)
    save("bad-groupnorm18-scale-c",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2)],
         [value_info("X", FLOAT, [2, 4, 3]), value_info("scale", FLOAT, [4]),
          value_info("B", FLOAT, [2])],
         [value_info("Y", FLOAT, [2, 4, 3])], opset=18)
    save("bad-groupnorm21-scale-g",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2)],
         [value_info("X", FLOAT, [2, 4, 3]), value_info("scale", FLOAT, [2]),
          value_info("B", FLOAT, [2])],
         [value_info("Y", FLOAT, [2, 4, 3])], opset=21)
    # X, scale and B of one type T: a B of another type is an error.
    save("bad-groupnorm21-b-type",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2)],
         [value_info("X", FLOAT, [2, 4, 3]), value_info("scale", FLOAT, [4]),
          value_info("B", FLOAT16, [4])],
         [value_info("Y", FLOAT, [2, 4, 3])], opset=21)
    save("bad-instancenorm-scale-type",
         [node("InstanceNormalization", ["input", "scale", "B"], ["Y"], "in")],
         [value_info("input", FLOAT16, [2, 3, 4]),
          value_info("scale", FLOAT, [3]), value_info("B", FLOAT16, [3])],
         [value_info("Y", FLOAT16, [2, 3, 4])], opset=22)
    save("bad-groupnorm-no-num-groups",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn")],
         [value_info("X", FLOAT, [2, 4]), value_info("scale", FLOAT, [4]),
          value_info("B", FLOAT, [4])],
         [value_info("Y", FLOAT, [2, 4])], opset=21)
    save("bad-groupnorm18-stash-type",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=2, stash_type=1)],
         [value_info("X", FLOAT, [2, 4]), value_info("scale", FLOAT, [2]),
          value_info("B", FLOAT, [2])],
         [value_info("Y", FLOAT, [2, 4])], opset=18)
    save("bad-groupnorm-c-not-divisible",
         [node("GroupNormalization", ["X", "scale", "B"], ["Y"], "gn",
               num_groups=4)],
         [value_info("X", FLOAT, [2, 6]), value_info("scale", FLOAT, [6]),
          value_info("B", FLOAT, [6])],
         [value_info("Y", FLOAT, [2, 6])], opset=21)


if __name__ == "__main__":
    main()
