#!/usr/bin/python3
"""Writes the small .onnx models of the RMSNormalization importer tests.

RMSNormalization-23 and ONNX Runtime's SimplifiedLayerNormalization (ai.onnx
domain) models, `ok-rms-*.onnx` that import and `bad-rms-*.onnx` that must
fail with one clear error (rms-normalization.test). Its encoder also writes
the RMS node-test cases of test/Inputs/onnx-testdata (gen_rms_cases.py). The models are committed;
this script documents and regenerates them with the system Python alone: it
encodes the protobuf messages by hand (field numbers of onnx.proto), so it
needs neither python3-onnx nor numpy:

    /usr/bin/python3 test/Target/ONNX/Inputs/gen_rms_models.py
"""

import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

# TensorProto.DataType
FLOAT, INT32, FLOAT16, DOUBLE, BFLOAT16 = 1, 6, 10, 11, 16
# AttributeProto.AttributeType
ATTR_FLOAT, ATTR_INT = 1, 2

# ---------------------------------------------------------------------------
# Protobuf wire format
# ---------------------------------------------------------------------------


def varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if not value:
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_bytes(number, data):
    if isinstance(data, str):
        data = data.encode()
    return varint(number << 3 | 2) + varint(len(data)) + data


def field_fixed32(number, data):
    return varint(number << 3 | 5) + data


# ---------------------------------------------------------------------------
# ONNX messages (onnx.proto field numbers)
# ---------------------------------------------------------------------------


def attribute(name, value):
    """AttributeProto: name 1, f 2 (float), i 3 (int), type 20."""
    msg = field_bytes(1, name)
    if isinstance(value, float):
        msg += field_fixed32(2, struct.pack("<f", value))
        msg += field_varint(20, ATTR_FLOAT)
    else:
        msg += field_varint(3, value)
        msg += field_varint(20, ATTR_INT)
    return msg


def node(op_type, inputs, outputs, name, domain=None, **attrs):
    """NodeProto: input 1, output 2, name 3, op_type 4, attribute 5,
    domain 7."""
    msg = b"".join(field_bytes(1, i) for i in inputs)
    msg += b"".join(field_bytes(2, o) for o in outputs)
    msg += field_bytes(3, name) + field_bytes(4, op_type)
    for key, value in attrs.items():
        msg += field_bytes(5, attribute(key, value))
    if domain is not None:
        msg += field_bytes(7, domain)
    return msg


def value_info(name, elem_type, shape):
    """ValueInfoProto {name 1, type 2: TypeProto {tensor_type 1:
    {elem_type 1, shape 2: {dim 1: {dim_value 1 | dim_param 2}}}}}."""
    dims = b"".join(
        field_bytes(1, field_bytes(2, d) if isinstance(d, str)
                    else field_varint(1, d)) for d in shape)
    tensor_type = field_varint(1, elem_type) + field_bytes(2, dims)
    return field_bytes(1, name) + field_bytes(2, field_bytes(1, tensor_type))


def float_tensor(name, dims, values):
    """TensorProto with float_data: dims 1, data_type 2, float_data 4
    (packed), name 8."""
    msg = b"".join(field_varint(1, d) for d in dims)
    msg += field_varint(2, FLOAT)
    msg += field_bytes(4, b"".join(struct.pack("<f", v) for v in values))
    return msg + field_bytes(8, name)


def save(name, nodes, inputs, outputs, initializers=(), opset=23,
         extra_opsets=(), path=None, producer="norm-mlir gen_rms_models.py"):
    """ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8
    (OperatorSetIdProto: domain 1, version 2). GraphProto: node 1, name 2,
    initializer 5, input 11, output 12. Written to Inputs/<name>.onnx, or to
    `path`."""
    graph = b"".join(field_bytes(1, n) for n in nodes)
    graph += field_bytes(2, name.replace("-", "_"))
    graph += b"".join(field_bytes(5, t) for t in initializers)
    graph += b"".join(field_bytes(11, v) for v in inputs)
    graph += b"".join(field_bytes(12, v) for v in outputs)
    model = field_varint(1, 10)
    model += field_bytes(2, producer)
    model += field_bytes(7, graph)
    for domain, version in (("", opset),) + tuple(extra_opsets):
        model += field_bytes(8, field_bytes(1, domain) +
                             field_varint(2, version))
    with open(path or os.path.join(HERE, name + ".onnx"), "wb") as f:
        f.write(model)


# ---------------------------------------------------------------------------
# Models
# ---------------------------------------------------------------------------


def main():
    # RMSNormalization-23: f32 X [2, 3, 4] over axes 1 and 2 with an f32
    # Scale [3, 4] input, stash_type 11 (InvStdDev f64, not an ONNX output).
    save("ok-rms-f32-axis1",
         [node("RMSNormalization", ["X", "W"], ["Y"], "rms", axis=1,
               stash_type=11)],
         [value_info("X", FLOAT, [2, 3, 4]), value_info("W", FLOAT, [3, 4])],
         [value_info("Y", FLOAT, [2, 3, 4])])
    # f16 X with a dynamic batch, an f32 Scale initializer: Y is f32 (V).
    save("ok-rms-f16-x-f32-scale",
         [node("RMSNormalization", ["X", "W"], ["Y"], "rms", epsilon=1e-6)],
         [value_info("X", FLOAT16, ["N", 4])],
         [value_info("Y", FLOAT, ["N", 4])],
         initializers=[float_tensor("W", [4], [1.0, 2.0, 0.5, -1.0])])
    # SimplifiedLayerNormalization with inv_std_var (opset 17 is enough).
    save("ok-rms-simplified-inv-std-var",
         [node("SimplifiedLayerNormalization", ["X", "scale"],
               ["Y", "inv_std_var"], "sln", epsilon=1e-5)],
         [value_info("X", FLOAT, [2, 4]), value_info("scale", FLOAT, [4])],
         [value_info("Y", FLOAT, [2, 4]),
          value_info("inv_std_var", FLOAT, [2, 1])], opset=17)
    # SimplifiedLayerNormalization, Y only, bf16, stash_type 16.
    save("ok-rms-simplified-bf16",
         [node("SimplifiedLayerNormalization", ["X", "scale"], ["Y"], "sln",
               stash_type=16)],
         [value_info("X", BFLOAT16, [3, 8]),
          value_info("scale", BFLOAT16, [8])],
         [value_info("Y", BFLOAT16, [3, 8])], opset=21)

    x24 = [value_info("X", FLOAT, [2, 4]), value_info("W", FLOAT, [4])]
    y24 = [value_info("Y", FLOAT, [2, 4])]
    save("bad-rms-opset22",
         [node("RMSNormalization", ["X", "W"], ["Y"], "rms22")], x24, y24,
         opset=22)
    save("bad-rms-stash7",
         [node("RMSNormalization", ["X", "W"], ["Y"], "rms7", stash_type=7)],
         x24, y24)
    save("bad-rms-scale-int32",
         [node("RMSNormalization", ["X", "W"], ["Y"], "rmsint")],
         [value_info("X", FLOAT, [2, 4]), value_info("W", INT32, [4])], y24)
    save("bad-rms-two-outputs",
         [node("RMSNormalization", ["X", "W"], ["Y", "Z"], "rms2")], x24,
         y24)
    save("bad-rms-simplified-unknown-attr",
         [node("SimplifiedLayerNormalization", ["X", "W"], ["Y"], "slnattr",
               beta=1)], x24, y24)
    save("bad-rms-scale-shape",
         [node("RMSNormalization", ["X", "W"], ["Y"], "rmsshape")],
         [value_info("X", FLOAT, [2, 4]), value_info("W", FLOAT, [3])], y24)
    save("bad-rms-simplified-ms-domain",
         [node("SimplifiedLayerNormalization", ["X", "W"], ["Y"], "slnms",
               domain="com.microsoft")], x24, y24,
         extra_opsets=(("com.microsoft", 1),))


if __name__ == "__main__":
    main()
