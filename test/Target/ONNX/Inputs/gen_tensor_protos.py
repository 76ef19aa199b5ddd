#!/usr/bin/python3
"""Writes the TensorProto (.pb) files of tensor-proto-data-type.test.

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
from gen_rms_models import field_bytes, field_varint  # noqa: E402


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


if __name__ == "__main__":
    main()
