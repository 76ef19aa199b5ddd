#!/usr/bin/python3
"""Turns the output of `norm-opt --dump-pass-pipeline` into a response file
holding the one argument `--pass-pipeline=<the dumped pipeline>`, for a
test that the dump parses back (norm-opt reads it as `@FILE`).

Usage: dumped_pipeline_args.py DUMP OUT
"""
import shlex
import sys


def main():
    dump, out = sys.argv[1], sys.argv[2]
    lines = open(dump).read().splitlines()
    # The first line is "Pass Manager with N passes:"; the pipeline follows,
    # one pass a line.
    assert lines[0].startswith("Pass Manager with"), lines[0]
    pipeline = " ".join(line.strip() for line in lines[1:] if line.strip())
    with open(out, "w") as f:
        f.write(shlex.quote("--pass-pipeline=" + pipeline) + "\n")


if __name__ == "__main__":
    main()
