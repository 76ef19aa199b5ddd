#!/usr/bin/env python3
"""Writes a small repository whose tests depend on what its
scripts/install-deps.sh does not install, next to dependencies that are fine
(test/Repository/dependencies.test runs check_dependencies.py on it).

Usage: plant_dependencies.py DIR
Writes the repository to DIR/repo, and beside it DIR/site/handmade.py (a
module installed by hand: put DIR/site on PYTHONPATH) and DIR/bin/handmade-tool
(a tool installed by hand: pass DIR/bin as a tool directory).
"""

import os
import stat
import sys

root = sys.argv[1]
files = {
    "scripts/install-deps.sh": "\n".join([
        "#!/usr/bin/env bash",
        "packages=(",
        "  llvm-22-tools  # FileCheck",
        "  python3-numpy",
        ")",
        "",
    ]),
    "tools/norm-opt/norm-opt.cpp": "",
    # Fine: the standard library, NumPy (listed), a local module, lit.
    "test/Inputs/fine.py": "import os, sys\nimport numpy as np\nimport local\n",
    "test/Inputs/local.py": "from collections import OrderedDict\n",
    "test/lit.cfg.py": "import lit.formats\n",
    # A generator no test runs may import an optional module unguarded.
    "test/Inputs/gen_by_hand.py": "import onnx\n",
    # Imports onnx through a local module of its directory.
    "test/Inputs/uses_onnx.py": "import onnx_user\n",
    "test/Inputs/onnx_user.py": "from onnx import TensorProto\n",
    "test/Inputs/nobody.py": "import a_module_nobody_installs\n",
    "test/Inputs/by_hand.py": "import handmade\n",
    "test/fine.test": "\n".join([
        "# RUN: %python %S/Inputs/fine.py | FileCheck %s",
        "# RUN: not norm-opt %s 2>&1 | FileCheck %s && rm -rf %t",
        "# RUN: env -u X Y=1 timeout 60 cmp %s %s > %t",
        "",
    ]),
    "test/guarded.test": "# REQUIRES: python-onnx\n# RUN: %python %S/Inputs/uses_onnx.py\n",
    "test/unguarded.test": "# RUN: %python %S/Inputs/uses_onnx.py\n",
    "test/tools.test": "# RUN: a-tool-nobody-installs %s | handmade-tool\n",
}
files = {os.path.join("repo", p): text for p, text in files.items()}
files["site/handmade.py"] = ""
files["bin/handmade-tool"] = "#!/bin/sh\n"
for path, text in files.items():
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
tool = os.path.join(root, "bin", "handmade-tool")
os.chmod(tool, os.stat(tool).st_mode | stat.S_IXUSR)
