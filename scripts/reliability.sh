#!/usr/bin/env bash
# The record run behind RELIABILITY.md (issue 7): the simulation's 100,000
# seeds (BOOKINGKIT_SIM_SEEDS says otherwise; CI's long mode,
# scripts/long-mode.sh, runs 20,000 in a debug build; a third of them with
# the second process, whose figures are the "second process:" line), the
# crash-point sweep, and every fuzz target for ${FUZZ_SECONDS:-60} s.
# Prints the figures; logs go to ${OUT:-/tmp/bookingkit-reliability}.
#
# The simulation runs from a release build, faster than debug (on 2026-12-06,
# 2 cores: about 14 seeds a second against 10, so 100,000 take about two
# hours; it sets pragmas through BookingRepository's package-level seam; the
# build keeps -enable-testing for the other test targets' testable imports).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out=${OUT:-/tmp/bookingkit-reliability}
mkdir -p "$out"
swift build -c release -Xswiftc -enable-testing --build-tests >"$out/build.log" 2>&1
tests=$(swift build -c release -Xswiftc -enable-testing --show-bin-path)/BookingKitPackageTests.xctest

echo "== simulation, long mode"
BOOKINGKIT_LONG=1 BOOKINGKIT_SIM_SEEDS="${BOOKINGKIT_SIM_SEEDS:-100000}" /usr/bin/time -f "simulation wall time: %e s" "$tests" --testing-library swift-testing \
    --filter "SimulationTests/everySeedKeepsThePromises" 2>&1 | tee "$out/simulation.log" | grep -vE "^(◇|↳)"

echo "== crash-point sweep"
"$tests" --testing-library swift-testing --filter CrashSweepTests 2>&1 | tee "$out/sweep.log" \
    | grep -E "boundaries|killed at|✘|passed|failed"

echo "== fuzzing, ${FUZZ_SECONDS:-60} s per target"
FUZZ_OUT="$out/fuzz" scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
