#!/usr/bin/python3
"""Writes the ONNX TensorProto (.pb) fixtures of test/tools/norm-runner/pb.mlir.

Run with the system Python, NumPy and Debian's python3-onnx from the
repository root:
    /usr/bin/python3 test/tools/norm-runner/Inputs/gen_pb_fixtures.py
The files are committed, so the tests need neither Python nor ONNX. Every
fixture holds values chosen by hand; pb.mlir says what it expects to read.
"""
import os

import numpy as np
from onnx import TensorProto, numpy_helper

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pb")


def write(name, tensor):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(tensor.SerializeToString())


def raw(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def typed(data_type, dims, field, values, name="t"):
    """A TensorProto holding `values` in the typed field `field`."""
    t = TensorProto()
    t.name = name
    t.data_type = data_type
    t.dims.extend(dims)
    getattr(t, field).extend(values)
    return t


def bits16(array):
    """The 16-bit patterns of an f16 array, as int32_data holds them."""
    return [int(b) for b in np.asarray(array, "<f2").view("<u2").ravel()]


def main():
    os.makedirs(OUT, exist_ok=True)
    x23 = np.array([[1, 2, 3], [4, 5, 6]])
    halves = [1, 0.5, -65504]
    bf16 = [0x3F80, 0x3F00, 0xC040]  # 1, 0.5, -3
    ints = np.arange(-4, 4).reshape(2, 2, 2)
    big = -(2**62)

    # raw_data, as numpy_helper.from_array writes it (no name: the runner's
    # --output=@FILE.pb writes byte-identical files).
    write("f32_2x3_raw.pb", numpy_helper.from_array(x23.astype("<f4")))
    write("f64_2x3_raw.pb", numpy_helper.from_array(x23.astype("<f8")))
    write("f16_3_raw.pb", numpy_helper.from_array(np.array(halves, "<f2")))
    t = TensorProto()
    t.data_type = TensorProto.BFLOAT16
    t.dims.append(3)
    t.raw_data = np.array(bf16, "<u2").tobytes()
    write("bf16_3_raw.pb", t)
    write("i32_2x2x2_raw.pb", numpy_helper.from_array(ints.astype("<i4")))
    write("i64_scalar_raw.pb", numpy_helper.from_array(np.array(big, "<i8")))
    write("f32_0x3_raw.pb", numpy_helper.from_array(np.zeros((0, 3), "<f4")))

    # The typed fields.
    write("f32_2x3_typed.pb",
          typed(TensorProto.FLOAT, [2, 3], "float_data", x23.ravel()))
    write("f64_2x3_typed.pb",
          typed(TensorProto.DOUBLE, [2, 3], "double_data", x23.ravel()))
    write("f16_3_typed.pb",
          typed(TensorProto.FLOAT16, [3], "int32_data", bits16(halves)))
    write("bf16_3_typed.pb",
          typed(TensorProto.BFLOAT16, [3], "int32_data", bf16))
    write("i32_2x2x2_typed.pb",
          typed(TensorProto.INT32, [2, 2, 2], "int32_data", ints.ravel()))
    write("i64_scalar_typed.pb",
          typed(TensorProto.INT64, [], "int64_data", [big]))
    # An empty tensor holds no data at all.
    write("f32_0x3_typed.pb", typed(TensorProto.FLOAT, [0, 3], "float_data",
                                    []))

    # Errors.
    t = typed(TensorProto.FLOAT, [2, 3], "float_data", [])
    t.data_location = TensorProto.EXTERNAL
    entry = t.external_data.add()
    entry.key, entry.value = "location", "weights.bin"
    write("external.pb", t)
    t = TensorProto()
    t.data_type = TensorProto.STRING
    t.dims.append(1)
    t.string_data.append(b"abc")
    write("string.pb", t)
    write("int8.pb", numpy_helper.from_array(np.array([1, 2, 3], "i1")))
    write("data_type_99.pb",
          typed(99, [2], "float_data", [1, 2]))
    t = numpy_helper.from_array(np.array([1, 2], "<f4"))
    t.dims[:] = [3]
    write("raw_size.pb", t)
    write("typed_count.pb",
          typed(TensorProto.FLOAT, [2, 3], "float_data", [1, 2]))
    write("negative_dim.pb",
          typed(TensorProto.FLOAT, [-1, 3], "float_data", []))
    t = TensorProto()
    t.dims.extend([2, 3])
    write("no_data_type.pb", t)
    raw("empty.pb", b"")
    # Cut inside raw_data, the last field: the declared length runs past the
    # end.
    full = numpy_helper.from_array(x23.astype("<f4")).SerializeToString()
    raw("truncated.pb", full[:-5])
    # Field 1 (dims) with wire type 7, which does not exist.
    raw("malformed.pb", b"\x0f\x01\x02\x03")


if __name__ == "__main__":
    main()
