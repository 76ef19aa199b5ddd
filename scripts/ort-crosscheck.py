#!/usr/bin/python3
"""Cross-checks the RMS, Skip and GroupNormalization node-test cases against
ONNX Runtime.

    scripts/ort-crosscheck.py [--ort-dir DIR] [--output FILE] [--no-write]

Runs every case of test/Inputs/onnx-testdata whose model has a
RMSNormalization (opset 23), SimplifiedLayerNormalization,
SkipSimplifiedLayerNormalization, SkipLayerNormalization or
GroupNormalization node through ONNX Runtime (npm onnxruntime-node, CPU
execution provider, one intra-op thread) and compares every output with the
stored expected output (the float64 reference), at the tolerance of the
conformance test of that case (test/Conformance/ONNX/generate.py: rtol 1e-3,
atol 1e-7 where every output is f32 or f64; norm-runner's default for each
result type where one is f16 or bf16).

A case's `_expanded` twin (the operator spelled out in its ONNX function
body; the GroupNormalization cases have some) runs too, as its own row, and
the case's row says whether ONNX Runtime's output of the operator is
bit-identical to its output of the function body, which shows that ONNX
Runtime ran the operator as that body.

onnxruntime-node has no bfloat16 tensors: a bf16 case runs a copy of its
model whose bf16 graph inputs and outputs are f32, with Cast nodes to and
from bf16 around the operator (exact in both directions for bf16 values), so
that ORT's bf16 kernel is what runs.

This is a developer tool, not part of the test suite: it needs node and the
onnxruntime-node package, which scripts/install-deps.sh does not install
(benchmarks/run.sh installs it under build/bench-peers/ort). It prints one
line per case and rewrites the cross-check section of docs/conformance.md
(between the markers that scripts/conformance-report.py keeps), with the
reasons for the disagreements known when this script was written
(KNOWN_REASONS). Needs /usr/bin/python3 with numpy.

Exit status: 0 when every case ran (agreeing or not), 1 when ONNX Runtime
could not be started.
"""
import argparse
import base64
import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys

import numpy as np

ROOT = os.path.normpath(os.path.join(os.path.dirname(
    os.path.abspath(__file__)), ".."))
CASES = os.path.join(ROOT, "test", "Inputs", "onnx-testdata")
OPS = ("RMSNormalization", "SimplifiedLayerNormalization",
       "SkipSimplifiedLayerNormalization", "SkipLayerNormalization",
       "GroupNormalization")
ORT_BEGIN = "<!-- BEGIN ORT CROSS-CHECK (scripts/ort-crosscheck.py) -->"
ORT_END = "<!-- END ORT CROSS-CHECK -->"

# The protobuf reader of the conformance generator (standard library only).
_spec = importlib.util.spec_from_file_location(
    "conformance_generate",
    os.path.join(ROOT, "test", "Conformance", "ONNX", "generate.py"))
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)

# TensorProto.DataType -> (name, NumPy storage dtype, ORT tensor type).
DTYPES = {1: ("f32", "<f4", "float32"), 11: ("f64", "<f8", "float64"),
          10: ("f16", "<f2", "float16"), 16: ("bf16", "<u2", None)}
# norm-runner's default tolerance per result type (atol, rtol), which the
# conformance tests use when an output is f16 or bf16.
RUNNER_TOL = {"f16": (1e-4, 2.0 ** -9), "bf16": (1e-3, 2.0 ** -6),
              "f32": (1e-6, 1e-5), "f64": (1e-12, 1e-12)}
ONNX_TOL = (1e-7, 1e-3)

# Why ONNX Runtime 1.30 differs where it does (checked by hand against its
# kernels; see docs/Importer.md and docs/semantics.md). Keyed by a regular
# expression on the case name; the first match is used.
KNOWN_REASONS = [
    (r"^test_group_normalization_offset(_opset18)?(_expanded)?$",
     "ONNX Runtime 1.30's CPU execution provider runs GroupNormalization "
     "(opset 18 and 21) as the operator's ONNX function body: its output is "
     "bit-identical, NaNs included, to its output of the `_expanded` model. "
     "That body computes the variance as E[x^2] - E[x]^2 in f32. For groups "
     "at 1e4 + N(0, 0.01) both terms are near 1e8, where f32 values are 8 "
     "apart, while the variance is about 1e-4: the difference comes out 0 "
     "(Y then divides by sqrt(epsilon) and is about 3 times too large), 8 or "
     "16 (Y a few hundred times too small) or negative (NaN). "
     "docs/semantics.md rules the two-pass variance with a compensated mean, "
     "and norm-mlir matches the float64 reference"),
    (r"^test_skip_layer_normalization_offset$",
     "ONNX Runtime's SkipLayerNormalization CPU kernel updates mean and "
     "variance in f32 as it reads the row (Welford), so the mean of rows at "
     "40000 carries an f32 rounding error into every deviation; "
     "docs/semantics.md rules a two-pass variance with a compensated mean, "
     "and norm-mlir matches the float64 reference"),
    (r"^test_skip_(simplified_)?layer_normalization_.*f16",
     "ONNX Runtime normalizes the f32 sum input + skip (+ bias) and rounds "
     "only its copy in input_skip_bias_sum to f16; docs/semantics.md rules "
     "that the value normalized is the sum rounded once to T (the "
     "input_skip_bias_sum output itself). The float64 reference on ONNX "
     "Runtime's unrounded f32 sum reproduces its output exactly; rounding "
     "the sum first moves rows whose values sit close to their mean by up "
     "to 3 f16 ulps"),
]


def node_op(model_path):
    for node in gen.load_nodes(model_path):
        if node.op_type in OPS:
            return node.op_type
    return None


def expanded_label(op):
    """The operator column of an `_expanded` case."""
    return op + " (function body)"


def same_as_twin(case, result, twin):
    """Whether ONNX Runtime's outputs of a case and of its `_expanded` twin
    have the same bits."""
    if "error" in result or "error" in twin:
        return "`{}_expanded` not compared (an ORT error)".format(case)
    same = all(a["data"] == b["data"] and a["type"] == b["type"]
               for a, b in zip(result["outputs"], twin["outputs"]))
    return ("bit-identical to ORT's output of `{}_expanded`" if same else
            "not bit-identical to ORT's output of `{}_expanded`").format(case)


def read_tensor(path):
    """(name, data_type, dims, NumPy array of the stored values) of a
    TensorProto file with raw_data 9, float_data 4 or double_data 10."""
    with open(path, "rb") as f:
        data = f.read()
    name, data_type, dims, raw, floats, doubles = "", 0, [], None, [], []
    for number, wire, value in gen.proto_fields(data):
        if number == 1:
            dims += [value] if wire == 0 else gen.packed_varints(value)
        elif number == 2:
            data_type = value
        elif number == 8:
            name = value.decode("utf-8")
        elif number == 9:
            raw = value
        elif number == 4:
            floats += (list(struct.unpack("<%df" % (len(value) // 4), value))
                       if wire == 2 else
                       [struct.unpack("<f", struct.pack("<I", value))[0]])
        elif number == 10:
            doubles += (list(struct.unpack("<%dd" % (len(value) // 8), value))
                        if wire == 2 else
                        [struct.unpack("<d", struct.pack("<Q", value))[0]])
    if data_type not in DTYPES:
        raise ValueError("{}: unsupported data_type {}".format(path,
                                                               data_type))
    storage = DTYPES[data_type][1]
    if raw is not None:
        array = np.frombuffer(raw, dtype=storage)
    elif floats:
        array = np.array(floats, dtype=storage)
    else:
        array = np.array(doubles, dtype=storage)
    return name, data_type, dims, array.reshape(dims)


def exact_values(array, data_type):
    """float64 values of a stored array (bf16 bit patterns included)."""
    if DTYPES[data_type][0] == "bf16":
        wide = array.astype(np.uint32) << np.uint32(16)
        return wide.view(np.float32).astype(np.float64)
    return array.astype(np.float64)


# --- bf16 models: f32 at the graph boundary, Cast nodes around the op ------


def field(number, wire, value):
    """One protobuf field, encoded."""
    def varint(v):
        out = bytearray()
        while True:
            byte = v & 0x7F
            v >>= 7
            if not v:
                out.append(byte)
                return bytes(out)
            out.append(byte | 0x80)
    key = varint(number << 3 | wire)
    if wire == 0:
        return key + varint(value)
    if wire == 1:
        return key + struct.pack("<Q", value)
    if wire == 5:
        return key + struct.pack("<I", value)
    return key + varint(len(value)) + value


def retype_value_info(data, elem_type, suffix):
    """ValueInfoProto (name 1, type 2: TypeProto {tensor_type 1: {elem_type
    1, shape 2}}) with the element type replaced and `suffix` added to the
    name; returns (old name, new name, encoded message)."""
    name, out = "", b""
    for number, wire, value in gen.proto_fields(data):
        if number == 1:
            name = value.decode("utf-8")
            out += field(1, 2, (name + suffix).encode())
        elif number == 2:
            type_out = b""
            for tn, tw, tv in gen.proto_fields(value):
                if tn == 1:
                    tensor = b""
                    for en, ew, ev in gen.proto_fields(tv):
                        tensor += field(en, ew, elem_type if en == 1 else ev)
                    type_out += field(1, 2, tensor)
                else:
                    type_out += field(tn, tw, tv)
            out += field(2, 2, type_out)
        else:
            out += field(number, wire, value)
    return name, name + suffix, out


def cast_node(src, dst, to):
    attr = field(1, 2, b"to") + field(3, 0, to) + field(20, 0, 2)
    return (field(1, 2, src.encode()) + field(2, 2, dst.encode()) +
            field(4, 2, b"Cast") + field(5, 2, attr))


def f32_boundary_model(model, bf16_inputs, bf16_outputs):
    """The model with the named bf16 graph inputs and outputs made f32
    (`<name>__f32`) and Cast nodes to and from bf16 before and after the
    graph's nodes (ModelProto.graph 7; GraphProto node 1, input 11, output
    12)."""
    out = b""
    for number, wire, value in gen.proto_fields(model):
        if number != 7:
            out += field(number, wire, value)
            continue
        first, nodes, last, rest = [], [], [], []
        for gn, gw, gv in gen.proto_fields(value):
            if gn == 1:
                nodes.append(field(gn, gw, gv))
                continue
            if gn in (11, 12):
                old, new, retyped = retype_value_info(gv, 1, "__f32")
                if gn == 11 and old in bf16_inputs:
                    first.append(field(1, 2, cast_node(new, old, 16)))
                    gv = retyped
                elif gn == 12 and old in bf16_outputs:
                    last.append(field(1, 2, cast_node(old, new, 1)))
                    gv = retyped
            rest.append(field(gn, gw, gv))
        out += field(7, 2, b"".join(first + nodes + last + rest))
    return out


# --- running ONNX Runtime --------------------------------------------------

RUNNER_JS = r"""
'use strict';
const ort = require('onnxruntime-node');
let text = '';
process.stdin.on('data', (d) => { text += d; });
process.stdin.on('end', async () => {
  const results = [];
  for (const c of JSON.parse(text)) {
    try {
      const session = await ort.InferenceSession.create(
          Buffer.from(c.model, 'base64'),
          {intraOpNumThreads: 1, interOpNumThreads: 1});
      const feeds = {};
      for (const t of c.inputs) {
        const b = Buffer.from(t.data, 'base64');
        const ab = b.buffer.slice(b.byteOffset, b.byteOffset + b.length);
        const data = t.type === 'float32' ? new Float32Array(ab)
            : t.type === 'float64' ? new Float64Array(ab) : new Uint16Array(ab);
        feeds[t.name] = new ort.Tensor(t.type, data, t.dims);
      }
      const out = await session.run(feeds);
      results.push({outputs: session.outputNames.map((n) => {
        const v = out[n].data;
        return {name: n, type: out[n].type, dims: out[n].dims,
                data: Buffer.from(v.buffer, v.byteOffset, v.byteLength)
                          .toString('base64')};
      })});
    } catch (e) {
      results.push({error: String(e.message || e)});
    }
  }
  process.stdout.write(JSON.stringify(results));
});
"""


def ort_version(node, ort_dir):
    env = dict(os.environ, NODE_PATH=ort_dir)
    rc = subprocess.run([node, "-e", "console.log(require('onnxruntime-node/"
                         "package.json').version)"], env=env, text=True,
                        capture_output=True)
    return rc.stdout.strip() if rc.returncode == 0 else None


def collect(case):
    """The request for one case, and what the comparison needs."""
    case_dir = os.path.join(CASES, case)
    with open(os.path.join(case_dir, "model.onnx"), "rb") as f:
        model = f.read()
    sets = sorted(d for d in os.listdir(case_dir)
                  if d.startswith("test_data_set_"))
    set_dir = os.path.join(case_dir, sets[0])
    inputs, expected, bf16_in, bf16_out = [], [], set(), set()
    for name in gen.numbered(set_dir, "input_", ".pb"):
        tname, dt, dims, array = read_tensor(os.path.join(set_dir, name))
        if DTYPES[dt][0] == "bf16":
            bf16_in.add(tname)
            array = exact_values(array, dt).astype("<f4")
            tname, ort_type = tname + "__f32", "float32"
        else:
            ort_type = DTYPES[dt][2]
        inputs.append({"name": tname, "type": ort_type, "dims": dims,
                       "data": base64.b64encode(array.tobytes()).decode()})
    for name in gen.numbered(set_dir, "output_", ".pb"):
        tname, dt, dims, array = read_tensor(os.path.join(set_dir, name))
        if DTYPES[dt][0] == "bf16":
            bf16_out.add(tname)
        expected.append((tname, DTYPES[dt][0], exact_values(array, dt)))
    if bf16_in or bf16_out:
        model = f32_boundary_model(model, bf16_in, bf16_out)
    request = {"model": base64.b64encode(model).decode(), "inputs": inputs}
    return request, expected, len(sets)


def compare(expected, result):
    """(agrees, detail) for one case."""
    if "error" in result:
        message = re.sub(r"\s+", " ", result["error"]).strip()
        return False, "ORT error: " + message[:240]
    types = [t for _, t, _ in expected]
    halves = any(t in ("f16", "bf16") for t in types)
    agrees, parts = True, []
    for (name, ty, want), got in zip(expected, result["outputs"]):
        raw = base64.b64decode(got["data"])
        storage = {"float32": "<f4", "float64": "<f8", "float16": "<f2"}
        values = np.frombuffer(raw, dtype=storage[got["type"]])
        values = values.astype(np.float64).reshape(got["dims"])
        atol, rtol = RUNNER_TOL[ty] if halves else ONNX_TOL
        if values.shape != want.shape:
            agrees = False
            parts.append("{}: shape {} instead of {}".format(
                name, list(values.shape), list(want.shape)))
            continue
        err = np.abs(values - want)
        bad = ~(err <= atol + rtol * np.abs(want))
        rel = np.max(err / np.maximum(np.abs(want), 1e-30)) if err.size else 0
        if bad.any():
            agrees = False
            i = np.unravel_index(np.argmax(np.where(bad, err, -1)), err.shape)
            nans = int(np.sum(np.isnan(values) & ~np.isnan(want)))
            parts.append("{}: {} of {} outside tolerance{}, worst {} instead "
                         "of {}".format(name, int(bad.sum()), err.size,
                                        " ({} NaN)".format(nans) if nans
                                        else "",
                                        "%.9g" % values[i], "%.9g" % want[i]))
        else:
            parts.append("{}: max abs err {:.2g}, max rel err {:.2g}".format(
                name, float(np.max(err)) if err.size else 0.0, float(rel)))
    return agrees, "; ".join(parts)


def reason(case):
    for pattern, text in KNOWN_REASONS:
        if re.search(pattern, case):
            return text
    return "not yet explained (see the detail)"


def section(version, rows):
    agree = sum(1 for r in rows if r[2])
    labels = [label for op in OPS for label in (op, expanded_label(op))]
    present = [op for op in labels if any(r[1] == op for r in rows)]
    missing = [op for op in OPS if op not in present]
    names = ", ".join("`{}`".format(op) for op in OPS if op in present)
    if missing:
        names += " (none of {} yet)".format(
            ", ".join("`{}`".format(op) for op in missing))
    out = [ORT_BEGIN, "", "## ONNX Runtime cross-check", "",
           "Every " + names + " case "
           "of `test/Inputs/onnx-testdata`, run through ONNX Runtime {} (npm "
           "`onnxruntime-node`, "
           "CPU execution provider, one thread) by `scripts/ort-crosscheck.py`"
           " and compared with the stored expected outputs (the float64 "
           "reference) at the case's conformance tolerance. A developer "
           "tool, not part of the suite: it needs node and onnxruntime-node "
           "(`benchmarks/run.sh` installs them). bf16 cases run with f32 at "
           "the graph boundary and Cast nodes around the operator, because "
           "onnxruntime-node has no bfloat16 tensors. A case that agrees "
           "and has a SkipSimplifiedLayerNormalization bias (input slot 3) or "
           "mean output (zeros) shows that ONNX Runtime reads and writes "
           "those slots as the importer does (docs/Importer.md). The "
           "`_expanded` twin of a case (the operator spelled out in its ONNX "
           "function body, which the importer rejects) runs as its own row, "
           "labelled \"function body\", and the case's detail says whether "
           "ONNX Runtime's output of the operator has the same bits as its "
           "output of that body.".format(version), "",
           "**{} cases: ONNX Runtime agrees on {}, differs on {}.**".format(
               len(rows), agree, len(rows) - agree), ""]
    out += ["| operator | cases | ONNX Runtime agrees | differs |",
            "|---|---|---|---|"]
    for op in present:
        mine = [r for r in rows if r[1] == op]
        good = sum(1 for r in mine if r[2])
        out.append("| {} | {} | {} | {} |".format(op, len(mine), good,
                                                   len(mine) - good))
    out.append("")
    reasons = {}
    for case, op, ok, detail in rows:
        if not ok:
            reasons.setdefault(reason(case), []).append(case)
    if reasons:
        out += ["Disagreements and their reasons:", ""]
        for text, cases in reasons.items():
            names = ", ".join("`{}`".format(c) for c in cases)
            out.append("* {}: {}.".format(names, text))
        out.append("")
    out += ["| operator | case | ONNX Runtime | detail |", "|---|---|---|---|"]
    for case, op, ok, detail in rows:
        out.append("| {} | `{}` | {} | {} |".format(
            op, case, "agrees" if ok else "**differs**",
            detail.replace("|", "\\|")))
    out += ["", ORT_END]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ort-dir", default=os.path.join(
        ROOT, "build", "bench-peers", "ort", "node_modules"),
        help="node_modules holding onnxruntime-node")
    parser.add_argument("--output",
                        default=os.path.join(ROOT, "docs", "conformance.md"))
    parser.add_argument("--no-write", action="store_true",
                        help="print only; leave docs/conformance.md alone")
    args = parser.parse_args()
    node = shutil.which("node")
    version = node and ort_version(node, args.ort_dir)
    if not version:
        print("error: node with onnxruntime-node under {} is needed (run "
              "benchmarks/run.sh once, or npm i onnxruntime-node there)"
              .format(args.ort_dir), file=sys.stderr)
        return 1

    cases, found = [], {}
    for case in sorted(os.listdir(CASES)):
        model = os.path.join(CASES, case, "model.onnx")
        if os.path.isfile(model):
            found[case] = node_op(model)
    for case, op in sorted(found.items()):
        if op:
            cases.append((case, op))
            if found.get(case + "_expanded", "") is None:
                cases.append((case + "_expanded", expanded_label(op)))
    requests, expected = [], []
    for case, _ in cases:
        request, want, _ = collect(case)
        requests.append(request)
        expected.append(want)
    env = dict(os.environ, NODE_PATH=args.ort_dir)
    run = subprocess.run([node, "-e", RUNNER_JS], input=json.dumps(requests),
                         env=env, text=True, capture_output=True)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        return 1
    results = json.loads(run.stdout)
    rows = []
    by_case = dict(zip((c for c, _ in cases), results))
    for (case, op), want, result in zip(cases, expected, results):
        ok, detail = compare(want, result)
        twin = by_case.get(case + "_expanded")
        if twin is not None:
            detail += "; " + same_as_twin(case, result, twin)
        rows.append((case, op, ok, detail))
        print("{:8} {} ({}): {}".format("agrees" if ok else "DIFFERS", case,
                                        op, detail))
    if not args.no_write:
        text = section(version, rows)
        with open(args.output) as f:
            doc = f.read()
        begin, end = doc.find(ORT_BEGIN), doc.find(ORT_END)
        if begin >= 0 and end > begin:
            doc = doc[:begin] + text + doc[end + len(ORT_END):]
        else:
            doc = doc.rstrip("\n") + "\n\n" + text + "\n"
        with open(args.output, "w") as f:
            f.write(doc)
        print("{}: cross-check section written".format(
            os.path.relpath(args.output, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
