#!/usr/bin/env python3
"""Checks that the test suite depends only on what scripts/install-deps.sh
installs (test/Repository/dependencies.test; docs/Development.md, "What the
suite may depend on").

Usage: check_dependencies.py SOURCE_ROOT TOOL_DIR...

  SOURCE_ROOT  the repository (its scripts/install-deps.sh, test/ and scripts/)
  TOOL_DIR     directories searched for a RUN line's tool before PATH, as lit
               does (the build's bin/ and LLVM's tools)

What is checked:
  * every module imported by a Python file under test/ or scripts/ (the lines
    `import m` and `from m import ...`; benchmarks/ are not part of the suite);
  * every tool a test calls: the first word of each command of its RUN lines,
    after `not`, `env` and `timeout`, that is not a lit substitution (`%...`)
    or a shell builtin.
Each must be one of:
  * Python's standard library, a module of the repository, or one of our
    tools (built from tools/);
  * a file that dpkg says comes from a package install-deps.sh lists, or a
    package those depend on (llc comes with llvm-22, a dependency of
    llvm-22-dev), or from the base system (Essential or Priority required
    packages, and Python 3 itself); a Python module must be a real module (a
    directory without __init__.py, such as the onnx/ that libonnx-testdata
    ships, does not count);
  * one of OPTIONAL below, which every test that uses it, directly or through
    a Python file it runs, must guard with `REQUIRES: <feature>`. A Python file
    that no test runs (a generator run by hand) may import it unguarded.
Without dpkg the ownership cannot be checked, and any module or tool that is
present is accepted.

Prints one line per problem, or "checked N Python files, M tests: K modules,
L tools" and exits 0.
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repo_files import repository_files  # noqa: E402

# Modules and tools that install-deps.sh does not install, with the lit
# feature (test/lit.cfg.py) that tells whether they are usable. README.md's
# Requirements names them.
OPTIONAL = {
    "onnx": "python-onnx",  # Debian's python3-onnx
}

# Provided by lit itself (the lit.cfg.py files import it).
PROVIDED_BY_LIT = {"lit"}

SHELL_BUILTINS = {
    ".", ":", "[", "cd", "echo", "eval", "exec", "exit", "export", "false",
    "printf", "pwd", "read", "set", "test", "true", "unset", "for", "while",
    "do", "done", "if", "then", "else", "fi", "case", "esac", "ulimit",
    "umask", "wait", "trap", "shift", "source", "type", "command", "times",
}

OPERATORS = {"|", "||", "&&", ";", "(", ")", "!", "&", "|&"}

IMPORT = re.compile(r"^\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)")
FROM_IMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+import\s")
RUN = re.compile(r"\bRUN:(.*)$", re.M)
REQUIRES = re.compile(r"\bREQUIRES:(.*)$", re.M)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


# --- Debian packages --------------------------------------------------------

def have_dpkg():
    return shutil.which("dpkg-query") is not None


def listed_packages(root):
    """The packages of install-deps.sh's `packages=( ... )` array."""
    text = read(os.path.join(root, "scripts", "install-deps.sh"))
    m = re.search(r"^packages=\((.*?)^\)", text, re.S | re.M)
    if not m:
        sys.exit("error: no packages=( ... ) in scripts/install-deps.sh")
    words = re.sub(r"#.*", "", m.group(1)).split()
    return set(words)


def installed_packages():
    """{package: (essential, priority, depends)} of the installed packages,
    from one dpkg-query call."""
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package}\t${db:Status-Abbrev}\t${Essential}"
         "\t${Priority}\t${Depends}, ${Pre-Depends}\n"],
        capture_output=True, text=True)
    packages = {}
    for line in out.stdout.splitlines():
        fields = line.split("\t")
        if len(fields) == 5 and fields[1].startswith("ii"):
            depends = set()
            for alternatives in fields[4].split(","):
                for alt in alternatives.split("|"):
                    name = alt.strip().split(" ")[0].split(":")[0]
                    if name:
                        depends.add(name)
            packages[fields[0]] = (fields[2] == "yes", fields[3], depends)
    return packages


def installed_closure(listed, packages):
    """The listed packages and, recursively, the installed packages they
    depend on."""
    seen, todo = set(), list(listed)
    while todo:
        p = todo.pop()
        if p in seen or p not in packages:
            continue
        seen.add(p)
        todo += packages[p][2]
    return seen


def is_base(package, packages):
    if re.match(r"^(lib)?python3(\.\d+)?(-minimal|-stdlib)?$", package):
        return True
    essential, priority, _ = packages.get(package, (False, "", set()))
    return essential or priority == "required"


def spellings(path):
    """The spellings of a path dpkg may know it by (/usr-merged, resolved)."""
    out = []
    for p in (path, os.path.realpath(path)):
        out.append(p)
        for a, b in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"),
                     ("/usr/lib/", "/lib/")):
            if p.startswith(a):
                out.append(b + p[len(a):])
            elif p.startswith(b):
                out.append(a + p[len(b):])
    return out


def owners(paths):
    """{path: packages dpkg says installed it}, from one dpkg-query call."""
    wanted = {c for p in paths for c in spellings(p)}
    out = subprocess.run(["dpkg-query", "-S"] + sorted(wanted),
                         capture_output=True, text=True)
    found = {}
    for line in out.stdout.splitlines():
        if line.startswith("diversion ") or ": " not in line:
            continue
        names, _, owned = line.partition(": ")
        if owned in wanted:
            found.setdefault(owned, set()).update(
                n.strip().split(":")[0] for n in names.split(","))
    result = {}
    for p in paths:
        result[p] = set()
        for c in spellings(p):
            result[p] |= found.get(c, set())
    return result


# --- Python imports ---------------------------------------------------------

def python_imports(text):
    """Top-level module names the file imports."""
    names = set()
    for line in text.split("\n"):
        m = FROM_IMPORT.match(line)
        if m:
            if not m.group(1).startswith("."):
                names.add(m.group(1).split(".")[0])
            continue
        m = IMPORT.match(line)
        if m:
            for part in m.group(1).split(","):
                names.add(part.strip().split()[0].split(".")[0])
    return names


def module_file(name):
    """The file a module is loaded from; None when it is missing or only a
    namespace directory."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin in (None, "namespace"):
        return None
    return spec.origin


# --- RUN lines --------------------------------------------------------------

def run_commands(text):
    """The RUN lines of a test, continuation lines joined."""
    commands, current = [], ""
    for line in text.split("\n"):
        m = RUN.search(line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        commands.append(current + part)
        current = ""
    if current:
        commands.append(current)
    return commands


def shell_words(command):
    """The words and operators of a shell command line (quotes removed)."""
    words, word, i, n = [], None, 0, len(command)
    while i < n:
        c = command[i]
        if c.isspace():
            if word is not None:
                words.append(word)
                word = None
            i += 1
        elif c in "\"'":
            end = command.find(c, i + 1)
            while c == '"' and end > 0 and command[end - 1] == "\\":
                end = command.find(c, end + 1)
            end = n if end < 0 else end
            word = (word or "") + command[i + 1:end]
            i = end + 1
        elif c in "|&;()<>":
            if word is not None:
                words.append(word)
                word = None
            j = i + 1
            while j < n and command[j] in "|&<>" and c in "|&<>":
                j += 1
            words.append(command[i:j])
            i = j
        else:
            word = (word or "") + c
            i += 1
    if word is not None:
        words.append(word)
    return words


def tools_and_files(command):
    """(tools, words) of a RUN line: the commands it starts and all its words."""
    words = shell_words(command)
    tools, start = [], True
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if w in OPERATORS:
            start = True
            continue
        if re.match(r"^\d+$", w) and i < len(words) and \
                re.match(r"^[<>]", words[i]):
            continue  # the descriptor of a redirection (2 in 2 >& 1)
        if re.match(r"^[<>&|]+$", w):  # a redirection: skip its target
            i += 1
            continue
        if not start:
            continue
        if re.match(r"^[A-Za-z_]\w*=", w) or w.startswith("%"):
            if w.startswith("%") and "=" not in w:
                start = False  # %python and the like: lit's own
            continue
        tools.append(w)
        if w == "env":
            while i < len(words) and (words[i].startswith("-") or
                                      re.match(r"^[A-Za-z_]\w*=", words[i])):
                i += 2 if words[i] == "-u" else 1
            continue
        if w == "timeout":
            while i < len(words) and re.match(r"^-|^\d", words[i]):
                i += 1
            continue
        start = w == "not"
    return tools, words


def main():
    root = os.path.abspath(sys.argv[1])
    tool_dirs = sys.argv[2:]
    dpkg = have_dpkg()
    errors = []
    files = repository_files(root)

    allowed, packages = set(), {}
    listed = listed_packages(root)
    if dpkg:
        packages = installed_packages()
        missing = sorted(listed - set(packages))
        if missing:
            errors.append("scripts/install-deps.sh: not installed: {} (run it first)"
                          .format(" ".join(missing)))
        allowed = installed_closure(listed, packages)

    python_files = [f for f in files if f.endswith(".py") and
                    f.split("/")[0] in ("test", "scripts")]
    local = {os.path.splitext(os.path.basename(f))[0] for f in files
             if f.endswith(".py")}
    local |= {os.path.basename(os.path.dirname(f)) for f in files
              if f.endswith("/__init__.py")}
    ours = {f.split("/")[1] for f in files
            if f.startswith("tools/") and f.count("/") >= 2}
    stdlib = set(getattr(sys, "stdlib_module_names", ())) | \
        set(sys.builtin_module_names)

    # What needs a package: {file it was found at: [(who, what), ...]}.
    needs_package = {}

    # 1. Modules the Python files import.
    imports = {f: python_imports(read(os.path.join(root, f)))
               for f in python_files}
    modules = set()
    for f in python_files:
        for name in sorted(imports[f]):
            if name in local or name in stdlib or name in PROVIDED_BY_LIT or \
                    name in OPTIONAL:
                continue
            modules.add(name)
            path = module_file(name)
            if path is None:
                errors.append("{}: imports {}, which is not installed (or is only "
                              "a directory without __init__.py)".format(f, name))
            else:
                needs_package.setdefault(path, []).append(
                    (f, "imports " + name))

    def optional_needs(pyfile, seen):
        """Optional modules a Python file needs, through the local modules of
        its directory too."""
        if pyfile in seen or pyfile not in imports:
            return set()
        seen.add(pyfile)
        needs = {n for n in imports[pyfile] if n in OPTIONAL}
        for n in imports[pyfile] & local:
            sibling = os.path.join(os.path.dirname(pyfile), n + ".py")
            needs |= optional_needs(sibling, seen)
        return needs

    # 2. Tools the tests call, and the Python files they run.
    tests = [f for f in files if f.startswith("test/") and
             f.endswith((".mlir", ".test")) and "/Inputs/" not in f]
    search = os.pathsep.join(tool_dirs + [os.environ.get("PATH", "")])
    tools = set()
    for t in tests:
        text = read(os.path.join(root, t))
        features = set()
        for m in REQUIRES.finditer(text):
            features |= {w.strip() for w in re.split(r"[,&|()!]", m.group(1))}
        optional = set()
        for command in run_commands(text):
            called, words = tools_and_files(command)
            for tool in called:
                if tool in SHELL_BUILTINS or tool in ours:
                    continue
                if tool in OPTIONAL:
                    optional.add(tool)
                    continue
                tools.add(tool)
                path = tool if os.path.isabs(tool) else \
                    shutil.which(tool, path=search)
                if path is None or not os.path.exists(path):
                    errors.append("{}: calls {}, which is not installed".format(
                        t, tool))
                else:
                    needs_package.setdefault(path, []).append((t, "calls " + tool))
            for w in words:
                if w.endswith(".py"):
                    rel = os.path.normpath(
                        w.replace("%S", os.path.dirname(t))
                         .replace("%p", os.path.dirname(t))
                         .replace("%norm_src_root/", "")
                         .replace("%norm_src_root", ""))
                    optional |= optional_needs(rel, set())
        for name in sorted(optional):
            if OPTIONAL[name] not in features:
                errors.append("{}: needs {}, which install-deps.sh does not "
                              "install, without REQUIRES: {}".format(
                                  t, name, OPTIONAL[name]))

    # 3. Which package each file comes from.
    if dpkg:
        owned = owners(sorted(needs_package))
        for path, users in sorted(needs_package.items()):
            pkgs = owned[path]
            if pkgs & allowed or any(is_base(p, packages) for p in pkgs):
                continue
            why = ("{} comes from {}, which install-deps.sh does not install"
                   .format(path, ", ".join(sorted(pkgs))) if pkgs else
                   "{} belongs to no Debian package".format(path))
            for who, what in sorted(set(users)):
                errors.append("{}: {}: {}".format(who, what, why))

    for e in errors:
        print(e)
    if errors:
        print("{} problem(s)".format(len(errors)))
        return 1
    print("checked {} Python files, {} tests: {} modules, {} tools{}".format(
        len(python_files), len(tests), len(modules), len(tools),
        "" if dpkg else " (no dpkg: ownership not checked)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
