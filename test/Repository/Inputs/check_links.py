#!/usr/bin/env python3
"""Checks that the repository is self-contained (test/Repository/links.test).

Usage: check_links.py SOURCE_ROOT

Reads the repository's files (git's tracked files when SOURCE_ROOT is a git
checkout, else every file under it outside build*/ and .git/) and reports, one
line each, then exits 1 if there is any:

  link:     a relative Markdown link in a *.md file whose target file does not
            exist, or whose #anchor names no heading of the target .md file;
  citation: a repository path (a word starting with one of the repository's
            top-level directories, such as docs/..., test/..., lib/...) that
            names no file or directory, from the repository root or from a
            directory above the citing file; `*`, `<name>`, `...` and `{a,b}`
            in it are patterns, and a configured file may be its `.in`;
  outside:  a path of a particular machine or outside the repository: a home
            or work directory, or the sibling shared/ directory.

Prints "checked N files" when everything holds.
"""

import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repo_files import repository_files  # noqa: E402

# Spelled in pieces so that this file does not report itself.
OUTSIDE = ["/" + "work/", "/" + "home/", "/" + "root/", "../" + "shared"]

# Top-level directories a citation may start with, besides those the
# repository has (a citation of a missing one is a problem too).
TOP_LEVEL = {".ci", "benchmarks", "cmake", "docs", "examples", "fuzz",
             "include", "lib", "scripts", "test", "tools"}

# Files whose text is data, not citations: the fuzzers' seed corpora are
# mutated bytes that may contain a mangled path, and the tests of these
# checkers name the files of the trees they plant.
NOT_CITING = ("fuzz/corpus/", "test/Repository/")


def read_text(path):
    """The file's text, or None for a binary file."""
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def markdown_lines(text):
    """(line number, line) of the lines outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # link text only
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(text):
    """The anchors of a Markdown file (GitHub numbers repeated headings)."""
    found, seen = set(), {}
    for _, line in markdown_lines(text):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else "{}-{}".format(base, n))
        found.update(HTML_ANCHOR.findall(line))
    return found


def check_markdown(root, path, text, errors):
    base = os.path.dirname(path)
    previous = ""  # a reference definition cannot interrupt a paragraph
    for number, line in markdown_lines(text):
        line = CODE_SPAN.sub("", line)
        targets = INLINE_LINK.findall(line)
        m = REFERENCE_LINK.match(line)
        if m and (not previous.strip() or REFERENCE_LINK.match(previous)):
            targets.append(m.group(1))
        previous = line
        for target in targets:
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue  # http:, https:, mailto:, ...
            file_part, _, anchor = target.partition("#")
            file_part = file_part.split("?")[0]
            if file_part.startswith("/"):
                resolved = os.path.normpath(file_part.lstrip("/"))
            elif file_part:
                resolved = os.path.normpath(os.path.join(base, file_part))
            else:
                resolved = path
            where = "{}:{}: link {}".format(path, number, target)
            full = os.path.join(root, resolved)
            if resolved.startswith("..") or not os.path.exists(full):
                errors.append("{}: no file {}".format(where, resolved))
                continue
            if anchor and resolved.endswith(".md") and os.path.isfile(full):
                target_text = read_text(full) or ""
                if anchor.lower() not in anchors(target_text):
                    errors.append("{}: no heading #{} in {}".format(
                        where, anchor, resolved))


def expand_braces(pattern):
    m = re.search(r"\{([^{}]*)\}", pattern)
    if not m:
        return [pattern]
    out = []
    for choice in m.group(1).split(","):
        out += expand_braces(pattern[:m.start()] + choice + pattern[m.end():])
    return out


def cited_path_exists(root, citing, cited):
    """Whether `cited` names something relative to the repository root or to
    a directory above the citing file (examples/downstream/ is a project of
    its own); a configured file counts as its `.in` template."""
    bases = [""]
    d = os.path.dirname(citing)
    while d:
        bases.append(d)
        d = os.path.dirname(d)
    for pattern in expand_braces(cited):
        pattern = re.sub(r"<[^>]*>", "*", pattern).replace("...", "*")
        for base in bases:
            full = os.path.join(glob.escape(os.path.join(root, base)), pattern)
            if glob.glob(full) or glob.glob(full + ".in"):
                return True
    return False


def citation_regex(root, files):
    tops = {f.split("/")[0] for f in files if "/" in f}
    tops = sorted(tops.union(TOP_LEVEL), key=len, reverse=True)
    # A top-level directory at the start of a word (not after '/', '.', '$',
    # a letter...), then path characters.
    alternatives = "|".join(re.escape(t) for t in tops)
    return re.compile(r"(?<![\w./~$@%{:-])((?:" + alternatives +
                      r")/(?:\{[^{}\s]*\}|[\w.+*<>@/-])*)")


def main():
    root = os.path.abspath(sys.argv[1])
    files = repository_files(root)
    cite = citation_regex(root, files)
    errors = []
    for path in files:
        text = read_text(os.path.join(root, path))
        if text is None:
            continue
        for number, line in enumerate(text.split("\n"), 1):
            for bad in OUTSIDE:
                if bad in line:
                    errors.append("{}:{}: outside: {} ({})".format(
                        path, number, bad, line.strip()[:120]))
            if path.startswith(NOT_CITING):
                continue
            if path.endswith(".md"):
                line = INLINE_LINK.sub("", line)  # check_markdown's part
            for cited in cite.findall(line):
                cited = cited.rstrip(".")
                if not cited_path_exists(root, path, cited):
                    errors.append("{}:{}: citation: no {}".format(
                        path, number, cited))
        if path.endswith(".md"):
            check_markdown(root, path, text, errors)
    for e in errors:
        print(e)
    if errors:
        print("{} problem(s) in {} files".format(len(errors), len(files)))
        return 1
    print("checked {} files".format(len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
