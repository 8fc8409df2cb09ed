#!/usr/bin/env bash
# Generates the booking flow's diagram from the reducer (through the
# DiagramTests test, which writes the DOT to $BOOKINGKIT_DIAGRAM_DOT) and
# checks that graphviz's `dot` accepts it. Installs graphviz when missing
# and running as root (CI); otherwise asks for it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

if ! command -v dot >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "check-diagram: installing graphviz"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq graphviz >/dev/null
    else
        echo "check-diagram: graphviz's dot is missing (apt-get install graphviz)" >&2
        exit 1
    fi
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
export BOOKINGKIT_DIAGRAM_DOT="$out/flow.dot"
export BOOKINGKIT_DIAGRAM_MERMAID="$out/flow.mmd"

swift test --filter 'BookingCoreTests.DiagramTests' >"$out/test.log" 2>&1 || { cat "$out/test.log" >&2; exit 1; }
if [ ! -s "$BOOKINGKIT_DIAGRAM_DOT" ]; then
    echo "check-diagram: the test wrote no DOT" >&2
    cat "$out/test.log" >&2
    exit 1
fi

dot -Tsvg "$BOOKINGKIT_DIAGRAM_DOT" -o "$out/flow.svg"
grep -q "<svg" "$out/flow.svg"
states=$(grep -c '\[label=' "$BOOKINGKIT_DIAGRAM_DOT" || true)
echo "check-diagram: dot accepted the generated diagram ($states lines with labels)"
if [ -n "${BOOKINGKIT_DIAGRAM_KEEP:-}" ]; then
    cp "$BOOKINGKIT_DIAGRAM_DOT" "$BOOKINGKIT_DIAGRAM_KEEP.dot"
    cp "$BOOKINGKIT_DIAGRAM_MERMAID" "$BOOKINGKIT_DIAGRAM_KEEP.mmd"
    cp "$out/flow.svg" "$BOOKINGKIT_DIAGRAM_KEEP.svg"
fi
