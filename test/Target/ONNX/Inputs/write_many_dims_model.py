#!/usr/bin/python3
"""Writes an ONNX model with a tensor of many dims, encoded by hand (no ONNX
package needed), for the tests of error messages that quote such a shape.

Usage: write_many_dims_model.py OUT KIND RANK
    KIND  output:      LpNormalization of X (2x3 f32) whose graph output Y is
                       declared as f32 with RANK dims of 1;
          initializer: LayerNormalization of X (2x3 f32) with Scale an f32
                       initializer of RANK dims of 1 and 8 bytes of raw_data
                       (its shape needs 4).

onnx.proto field numbers: ModelProto ir_version 1, graph 7, opset_import 8
(OperatorSetIdProto version 2); GraphProto node 1, name 2, initializer 5,
input 11, output 12; NodeProto input 1, output 2, name 3, op_type 4;
ValueInfoProto name 1, type 2; TypeProto tensor_type 1; TypeProto.Tensor
elem_type 1, shape 2; TensorShapeProto dim 1; Dimension dim_value 1;
TensorProto dims 1, data_type 2, name 8, raw_data 9.
"""
import sys

FLOAT = 1


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field(number, payload):
    """A length-delimited field (bytes, string or message)."""
    if isinstance(payload, str):
        payload = payload.encode()
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def int_field(number, value):
    return varint(number << 3) + varint(value)


def value_info(name, dims):
    shape = b"".join(field(1, int_field(1, d)) for d in dims)
    tensor_type = int_field(1, FLOAT) + field(2, shape)
    return field(1, name) + field(2, field(1, tensor_type))


def node(op_type, inputs, outputs, name):
    return (b"".join(field(1, i) for i in inputs) +
            b"".join(field(2, o) for o in outputs) + field(3, name) +
            field(4, op_type))


def main():
    out, kind, rank = sys.argv[1], sys.argv[2], int(sys.argv[3])
    many = [1] * rank
    graph = field(2, "g") + field(11, value_info("X", [2, 3]))
    if kind == "output":
        graph += field(1, node("LpNormalization", ["X"], ["Y"], "lp"))
        graph += field(12, value_info("Y", many))
    elif kind == "initializer":
        graph += field(1, node("LayerNormalization", ["X", "W"], ["Y"], "ln"))
        scale = (b"".join(int_field(1, d) for d in many) +
                 int_field(2, FLOAT) + field(8, "W") + field(9, b"\0" * 8))
        graph += field(5, scale)
        graph += field(12, value_info("Y", [2, 3]))
    else:
        sys.exit("unknown KIND " + kind)
    model = int_field(1, 8) + field(7, graph) + field(8, int_field(2, 17))
    with open(out, "wb") as f:
        f.write(model)


if __name__ == "__main__":
    main()
