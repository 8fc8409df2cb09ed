#!/usr/bin/env bash
# The figures the documents state, against what this run measured, so that
# they cannot drift (issue 37, item 5). `.ci/run` passes what it kept:
#
#   --test-log FILE     `swift test`'s output: README's test count; the
#                       requests per command SyncsPerCommandTests printed,
#                       against BENCHMARKS.md's table "Requests per command"
#   --test-time FILE    GNU time's "%e %U %S" of that `swift test` (after
#                       its build): README's minutes and CPU-minutes; also
#                       the budget, at most 6 CPU-minutes (issue 37, item 4)
#   --first-build FILE  "%e %U %S" of the first `swift run booking-cli demo`
#                       in a clean checkout: README's first build
#   --tests-build FILE  "%e %U %S" of the `swift build --build-tests` after
#                       it: README's build of the tests
#   --long-log FILE     scripts/long-mode.sh's log
# Both logs: the sizes of RELIABILITY.md's table "swift test and the long
# mode" (seeds, exploration depth, campaign runs) against what each printed.
#
# Counts and sizes must be equal, and `swift test` within its budget of 6
# CPU-minutes. Times should be within a factor of 2 of the stated minutes
# and CPU within 30 % of the stated CPU-minutes: one that is not is said as
# a warning (a loaded machine moves them). Exits 1 naming each figure that
# is off and the value measured; checks only what it was given.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

test_log="" test_time="" first_build="" tests_build="" long_log=""
while [ $# -gt 0 ]; do
    case "$1" in
    --test-log) test_log="$2" ;;
    --test-time) test_time="$2" ;;
    --first-build) first_build="$2" ;;
    --tests-build) tests_build="$2" ;;
    --long-log) long_log="$2" ;;
    *) echo "check-figures: unknown argument $1" >&2 && exit 2 ;;
    esac
    shift 2
done

failures=0
fail() { echo "check-figures: $*" >&2 && failures=$((failures + 1)); }
ok() { echo "check-figures: ok: $*"; }
# A time that drifted from the document is said, not failed: a shared or
# loaded machine moves wall times and CPU by more than any fair bound, and a
# red CI would block every change for a figure. Counts, sizes and requests
# are exact and fail; so does the CPU budget of `swift test`.
warn() { echo "check-figures: warn: $*" >&2; }
# stated FILE ERE [GROUP]: group GROUP (1) of the ERE's first match in FILE
# (its lines joined, so a sentence may wrap), commas dropped.
stated() {
    tr '\n' ' ' <"$1" | sed -E 's/  +/ /g' | grep -oE "$2" | head -1 | sed -E "s/$2/\\${3:-1}/" | tr -d , || true
}
# within MEASURED STATED LOW HIGH: LOW <= MEASURED / STATED <= HIGH.
within() { awk -v m="$1" -v s="$2" -v lo="$3" -v hi="$4" 'BEGIN { exit !(s > 0 && m / s >= lo && m / s <= hi) }'; }
minutes() { awk -v s="$1" 'BEGIN { printf "%.1f", s / 60 }'; }
# check_minutes WHAT STATED_MINUTES MEASURED_SECONDS
check_minutes() {
    local measured
    measured=$(minutes "$3")
    if [ -z "$2" ]; then
        fail "README.md states no figure for $1 (measured: $measured minutes)"
    elif within "$3" "$(awk -v m="$2" 'BEGIN { print m * 60 }')" 0.5 2; then
        ok "$1: about $2 minutes stated, $measured measured"
    else
        warn "$1: README.md says about $2 minutes, this run took $measured"
    fi
}

if [ -n "$test_log" ]; then
    count=$(sed -nE 's/.*Test run with ([0-9]+) tests? .*/\1/p' "$test_log" | tail -1)
    readme=$(stated README.md 'runs ([0-9,]+) tests')
    if [ -z "$count" ]; then
        fail "no Swift Testing summary in $test_log"
    elif [ "$readme" = "$count" ]; then
        ok "README.md: $count tests"
    else
        fail "README.md says ${readme:-no number of} tests, the run had $count: write $count"
    fi
    # SyncsPerCommandTests prints `SyncsPerCommandTests: pay: syncs [...], requests ["GET ...", ...], opens [...]`.
    lines=$(grep -E '^SyncsPerCommandTests: [a-z]+: ' "$test_log" || true)
    if [ -z "$lines" ]; then
        echo "check-figures: SyncsPerCommandTests printed nothing (no strace?): BENCHMARKS.md's requests not checked"
    fi
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        command=$(echo "$line" | sed -E 's/^SyncsPerCommandTests: ([a-z]+): .*/\1/')
        requests=$(echo "$line" | sed -E 's/.*requests \[([^]]*)\].*/\1/' | tr -d '"' | tr ',' '\n' | sed 's/^ *//' |
            grep -v '^$' | sort || true)
        n=$(echo -n "$requests" | grep -c . || true)
        listed=$(echo "$requests" | sed -E 's/(.+)/`\1`/' | paste -sd, - | sed 's/,/, /g')
        row="| \`$command\` | $n | ${listed:-none} |"
        if grep -qF "$row" BENCHMARKS.md; then
            ok "BENCHMARKS.md: $command makes $n request(s)"
        else
            fail "BENCHMARKS.md's table \"Requests per command\" has no row $row (what SyncsPerCommandTests measured)"
        fi
    done <<<"$lines"
fi

if [ -n "$test_time" ]; then
    read -r wall user system <"$test_time"
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')
    if within "$cpu" 360 0 1; then
        ok "swift test: $(minutes "$cpu") CPU-minutes after its build, within the 6 of issue 37"
    else
        fail "swift test spent $(minutes "$cpu") CPU-minutes after its build, over the budget of 6:" \
            "move repetitions to the long mode (RELIABILITY.md)"
    fi
    readme=$(stated README.md '\(([0-9.]+) CPU-minutes\)')
    if [ -n "$readme" ] && within "$cpu" "$(awk -v m="$readme" 'BEGIN { print m * 60 }')" 0.7 1.3; then
        ok "README.md: $readme CPU-minutes stated, $(minutes "$cpu") measured"
    else
        warn "README.md says ${readme:-no} CPU-minutes for swift test, this run spent $(minutes "$cpu")"
    fi
    check_minutes "swift test after its build" "$(stated README.md 'tests in about ([0-9.]+) minutes?')" "$wall"
fi

if [ -n "$first_build" ]; then
    read -r wall _ <"$first_build"
    check_minutes "the first swift run booking-cli demo" "$(stated README.md 'demo` builds for about ([0-9.]+) minutes?')" "$wall"
fi

if [ -n "$tests_build" ]; then
    read -r wall _ <"$tests_build"
    check_minutes "the build of the tests" "$(stated README.md 'builds the tests for about ([0-9.]+) minutes?')" "$wall"
fi

# RELIABILITY.md's table of sizes ("| simulation seeds | 300 | 20,000 |":
# swift test's, then the long mode's) against what each run printed.
check_sizes() {  # check_sizes LOG COLUMN MODE
    local log="$1" column="$2" mode="$3"
    check_size() {  # check_size ROW MEASURED
        local row="$1" measured="$2" written
        written=$(stated RELIABILITY.md "\\| $row \\| ([0-9,]+) \\| ([0-9,]+) \\|" "$column")
        if [ -z "$measured" ]; then
            fail "$mode printed no $row"
        elif [ "$written" = "$measured" ]; then
            ok "RELIABILITY.md: $mode, $row: $measured"
        else
            fail "RELIABILITY.md's table says $mode's $row is ${written:-missing}, the run had $measured"
        fi
    }
    check_size "simulation seeds" "$(sed -nE 's/^seeds: ([0-9]+), failing.*/\1/p' "$log" | tail -1)"
    check_size "exploration depth" "$(sed -nE 's/^exploration: depth ([0-9]+),.*/\1/p' "$log" | tail -1)"
    check_size "kill campaign runs" "$(sed -nE 's/^kill campaign: [0-9]+ kills of ([0-9]+) runs.*/\1/p' "$log" | tail -1)"
    check_size "concurrent runs" "$(sed -nE 's/^concurrent runs campaign: ([0-9]+) runs,.*/\1/p' "$log" | tail -1)"
}
[ -z "$test_log" ] || check_sizes "$test_log" 1 "swift test"
[ -z "$long_log" ] || check_sizes "$long_log" 2 "the long mode"

if [ "$failures" -gt 0 ]; then
    echo "check-figures: $failures figure(s) off; correct the document (or the code)" >&2
    exit 1
fi
