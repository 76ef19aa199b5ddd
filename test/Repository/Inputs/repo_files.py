"""The files of the repository that the checkers in this folder read.

repository_files(root): paths relative to `root`, '/'-separated, sorted:
git's list of tracked files (those still in the work tree) when `root` is a
git checkout's top level, else every file below `root` except .git and the
top-level build*/ folders.
"""

import os
import subprocess


def repository_files(root):
    try:
        top = subprocess.run(["git", "-C", root, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=True)
        if os.path.realpath(top.stdout.strip()) == os.path.realpath(root):
            out = subprocess.run(["git", "-C", root, "ls-files", "-z"],
                                 capture_output=True, text=True, check=True)
            # A tracked file deleted in the work tree (say, mid-move) is gone.
            return sorted(p for p in out.stdout.split("\0")
                          if p and os.path.isfile(os.path.join(root, p)))
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(
            d for d in dirnames
            if d != ".git" and not (rel == "." and d.startswith("build")))
        files += [os.path.normpath(os.path.join(rel, f)).replace(os.sep, "/")
                  for f in filenames]
    return sorted(files)
