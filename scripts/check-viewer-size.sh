#!/usr/bin/env bash
# The release `booking` (the lean trip viewer) is at most 10 MB and links no
# Foundation: it fails when the executable grows past the limit (Foundation
# linked statically, with its ICU data, is over 40 MB), when it needs a
# Foundation or ICU shared library, or, on Linux, when it is not a static
# executable (Package.swift links it with `-static-executable`: no dynamic
# loader before `main`, the viewer's 0-trip start-up goal).
#
#   bash scripts/check-viewer-size.sh           # builds `booking` in release, then checks
#   LIMIT_BYTES=N bash scripts/check-viewer-size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
limit="${LIMIT_BYTES:-10000000}"

swift build -c release --product booking >/dev/null
binary="$(swift build -c release --show-bin-path)/booking"
size="$(wc -c <"$binary" | tr -d ' ')"
echo "booking (release): $size bytes (limit $limit)"
status=0
if [ "$size" -gt "$limit" ]; then
    echo "check-viewer-size: booking is $size bytes, over the limit of $limit" >&2
    status=1
fi
if [ "$(uname -s)" = Linux ]; then
    needed="$(ldd "$binary" 2>&1 || true)"
    if grep -qiE 'Foundation|icu' <<<"$needed"; then
        echo "check-viewer-size: booking loads Foundation or ICU:" >&2
        echo "$needed" >&2
        status=1
    fi
    if ! grep -q 'not a dynamic executable' <<<"$needed"; then
        echo "check-viewer-size: booking is not a static executable; ldd says:" >&2
        echo "$needed" >&2
        status=1
    else
        echo "booking (release): static (ldd: not a dynamic executable)"
    fi
fi
exit "$status"
