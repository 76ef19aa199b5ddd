#!/usr/bin/python3
"""Writes a version 1.0 .npy file of little-endian f32 values whose header
spells 'shape' as given, for tests of header spellings that NumPy itself
would not write (no NumPy needed).

Usage: write_npy_header.py OUT SHAPE COUNT
    SHAPE  the text of the 'shape' value, e.g. "(8)", "(8,)", "(2, 3,)"
    COUNT  the number of values written: 1.0, 2.0, ..., COUNT
"""
import struct
import sys


def main():
    out, shape, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    header = ("{'descr': '<f4', 'fortran_order': False, 'shape': %s, }"
              % shape)
    # The prelude (10 bytes) and the header, '\n'-terminated, are padded
    # with spaces to a multiple of 64 bytes, as numpy.lib.format writes.
    padding = -(10 + len(header) + 1) % 64
    header = header + " " * padding + "\n"
    data = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header))
    data += header.encode("latin1")
    data += struct.pack("<%df" % count, *range(1, count + 1))
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
