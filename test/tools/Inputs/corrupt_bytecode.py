"""Writes corrupted copies of an MLIR bytecode file (test/tools/corrupted-bytecode.mlir
and corrupted-bytecode-heap.mlir).

Usage: corrupt_bytecode.py VALID.mlirbc OUTDIR

Each copy changes one byte, at an offset counted from the end of the
header's producer string ("MLIR22.1.8" and its NUL), or truncates the file.
The offsets were found by trying every offset and value with MLIR 22.1's
bytecode reader on that test's module (without locations); the sizes of the
sections after the header are checked first, so that a writer that lays the
module out differently fails here instead of testing other bytes.
"""

import sys

MAGIC = b"ML\xefR"
# Bytes after the producer string of the test's module.
BODY_SIZE = 230

# name: (offset after the producer string, new byte)
CHANGES = {
    # The reader reads out of bounds: SIGSEGV.
    "segv": (100, 0x00),
    # A count the reader passes to SmallVector::reserve: LLVM's fatal error
    # "SmallVector unable to grow".
    "fatal": (2, 0x00),
    # The reader reports an error but has written past a heap block: freeing
    # the context afterwards aborts in glibc ("free(): invalid pointer").
    "heap": (22, 0x7F),
}


def main():
    valid, outdir = sys.argv[1], sys.argv[2]
    data = open(valid, "rb").read()
    if not data.startswith(MAGIC):
        sys.exit("%s: not MLIR bytecode" % valid)
    body = data.index(b"\0", len(MAGIC)) + 1
    if len(data) - body != BODY_SIZE:
        sys.exit("%s: %d bytes after the producer string, expected %d: the "
                 "bytecode writer changed; find new offsets" %
                 (valid, len(data) - body, BODY_SIZE))
    for name, (offset, value) in CHANGES.items():
        changed = bytearray(data)
        changed[body + offset] = value
        open("%s/%s.mlirbc" % (outdir, name), "wb").write(bytes(changed))
    # Cut inside the sections, and inside the header.
    open("%s/truncated.mlirbc" % outdir, "wb").write(data[:body + 100])
    open("%s/header-only.mlirbc" % outdir, "wb").write(data[:6])


if __name__ == "__main__":
    main()
