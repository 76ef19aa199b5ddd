#!/usr/bin/python3
"""Regenerates the small .onnx models of the ONNX importer tests.

The models are committed; this script only documents and regenerates them.
It needs Debian's python3-onnx (ONNX 1.12) and python3-numpy:

    /usr/bin/python3 test/Target/ONNX/Inputs/generate.py

Tensors are built field by field (raw_data, float_data, int32_data, ...) so
that each encoding the importer decodes is exercised on purpose. `ok-*.onnx`
import; `bad-*.onnx` must fail with one clear error (see errors.test).
"""

import os
import struct

import numpy as np
import onnx
from onnx import TensorProto, helper

HERE = os.path.dirname(os.path.abspath(__file__))
F = TensorProto.FLOAT


def tensor(name, data_type, dims, **fields):
    """A TensorProto with the given fields set verbatim."""
    t = TensorProto()
    t.name = name
    t.data_type = data_type
    t.dims.extend(dims)
    for field, value in fields.items():
        if field == "raw_data":
            t.raw_data = value
        elif field == "data_location":
            t.data_location = value
        elif field == "external_data":
            for key, val in value:
                entry = t.external_data.add()
                entry.key = key
                entry.value = val
        else:
            getattr(t, field).extend(value)
    return t


def f16_bits(values):
    return [int(b) for b in np.array(values, np.float16).view(np.uint16)]


def bf16_bits(values):
    return [int(b) >> 16 for b in np.array(values, np.float32).view(np.uint32)]


def vi(name, elem_type, shape):
    return helper.make_tensor_value_info(name, elem_type, shape)


def save(name, nodes, inputs, outputs, initializers=(), opsets=(("", 17),),
         ir_version=8, graph_name=None):
    graph = helper.make_graph(nodes, graph_name or name.replace("-", "_"),
                              inputs, outputs, initializer=list(initializers))
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid(d, v) for d, v in opsets],
        producer_name="norm-mlir generate.py")
    model.ir_version = ir_version
    with open(os.path.join(HERE, name + ".onnx"), "wb") as f:
        f.write(model.SerializeToString())


def ln(name, inputs, outputs, **attrs):
    return helper.make_node("LayerNormalization", inputs, outputs, name=name,
                            **attrs)


# --- Models that import ---------------------------------------------------

# LayerNormalization, f32, dynamic batch (dim_param), Scale in raw_data and B
# in float_data, only Y requested.
save("ok-layernorm-f32-initializers",
     [ln("ln", ["X", "Scale", "B"], ["Y"], epsilon=1e-3)],
     [vi("X", F, ["N", 4])], [vi("Y", F, ["N", 4])],
     [tensor("Scale", F, [4],
             raw_data=struct.pack("<4f", 1.0, 2.0, 0.5, -1.0)),
      tensor("B", F, [4], float_data=[0.0, 0.25, -0.5, 1.0])])

# LayerNormalization, f16 in int32_data, B omitted (""), Mean omitted ("").
save("ok-layernorm-f16-no-bias",
     [ln("ln_f16", ["X", "Scale", ""], ["Y", "", "InvStdDev"], axis=0,
         epsilon=1e-2)],
     [vi("X", TensorProto.FLOAT16, [2, 3])],
     [vi("Y", TensorProto.FLOAT16, [2, 3]), vi("InvStdDev", F, [1, 1])],
     [tensor("Scale", TensorProto.FLOAT16, [2, 3],
             int32_data=f16_bits([1.0, 0.5, 2.0, -1.0, 1.5, 0.25]))])

# LayerNormalization, bf16 with stash_type 16: Scale in int32_data, B in
# raw_data; all three outputs; unknown dims (no dim_value, no dim_param).
save("ok-layernorm-bf16-stash16",
     [ln("ln_bf16", ["X", "Scale", "B"], ["Y", "Mean", "InvStdDev"],
         axis=-2, stash_type=16)],
     [vi("X", TensorProto.BFLOAT16, [None, 2, 3])],
     [vi("Y", TensorProto.BFLOAT16, [None, 2, 3]),
      vi("Mean", TensorProto.BFLOAT16, [None, 1, 1]),
      vi("InvStdDev", TensorProto.BFLOAT16, [None, 1, 1])],
     [tensor("Scale", TensorProto.BFLOAT16, [3],
             int32_data=bf16_bits([1.0, 2.0, -0.5])),
      tensor("B", TensorProto.BFLOAT16, [3],
             raw_data=struct.pack("<3H", *bf16_bits([0.5, 0.0, -2.0])))],
     opsets=(("", 22),), ir_version=10)

# LayerNormalization, f64, Scale in double_data, B in raw_data, opset 18.
save("ok-layernorm-f64",
     [ln("ln_f64", ["X", "Scale", "B"], ["Y", "Mean"], axis=1)],
     [vi("X", TensorProto.DOUBLE, [2, 3])],
     [vi("Y", TensorProto.DOUBLE, [2, 3]), vi("Mean", F, [2, 1])],
     [tensor("Scale", TensorProto.DOUBLE, [3], double_data=[1.0, 0.5, 0.25]),
      tensor("B", TensorProto.DOUBLE, [3],
             raw_data=struct.pack("<3d", 0.125, -1.0, 3.0))],
     opsets=(("", 18),))

# LpNormalization-22 on bf16, dynamic dims, unnamed node.
save("ok-lpnorm-bf16-opset22",
     [helper.make_node("LpNormalization", ["x"], ["y"], axis=0, p=1)],
     [vi("x", TensorProto.BFLOAT16, ["batch", 8])],
     [vi("y", TensorProto.BFLOAT16, ["batch", 8])],
     opsets=(("", 22),), ir_version=10)

# LpNormalization-1 (opset 13), f16, defaults; Identity before and after; a
# graph input returned as is; an old-style graph input that is an
# initializer (so not an argument) and an unused initializer.
save("ok-lpnorm-identity",
     [helper.make_node("Identity", ["x"], ["x1"], name="id_in"),
      helper.make_node("LpNormalization", ["x1"], ["n"], name="lp"),
      helper.make_node("Identity", ["n"], ["y"], name="id_out")],
     [vi("x", TensorProto.FLOAT16, [3, 4]),
      vi("w", F, [2]), vi("passthrough", TensorProto.INT64, [5])],
     [vi("y", TensorProto.FLOAT16, [3, 4]),
      vi("passthrough", TensorProto.INT64, [5]),
      vi("w", F, [2])],
     [tensor("w", F, [2], float_data=[1.0, 2.0]),
      tensor("unused", F, [1], float_data=[7.0])],
     opsets=(("", 13),), ir_version=7)

# Normalizer under ai.onnx.ml opset 3 (Normalizer-1 is current there), on a
# graph input (i32) and on an int64 initializer (int64_data).
save("ok-normalizer-ml-opset3",
     [helper.make_node("Normalizer", ["x"], ["y"], name="n_max",
                       domain="ai.onnx.ml"),
      helper.make_node("Normalizer", ["c"], ["z"], name="n_l1", norm="L1",
                       domain="ai.onnx.ml")],
     [vi("x", TensorProto.INT32, [2, "C"])],
     [vi("y", F, [2, "C"]), vi("z", F, [3])],
     [tensor("c", TensorProto.INT64, [3], int64_data=[1, -3, 2])],
     opsets=(("", 17), ("ai.onnx.ml", 3)))

# Initializers of every decodable element type returned directly: bool,
# int8, uint8, uint16, uint32, int64, f16 (raw), f64, a scalar and an empty
# tensor.
save("ok-initializer-types",
     [], [],
     [vi("b", TensorProto.BOOL, [3]), vi("i8", TensorProto.INT8, [2]),
      vi("u8", TensorProto.UINT8, [2]), vi("u16", TensorProto.UINT16, [2]),
      vi("u32", TensorProto.UINT32, [2]), vi("i64", TensorProto.INT64, [2]),
      vi("h", TensorProto.FLOAT16, [2]), vi("d", TensorProto.DOUBLE, [2]),
      vi("s", F, []), vi("e", F, [0, 3]), vi("braw", TensorProto.BOOL, [2])],
     [tensor("b", TensorProto.BOOL, [3], int32_data=[1, 0, 1]),
      tensor("i8", TensorProto.INT8, [2], int32_data=[-128, 127]),
      tensor("u8", TensorProto.UINT8, [2], raw_data=bytes([0, 255])),
      tensor("u16", TensorProto.UINT16, [2], int32_data=[65535, 1]),
      tensor("u32", TensorProto.UINT32, [2], uint64_data=[4294967295, 3]),
      tensor("i64", TensorProto.INT64, [2],
             raw_data=struct.pack("<2q", -(2**63), 2**40)),
      tensor("h", TensorProto.FLOAT16, [2],
             raw_data=np.array([1.5, -2.0], np.float16).tobytes()),
      tensor("d", TensorProto.DOUBLE, [2], double_data=[0.1, -1e300]),
      tensor("s", F, [], float_data=[3.5]),
      tensor("e", F, [0, 3]),
      tensor("braw", TensorProto.BOOL, [2], raw_data=bytes([0, 1]))])

# --- Models that must be rejected ------------------------------------------

X23 = [vi("X", F, [2, 3])]
Y23 = [vi("Y", F, [2, 3])]
W3 = [tensor("W", F, [3], float_data=[1.0, 1.0, 1.0])]

save("bad-unsupported-op",
     [helper.make_node("Relu", ["X"], ["Y"], name="relu0")], X23, Y23)
save("bad-unsupported-op-unnamed",
     [helper.make_node("Gelu", ["X"], ["Y"], domain="com.example")], X23, Y23,
     opsets=(("", 17), ("com.example", 1)))
save("bad-layernorm-opset16",
     [ln("ln16", ["X", "W"], ["Y"])], X23, Y23, W3, opsets=(("", 16),))
save("bad-opset-too-new",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lp24")],
     X23, Y23, opsets=(("", 24),), ir_version=10)
save("bad-normalizer-onnx-domain",
     [helper.make_node("Normalizer", ["X"], ["Y"], name="nrm")], X23, Y23)
save("bad-domain-not-imported",
     [helper.make_node("Normalizer", ["X"], ["Y"], name="nrm",
                       domain="ai.onnx.ml")], X23, Y23)
save("bad-lpnorm-p3",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lp3", p=3)],
     X23, Y23)
save("bad-normalizer-l3",
     [helper.make_node("Normalizer", ["X"], ["Y"], name="nrm3", norm="L3",
                       domain="ai.onnx.ml")], X23, Y23,
     opsets=(("", 17), ("ai.onnx.ml", 1)))
save("bad-layernorm-stash7",
     [ln("ln7", ["X", "W"], ["Y"], stash_type=7)], X23, Y23, W3)
save("bad-lpnorm-axis",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lpa", axis=2)],
     X23, Y23)
save("bad-lpnorm-unknown-attr",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lpu", q=1)],
     X23, Y23)
save("bad-lpnorm-float-axis",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lpf",
                       axis=1.0)], X23, Y23)
save("bad-lpnorm-int32",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lpi")],
     [vi("X", TensorProto.INT32, [2, 3])], [vi("Y", TensorProto.INT32, [2, 3])])
save("bad-lpnorm-bf16-opset21",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lpb")],
     [vi("X", TensorProto.BFLOAT16, [2, 3])],
     [vi("Y", TensorProto.BFLOAT16, [2, 3])], opsets=(("", 21),))
save("bad-normalizer-rank3",
     [helper.make_node("Normalizer", ["X"], ["Y"], name="nr3",
                       domain="ai.onnx.ml")],
     [vi("X", F, [2, 3, 4])], [vi("Y", F, [2, 3, 4])],
     opsets=(("", 17), ("ai.onnx.ml", 1)))
save("bad-layernorm-scale-type",
     [ln("lnt", ["X", "W"], ["Y"])], X23, Y23,
     [tensor("W", TensorProto.FLOAT16, [3], int32_data=f16_bits([1, 1, 1]))])
save("bad-layernorm-scale-shape",
     [ln("lns", ["X", "W"], ["Y"])], X23, Y23,
     [tensor("W", F, [2], float_data=[1.0, 1.0])])
save("bad-external-data",
     [ln("lne", ["X", "W"], ["Y"])], X23, Y23,
     [tensor("W", F, [3], data_location=TensorProto.EXTERNAL,
             external_data=[("location", "weights.bin")])])
save("bad-raw-data-size",
     [ln("lnr", ["X", "W"], ["Y"])], X23, Y23,
     [tensor("W", F, [3], raw_data=struct.pack("<2f", 1.0, 1.0))])
save("bad-typed-data-count",
     [ln("lnc", ["X", "W"], ["Y"])], X23, Y23,
     [tensor("W", F, [3], float_data=[1.0, 1.0])])
save("bad-arity",
     [ln("lna", ["X", "W"], ["Y", "M", "I", "extra"])], X23, Y23, W3)
save("bad-string-input",
     [helper.make_node("Identity", ["X"], ["Y"], name="ids")],
     [vi("X", TensorProto.STRING, [2])], [vi("Y", TensorProto.STRING, [2])])
save("bad-undefined-input",
     [ln("lnu", ["X", "Scale"], ["Y"])], X23, Y23)
save("bad-undefined-output",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lp")],
     X23, [vi("Z", F, [2, 3])])
save("bad-output-type",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lp")],
     X23, [vi("Y", TensorProto.FLOAT16, [2, 3])])
# IR version 3 lists initializers among the graph inputs: the input's
# declared type must be the initializer's (ok-initializer-input-ir3 is the
# model whose declaration agrees).
for name, s_type in (("ok-initializer-input-ir3", vi("S", F, [4])),
                     ("bad-initializer-input-shape", vi("S", F, [5])),
                     ("bad-initializer-input-type",
                      vi("S", TensorProto.FLOAT16, [4]))):
    save(name, [ln("ln", ["X", "S"], ["Y"])],
         [vi("X", F, [2, 4]), s_type], [vi("Y", F, [2, 4])],
         [tensor("S", F, [4], raw_data=struct.pack("<4f", 1, 1, 1, 1))],
         ir_version=3, graph_name="g")
save("bad-duplicate-output",
     [helper.make_node("LpNormalization", ["X"], ["Y"], name="lp1"),
      helper.make_node("LpNormalization", ["X"], ["Y"], name="lp2")],
     X23, Y23)
with open(os.path.join(HERE, "bad-no-graph.onnx"), "wb") as f:
    model = helper.make_model(helper.make_graph([], "g", [], []))
    model.ClearField("graph")
    f.write(model.SerializeToString())


# AttributeProto as ONNX's checker (check_attribute) reads it: `type` is
# required from IR version 2 on, and at most one value field is set, of the
# type `type` names. IR version 1 models may leave `type` unset; the importer
# then reads the type of the one value field.
def attribute(name, value=None, clear_type=False, attr_type=None, **fields):
    """make_attribute(name, value) (or a bare name), then `type` cleared or
    replaced and further value fields set verbatim."""
    a = (onnx.AttributeProto(name=name) if value is None
         else helper.make_attribute(name, value))
    if clear_type:
        a.ClearField("type")
    if attr_type is not None:
        a.type = attr_type
    for field, field_value in fields.items():
        setattr(a, field, field_value)
    return a


def lp_with(name, *attrs):
    node = helper.make_node("LpNormalization", ["X"], ["Y"], name=name)
    node.attribute.extend(attrs)
    return node


A = onnx.AttributeProto
save("bad-attribute-no-type",
     [lp_with("lpnt", attribute("axis", 0, clear_type=True))], X23, Y23)
save("bad-attribute-no-type-no-value", [lp_with("lpnv", attribute("p"))],
     X23, Y23)
save("bad-attribute-type-mismatch",
     [lp_with("lptm", attribute("axis", 1.0, attr_type=A.INT))], X23, Y23)
save("bad-attribute-two-values",
     [lp_with("lp2v", attribute("axis", 1, f=1.0))], X23, Y23)
save("bad-attribute-ir1-float-axis",
     [lp_with("lpf1", attribute("axis", 1.0, clear_type=True))], X23, Y23,
     ir_version=1)
save("ok-attribute-no-type-ir1",
     [lp_with("lpir1", attribute("axis", 0, clear_type=True),
              attribute("p", 1, clear_type=True))], X23, Y23, ir_version=1)
