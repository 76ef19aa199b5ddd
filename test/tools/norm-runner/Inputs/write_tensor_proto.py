#!/usr/bin/python3
"""Writes one ONNX TensorProto with its values in `int32_data`, encoded by
hand (no ONNX package needed), for tests of values that ONNX's own helpers
would not write.

Usage: write_tensor_proto.py OUT DATA_TYPE DIMS VALUES [ENCODING]
    DATA_TYPE  the TensorProto.DataType number (10 FLOAT16, 16 BFLOAT16)
    DIMS       comma-separated sizes, or "" for rank 0; SIZE*COUNT stands
               for COUNT dims of SIZE (1*100000: rank 100000)
    VALUES     comma-separated int32_data values (decimal, may be negative)
    ENCODING   packed (the default) or unpacked (one varint field per
               value); wide-packed and wide-unpacked also take values
               outside int32, which protobuf would truncate to 32 bits

onnx.proto field numbers: dims = 1 (int64), data_type = 2 (int32),
int32_data = 5 (packed int32). A negative int32 is a 10-byte varint of its
64-bit sign extension, as protobuf writes it.
"""
import sys


def varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def main():
    out, data_type, dims, values = sys.argv[1:5]
    encoding = sys.argv[5] if len(sys.argv) > 5 else "packed"
    dims = [int(size)
            for d in dims.split(",") if d
            for size in [d.split("*")[0]] * int((d.split("*") + ["1"])[1])]
    values = [int(v) for v in values.split(",") if v]
    if not encoding.startswith("wide-"):
        for v in values:
            assert -(2**31) <= v < 2**31, "int32_data holds int32 values"
    data = bytearray()
    for d in dims:
        data += b"\x08" + varint(d)  # field 1, varint
    data += b"\x10" + varint(int(data_type))  # field 2, varint
    if encoding.endswith("unpacked"):
        data += b"".join(b"\x28" + varint(v) for v in values)  # field 5, varint
    else:
        packed = b"".join(varint(v) for v in values)
        data += b"\x2a" + varint(len(packed)) + packed  # field 5, length-delimited
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
