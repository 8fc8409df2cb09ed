#!/usr/bin/env bash
# Issue 8, item 3: the offline trip viewer's cold start.
#
# `booking trips` as a whole process, with the server down and N trips in
# booking.sqlite, against `sqlite3` running the same query and against a
# Foundation hello-world built the same way (the start-up floor); dynamic
# and static Swift stdlib builds. Runs are interleaved, medians reported.
# Also the peak RSS of `booking trips` at several trip counts (it must not
# grow with the number of trips).
#
#   scripts/bench-cold-start.sh [runs]      (default 40)
set -euo pipefail
trap 'echo "bench-cold-start: failed at line $LINENO" >&2' ERR
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
runs="${1:-40}"
command -v sqlite3 >/dev/null || { echo "bench-cold-start: needs the sqlite3 shell" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-cold-start: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
# A static Swift stdlib links FoundationNetworking against libcurl's archive.
if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
    echo "bench-cold-start: installing libcurl4-openssl-dev (for the static build)" >&2
    apt-get update -qq && apt-get install -y -qq libcurl4-openssl-dev >/dev/null
fi

echo "bench-cold-start: building release (dynamic and static Swift stdlib)" >&2
swift build -c release --product booking >/dev/null
swift build -c release --product bench-hello >/dev/null
dynamic_dir="$(swift build -c release --show-bin-path)"
swift build -c release --scratch-path .build-static --static-swift-stdlib --product booking >/dev/null
swift build -c release --scratch-path .build-static --static-swift-stdlib --product bench-hello >/dev/null
static_dir="$(swift build -c release --scratch-path .build-static --static-swift-stdlib --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

make_trips() {  # make_trips DIR COUNT
    local dir="$1" count="$2"
    mkdir -p "$dir"
    # Creates booking.sqlite with its schema (the server is down: port 1).
    "$dynamic_dir/booking" trips --data-dir "$dir" --server http://127.0.0.1:1 >/dev/null 2>&1 || true
    sqlite3 "$dir/booking.sqlite" <<SQL
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
SELECT printf('bk_%08d', i), 'CONFIRMED',
       '{"property":{"id":"p' || (i % 50) || '","name":"Casa ' || (i % 50) || '","city":"Lisbon","address":"Rua ' || i || '","stars":4},"room":{"type":"std","name":"Standard double"},"guests":2,"price":{"nightly":{"amount":12000,"currency":"EUR"},"taxes":{"amount":1440,"currency":"EUR"},"fees":{"amount":400,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}}}',
       date('2027-01-01', '+' || (i % 500) || ' days'), date('2027-01-03', '+' || (i % 500) || ' days'),
       printf('BK-%06d', i), 1, 1796000000000
FROM n;
SQL
}

make_trips "$work/10k" 10000
query="SELECT booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at FROM trip ORDER BY check_in, booking_id"

python3 - "$runs" "$work" "$dynamic_dir" "$static_dir" "$query" <<'PY'
import statistics, subprocess, sys, time
runs, work, dyn, sta, query = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
data = f"{work}/10k"
commands = {
    "hello (dynamic)": [f"{dyn}/bench-hello"],
    "hello (static)": [f"{sta}/bench-hello"],
    "booking trips (dynamic)": [f"{dyn}/booking", "trips", "--data-dir", data, "--server", "http://127.0.0.1:1"],
    "booking trips (static)": [f"{sta}/booking", "trips", "--data-dir", data, "--server", "http://127.0.0.1:1"],
    "sqlite3 same query": ["sqlite3", f"{data}/booking.sqlite", query],
}
times = {name: [] for name in commands}
for name, cmd in commands.items():  # warm-up
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(runs):  # interleaved
    for name, cmd in commands.items():
        start = time.perf_counter()
        result = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[name].append((time.perf_counter() - start) * 1000)
        if result.returncode != 0:
            sys.exit(f"{name} exited {result.returncode}")
med = {name: statistics.median(v) for name, v in times.items()}
print(f"| figure (10,000 trips, {runs} interleaved runs) | median ms | vs floor |")
print("|---|---|---|")
for name in commands:
    floor = med["hello (static)"] if "static" in name else med["hello (dynamic)"]
    print(f"| {name} | {med[name]:.1f} | {med[name] - floor:+.1f} ms |")
PY

echo
echo "| trips | peak RSS of booking trips (dynamic), KiB |"
echo "|---|---|"
for count in 1000 10000 50000; do
    [ -d "$work/$count" ] || make_trips "$work/$count" "$count"
    /usr/bin/time -f "%M" -o "$work/rss" "$dynamic_dir/booking" trips --data-dir "$work/$count" \
        --server http://127.0.0.1:1 >/dev/null 2>&1
    rss=$(tail -1 "$work/rss")
    echo "| $count | $rss |"
done
