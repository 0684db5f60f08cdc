#!/usr/bin/env bash
# Usage: ensure-package.sh <executable> <debian-package>
# Makes sure a program the tests use is installed, from Debian's packages with apt-get when it is
# missing (as root, or through sudo): nothing the project needs is installed by hand.
set -euo pipefail

readonly EXECUTABLE="$1" PACKAGE="$2" NAME="ensure-package ($2)"

if command -v "$EXECUTABLE" >/dev/null 2>&1; then
  echo "$NAME: $(command -v "$EXECUTABLE") is present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "$NAME: $EXECUTABLE is missing and apt-get is not available; install $PACKAGE by hand." >&2
  exit 1
fi

# As root apt-get runs directly; otherwise through sudo when it exists.
as_root=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "$NAME: $EXECUTABLE is missing; run as root or install sudo to let this script install it." >&2
    exit 1
  fi
fi

run() {
  echo "$NAME: running: $*"
  "$@"
}

echo "$NAME: $EXECUTABLE is missing; installing Debian's $PACKAGE package with apt-get"
run "${as_root[@]}" apt-get update
run "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$PACKAGE"

if ! command -v "$EXECUTABLE" >/dev/null 2>&1; then
  echo "$NAME: apt-get finished but $EXECUTABLE is still missing." >&2
  exit 1
fi
echo "$NAME: installed $(command -v "$EXECUTABLE")"
