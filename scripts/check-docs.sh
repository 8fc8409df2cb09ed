#!/usr/bin/env bash
# Builds BookingKit's DocC catalog (Sources/BookingKit/BookingKit.docc) with
# the toolchain's docc from the module's symbol graph, warnings as errors.
# Needs a debug build (swift build).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
swift build --target BookingKit >/dev/null
BIN="$(swift build --show-bin-path)"
TRIPLE="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
mkdir -p "$WORK/symbols"
swift-symbolgraph-extract -module-name BookingKit -I "$BIN/Modules" -I Sources/CSQLite -target "$TRIPLE" \
    -output-dir "$WORK/symbols" -minimum-access-level public -skip-synthesized-members
docc convert Sources/BookingKit/BookingKit.docc --additional-symbol-graph-dir "$WORK/symbols" \
    --fallback-display-name BookingKit --fallback-bundle-identifier org.bookingkit.BookingKit \
    --output-path "$WORK/BookingKit.doccarchive" --warnings-as-errors 2>&1 | tee "$WORK/docc.log"
if grep -E "warning:|error:" "$WORK/docc.log" >/dev/null; then
    echo "check-docs: FAIL: docc reported the problems above" >&2
    exit 1
fi
echo "check-docs: ok ($(find "$WORK/BookingKit.doccarchive/data/documentation" -name '*.json' | wc -l) pages)"
