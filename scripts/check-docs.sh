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
swift-symbolgraph-extract -module-name BookingKit -I "$BIN/Modules" -I Sources/CBookingSQLite -Xcc -fmodule-map-file="$BIN/CBookingCurl.build/module.modulemap" -I Sources/CBookingCurl/include -target "$TRIPLE" \
    -output-dir "$WORK/symbols" -minimum-access-level public -skip-synthesized-members
docc convert Sources/BookingKit/BookingKit.docc --additional-symbol-graph-dir "$WORK/symbols" \
    --fallback-display-name BookingKit --fallback-bundle-identifier org.bookingkit.BookingKit \
    --output-path "$WORK/BookingKit.doccarchive" --warnings-as-errors 2>&1 | tee "$WORK/docc.log"
if grep -E "warning:|error:" "$WORK/docc.log" >/dev/null; then
    echo "check-docs: FAIL: docc reported the problems above" >&2
    exit 1
fi
# Every Swift block of every article compiles, each a file of its own in an
# outside package that depends on BookingKit as an app does (and on
# BookingKitTesting, as its tests do).
SNIPPETS="$WORK/snippets"
mkdir -p "$SNIPPETS/Sources/DocSnippets"
for article in Sources/BookingKit/BookingKit.docc/*.md; do
    awk -v dir="$SNIPPETS/Sources/DocSnippets" -v name="$(basename "$article" .md)" '
        /^```swift$/ { n++; file = sprintf("%s/%s%d.swift", dir, name, n); copying = 1; next }
        copying && /^```$/ { copying = 0; close(file); next }
        copying { print > file }
    ' "$article"
done
BLOCKS=$(find "$SNIPPETS/Sources/DocSnippets" -name '*.swift' | wc -l)
for block in "$SNIPPETS"/Sources/DocSnippets/*.swift; do
    head -1 "$block" | grep -q '^import ' || { echo "check-docs: FAIL: $(basename "$block") does not start with an import (each block is a file of its own)" >&2; exit 1; }
done
cat >"$SNIPPETS/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "DocSnippets",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: "$PWD")],
    targets: [
        .target(
            name: "DocSnippets",
            dependencies: [
                .product(name: "BookingKit", package: "$(basename "$PWD")"),
                .product(name: "BookingKitTesting", package: "$(basename "$PWD")"),
            ])
    ]
)
MANIFEST
# The examples' scratch directory: BookingKit builds once for both scripts.
swift build --package-path "$SNIPPETS" --scratch-path "$PWD/Examples/.build" 2>&1 | tee "$WORK/snippets.log" | tail -3
grep -E "error:|warning:" "$WORK/snippets.log" | grep "DocSnippets" >&2 || true
if grep -E "error:|warning:" "$WORK/snippets.log" | grep "DocSnippets" >/dev/null; then
    echo "check-docs: FAIL: an article's Swift does not compile cleanly (above)" >&2
    exit 1
fi
echo "check-docs: $BLOCKS Swift block(s) compiled"
echo "check-docs: ok ($(find "$WORK/BookingKit.doccarchive/data/documentation" -name '*.json' | wc -l) pages)"
