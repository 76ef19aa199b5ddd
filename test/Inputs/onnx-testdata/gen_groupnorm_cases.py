#!/usr/bin/python3
"""Writes the GroupNormalization node-test cases of this directory.

GroupNormalization (opset 18, and opset 21 with Scale/B of shape [C]) is
newer than Debian's libonnx-testdata, so these cases are made here, in the
layout of ONNX's node tests (model.onnx, test_data_set_0/input_K.pb,
output_0.pb):

  test_group_normalization_example, test_group_normalization_epsilon
      ONNX's own cases (onnx/backend/test/case/node/groupnormalization.py):
      x [3, 4, 2, 2] random normal, num_groups 2, scale and bias random
      normal of shape [C] (opset 21), epsilon default or 1e-2;
  test_group_normalization_{example,epsilon}_opset18
      the same in opset 18, with scale and bias of shape [num_groups] (the
      form of ONNX's cases before GroupNormalization-21);
  test_group_normalization_offset(_opset18)
      every group at 1e4 + N(0, 0.01), where a variance from E[x^2] - E[x]^2
      (the operator's ONNX function body) or a rounded mean loses the data;
  test_group_normalization_zero_variance_group
      one group of each image constant (0.1 and -3): its Y is B[c] exactly;
  test_group_normalization_f16
      f16 X, scale and bias (stash_type default, 1);
  test_group_normalization_2d, _3d, _5d
      X of rank 2 ([N, C]), 3 and 5;
  test_group_normalization_dynamic(_opset18)
      the model's X of shape [N, C, H, W] with every dimension symbolic;
  <case>_expanded
      for the ONNX cases and the offset cases: the operator spelled out in
      its ONNX function body (onnx/defs/nn/defs.cc for opset 21, old.cc for
      opset 18: Constant, Cast, Shape, Div, Concat, Reshape, ReduceMean, Mul,
      Sub, Add, Sqrt), as ONNX's expanded node tests are; the importer
      rejects these (test/Conformance/ONNX/generate.py), and
      scripts/ort-crosscheck.py runs them through ONNX Runtime.

Inputs are drawn from a fixed seed and rounded to the input type; every
expected output is the float64 reference of test/lib/reference.py
(group_normalization, written from docs/semantics.md, with opset 18's
[num_groups] scale and bias repeated C / num_groups times, as the ruling
says) rounded once to the output type. Models are encoded with the
hand-written protobuf encoder of test/Target/ONNX/Inputs/gen_rms_models.py
and the tensors with gen_rms_cases.py's, so neither python3-onnx nor ONNX
Runtime is needed. After running this, write the conformance tests with
test/Conformance/ONNX/generate.py:

    /usr/bin/python3 test/Inputs/onnx-testdata/gen_groupnorm_cases.py
    /usr/bin/python3 test/Conformance/ONNX/generate.py
"""

import os
import shutil
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
sys.path.insert(0, os.path.join(ROOT, "test", "Target", "ONNX", "Inputs"))
import reference as ref  # noqa: E402
from gen_rms_cases import ELEM, tensor_pb  # noqa: E402
from gen_rms_models import (field_bytes, field_varint, node,  # noqa: E402
                            save, value_info)

OP = "GroupNormalization"
PRODUCER = "norm-mlir gen_groupnorm_cases.py"
INT64 = 7
# AttributeProto.AttributeType
ATTR_INT, ATTR_TENSOR, ATTR_INTS = 2, 4, 7


# ---------------------------------------------------------------------------
# The expanded form: the operator's ONNX function body as graph nodes
# ---------------------------------------------------------------------------


def const_tensor(values, data_type):
    """TensorProto of shape [len(values)]: dims 1, data_type 2, raw_data 9."""
    fmt = "<%d%s" % (len(values), "f" if data_type == ELEM["f32"] else "q")
    return (field_varint(1, len(values)) + field_varint(2, data_type) +
            field_bytes(9, struct.pack(fmt, *values)))


def body_node(op_type, inputs, outputs, **attrs):
    """NodeProto without a name (input 1, output 2, op_type 4, attribute 5),
    as ONNX's function expansion writes them. Attribute values: int, a list
    of ints (INTS, field 8) or encoded TensorProto bytes (TENSOR, field 5)."""
    msg = b"".join(field_bytes(1, i) for i in inputs)
    msg += b"".join(field_bytes(2, o) for o in outputs)
    msg += field_bytes(4, op_type)
    for key, value in attrs.items():
        attr = field_bytes(1, key)
        if isinstance(value, bytes):
            attr += field_bytes(5, value) + field_varint(20, ATTR_TENSOR)
        elif isinstance(value, list):
            attr += b"".join(field_varint(8, v) for v in value)
            attr += field_varint(20, ATTR_INTS)
        else:
            attr += field_varint(3, value) + field_varint(20, ATTR_INT)
        msg += field_bytes(5, attr)
    return msg


def function_body(case, num_groups, epsilon, elem, opset):
    """The nodes of GroupNormalization's function body for inputs x, scale,
    bias and output y: opset 21 (statistics in stash_type's type, f32 here,
    scale and bias [C]) or opset 18 (statistics in T, scale and bias [G]).
    Both compute Var = E[x^2] - E[x]^2. Intermediate names carry ONNX's
    prefix <op>_<case>_function_."""
    prefix = "{}_{}_function_".format(OP, case)

    def n(op_type, inputs, outputs, **attrs):
        name = (lambda v: v if v in ("x", "scale", "bias", "y")
                else prefix + v)
        return body_node(op_type, [name(i) for i in inputs],
                         [name(o) for o in outputs], **attrs)

    stash = ELEM["f32"] if opset >= 21 else elem
    xu = "XU" if opset >= 21 else "x"
    nodes = [n("Constant", [], ["FloatEpsilon"],
               value=const_tensor([epsilon], ELEM["f32"])),
             n("Cast", ["FloatEpsilon"], ["Epsilon"], to=stash)]
    if opset >= 21:
        nodes.append(n("Cast", ["x"], ["XU"], to=stash))
    normalized = "NormalizedU" if opset >= 21 else "Normalized"
    nodes += [
        n("Shape", [xu], ["XShape"]),
        n("Shape", ["x"], ["C"], start=1, end=2),
        n("Constant", [], ["NumGroups"],
          value=const_tensor([num_groups], INT64)),
        n("Div", ["C", "NumGroups"], ["GroupSize"]),
        n("Shape", ["x"], ["N"], start=0, end=1),
        n("Shape", ["x"], ["InstanceShape"], start=2),
        n("Concat", ["N", "NumGroups", "GroupSize", "InstanceShape"],
          ["NewShape"], axis=0),
        n("Reshape", [xu, "NewShape"], ["XReshaped"]),
        n("Constant", [], ["Shape3D"], value_ints=[0, 0, -1]),
        n("Reshape", ["XReshaped", "Shape3D"], ["X3D"]),
        n("Constant", [], ["Axes2"], value=const_tensor([2], INT64)),
        n("ReduceMean", ["X3D", "Axes2"], ["Mean"]),
        n("Mul", ["X3D", "X3D"], ["Square"]),
        n("ReduceMean", ["Square", "Axes2"], ["MeanOfSquare"]),
        n("Mul", ["Mean", "Mean"], ["SquareOfMean"]),
        n("Sub", ["MeanOfSquare", "SquareOfMean"], ["Var"]),
        n("Add", ["Var", "Epsilon"], ["VarPlusEpsilon"]),
        n("Sqrt", ["VarPlusEpsilon"], ["StdDev"]),
        n("Sub", ["X3D", "Mean"], ["Deviation"]),
        n("Div", ["Deviation", "StdDev"], [normalized]),
    ]
    if opset >= 21:
        nodes += [
            n("Reshape", ["NormalizedU", "XShape"],
              ["NormalizedOriginalShape"]),
            n("Reshape", ["NormalizedOriginalShape", "Shape3D"],
              ["NormalizedNC"]),
            n("Cast", ["NormalizedNC"], ["NormalizedT"], to=elem),
        ]
        normalized = "NormalizedT"
    nodes += [
        n("Constant", [], ["ScaleShape"], value_ints=[1, -1, 1]),
        n("Cast", ["scale"], ["ScaleT"], to=elem),
        n("Cast", ["bias"], ["BiasT"], to=elem),
        n("Reshape", ["ScaleT", "ScaleShape"], ["ScaleReshaped"]),
        n("Reshape", ["BiasT", "ScaleShape"], ["BiasReshaped"]),
        n("Mul", ["ScaleReshaped", normalized], ["Scaled"]),
        n("Add", ["Scaled", "BiasReshaped"], ["Biased"]),
        n("Reshape", ["Biased", "XShape"], ["y"]),
    ]
    return nodes


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def write_case(case, x, scale, bias, num_groups, ty="f32", epsilon=None,
               opset=21, expanded=False, x_dims=None):
    """One case (and its `_expanded` twin when asked): x, scale and bias
    rounded to `ty`; scale and bias of shape [C] (opset 21) or [num_groups]
    (opset 18); epsilon None is left out (the default, 1e-5); `x_dims` the
    model's dimensions of x (symbolic names allowed), x's shape by
    default."""
    xs = ref.stored_to_f64(ref.round_to(x, ty), ty)
    ss = ref.stored_to_f64(ref.round_to(scale, ty), ty)
    bs = ref.stored_to_f64(ref.round_to(bias, ty), ty)
    channels = x.shape[1]
    want = channels if opset >= 21 else num_groups
    assert ss.shape == bs.shape == (want,)
    per_channel = (lambda a: a) if opset >= 21 else (
        lambda a: np.repeat(a, channels // num_groups))
    eps = 1e-5 if epsilon is None else epsilon
    y, _, _ = ref.group_normalization(xs, per_channel(ss), per_channel(bs),
                                      num_groups, eps)
    assert np.all(np.isfinite(y))
    attrs = {"num_groups": num_groups}
    if epsilon is not None:
        attrs["epsilon"] = float(epsilon)
    dims = list(x_dims or x.shape)
    sdims = [dims[1] if opset >= 21 and isinstance(dims[1], str) else want]
    if opset < 21 and isinstance(dims[1], str):
        sdims = ["G"]
    inputs = [value_info("x", ELEM[ty], dims),
              value_info("scale", ELEM[ty], sdims),
              value_info("bias", ELEM[ty], sdims)]
    outputs = [value_info("y", ELEM[ty], dims)]
    variants = [(case, [node(OP, ["x", "scale", "bias"], ["y"], "",
                             **attrs)])]
    if expanded:
        name = case + "_expanded"
        variants.append((name, function_body(name, num_groups, eps,
                                             ELEM[ty], opset)))
    for name, nodes in variants:
        d = os.path.join(HERE, name)
        shutil.rmtree(d, ignore_errors=True)
        sets = os.path.join(d, "test_data_set_0")
        os.makedirs(sets)
        save(name, nodes, inputs, outputs, opset=opset,
             path=os.path.join(d, "model.onnx"), producer=PRODUCER)
        tensor_pb(os.path.join(sets, "input_0.pb"), "x", xs, ty)
        tensor_pb(os.path.join(sets, "input_1.pb"), "scale", ss, ty)
        tensor_pb(os.path.join(sets, "input_2.pb"), "bias", bs, ty)
        tensor_pb(os.path.join(sets, "output_0.pb"), "y", y, ty)


def main():
    rng = np.random.RandomState(20)
    name = "test_group_normalization_"
    # ONNX's cases: opset 21 (scale and bias [C]) and opset 18 ([G]).
    for opset, suffix in ((21, ""), (18, "_opset18")):
        for label, epsilon in (("example", None), ("epsilon", 1e-2)):
            x = rng.randn(3, 4, 2, 2)
            g = 2
            c = 4 if opset >= 21 else g
            write_case(name + label + suffix, x, rng.randn(c), rng.randn(c),
                       g, epsilon=epsilon, opset=opset, expanded=True)
    # Offset data: 1e4 + N(0, 0.01) in every group.
    for opset, suffix in ((21, ""), (18, "_opset18")):
        x = 1e4 + 0.01 * rng.randn(2, 8, 4, 4)
        g = 4
        c = 8 if opset >= 21 else g
        write_case(name + "offset" + suffix, x, rng.randn(c), rng.randn(c),
                   g, opset=opset, expanded=True)
    # A constant group in each image: Y there is B[c] exactly.
    x = rng.randn(2, 6, 3, 3)
    x[0, 2:4] = 0.1
    x[1, 4:6] = -3.0
    write_case(name + "zero_variance_group", x, rng.randn(6), rng.randn(6),
               3)
    # f16 X, scale and bias; values beyond +-1 so that Y spans f16 exponents.
    write_case(name + "f16", 4.0 * rng.randn(2, 8, 5, 5) + 2.0,
               rng.randn(8), rng.randn(8), 4, ty="f16")
    # Ranks 2, 3 and 5.
    write_case(name + "2d", rng.randn(3, 6), rng.randn(6), rng.randn(6), 2)
    write_case(name + "3d", rng.randn(2, 6, 7), rng.randn(6), rng.randn(6),
               3)
    write_case(name + "5d", rng.randn(2, 4, 3, 2, 5), rng.randn(4),
               rng.randn(4), 2, epsilon=1e-3)
    # Every dimension of X symbolic in the model.
    write_case(name + "dynamic", rng.randn(2, 6, 3, 4), rng.randn(6),
               rng.randn(6), 3, x_dims=["N", "C", "H", "W"])
    write_case(name + "dynamic_opset18", rng.randn(2, 6, 3, 4),
               rng.randn(3), rng.randn(3), 3, opset=18,
               x_dims=["N", "C", "H", "W"])


if __name__ == "__main__":
    main()
