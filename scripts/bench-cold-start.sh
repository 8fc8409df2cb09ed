#!/usr/bin/env bash
# The offline trip viewer's cold start (BENCHMARKS.md, "Trip viewer cold start").
#
# `booking trips` and `booking trip ID` as whole processes, with the server
# down (nothing listens on 127.0.0.1:1), against the `sqlite3` shell printing
# the same rows and against a Foundation hello-world (the start-up floor,
# `bench-hello`). `booking` is a static executable on Linux and links no
# Foundation at all (Package.swift); the Foundation floor is measured both ways,
# dynamic (what any Foundation program pays, the goal's floor) and with a
# static Swift stdlib. Runs are interleaved, medians reported, and
# the three ratios of the goal computed from that one run:
#   - `booking trips`, 10,000 trips:  at most 1.5x `sqlite3` printing the same rows
#   - `booking trips`, 0 trips:       at most the floor + 3 ms
#   - `booking trip ID`:              at most the floor + 3 ms
# and issue 27's: 10,000 trips at most 1.1x `sqlite3`, 0 trips at most the
# static floor + 1 ms. The goal's floor is a Swift hello linked exactly as
# `booking` is on Linux (`-static-executable`, lld, `--gc-sections`,
# `--strip-all`: same runtime, same linking); beside it the absolute floor,
# a static C hello (`cc -O2 -static`), and the Foundation hello built with
# a static stdlib (the old floor).
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
# The lean path: under a locale named for money, `booking` hands a list
# with trips to booking-cli (BENCHMARKS.md, "Under a locale for money").
export LC_ALL=C
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
# Foundation, linked as `booking` is (Package.swift's flags for it on
# Linux), so what `booking` takes above it is the viewer's own work (SQLite
# and the file). The absolute floor, a static C hello, and the Foundation
# hello above are kept beside it.
lean_dir=.build-hello-lean
mkdir -p "$lean_dir"
printf 'print("hello")\n' >"$lean_dir/hello.swift"
if [ "$(uname -s)" = Linux ]; then
    swiftc -O -static-executable -use-ld=lld -Xlinker --gc-sections -Xlinker --strip-all -Xlinker --icf=all \
        "$lean_dir/hello.swift" -o "$lean_dir/hello"
else
    swiftc -O "$lean_dir/hello.swift" -o "$lean_dir/hello"
fi
hello_lean="$PWD/$lean_dir/hello"
printf '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n' >"$lean_dir/hello.c"
hello_c=""
if command -v cc >/dev/null && cc -O2 -static "$lean_dir/hello.c" -o "$lean_dir/hello-c" 2>/dev/null; then
    hello_c="$PWD/$lean_dir/hello-c"
fi
static_dir=""
if [ "$static" = 1 ]; then
    # Only for --static: a static Swift stdlib links FoundationNetworking
    # (booking-cli) against libcurl's archive. The package itself builds
    # without libcurl's development package (CBookingCurl loads libcurl.so.4).
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

python3 - "$runs" "$work" "$dynamic_dir" "$static_dir" "$query" "$trips" "$quick" "$hello_static" "$hello_lean" "$hello_c" <<'PY'
import json, statistics, subprocess, sys, time
runs, work, dyn, sta, query, trips, quick, hello_static, hello_lean, hello_c = sys.argv[1:11]
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
if hello_c:
    commands["hello, C, static (the absolute floor)"] = [hello_c]

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
# Not asked to refresh: not "offline", and the document says why it was not refreshed.
assert len(document["trips"]) == trips and document["offline"] is False and document["notRefreshed"], document.keys()
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
            print(f"| {name} against the Foundation hello, static stdlib (no goal) | floor {med[name] - static_floor:+.1f} ms | |")
        print(f"| issue 27: `booking trips`, {trips:,} trips <= 1.1x sqlite3 | {ratio:.2f}x | {'yes' if ratio <= 1.1 else 'no'} |")
        extra = med["booking trips, 0 trips"] - lean_floor
        print(f"| issue 27: booking trips, 0 trips <= floor + 1 ms (the floor: a Swift hello linked as booking) | floor {extra:+.1f} ms | {'yes' if extra <= 1 else 'no'} |")
        if hello_c:
            extra = med["booking trips, 0 trips"] - med["hello, C, static (the absolute floor)"]
            print(f"| booking trips, 0 trips against the absolute floor, a static C hello (no goal) | floor {extra:+.1f} ms | |")
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
if { ldd "$dynamic_dir/booking" 2>&1 || true; } | grep -q 'not a dynamic executable'; then
    echo "    booking: a static executable, no dynamic loader ($(wc -c <"$dynamic_dir/booking" | tr -d ' ') bytes)"
else
    LD_DEBUG=statistics "$dynamic_dir/booking" trips --data-dir "$work/none" --server "$down" 2>&1 >/dev/null \
        | grep -E "total startup time|time needed for relocation|time needed to load|number of relocations:" \
        | sed 's/^ *[0-9]*: */    /'
fi
LD_DEBUG=statistics "$dynamic_dir/bench-hello" 2>&1 >/dev/null | grep -E "total startup time" \
    | sed 's/^ *[0-9]*: */    hello: /'
echo "    shared objects loaded: booking-cli $(ldd "$dynamic_dir/booking-cli" | wc -l), hello $(ldd "$dynamic_dir/bench-hello" | wc -l)"
if command -v strace >/dev/null; then
    strace -c -f -o "$work/strace" "$dynamic_dir/booking" trips --data-dir "$work/none" --server "$down" >/dev/null 2>&1
    head -12 "$work/strace" | sed 's/^/    /'
fi
