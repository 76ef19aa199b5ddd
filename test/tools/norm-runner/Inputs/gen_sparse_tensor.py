"""Writes a valid tensor file whose data is a hole: the header, then the
file extended to the size its data needs without writing it (a sparse
file, which takes no disk space). Its elements read as zeros.

  gen_sparse_tensor.py npy PATH D0,D1,...   a '<f4' .npy file of that shape
  gen_sparse_tensor.py pb PATH N            a FLOAT TensorProto of shape (N,)
                                            with its data in raw_data
"""

import sys


def varint(value):
    out = b""
    while True:
        byte, value = value & 0x7F, value >> 7
        out += bytes([byte | (0x80 if value else 0)])
        if not value:
            return out


def npy_header(shape):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s,), }" % (
        ", ".join(map(str, shape)))
    # Pad so that the data starts at a multiple of 64 bytes; end with '\n'.
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + \
        header.encode()


def main():
    kind, path, dims = sys.argv[1], sys.argv[2], sys.argv[3]
    if kind == "npy":
        shape = [int(d) for d in dims.split(",")]
        head = npy_header(shape)
        size = 4
        for d in shape:
            size *= d
    else:
        n = int(dims)
        size = 4 * n
        # dims (field 1), data_type FLOAT (field 2), raw_data (field 9) last.
        head = b"\x08" + varint(n) + b"\x10\x01" + b"\x4a" + varint(size)
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(len(head) + size)


if __name__ == "__main__":
    main()
