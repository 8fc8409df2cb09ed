#!/usr/bin/env bash
# The systemd user units in contrib/systemd/, checked by systemd itself:
# `systemd-analyze verify` (syntax, directives, the ExecStart binary) with
# the units pointed at the built `booking`, and `systemd-analyze security`
# (the hardening's exposure score, at most 2.5 of 10).
#
#   scripts/check-systemd-units.sh [path/to/booking]
set -euo pipefail
cd "$(dirname "$0")/.."
booking=${1:-$(pwd)/.build/debug/booking}
command -v systemd-analyze >/dev/null || { echo "check-systemd-units: systemd-analyze is not installed" >&2; exit 2; }
[ -x "$booking" ] || { echo "check-systemd-units: no booking binary at $booking (swift build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for unit in contrib/systemd/*.service contrib/systemd/*.timer; do
    sed "s|%h/.local/bin/booking|$booking|" "$unit" >"$work/$(basename "$unit")"
done
out=$(cd "$work" && systemd-analyze verify --man=no ./*.timer ./*.service 2>&1 || true)
if [ -n "$out" ]; then
    echo "check-systemd-units: systemd-analyze verify found problems:" >&2
    echo "$out" >&2
    exit 1
fi
score=$(cd "$work" && systemd-analyze security --offline=true ./booking-reconcile.service 2>&1 \
    | sed -nE 's/.*Overall exposure level for [^:]*: ([0-9.]+).*/\1/p')
[ -n "$score" ] || { echo "check-systemd-units: no exposure score" >&2; exit 1; }
echo "systemd units verified; booking-reconcile.service exposure $score (of 10)"
awk -v s="$score" 'BEGIN { exit !(s <= 2.5) }' || { echo "check-systemd-units: exposure $score is over 2.5" >&2; exit 1; }
