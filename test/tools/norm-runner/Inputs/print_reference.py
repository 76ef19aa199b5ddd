#!/usr/bin/python3
"""Writes a .npy file of f32 values (bit patterns from a fixed seed: every
exponent, subnormals, signed zeros, infinities and NaNs, the powers of two
whose shortest decimal Ryu and printf's %e digits disagree on) and the text
norm-runner prints for it, computed here on its own (no NumPy needed): each
value as the fewest significant digits of printf's %e whose decimal reads
back as the same f32 (round to nearest even), laid out as Python's repr
lays out a float (positional for decimal exponents in [-4, 16)), the rows in
brackets.

Usage: print_reference.py OUT.npy OUT.txt ROWS COLS
"""
import math
import random
import struct
import sys

# 2^-96, 2^87, 2^90: printf's 9 digits, where Ryu's shortest has 8.
SPECIAL = [0x0F800000, 0x6B000000, 0x6C800000, 0x00000000, 0x80000000,
           0x00000001, 0x807FFFFF, 0x7F7FFFFF, 0x7F800000, 0xFF800000,
           0x7FC00000, 0x3F800000, 0x38D1B717, 0x4B189680, 0x5A0E1BCA]


def f32_bits(value):
    """The bits of `value` rounded to f32, None where it rounds to infinity
    (struct's OverflowError)."""
    try:
        return struct.unpack("<I", struct.pack("<f", value))[0]
    except OverflowError:
        return None


def shortest(bits):
    value = struct.unpack("<f", struct.pack("<I", bits))[0]
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    for precision in range(1, 18):
        text = "%.*e" % (precision - 1, value)
        # A decimal of at most 9 digits rounds to the same f32 through a
        # double as directly.
        if f32_bits(float(text)) == bits:
            break
    mantissa, exponent = text.split("e")
    exponent = int(exponent)
    if exponent < -4 or exponent >= 16:
        return text
    sign = "-" if mantissa.startswith("-") else ""
    digits = mantissa.lstrip("-").replace(".", "")
    if exponent < 0:
        return sign + "0." + "0" * (-exponent - 1) + digits
    whole = exponent + 1
    if len(digits) <= whole:
        return sign + digits + "0" * (whole - len(digits))
    return sign + digits[:whole] + "." + digits[whole:]


def main():
    npy, txt, rows, cols = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(
        sys.argv[4])
    count = rows * cols
    rng = random.Random(20261204)
    bits = SPECIAL + [rng.getrandbits(32) for _ in range(count - len(SPECIAL))]
    header = ("{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }"
              % (rows, cols))
    header += " " * (-(10 + len(header) + 1) % 64) + "\n"
    with open(npy, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%dI" % count, *bits))
    text = ["%dx%dxf32=" % (rows, cols)]
    for row in range(rows):
        text.append("[" + " ".join(
            shortest(b) for b in bits[row * cols:(row + 1) * cols]) + "]")
    with open(txt, "w") as f:
        f.write("".join(text) + "\n")


if __name__ == "__main__":
    main()
