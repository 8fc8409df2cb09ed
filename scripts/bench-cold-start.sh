#!/usr/bin/env bash
# The offline trip viewer's cold start (BENCHMARKS.md, "Trip viewer cold start").
#
# `booking trips` and `booking trip ID` as whole processes, with the server
# down (nothing listens on 127.0.0.1:1), against the `sqlite3` shell printing
# the same rows and against a Foundation hello-world (the start-up floor,
# `bench-hello`). `booking` links the Swift runtime statically on Linux and
# no Foundation at all (Package.swift); the floor is measured both ways,
# dynamic (what any Foundation program pays, the goal's floor) and static
# (built as `booking` is). Runs are interleaved, medians reported, and
# the three ratios of the goal computed from that one run:
#   - `booking trips`, 10,000 trips:  at most 1.5x `sqlite3` printing the same rows
#   - `booking trips`, 0 trips:       at most the floor + 3 ms
#   - `booking trip ID`:              at most the floor + 3 ms
# and issue 27's: 10,000 trips at most 1.1x `sqlite3`, 0 trips at most the
# static floor + 1 ms, read against two static floors: the Foundation hello
# built with a static stdlib, and a Swift hello with no Foundation linked
# exactly as `booking` is (the honest one: same runtime, same linking).
# Then the peak RSS of `booking trips` and `booking trips --json` at several
# trip counts (flat: both stream), and where the remaining milliseconds go
# (`LD_DEBUG=statistics`, and `strace -c` when installed).
#
#   scripts/bench-cold-start.sh [runs]           release build, 10,000 trips (default 40 runs)
#   scripts/bench-cold-start.sh --static [runs]  the same, plus static Swift stdlib builds
#   scripts/bench-cold-start.sh --quick          CI: 500 trips, 3 runs; checks every output,
#                                                asserts nothing about time
set -euo pipefail
trap 'echo "bench-cold-start: failed at line $LINENO" >&2' ERR
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
quick=0
static=0
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1; shift ;;
        --static) static=1; shift ;;
        *) break ;;
    esac
done
if [ "$quick" = 1 ]; then runs=3; trips=500; else runs="${1:-40}"; trips=10000; fi
command -v sqlite3 >/dev/null || { echo "bench-cold-start: needs the sqlite3 shell" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench-cold-start: needs python3" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-cold-start: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

echo "bench-cold-start: building release" >&2
# booking answers `trips` itself and runs booking-cli, next to it, for the rest.
for product in booking booking-cli bench-hello; do swift build -c release --product "$product" >/dev/null; done
dynamic_dir="$(swift build -c release --show-bin-path)"
# The floor built as booking is: a static Swift runtime (its own scratch
# path; bench-hello has no dependencies, so this is one small build).
swift build -c release --scratch-path .build-hello-static --static-swift-stdlib --product bench-hello >/dev/null
hello_static="$(swift build -c release --scratch-path .build-hello-static --static-swift-stdlib --show-bin-path)/bench-hello"
# The floor issue 27's goal is read against: a Swift hello with no
# Foundation, linked as `booking` is (Package.swift: `-static-stdlib`,
# `--strip-all`), so what `booking` takes above it is the viewer's own
# work (SQLite, its shared library, the file). The Foundation hello above
# is kept beside it.
lean_dir=.build-hello-lean
mkdir -p "$lean_dir"
printf 'print("hello")\n' >"$lean_dir/hello.swift"
swiftc -O -static-stdlib -Xlinker --strip-all "$lean_dir/hello.swift" -o "$lean_dir/hello"
hello_lean="$PWD/$lean_dir/hello"
static_dir=""
if [ "$static" = 1 ]; then
    # A static Swift stdlib links FoundationNetworking (booking-cli) against libcurl's archive.
    if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
        echo "bench-cold-start: installing libcurl4-openssl-dev (for the static build)" >&2
        apt-get update -qq && apt-get install -y -qq libcurl4-openssl-dev >/dev/null
    fi
    for product in booking booking-cli bench-hello; do
        swift build -c release --scratch-path .build-static --static-swift-stdlib --product "$product" >/dev/null
    done
    static_dir="$(swift build -c release --scratch-path .build-static --static-swift-stdlib --show-bin-path)"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
down=http://127.0.0.1:1

make_trips() {  # make_trips DIR COUNT: booking.sqlite with COUNT trips, as a sync saves them
    local dir="$1" count="$2"
    mkdir -p "$dir"
    # Creates booking.sqlite with its schema (the server is down).
    "$dynamic_dir/booking" trips --data-dir "$dir" --server "$down" >/dev/null 2>&1
    [ "$count" -gt 0 ] || return 0
    sqlite3 "$dir/booking.sqlite" <<SQL
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $count)
INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
SELECT printf('bk_%08d', i), 'CONFIRMED',
       '{"guests":2,"price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,"currency":"EUR"},'
       || '"taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},'
       || '"property":{"address":"Rua ' || i || '","city":"Lisbon","id":"p' || (i % 50) || '","name":"Casa '
       || (i % 50) || '","stars":4},"room":{"name":"Standard double","type":"std"}}',
       date('2027-01-01', '+' || (i % 500) || ' days'), date('2027-01-03', '+' || (i % 500) || ' days'),
       printf('BK-%06d', i), 1, 1796000000000
FROM n;
SQL
}

make_trips "$work/many" "$trips"
make_trips "$work/none" 0
# What a line of `booking trips` shows, straight from the columns.
query="SELECT booking_id, status, property_name, property_city, check_in, check_out, price_currency, price_total, voucher_code FROM trip ORDER BY check_in, booking_id"

python3 - "$runs" "$work" "$dynamic_dir" "$static_dir" "$query" "$trips" "$quick" "$hello_static" "$hello_lean" <<'PY'
import json, statistics, subprocess, sys, time
runs, work, dyn, sta, query, trips, quick, hello_static, hello_lean = sys.argv[1:10]
runs, trips, quick = int(runs), int(trips), quick == "1"
down = "http://127.0.0.1:1"
builds = [("", dyn)] + ([(" (static)", sta)] if sta else [])

def viewer(directory, *arguments):
    return ["--data-dir", f"{work}/{directory}", "--server", down, *arguments]

commands = {}
for label, bin_dir in builds:
    commands[f"hello{label}"] = [f"{bin_dir}/bench-hello"]
    commands[f"booking trips, {trips:,} trips{label}"] = [f"{bin_dir}/booking", "trips", *viewer("many")]
    commands[f"booking trips, 0 trips{label}"] = [f"{bin_dir}/booking", "trips", *viewer("none")]
    commands[f"booking trip ID{label}"] = [f"{bin_dir}/booking", "trip", "bk_00000042", *viewer("many")]
commands["sqlite3, the same rows"] = ["sqlite3", f"{work}/many/booking.sqlite", query]
commands["hello, static stdlib (the Foundation hello)"] = [hello_static]
commands["hello, Swift, no Foundation (linked as booking)"] = [hello_lean]

# Every output checked once: the rows, the document, the voucher.
def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench-cold-start: {' '.join(cmd)} exited {result.returncode}: {result.stderr}")
    return result.stdout
listing = run(commands[f"booking trips, {trips:,} trips"]).splitlines()
rows = run(commands["sqlite3, the same rows"]).splitlines()
assert len(rows) == trips and len(listing) == trips + 1, (len(rows), len(listing))
assert listing[-1].startswith("Offline: this device's copy"), listing[-1]
assert listing[0].startswith(rows[0].split("|")[0]) and "voucher BK-" in listing[0], listing[0]
document = json.loads(run([f"{dyn}/booking", "trips", "--json", *viewer("many")]))
assert len(document["trips"]) == trips and document["offline"] is True
assert "voucher:   BK-000042" in run(commands["booking trip ID"])
assert run(commands["booking trips, 0 trips"]).startswith("No trips on this device yet.")

times = {name: [] for name in commands}
for name, cmd in commands.items():  # warm-up
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(runs):  # interleaved
    for name, cmd in commands.items():
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[name].append((time.perf_counter() - start) * 1000)
med = {name: statistics.median(v) for name, v in times.items()}

print(f"| figure ({runs} interleaved runs, server down) | median ms |")
print("|---|---|")
for name in commands:
    print(f"| {name} | {med[name]:.1f} |")
print()
print("| goal | measured | goal met |")
print("|---|---|---|")
for label, _ in builds:
    floor = med[f"hello{label}"]
    many = med[f"booking trips, {trips:,} trips{label}"]
    ratio = many / med["sqlite3, the same rows"]
    print(f"| `booking trips`{label}, {trips:,} trips <= 1.5x sqlite3 | {ratio:.2f}x | {'yes' if ratio <= 1.5 else 'no'} |")
    for name in (f"booking trips, 0 trips{label}", f"booking trip ID{label}"):
        extra = med[name] - floor
        print(f"| {name.split(',')[0] if 'trips' in name else name} {'0 trips ' if '0 trips' in name else ''}<= floor + 3 ms | floor {extra:+.1f} ms | {'yes' if extra <= 3 else 'no'} |")
    if not label:
        static_floor = med["hello, static stdlib (the Foundation hello)"]
        lean_floor = med["hello, Swift, no Foundation (linked as booking)"]
        for name in (f"booking trips, 0 trips", f"booking trip ID"):
            print(f"| {name} against the static floor (no goal) | static floor {med[name] - static_floor:+.1f} ms | |")
        print(f"| issue 27: `booking trips`, {trips:,} trips <= 1.1x sqlite3 | {ratio:.2f}x | {'yes' if ratio <= 1.1 else 'no'} |")
        for floor_name, floor in (("the Foundation hello, static stdlib", static_floor), ("a Swift hello, no Foundation, linked as booking", lean_floor)):
            extra = med["booking trips, 0 trips"] - floor
            print(f"| issue 27: booking trips, 0 trips <= floor + 1 ms ({floor_name}) | floor {extra:+.1f} ms | {'yes' if extra <= 1 else 'no'} |")
if quick:
    print("\n(quick mode: outputs checked, nothing asserted about time)")
PY

echo
echo "| trips | peak RSS, booking trips (KiB) | peak RSS, booking trips --json (KiB) |"
echo "|---|---|---|"
counts="1000 10000 50000"
[ "$quick" = 1 ] && counts="100 1000"
for count in $counts; do
    [ -d "$work/rss$count" ] || make_trips "$work/rss$count" "$count"
    for mode in text json; do
        flag=(); [ "$mode" = json ] && flag=(--json)
        /usr/bin/time -f "%M" -o "$work/rss-$mode" "$dynamic_dir/booking" trips "${flag[@]}" \
            --data-dir "$work/rss$count" --server "$down" >/dev/null 2>&1
    done
    echo "| $count | $(tail -1 "$work/rss-text") | $(tail -1 "$work/rss-json") |"
done

[ "$quick" = 1 ] && exit 0
echo
echo "Where the time goes, booking trips with 0 trips (dynamic loader; system calls):"
LD_DEBUG=statistics "$dynamic_dir/booking" trips --data-dir "$work/none" --server "$down" 2>&1 >/dev/null \
    | grep -E "total startup time|time needed for relocation|time needed to load|number of relocations:" \
    | sed 's/^ *[0-9]*: */    /'
LD_DEBUG=statistics "$dynamic_dir/bench-hello" 2>&1 >/dev/null | grep -E "total startup time" \
    | sed 's/^ *[0-9]*: */    hello: /'
echo "    shared objects loaded: booking $(ldd "$dynamic_dir/booking" | wc -l), booking-cli $(ldd "$dynamic_dir/booking-cli" | wc -l), hello $(ldd "$dynamic_dir/bench-hello" | wc -l)"
if command -v strace >/dev/null; then
    strace -c -f -o "$work/strace" "$dynamic_dir/booking" trips --data-dir "$work/none" --server "$down" >/dev/null 2>&1
    head -12 "$work/strace" | sed 's/^/    /'
fi
