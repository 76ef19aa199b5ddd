#!/usr/bin/env bash
# Installs, with apt-get, those of the Debian packages given as arguments that
# are not installed yet (with sudo when not root); prints what it does.
# Not root and no sudo: says so, names the packages and exits 1.
# Used by scripts/install-deps.sh and benchmarks/install-peers.sh.
#   scripts/apt-install-missing.sh NAME PACKAGE...   (NAME prefixes messages)
set -euo pipefail
name=$1
shift

missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "$name: all packages present"
  exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    {
      echo "$name: installing these packages needs root, and sudo is not installed:"
      echo "  ${missing[*]}"
      echo "$name: run this again as root, or install sudo, or install them as root with"
      echo "  apt-get update && apt-get install -y ${missing[*]}"
    } >&2
    exit 1
  fi
  sudo=(sudo)
fi
echo "$name: installing ${missing[*]}"
"${sudo[@]}" apt-get update -q
# env: sudo drops the caller's environment.
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
