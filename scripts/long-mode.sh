#!/usr/bin/env bash
# The long mode (issue 37): what `swift test` runs once or on a small fixed
# sample, run at CI's size. `.ci/run` runs it after `swift test`, every
# time; RELIABILITY.md ("The long mode") has its figures.
#
#   - SimulationTests: seeds 1...5,000 (`swift test`: 1...300)
#   - FlowExplorationTests: depth 6 (`swift test`: 4)
#   - DiagramTests: the booking flow explored again to its full depth
#   - KillCampaignTests: 200 runs, 20 per named boundary and 20 at
#     random moments (`swift test`: 16)
#   - ConcurrentRunsCampaignTests: 100 runs (`swift test`: 10)
#
# A failing seed, path or run fails this script and prints how to replay
# it (BOOKINGKIT_SIM_SEED, BOOKINGKIT_EXPLORATION_DEPTH,
# BOOKINGKIT_CAMPAIGN_RUNS). The whole log goes to $LONG_MODE_LOG (default
# a temporary file); the last line is the figures, with the wall and CPU
# time (GNU time). BOOKINGKIT_SIM_SEEDS and BOOKINGKIT_EXPLORATION_DEPTH
# still choose other sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

tests='SimulationTests/everySeedKeepsThePromises|FlowExplorationTests/everyPathKeepsThePromises'
tests+='|DiagramTests/theDiagramIsStableAndWellFormed|KillCampaignTests|ConcurrentRunsCampaignTests'
tests+='|StringCatalogTests/catalogMatchesTheCode'

log="${LONG_MODE_LOG:-$(mktemp)}"
timing="$(mktemp)"
trap 'rm -f "$timing"' EXIT

swift build --build-tests 2>&1 | tail -1
status=0
BOOKINGKIT_LONG=1 /usr/bin/time -f "%e %U %S" -o "$timing" \
    swift test --skip-build --filter "$tests" >"$log" 2>&1 || status=$?
# Passed: the figures (the simulation's counts per boundary and per fault
# stay in the log). Failed: everything but the "started" lines, so that
# each failure shows with how to replay it.
if [ "$status" = 0 ]; then
    grep -vE '^ {2}[^ ]' "$log" | grep -E '^(seeds|second process|key closings|cancels|exploration|kill campaign|concurrent runs campaign)|Test run with' || true
else
    grep -vE '^◇ ' "$log" || true
fi

read -r wall user system <"$timing"
seeds=$(sed -nE 's/^seeds: ([0-9]+), failing: ([0-9]+).*/\1 seeds (\2 failing)/p' "$log" | tail -1)
depth=$(sed -nE 's/^exploration: depth ([0-9]+), ([0-9]+) distinct.*/depth \1 (\2 nodes)/p' "$log" | tail -1)
kills=$(sed -nE 's/^kill campaign: ([0-9]+) kills of ([0-9]+) runs.*/\1 kills in \2 runs/p' "$log" | tail -1)
concurrent=$(sed -nE 's/^concurrent runs campaign: ([0-9]+) runs, ([0-9]+) SIGKILLs.*/\1 runs (\2 SIGKILLs)/p' "$log" | tail -1)
echo "long mode: simulation ${seeds:-not run}; exploration ${depth:-not run}; kill campaign ${kills:-not run};" \
    "concurrent runs campaign ${concurrent:-not run}; ${wall} s wall, ${user} s user, ${system} s system"
if [ "$status" != 0 ]; then
    echo "long mode: failed (exit $status); each failure above says how to replay it; the whole log: $log" >&2
    exit "$status"
fi
