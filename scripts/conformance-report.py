#!/usr/bin/python3
"""Runs the ONNX conformance suite and writes docs/conformance.md.

    scripts/conformance-report.py [--build-dir DIR] [--output FILE] [--no-build]

Builds norm-translate and norm-runner in the build directory ($BUILD_DIR or
./build, configured by scripts/build.sh) unless --no-build is given, runs lit
on test/Conformance/ONNX with --xunit-xml-output, and writes the table of
every case (source, operator, status, detail) with the counts. The metadata
of each case comes from the `// CONFORMANCE:` lines of its generated test
(test/Conformance/ONNX/generate.py); the status comes only from lit:

  pass         the test passed: every output of every test data set matched
  fail         the test failed; the detail quotes the first [FAILED] line or
               error message
  unsupported  an `_expanded` case or a case docs/semantics.md rules out
               (BatchNormalization in training mode) whose test (the
               importer rejects it) passed, or a test lit reported
               UNSUPPORTED (a missing REQUIRES feature, e.g.
               libonnx-testdata not installed)

The section between the ORT_BEGIN and ORT_END markers (the ONNX Runtime
cross-check, written by scripts/ort-crosscheck.py) is kept as it is.

Exit status: 0 when the report was written and no case failed, 1 otherwise.
Needs only the Python standard library.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.normpath(os.path.join(os.path.dirname(
    os.path.abspath(__file__)), ".."))
SUITE = os.path.join("test", "Conformance", "ONNX")
LIT = "/usr/lib/llvm-22/bin/lit"
SOURCES = {
    "libonnx-testdata": "Debian `libonnx-testdata` 1.12, "
                        "`/usr/share/libonnx-testdata/data/node` "
                        "(LayerNormalization, InstanceNormalization, "
                        "BatchNormalization)",
    "onnx-testdata": "`test/Inputs/onnx-testdata` (LpNormalization opset 22, "
                     "ai.onnx.ml Normalizer, RMSNormalization opset 23, "
                     "GroupNormalization opset 18 and 21, and ONNX Runtime's "
                     "SimplifiedLayerNormalization and com.microsoft "
                     "SkipSimplifiedLayerNormalization and "
                     "SkipLayerNormalization; all but LpNormalization and "
                     "Normalizer with expected values from the float64 "
                     "reference; see its README.md)",
}
# The ONNX Runtime cross-check section (scripts/ort-crosscheck.py), kept.
ORT_BEGIN = "<!-- BEGIN ORT CROSS-CHECK (scripts/ort-crosscheck.py) -->"
ORT_END = "<!-- END ORT CROSS-CHECK -->"


def kept_ort_section(path):
    """The cross-check section of the current report, markers included, or
    None."""
    if not os.path.isfile(path):
        return None
    with open(path) as f:
        text = f.read()
    begin, end = text.find(ORT_BEGIN), text.find(ORT_END)
    if begin < 0 or end < begin:
        return None
    return text[begin:end + len(ORT_END)]


def read_case(path):
    """The CONFORMANCE metadata and a short description of a generated test."""
    meta = {}
    types, tolerance = [], None
    sets = 0
    with open(path) as f:
        for line in f:
            match = re.match(r"// CONFORMANCE: (.*)", line)
            if match:
                meta.update(kv.split("=", 1) for kv in match.group(1).split())
            match = re.match(r"// CONFORMANCE-REASON: (.*)", line)
            if match:
                meta["reason"] = match.group(1).strip()
            match = re.match(r"// SET\d+(?:-NEXT)?: \[SUCCESS\] result\[(\d+)\]: "
                             r"(\S+)", line)
            if match:
                if match.group(1) == "0":
                    sets += 1
                if sets == 1:
                    types.append(match.group(2))
            match = re.search(r"--rtol=(\S+) --atol=(\S+)", line)
            if match:
                tolerance = "rtol {}, atol {}".format(*match.groups())
    meta["types"] = types
    meta["sets"] = sets
    meta["tolerance"] = tolerance or "norm-runner defaults per type"
    return meta


def first_problem(text):
    """The most telling line of a lit failure log (commands left out)."""
    lines = [line.strip() for line in text.splitlines()
             if "RUN: at line" not in line and not line.startswith("+ ")]
    for pattern in (r"\[FAILED\] result\[.*",
                    r"norm-(?:runner|translate): error: .*",
                    r"\S*model\.onnx:0:0: error: .*",
                    r"error: .*"):
        for line in lines:
            match = re.search(pattern, line)
            if match:
                found = match.group(0)
                return found if len(found) <= 300 else found[:297] + "..."
    return "lit reported a failure (see the lit log)"


def md(text):
    return text.replace("|", "\\|")


def main():
    parser = argparse.ArgumentParser(
        description="Run the ONNX conformance suite and write "
                    "docs/conformance.md")
    parser.add_argument("--build-dir",
                        default=os.environ.get("BUILD_DIR", "build"))
    parser.add_argument("--output",
                        default=os.path.join("docs", "conformance.md"))
    parser.add_argument("--no-build", action="store_true",
                        help="do not build norm-translate and norm-runner")
    args = parser.parse_args()
    os.chdir(ROOT)

    if not os.path.isfile(os.path.join(args.build_dir, "build.ninja")):
        sys.exit("error: {} is not a configured build directory; run "
                 "scripts/build.sh (or set BUILD_DIR)".format(args.build_dir))
    if not args.no_build:
        subprocess.run(["ninja", "-C", args.build_dir, "norm-translate",
                        "norm-runner"], check=True)

    with tempfile.TemporaryDirectory() as tmp:
        xml_path = os.path.join(tmp, "lit.xml")
        lit = subprocess.run(
            [LIT, "-sv", "--xunit-xml-output", xml_path,
             os.path.join(args.build_dir, SUITE)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if not os.path.isfile(xml_path):
            sys.stdout.write(lit.stdout)
            sys.exit("error: lit wrote no results")
        results = {}
        for case in ET.parse(xml_path).getroot().iter("testcase"):
            path = case.get("classname").split(".", 1)[1]
            path = path + "/" + case.get("name")
            failure = case.find("failure")
            skipped = case.find("skipped")
            if failure is not None:
                results[path] = ("FAIL", failure.text or "")
            elif skipped is not None:
                results[path] = ("UNSUPPORTED", skipped.get("message", ""))
            else:
                results[path] = ("PASS", "")

    rows = []
    counts = collections.Counter()
    per_group = collections.defaultdict(collections.Counter)
    missing = []
    for source in SOURCES:
        directory = os.path.join(SUITE, source)
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".test"):
                continue
            meta = read_case(os.path.join(directory, name))
            key = "Conformance/ONNX/{}/{}".format(source, name)
            lit_status, text = results.get(key, (None, ""))
            case = name[: -len(".test")]
            op = meta.get("op", "?")
            if lit_status is None:
                missing.append(key)
                status, detail = "fail", "not run by lit"
            elif lit_status == "UNSUPPORTED":
                status = "unsupported"
                detail = "not run: {}".format(
                    text.strip() or "lit reported UNSUPPORTED")
            elif meta.get("kind") == "unsupported":
                if lit_status == "PASS":
                    status = "unsupported"
                    detail = (meta.get("reason", "") +
                              "; the test checks this rejection")
                else:
                    status = "fail"
                    detail = ("expected the importer to reject the model: " +
                              first_problem(text))
            elif lit_status == "PASS":
                status = "pass"
                detail = "{} data set{}; outputs {}; {}".format(
                    meta["sets"], "" if meta["sets"] == 1 else "s",
                    ", ".join(meta["types"]), meta["tolerance"])
            else:
                status, detail = "fail", first_problem(text)
            counts[status] += 1
            per_group[(source, op)][status] += 1
            rows.append((source, op, case, status, detail))
    check = results.get("Conformance/ONNX/generated-up-to-date.test",
                        ("not run", ""))[0]

    total = sum(counts.values())
    out = []
    out.append("# ONNX conformance")
    out.append("")
    out.append("<!-- GENERATED by scripts/conformance-report.py from a lit "
               "run of test/Conformance/ONNX; do not edit by hand. -->")
    out.append("")
    out.append("Every ONNX backend node test of `LayerNormalization`, "
               "`LpNormalization`, `Normalizer`, `RMSNormalization`, "
               "`GroupNormalization`, `InstanceNormalization`, "
               "`BatchNormalization`, and "
               "ONNX Runtime's `SimplifiedLayerNormalization`, "
               "`SkipSimplifiedLayerNormalization` and "
               "`SkipLayerNormalization` in the two sources below, "
               "imported with `norm-translate --import-onnx`, JIT-run by "
               "`norm-runner` on each `test_data_set_*` "
               "(`--input=@input_K.pb`) and checked against every "
               "`output_K.pb` (`--expected-output`). Each case is its own lit "
               "test, `test/Conformance/ONNX/<source>/<case>.test`, written "
               "by `test/Conformance/ONNX/generate.py`; this page is written "
               "by `scripts/conformance-report.py` from the lit results.")
    out.append("")
    out.append("**{} cases: {} pass, {} fail, {} unsupported.**".format(
        total, counts["pass"], counts["fail"], counts["unsupported"]))
    out.append("")
    out.append("Sources:")
    out.append("")
    for source, text in SOURCES.items():
        out.append("* `{}`: {}".format(source, text))
    out.append("")
    out.append("Tolerance: ONNX's backend-test default, `rtol 1e-3, atol "
               "1e-7`, for f32 and f64 outputs. A case with an f16 or "
               "bf16 output (`test_simplified_layer_normalization_f16`, "
               "the f16 and bf16 Skip cases, "
               "`test_group_normalization_f16`) uses norm-runner's default "
               "for each result type instead (f16 `atol 1e-4, rtol 2^-9`, "
               "bf16 `atol 1e-3, rtol 2^-6`, f32 `atol 1e-6, rtol 1e-5`), "
               "because `atol 1e-7` is below the spacing of f16/bf16 values "
               "near 0 and the flags apply to all results of a run alike.")
    out.append("")
    out.append("The `_expanded` cases spell the operator out in primitive "
               "ONNX ops (`Constant`, `ReduceMean`, ...), not the operators "
               "this project compiles; they are unsupported, and their tests "
               "check that the importer rejects them with one clear error. "
               "So are the BatchNormalization cases in training mode "
               "(`training_mode = 1`), which docs/semantics.md rules out "
               "(norm-mlir compiles inference); their tests check the "
               "importer's error.")
    out.append("")
    out.append("| source | operator | pass | fail | unsupported |")
    out.append("|---|---|---|---|---|")
    for (source, op), c in sorted(per_group.items()):
        out.append("| {} | {} | {} | {} | {} |".format(
            source, op, c["pass"], c["fail"], c["unsupported"]))
    out.append("")
    out.append("## Cases")
    out.append("")
    out.append("| source | operator | case | status | detail |")
    out.append("|---|---|---|---|---|")
    for source, op, case, status, detail in rows:
        out.append("| {} | {} | `{}` | {} | {} |".format(
            source, op, case, "**fail**" if status == "fail" else status,
            md(detail)))
    out.append("")
    out.append("Generator check (`generated-up-to-date.test`: the committed "
               "tests are what `generate.py` writes for the current data): "
               "{}.".format(check))
    out.append("")
    out.append("Regenerate with `scripts/conformance-report.py` (after "
               "`scripts/build.sh`; `--build-dir` or `$BUILD_DIR` selects "
               "the build).")
    out.append("")
    ort = kept_ort_section(args.output)
    if ort:
        out.append(ort)
        out.append("")
    with open(args.output, "w") as f:
        f.write("\n".join(out))
    print("{}: {} cases: {} pass, {} fail, {} unsupported".format(
        args.output, total, counts["pass"], counts["fail"],
        counts["unsupported"]))
    for key in missing:
        print("warning: lit did not run " + key, file=sys.stderr)
    return 1 if counts["fail"] or check == "FAIL" else 0


if __name__ == "__main__":
    sys.exit(main())
