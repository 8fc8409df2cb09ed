#!/usr/bin/env bash
# Line coverage of each library module by the whole test suite, with the
# toolchain's llvm-cov, and the floors CI holds them to.
#
#   scripts/coverage.sh            # builds and runs the tests with coverage, prints the table, checks the floors
#   SKIP_TESTS=1 scripts/coverage.sh   # only reports on the last coverage run
#
# The floors are in scripts/coverage-floors.txt (module, minimum % of lines);
# raise them as the tests grow. The instrumented build has its own scratch
# folder (.build/coverage), so it never invalidates the plain build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
if [ "${SKIP_TESTS:-0}" != 1 ]; then
    log=/tmp/bookingkit-coverage-tests.log
    # The floors were measured with the simulation's 2,000 seeds and the
    # exploration at depth 6, `swift test`'s sizes before the long mode took
    # the repetitions (RELIABILITY.md): the coverage run keeps those sizes,
    # so a floor measures the same code paths it always did.
    if ! BOOKINGKIT_SIM_SEEDS=2000 BOOKINGKIT_EXPLORATION_DEPTH=6 \
        swift test --scratch-path .build/coverage --enable-code-coverage >"$log" 2>&1; then
        # A child process SIGKILLed while it writes its profile (the kill
        # campaigns kill `booking`) can leave one malformed .profraw, and
        # SwiftPM's merge then refuses them all. When every test passed and
        # only that merge failed, merge here, passing over that file with a
        # warning.
        if grep -q "no profile can be merged" "$log" && grep -q "Test run with .* passed after" "$log" \
            && ! grep -q "^✘" "$log"; then
            codecov="$(swift build --scratch-path .build/coverage --show-bin-path)/codecov"
            llvm-profdata merge -sparse --failure-mode=warn "$codecov"/*.profraw -o "$codecov/default.profdata"
        else
            tail -40 "$log" >&2
            # Last, so that a report showing only the end names them.
            echo "coverage: the tests failed; what failed ($log):" >&2
            grep -a "^✘\|recorded an issue\|Fatal error\|error:" "$log" | head -30 >&2 || true
            exit 1
        fi
    fi
fi
bin=$(swift build --scratch-path .build/coverage --show-bin-path)
profile="$bin/codecov/default.profdata"
tests="$bin/BookingKitPackageTests.xctest"
[ -f "$profile" ] || { echo "coverage: no profile at $profile" >&2; exit 1; }
objects=("$tests")
for exe in booking booking-cli; do [ -x "$bin/$exe" ] && objects+=(-object "$bin/$exe"); done
report=$(llvm-cov report "${objects[@]}" -instr-profile "$profile" \
    -ignore-filename-regex='(\.build|Tests)/' 2>/dev/null)
# Per module: the sum of its files' lines and missed lines (columns 8 and 9 of
# llvm-cov's file table: Lines, Missed Lines). Paths are relative to Sources/,
# so a file's first path component is its module. Only the modules with a
# floor are reported (the libraries and the CLI; not the benchmark tools).
table=$(echo "$report" | awk '
    $1 ~ /\.swift$/ && $1 ~ /\// {
        path = $1; sub(/.*Sources\//, "", path); split(path, part, "/"); module = part[1]
        lines[module] += $8; missed[module] += $9
    }
    END { for (m in lines) printf "%s %d %d %.1f\n", m, lines[m], missed[m], 100 * (lines[m] - missed[m]) / lines[m] }' \
    | sort | awk 'NR == FNR { floor[$1] = 1; next } ($1 in floor)' scripts/coverage-floors.txt -)
printf "%-18s %8s %8s %8s %8s\n" module lines missed covered floor
status=0
while read -r module lines missed covered; do
    floor=$(awk -v m="$module" '$1 == m { print $2 }' scripts/coverage-floors.txt)
    mark=""
    if [ -n "$floor" ] && awk -v c="$covered" -v f="$floor" 'BEGIN { exit !(c < f) }'; then
        mark="  << below the floor"
        status=1
    fi
    printf "%-18s %8d %8d %7.1f%% %7s%s\n" "$module" "$lines" "$missed" "$covered" "${floor:+$floor%}" "$mark"
done <<<"$table"
[ $status -eq 0 ] || { echo "coverage: a module is below its floor (scripts/coverage-floors.txt)" >&2; exit 1; }
