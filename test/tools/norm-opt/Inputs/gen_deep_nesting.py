"""Writes modules that nest deeply, for the tests of the tools' stack.

  gen_deep_nesting.py if N PATH      a function whose body nests N scf.if
                                     regions; with a nonzero input the
                                     innermost one computes LpNormalization
                                     of X = [3, 4], so the result is
                                     [0.6, 0.8] (else X itself)
  gen_deep_nesting.py array N PATH   a function with an attribute that nests
                                     N array attributes: [[[...]]]
"""

import sys


def nested_ifs(depth):
    lines = [
        "func.func @main(%x: tensor<2xf32>, %p: tensor<i32>) -> tensor<2xf32> {",
        "  %zero = arith.constant 0 : i32",
        "  %v = tensor.extract %p[] : tensor<i32>",
        "  %c = arith.cmpi ne, %v, %zero : i32",
    ]
    for i in range(depth):
        lines.append("  %%r%d = scf.if %%c -> (tensor<2xf32>) {" % i)
    lines.append(
        "  %%r%d = norm.lp_normalization %%x axis = -1 p = 2 : tensor<2xf32>"
        % depth)
    for i in reversed(range(depth)):
        lines.append("  scf.yield %%r%d : tensor<2xf32>" % (i + 1))
        lines.append("  } else { scf.yield %x : tensor<2xf32> }")
    lines.append("  return %r0 : tensor<2xf32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


def nested_arrays(depth):
    return ("func.func private @f() attributes {a = " + "[" * depth +
            "]" * depth + "}\n")


def main():
    kind, depth, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    text = nested_ifs(depth) if kind == "if" else nested_arrays(depth)
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
