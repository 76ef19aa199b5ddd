"""Runs NORM_COMPILE on a one-function module for each name on stdin (one a
line, as `nm` prints them: the last field, less a '@VERSION'), exporting the
function under that name, and prints each name it accepts or refuses with
another error, then 'all N names refused' or 'R of N names refused'.

Usage: refused-names.py NORM_COMPILE WORK_DIR < names
"""

import os
import subprocess
import sys

MODULE = ("func.func @%s(%%x: tensor<?xf32>) -> tensor<?xf32> {\n"
          "  return %%x : tensor<?xf32>\n}\n")


def main():
    compiler, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    names = sorted({line.split()[-1].split("@")[0]
                    for line in sys.stdin if line.strip()})
    refused = 0
    for name in names:
        path = os.path.join(work, "m.mlir")
        with open(path, "w") as f:
            f.write(MODULE % name)
        result = subprocess.run(
            [compiler, path, "--emit=llvm-ir", "-o",
             os.path.join(work, "m.ll")], capture_output=True, text=True)
        if result.returncode == 0:
            print("accepted: " + name)
        elif "exported name '%s'" % name in result.stderr:
            refused += 1
        else:
            print("other error: " + name + ": " + result.stderr.strip())
    if refused == len(names):
        print("all %d names refused" % refused)
    else:
        print("%d of %d names refused" % (refused, len(names)))


if __name__ == "__main__":
    main()
