#!/usr/bin/env bash
# Installs, with apt-get, those of the Debian packages given as arguments that
# are not installed yet (with sudo when not root); prints what it does.
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
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "$name: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
