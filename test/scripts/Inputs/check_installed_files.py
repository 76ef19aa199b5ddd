#!/usr/bin/env python3
"""Checks docs/embedding.md's table of installed files against an install
(test/scripts/installed-files.test).

Usage: check_installed_files.py PREFIX EMBEDDING_MD

PREFIX is what `cmake --install <build> --prefix PREFIX` filled. Every file or
link under PREFIX/bin and PREFIX/lib must be named, as `name` in backquotes,
in the table under "## Install" of EMBEDDING_MD, alone or as the last part
of a path (NormMLIRTargets-<config>.cmake as
`NormMLIRTargets-<build type>.cmake`); every such name in the table that
looks like an installed file (norm-*, lib*.a, lib*.so*, *.cmake) must be
installed. Headers (PREFIX/include) are not listed one by one.

Prints one line per problem and exits 1, or prints
"N installed files, all in the table".
"""

import os
import re
import sys


def install_table(path):
    """The backquoted names in the first table after "## Install"."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    match = re.search(r"^## Install\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        sys.exit(f"{path}: no section '## Install'")
    section = match.group(1)
    rows = [line for line in section.splitlines() if line.startswith("|")]
    names = set(re.findall(r"`([^`]+)`", "\n".join(rows)))
    # `<prefix>/lib/libX.so` names libX.so.
    return names | {os.path.basename(n) for n in names if "/" in n}


def doc_name(name):
    """The name the table gives an installed file."""
    return re.sub(r"^NormMLIRTargets-[a-z]+\.cmake$",
                  "NormMLIRTargets-<build type>.cmake", name)


def looks_installed(name):
    return re.fullmatch(r"norm-[a-z-]+|lib[\w.-]+\.(a|so[\w.]*)|[\w<> -]+\.cmake",
                        name) is not None


def main():
    prefix, doc = sys.argv[1], sys.argv[2]
    documented = install_table(doc)
    installed = set()
    problems = []
    for top in ("bin", "lib"):
        for root, dirs, files in os.walk(os.path.join(prefix, top)):
            dirs.sort()
            for name in sorted(files + [d for d in dirs if os.path.islink(
                    os.path.join(root, d))]):
                rel = os.path.relpath(os.path.join(root, name), prefix)
                installed.add(doc_name(name))
                if doc_name(name) not in documented:
                    problems.append(f"{rel}: installed, not in the table")
    for name in sorted(documented):
        if looks_installed(name) and name not in installed:
            problems.append(f"{name}: in the table, not installed")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"{len(installed)} installed files, all in the table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
