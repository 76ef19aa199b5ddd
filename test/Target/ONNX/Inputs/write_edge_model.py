#!/usr/bin/python3
"""Writes one small ONNX model that ONNX's own helpers would not write, for
the importer's tests of malformed fields (int32-data-range.test,
ir-version.test, node-checks.test). The protobuf messages are encoded by hand
with gen_rms_models.py's encoder, so the system Python alone runs it.

Usage: write_edge_model.py OUT KIND [ARG]
    init-int32 ENC VALUES   Normalizer (ai.onnx.ml) of an INT32 initializer
                            'X' [4] whose int32_data holds VALUES
                            (comma-separated, any 64-bit integers); ENC is
                            packed or unpacked.
    init-f16 VALUES         LayerNormalization of X [N, 4] f16 with a FLOAT16
                            initializer 'S' [4] whose int32_data (packed)
                            holds VALUES.
    ir VERSION              LayerNormalization of X [N, 4] f32 (Scale S,
                            B); ModelProto.ir_version VERSION, or none.
    ln-attr NAME=VALUE      The same LayerNormalization (IR 8) with one
                            attribute, a float ("nan", "1e-5") or an int.
    no-op-type              One node without op_type (IR 8).

onnx.proto field numbers: ModelProto ir_version 1, graph 7, opset_import 8;
GraphProto initializer 5; TensorProto dims 1, data_type 2, int32_data 5
(packed: one length-delimited field; unpacked: one varint field per value),
name 8. A value is written as the varint of its 64-bit two's complement (a
negative int32 is a 10-byte varint, as protobuf writes it).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_rms_models import (FLOAT, FLOAT16, INT32, field_bytes,  # noqa: E402
                            field_varint, node, value_info, varint)


def int32_tensor(name, data_type, values, packed=True):
    msg = field_varint(1, len(values)) + field_varint(2, data_type)
    if packed:
        msg += field_bytes(5, b"".join(varint(v) for v in values))
    else:
        msg += b"".join(field_varint(5, v) for v in values)
    return msg + field_bytes(8, name)


def model(nodes, inputs, outputs, initializers=(), ir_version=8,
          opsets=(("", 17),)):
    graph = b"".join(field_bytes(1, n) for n in nodes)
    graph += field_bytes(2, "g")
    graph += b"".join(field_bytes(5, t) for t in initializers)
    graph += b"".join(field_bytes(11, v) for v in inputs)
    graph += b"".join(field_bytes(12, v) for v in outputs)
    msg = b"" if ir_version is None else field_varint(1, ir_version)
    msg += field_bytes(7, graph)
    for domain, version in opsets:
        msg += field_bytes(8, field_bytes(1, domain) + field_varint(2, version))
    return msg


def layer_norm_model(ir_version=8, **attrs):
    return model([node("LayerNormalization", ["X", "S", "B"], ["Y"], "ln",
                       **attrs)],
                 [value_info("X", FLOAT, ["N", 4]),
                  value_info("S", FLOAT, [4]), value_info("B", FLOAT, [4])],
                 [value_info("Y", FLOAT, ["N", 4])], ir_version=ir_version)


def main():
    out, kind, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if kind == "init-int32":
        values = [int(v) for v in args[1].split(",")]
        data = model([node("Normalizer", ["X"], ["Y"], "nz",
                           domain="ai.onnx.ml")],
                     [], [value_info("Y", FLOAT, [len(values)])],
                     [int32_tensor("X", INT32, values, args[0] == "packed")],
                     opsets=(("", 17), ("ai.onnx.ml", 1)))
    elif kind == "init-f16":
        values = [int(v) for v in args[0].split(",")]
        data = model([node("LayerNormalization", ["X", "S"], ["Y"], "ln")],
                     [value_info("X", FLOAT16, ["N", len(values)])],
                     [value_info("Y", FLOAT16, ["N", len(values)])],
                     [int32_tensor("S", FLOAT16, values)])
    elif kind == "ir":
        data = layer_norm_model(None if args[0] == "none" else int(args[0]))
    elif kind == "ln-attr":
        name, text = args[0].split("=")
        value = int(text) if text.lstrip("-").isdigit() else float(text)
        data = layer_norm_model(**{name: value})
    elif kind == "no-op-type":
        data = model([node("", ["X"], ["Y"], "")],
                     [value_info("X", FLOAT, [4])],
                     [value_info("Y", FLOAT, [4])])
    else:
        sys.exit("unknown KIND " + kind)
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
