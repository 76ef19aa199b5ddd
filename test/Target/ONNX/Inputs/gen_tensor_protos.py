#!/usr/bin/python3
"""Writes the TensorProto (.pb) files and models of tensor-proto-data-type.mlir.

TensorProto.data_type (field 2) is an int32 enum; a varint beyond int32 is
kept by protobuf as its low 32 bits. The messages are encoded by hand with
gen_rms_models.py's helpers (TensorProto: dims 1, data_type 2, raw_data 9),
so the system Python alone regenerates them:

    /usr/bin/python3 test/Target/ONNX/Inputs/gen_tensor_protos.py
"""

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_rms_models import (field_bytes, field_varint, node, save,  # noqa: E402
                            value_info)


def tensor(name, data_type, values):
    """A [len(values)] tensor of little-endian f32 raw_data."""
    msg = field_varint(1, len(values)) + field_varint(2, data_type)
    msg += field_bytes(9, struct.pack("<%df" % len(values), *values))
    with open(os.path.join(HERE, name + ".pb"), "wb") as f:
        f.write(msg)


def main():
    # 2^40: its low 32 bits are 0 (UNDEFINED).
    tensor("pb-data-type-2pow40", 1 << 40, [1, 2, 3, 4])
    # 2^40 + 1: its low 32 bits are 1 (FLOAT), which used to load.
    tensor("pb-data-type-2pow40-plus-1", (1 << 40) + 1, [1, 2, 3, 4])
    # -1 is an int32 (a 10-byte varint): in range, but no data type.
    tensor("pb-data-type-minus-1", -1, [1, 2, 3, 4])
    # FLOAT itself: the same bytes load.
    tensor("pb-data-type-float", 1, [1, 2, 3, 4])
    # The data types after FLOAT4E2M1 (23) in onnx.proto of ONNX 1.19
    # (FLOAT8E8M0, IR 12) and 1.20 (UINT2, INT2, IR 13), and 27, the first
    # value IR 13 does not define: errors naming the type.
    for data_type, name in ((24, "float8e8m0"), (25, "uint2"), (26, "int2"),
                            (27, "27")):
        tensor("pb-data-type-" + name, data_type, [1, 2, 3, 4])
    # A graph input and output of each of those element types.
    for data_type, name in ((24, "float8e8m0"), (25, "uint2"), (26, "int2"),
                            (99, "99")):
        save("bad-input-type-" + name,
             [node("Identity", ["X"], ["Y"], "id")],
             [value_info("X", data_type, [2])],
             [value_info("Y", data_type, [2])], opset=23,
             producer="norm-mlir gen_tensor_protos.py")


if __name__ == "__main__":
    main()
