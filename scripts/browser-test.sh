#!/usr/bin/env bash
# The sandbox's 3-D Secure page and dashboard in headless Chromium
# (scripts/browser-test.py): installs what is missing (Debian's chromium and
# chromium-driver; selenium from PyPI into a venv), builds `booking`, runs
# the test. Screenshots go to $BOOKINGKIT_BROWSER_ARTIFACTS (default
# /tmp/bookingkit-browser-artifacts); the venv to $BOOKINGKIT_BROWSER_VENV
# (default /tmp/bk-venv).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
fi
venv="${BOOKINGKIT_BROWSER_VENV:-/tmp/bk-venv}"
if ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q selenium
fi

swift build --product booking
exec "$venv/bin/python" scripts/browser-test.py .build/debug/booking
