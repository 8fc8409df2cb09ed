#!/usr/bin/env bash
# The SIGKILL campaigns: the debug `booking` binary against
# `booking sandbox --port 0`.
#  - KillCampaignTests (issue 7, item 3): `booking pay` killed at named
#    effect boundaries (BOOKINGKIT_KILL_AT) and after random delays.
#  - ConcurrentRunsCampaignTests (issue 11, item 1): `pay`, `hold` of a
#    second offer, `reconcile`, `status` (and sometimes a second `pay`) at
#    once on one data directory, one of them maybe killed.
# After each run: `booking reconcile`, the ledger, the trip table, the
# attempts of charged bookings and PRAGMA integrity_check.
#
#   scripts/kill-campaign.sh                     # swift test's size: 16 kill runs; 10 concurrent runs
#   BOOKINGKIT_LONG=1 scripts/kill-campaign.sh   # the long mode's: 1,000 kill runs; 400 concurrent runs
#   BOOKINGKIT_CAMPAIGN_RUNS=7 scripts/kill-campaign.sh   # run 7 of each plan alone (a failure names its run)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
command -v sqlite3 >/dev/null || { echo "kill-campaign: needs the sqlite3 shell" >&2; exit 2; }
swift build --build-tests >/dev/null
swift test --skip-build --filter "KillCampaignTests|ConcurrentRunsCampaignTests" 2>&1 \
    | grep -E "kill campaign|concurrent runs campaign|^  |✘|passed|failed"
