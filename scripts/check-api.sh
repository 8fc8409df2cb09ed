#!/usr/bin/env bash
# The public API of the published products (Package.swift): what an app sees
# through `import BookingKit` (BookingKit, the two modules it re-exports and
# BookingValues, which BookingCore re-exports), what an app's tests add with
# `import BookingKitTesting`, and the sandbox a server test links, listed from the symbol graphs one
# symbol a line in api/<Module>.txt. Fails when the listing drifted from the committed
# files (review the diff, then run with --update), when a test-only seam is
# public, or when a public symbol of BookingKit has no doc comment. Needs a
# debug build (swift build).
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

fail() { echo "check-api: FAIL: $*" >&2; exit 1; }
MODULES=(BookingKit BookingCore BookingValues BookingAPI BookingKitTesting BookingSandbox)
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

swift build --target BookingKit >/dev/null
swift build --target BookingSandbox >/dev/null
swift build --target BookingKitTesting >/dev/null
BIN="$(swift build --show-bin-path)"
TRIPLE="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
for module in "${MODULES[@]}"; do
    swift-symbolgraph-extract -module-name "$module" -I "$BIN/Modules" -I Sources/CBookingSQLite -Xcc -fmodule-map-file="$BIN/CBookingCurl.build/module.modulemap" -I Sources/CBookingCurl/include -target "$TRIPLE" \
        -output-dir "$WORK" -minimum-access-level public -skip-synthesized-members
    # A module's extensions to another module's types come in their own graph.
    python3 scripts/api-listing.py "$WORK/$module.symbols.json" "$WORK/$module"@*.symbols.json >"$WORK/$module.txt"
done

if [ "${1:-}" = "--update" ]; then
    mkdir -p api
    for module in "${MODULES[@]}"; do cp "$WORK/$module.txt" "api/$module.txt"; done
    echo "check-api: api/ updated"
    exit 0
fi

drift=0
for module in "${MODULES[@]}"; do
    if ! diff -u "api/$module.txt" "$WORK/$module.txt"; then drift=1; fi
done
[ "$drift" = 0 ] || fail "the public API changed: review the diff above, then scripts/check-api.sh --update"

# No test seam in the public API: crash hooks, the runtime's many-parameter
# init, raw repository and flow-store calls stay `package`.
seams='BoundaryHook|boundaryHook|BookingRuntime|BookingRepository|EffectRunner|FlowStore|TripRepository|SearchRepository|EventLog'
if grep -E "$seams" api/BookingKit.txt; then fail "a test seam is public (above)"; fi

undocumented="$(python3 - "$WORK"/BookingKit.symbols.json "$WORK"/BookingKit@*.symbols.json "$WORK"/BookingKitTesting*.symbols.json <<'PY'
import json, sys
for path in sys.argv[1:]:
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if not symbol.get("docComment"):
            print(graph["module"]["name"] + ": " + ".".join(symbol["pathComponents"]))
PY
)"
[ -z "$undocumented" ] || fail "public symbols without a doc comment: $undocumented"
echo "check-api: ok ($(cat api/*.txt | wc -l) public symbols in ${MODULES[*]})"
