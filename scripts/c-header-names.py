#!/usr/bin/env python3
"""Prints the table kStandardHeaderNames of lib/Compile/ExportNames.cpp.

The names that the standard C headers of C17 and C23 declare or define with
the system's C library (glibc on Debian): for each header alone, in ISO mode
(-std=c17, -std=c23) and in the compilers' default GNU modes (-std=gnu17,
-std=gnu23), the macros of `clang -dM -E` that an empty file does not have
and the top-level functions, objects, typedefs and enumerators of
`clang -Xclang -ast-dump=json`; names beginning with '_' are left out (C
reserves them; norm-compile refuses them anyway). Each name is listed under
the first header of HEADERS that has it. Paste the output into the table
and run clang-format on the file.

Usage: scripts/c-header-names.py [CLANG]   (default: clang-22)
"""

import json
import subprocess
import sys

HEADERS = (
    "stddef stdarg stdbool stdalign stdnoreturn iso646 limits float stdint "
    "inttypes errno assert ctype math complex tgmath fenv setjmp signal stdio "
    "stdlib string time locale wchar wctype uchar threads stdatomic stdckdint "
    "stdbit"
).split()
MODES = ("c17", "c23", "gnu17", "gnu23")


def run(clang, args, source):
    return subprocess.run(
        [clang, *args, "-x", "c", "-"], input=source, capture_output=True, text=True
    )


def macro_names(text):
    return {line.split()[1].split("(")[0] for line in text.splitlines()}


def header_names(clang, header):
    """The names <header.h> declares or defines in any of MODES, or None
    where no mode has the header."""
    names, found = set(), False
    for mode in MODES:
        std = "-std=" + mode
        predefined = macro_names(run(clang, [std, "-dM", "-E"], "").stdout)
        source = "#include <%s.h>\n" % header
        macros = run(clang, [std, "-dM", "-E"], source)
        if macros.returncode:
            continue
        found = True
        names |= macro_names(macros.stdout) - predefined
        ast = run(clang, [std, "-fsyntax-only", "-Xclang", "-ast-dump=json"], source)
        for decl in json.loads(ast.stdout).get("inner", []):
            if decl.get("isImplicit"):
                continue
            kind, name = decl.get("kind"), decl.get("name")
            if kind in ("FunctionDecl", "VarDecl", "TypedefDecl") and name:
                names.add(name)
            if kind == "EnumDecl":
                names |= {
                    e["name"]
                    for e in decl.get("inner", [])
                    if e.get("kind") == "EnumConstantDecl"
                }
    return names if found else None


def main():
    clang = sys.argv[1] if len(sys.argv) > 1 else "clang-22"
    seen = set()
    for header in HEADERS:
        names = header_names(clang, header)
        if names is None:
            continue
        names = sorted(n for n in names if not n.startswith("_") and n not in seen)
        seen.update(names)
        if not names:
            continue
        print('    {"<%s.h>",' % header)
        line = '     "'
        for name in names:
            if len(line) + len(name) + 1 > 77:
                print(line + '"')
                line = '     "'
            line += name + " "
        print(line.rstrip() + '"},')


if __name__ == "__main__":
    main()
