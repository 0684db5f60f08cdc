#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the Playwright journeys (docs/architecture.md#ci).
# Playwright's own browser download is never used: `playwright install` is not run anywhere.
set -euo pipefail

readonly CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: $CHROMIUM is present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available; install Chromium by hand." >&2
  exit 1
fi

# As root apt-get runs directly; otherwise through sudo when it exists.
as_root=()
if [[ "$(id -u)" -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "ensure-chromium: $CHROMIUM is missing; run as root or install sudo to let this script install it." >&2
    exit 1
  fi
fi

run() {
  echo "ensure-chromium: running: $*"
  "$@"
}

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium package with apt-get"
run "${as_root[@]}" apt-get update
run "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium

if [[ ! -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
