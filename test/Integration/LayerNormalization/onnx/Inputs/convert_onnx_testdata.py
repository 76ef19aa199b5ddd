#!/usr/bin/env python3
"""Converts ONNX's LayerNormalization node tests into norm-runner fixtures.

Source: Debian's libonnx-testdata (ONNX 1.12),
  /usr/share/libonnx-testdata/data/node/test_layer_normalization_*/
  (model.onnx + test_data_set_0/{input_*.pb, output_*.pb}); the *_expanded
  variants (the same data run through the function body) are skipped.

For every case this script
  * writes the TensorProtos as .npy files into onnx/Inputs/<case>/
    (X.npy, Scale.npy, [B.npy], Y.npy, [Mean.npy], [InvStdDev.npy]),
  * reads axis / epsilon / stash_type and the input/output shapes and element
    types from model.onnx, and
  * writes the lit test onnx/<case>.mlir, whose function calls
    norm.layer_normalization and returns exactly the outputs the model has.
Attributes the model leaves out are left out of the op too, so the op's
defaults (axis = -1, epsilon = 1e-5, stash_type = 1) are what gets tested.

Tolerance: ONNX's own backend-test defaults, rtol 1e-3 and atol 1e-7. ONNX
computed these outputs in float32 NumPy; against a float64 reference they are
off by up to ~8e-7 absolute, so the project's tighter f32 tolerance would
test ONNX's rounding, not ours.

Run it with the system Python (needs numpy and python3-onnx, i.e.
`apt-get install -y python3-onnx`); it is only needed to regenerate, the lit
tests read the committed .npy files:
  /usr/bin/python3 test/Integration/LayerNormalization/onnx/Inputs/convert_onnx_testdata.py
"""

import glob
import os
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

SRC = "/usr/share/libonnx-testdata/data/node"
HERE = os.path.dirname(os.path.abspath(__file__))   # .../onnx/Inputs
FIXTURES = HERE
TESTS = os.path.dirname(HERE)                         # .../onnx
sys.path.insert(0, os.path.join(HERE, *[".."] * 4, "lib"))
import reference  # noqa: E402  (test/lib/reference.py: float64 cross-check)

RTOL, ATOL = 1e-3, 1e-7

ELEM = {onnx.TensorProto.FLOAT: "f32", onnx.TensorProto.DOUBLE: "f64",
        onnx.TensorProto.FLOAT16: "f16", onnx.TensorProto.BFLOAT16: "bf16"}
STASH = {1: "f32", 16: "bf16"}
INPUT_ROLES = ["X", "Scale", "B"]
OUTPUT_ROLES = ["Y", "Mean", "InvStdDev"]


def tensor_type(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def value_info(vi):
    t = vi.type.tensor_type
    return [d.dim_value for d in t.shape.dim], ELEM[t.elem_type]


def to_npy(arr, elem):
    if elem == "bf16":
        raise NotImplementedError("no bf16 case in ONNX 1.12's node tests")
    return np.array(arr, order="C")   # (ascontiguousarray would make 0-d 1-d)


def convert(case_dir):
    case = os.path.basename(case_dir)
    model = onnx.load(os.path.join(case_dir, "model.onnx"))
    (node,) = model.graph.node
    assert node.op_type == "LayerNormalization" and node.domain in ("", "ai.onnx")
    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    assert set(attrs) <= {"axis", "epsilon", "stash_type"}, attrs

    # Which op operands / results the model uses (optional ones may be "").
    n_in = len([i for i in node.input if i])
    assert list(node.input[:n_in]) == [i for i in node.input if i], node.input
    out_used = [bool(o) for o in node.output] + [False] * (3 - len(node.output))

    graph_inputs = {vi.name: value_info(vi) for vi in model.graph.input}
    graph_outputs = {vi.name: value_info(vi) for vi in model.graph.output}
    in_info = [graph_inputs[name] for name in node.input[:n_in]]
    out_names = [o for o in node.output if o]
    out_info = [graph_outputs[name] for name in out_names]

    data = os.path.join(case_dir, "test_data_set_0")
    inputs = [numpy_helper.to_array(onnx.load_tensor(
        os.path.join(data, f"input_{i}.pb"))) for i in range(n_in)]
    outputs = [numpy_helper.to_array(onnx.load_tensor(
        os.path.join(data, f"output_{i}.pb"))) for i in range(len(out_names))]
    assert not os.path.exists(os.path.join(data, f"input_{n_in}.pb"))
    assert not os.path.exists(os.path.join(data, f"output_{len(out_names)}.pb"))
    for arr, (shape, _) in zip(inputs + outputs, in_info + out_info):
        assert list(arr.shape) == shape, (case, arr.shape, shape)

    x_shape, x_elem = in_info[0]
    rank = len(x_shape)
    axis = attrs.get("axis", -1)
    naxis = axis + rank if axis < 0 else axis
    stash = STASH[attrs.get("stash_type", 1)]
    stats_shape = x_shape[:naxis] + [1] * (rank - naxis)
    result_types = [tensor_type(x_shape, x_elem),
                    tensor_type(stats_shape, stash),
                    tensor_type(stats_shape, stash)]
    # The model's declared output types must be what the op produces.
    used_roles = [OUTPUT_ROLES[i] for i in range(3) if out_used[i]]
    for role, (shape, elem) in zip(used_roles, out_info):
        i = OUTPUT_ROLES.index(role)
        assert result_types[i] == tensor_type(shape, elem), (case, role)

    # Cross-check the data against our float64 reference (ONNX defaults).
    ref = reference.layer_normalization(
        inputs[0], inputs[1], inputs[2] if n_in > 2 else None, axis=axis,
        epsilon=attrs.get("epsilon", 1e-5))
    for role, got in zip(used_roles, outputs):
        want = ref[OUTPUT_ROLES.index(role)]
        assert np.allclose(got, want, rtol=RTOL, atol=ATOL), (case, role)

    # Fixtures.
    fdir = os.path.join(FIXTURES, case)
    os.makedirs(fdir, exist_ok=True)
    for old in glob.glob(os.path.join(fdir, "*.npy")):
        os.remove(old)
    for role, arr, (_, elem) in zip(INPUT_ROLES, inputs, in_info):
        np.save(os.path.join(fdir, role + ".npy"), to_npy(arr, elem))
    for role, arr, (_, elem) in zip(used_roles, outputs, out_info):
        np.save(os.path.join(fdir, role + ".npy"), to_npy(arr, elem))

    # The lit test.
    names = ["%x", "%scale", "%b"][:n_in]
    arg_types = [tensor_type(s, e) for s, e in in_info]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, arg_types))
    ret_types = [result_types[OUTPUT_ROLES.index(r)] for r in used_roles]
    ret_vals = [["%y", "%mean", "%inv_std_dev"][OUTPUT_ROLES.index(r)]
                for r in used_roles]
    attr_txt = ""
    if "axis" in attrs:
        attr_txt += f" axis = {attrs['axis']}"
    if "epsilon" in attrs:
        # The exact f32 value, written so that parsing it is exact.
        attr_txt += f" epsilon = {float(np.float32(attrs['epsilon']))!r}"
    if "stash_type" in attrs:
        attr_txt += f" stash_type = {attrs['stash_type']}"
    rel = f"%S/Inputs/{case}"
    run = ["norm-runner %s --function=main"]
    run += [f"--input=@{rel}/{r}.npy" for r in INPUT_ROLES[:n_in]]
    run += [f"--expected-output=@{rel}/{r}.npy" for r in used_roles]
    run += [f"--rtol={RTOL:g}", f"--atol={ATOL:g}", "| FileCheck %s"]
    desc = (f"X {tensor_type(x_shape, x_elem)}, Scale "
            f"{arg_types[1]}{', B ' + arg_types[2] if n_in > 2 else ', no B'}; "
            f"attributes {attrs if attrs else '(all defaults)'}; outputs "
            f"{', '.join(used_roles)}.")
    lines = [
        f"// ONNX conformance: {case} (Debian libonnx-testdata, ONNX 1.12).",
        "// GENERATED by test/Integration/LayerNormalization/onnx/Inputs/"
        "convert_onnx_testdata.py; do not edit.",
        f"// {desc}",
        "// Tolerance: ONNX's backend-test defaults (rtol 1e-3, atol 1e-7); the",
        "// expected values were computed by ONNX in float32.",
        "",
        "// RUN: " + " \\\n// RUN:   ".join(run),
        "",
    ]
    lines += [f"// CHECK: [SUCCESS] result[{i}]:" for i in range(len(used_roles))]
    lines += ["// CHECK-NOT: [FAILED]", ""]
    op_results = ", ".join(["%y", "%mean", "%inv_std_dev"])
    ret_list = ", ".join(ret_types)
    lines += [
        f"func.func @main({args})",
        f"    -> ({ret_list}) {{",
        f"  {op_results} = norm.layer_normalization {', '.join(names)}{attr_txt}",
        f"      : ({', '.join(arg_types)})",
        f"      -> ({', '.join(result_types)})",
        f"  return {', '.join(ret_vals)} : {ret_list}",
        "}",
        "",
    ]
    os.makedirs(TESTS, exist_ok=True)
    with open(os.path.join(TESTS, case + ".mlir"), "w") as f:
        f.write("\n".join(lines))
    return case, attrs, used_roles


def main():
    cases = sorted(d for d in glob.glob(os.path.join(SRC, "test_layer_normalization_*"))
                   if not d.endswith("_expanded"))
    assert cases, f"no LayerNormalization cases under {SRC}"
    for d in cases:
        case, attrs, roles = convert(d)
        print(f"{case}: {attrs} -> {', '.join(roles)}")


if __name__ == "__main__":
    main()
