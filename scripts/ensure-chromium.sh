#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the Playwright journeys (docs/architecture.md#ci).
# Playwright's own browser download is never used: `playwright install` is not run anywhere.
set -euo pipefail
exec bash "$(dirname "$0")/ensure-package.sh" /usr/bin/chromium chromium
