#!/usr/bin/env python3
"""Writes a small tree with one problem of each kind check_links.py reports
(test/Repository/links.test), next to links and citations that resolve.

Usage: plant.py DIR
"""

import os
import sys

root = sys.argv[1]
# Spelled in pieces so that this file is not itself a problem.
home = "/" + "home/"
shared = "../" + "shared/spec"

files = {
    "README.md": "\n".join([
        "# Planted",
        "[good](docs/a.md) [good anchor](docs/a.md#a-title-with-code)",
        "[good directory](lib/) [good web link](https://example.org/x.md)",
        "[missing file](docs/missing.md)",
        "[missing anchor](docs/a.md#no-such-heading)",
        "`[in code](not-a-link.md)`",
        "```",
        "[in a fence](not-a-link-either.md)",
        "```",
        "",
    ]),
    "docs/a.md": "\n".join([
        "# A title with `code`",
        "Cites lib/x.cpp and docs/{a,b}.md and lib/<name>.cpp, all there.",
        "Cites test/missing.mlir, which is not.",
        "Was written in " + home + "someone.",
        "",
    ]),
    "docs/b.md": "[up](../README.md#planted)\n",
    "lib/x.cpp": "// From " + shared + "; /usr/lib/llvm-22/lib is not ours.\n",
}
for path, text in files.items():
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
