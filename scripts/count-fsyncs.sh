#!/usr/bin/env bash
# Counts the syncs (fsync + fdatasync) of one durable attempt write, for the
# store (BookingDatabase.attempts.insert) and for the raw C baseline, on
# booking.sqlite (WAL, synchronous=FULL). The goal: exactly one per commit.
#
#   scripts/count-fsyncs.sh [COMMITS]      (default 100)
#
# Each side runs twice under `strace -f -c`: with 0 commits (open, schema,
# close: the setup) and with COMMITS commits; the difference divided by
# COMMITS is the syncs per commit. Keep COMMITS under about 200: past the
# WAL's automatic checkpoint (1000 pages, about 4 pages a commit) each
# checkpoint adds its own syncs, which this script then reports too.
# Installs strace if missing (apt-get). Exits 1 when a side does not make
# exactly one sync per commit.
set -euo pipefail
cd "$(dirname "$0")/.."

commits="${1:-100}"
case "$commits" in '' | *[!0-9]* | 0) echo "usage: $0 [COMMITS > 0]" >&2; exit 2 ;; esac

if ! command -v strace >/dev/null; then
    echo "count-fsyncs: installing strace" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq strace >/dev/null
fi
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"

swift build -c release --product bookingkit-bench >&2
bin="$(swift build -c release --show-bin-path)/bookingkit-bench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# count SIDE N SYSCALL: how many SYSCALL calls a probe run of N commits makes.
count() {
    local side="$1" n="$2" out="$work/strace-$1-$2.txt"
    if [ ! -f "$out" ]; then
        strace -f -c -e trace=fsync,fdatasync -o "$out" "$bin" --fsync-probe "$side" --commits "$n" >/dev/null
    fi
    awk -v name="$3" '$NF == name { print $4; found = 1 } END { if (!found) print 0 }' "$out"
}

status=0
printf '%-6s %8s  %-22s  %-22s  %s\n' side commits "setup (0 commits)" "run ($commits commits)" "syncs per commit"
for side in store c; do
    setup_fsync=$(count "$side" 0 fsync)
    setup_fdatasync=$(count "$side" 0 fdatasync)
    run_fsync=$(count "$side" "$commits" fsync)
    run_fdatasync=$(count "$side" "$commits" fdatasync)
    setup=$((setup_fsync + setup_fdatasync))
    run=$((run_fsync + run_fdatasync))
    per_commit=$(awk -v a="$run" -v b="$setup" -v n="$commits" 'BEGIN { printf "%.3f", (a - b) / n }')
    printf '%-6s %8d  %-22s  %-22s  %s\n' "$side" "$commits" \
        "$setup_fdatasync fdatasync, $setup_fsync fsync" "$run_fdatasync fdatasync, $run_fsync fsync" "$per_commit"
    [ $((run - setup)) -eq "$commits" ] || status=1
done
if [ "$status" -eq 0 ]; then
    echo "count-fsyncs: exactly 1 sync per durable commit on both sides"
else
    echo "count-fsyncs: not exactly 1 sync per commit; past ~200 commits the extra syncs are the WAL's automatic checkpoints" >&2
fi
exit "$status"
