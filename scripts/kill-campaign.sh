#!/usr/bin/env bash
# The SIGKILL campaign (issue 7, item 3): the debug `booking` binary against
# `booking sandbox --port 0`, killed while paying at named effect boundaries
# (BOOKINGKIT_KILL_AT) and after random delays; then `booking reconcile`,
# the ledger, the trip table and PRAGMA integrity_check.
#
#   scripts/kill-campaign.sh          # CI mode: 50 kills
#   BOOKINGKIT_LONG=1 scripts/kill-campaign.sh   # 1,000 kills, 160 per named boundary
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
command -v sqlite3 >/dev/null || { echo "kill-campaign: needs the sqlite3 shell" >&2; exit 2; }
swift build --build-tests >/dev/null
swift test --skip-build --filter KillCampaignTests 2>&1 | grep -E "kill campaign|^  |✘|passed|failed"
