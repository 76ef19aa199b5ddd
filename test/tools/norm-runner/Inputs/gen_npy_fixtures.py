#!/usr/bin/python3
"""Writes the .npy fixtures of the norm-runner tests (test/tools/norm-runner).

Run with the system Python and NumPy from the repository root:
    /usr/bin/python3 test/tools/norm-runner/Inputs/gen_npy_fixtures.py
The files are committed, so the tests need no Python. Every fixture holds
values chosen by hand; the comments say what the tests expect to read.
"""
import os

import numpy as np
import numpy.lib.format as npy_format

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npy")


def save(name, array, version=None):
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        npy_format.write_array(f, array, version=version)
    return path


def raw(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def replace_in_header(image, old, new):
    """`image` with `old` replaced by `new` in its version 1.0 header, taking
    the difference out of the header's padding so the data stays put."""
    length = int.from_bytes(image[8:10], "little")
    header = image[10:10 + length]
    assert header.count(old) == 1
    header = header.replace(old, new)
    grown = len(new) - len(old)
    assert header.endswith(b" " * grown + b"\n")
    header = header[:-1 - grown] + b"\n"
    assert len(header) == length
    return image[:10] + header + image[10 + length:]


def bf16_bits(values):
    """bf16 bit patterns of float32 values that are exact in bf16."""
    f = np.asarray(values, dtype=np.float32)
    bits = f.view(np.uint32)
    assert np.all(bits & 0xFFFF == 0), "value not exact in bf16"
    return (bits >> 16).astype("<u2")


def main():
    os.makedirs(OUT, exist_ok=True)
    # Valid files, one per dtype and header version.
    x_f32 = np.array([[1, 2, 3], [4, 5, 6]], dtype="<f4")
    save("f32_2x3.npy", x_f32)
    save("f64_2x3_v2.npy", x_f32.astype("<f8"), version=(2, 0))
    save("f64_2x3_v3.npy", x_f32.astype("<f8"), version=(3, 0))
    save("f16_3.npy", np.array([1, 0.5, -65504], dtype="<f2"))
    save("bf16_3.npy", bf16_bits([1, 0.5, -3.0]))
    save("i32_2x2x2.npy", np.arange(-4, 4, dtype="<i4").reshape(2, 2, 2))
    save("i64_scalar.npy", np.array(-(2**62), dtype="<i8"))
    save("f32_0x3.npy", np.zeros((0, 3), dtype="<f4"))
    # What norm-runner must write for 2x3xf32=[3 5 7][9 11 13] (x * 2 + 1 of
    # f32_2x3.npy): compared byte for byte in outputs.mlir.
    save("f32_2x3_times2_plus1.npy", x_f32 * 2 + 1)

    # Invalid files.
    save("f32_2x3_fortran.npy", np.asfortranarray(x_f32))
    save("f32_2x3_bigendian.npy", x_f32.astype(">f4"))
    save("u8_3.npy", np.array([1, 2, 3], dtype="|u1"))
    good = open(os.path.join(OUT, "f32_2x3.npy"), "rb").read()
    # NumPy itself writes '<f4' for native order; '=' is valid for readers.
    raw("f32_2x3_native.npy", good.replace(b"'<f4'", b"'=f4'"))
    raw("f32_2x3_truncated.npy", good[:-4])
    raw("f32_2x3_trailing.npy", good + b"\0\0\0\0")
    raw("bad_magic.npy", b"\x93NUMPZ" + good[6:])
    raw("bad_version.npy", good[:6] + b"\x04\x00" + good[8:])
    raw("bad_dict.npy", good.replace(b"'shape': (2, 3)", b"'shape': [2, 3]"))
    raw("missing_key.npy", good.replace(b"'fortran_order': False, ", b" " * 24))
    # A repeated key (the two shapes would make 2x3 if concatenated) and an
    # unknown key; the padding shrinks so that the data offset stays.
    raw("repeated_key.npy", replace_in_header(
        good, b"'shape': (2, 3), }", b"'shape': (2,), 'shape': (3,), }"))
    raw("repeated_descr.npy", replace_in_header(
        good, b"'descr': '<f4', ", b"'descr': '<f4', 'descr': '<f4', "))
    raw("unknown_key.npy", replace_in_header(
        good, b"'shape': (2, 3), }", b"'shape': (2, 3), 'extra': 1, }"))
    # Header length field (bytes 8-9) claims more than the file holds.
    raw("header_too_long.npy", good[:8] + b"\xff\x7f" + good[10:])
    raw("prelude_only.npy", good[:9])


if __name__ == "__main__":
    main()
