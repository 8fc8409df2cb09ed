#!/usr/bin/env bash
# README.md's commands run as written, on any day (issue 37, item 5): the
# shell block of "## The command line, in short" runs in bash, line by line
# as a newcomer would paste it, with a fresh data directory
# ($XDG_DATA_HOME) and the embedded sandbox; any command that exits
# non-zero fails the check. Its first line builds both executables.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
awk '
    /^## / { inside = ($0 == "## The command line, in short") }
    inside && /^```sh$/ { copying = 1; next }
    copying && /^```$/ { exit }
    copying { print }
' README.md >"$work/commands.sh"
[ -s "$work/commands.sh" ] || { echo "check-readme-commands: no sh block in README.md's command line section" >&2; exit 1; }

echo "check-readme-commands: running README.md's command line block ($(wc -l <"$work/commands.sh") lines)"
# The alias on the first line: expanded in a script only with expand_aliases.
{
    echo 'set -euo pipefail'
    echo 'shopt -s expand_aliases'
    echo 'set -x'
    cat "$work/commands.sh"
} >"$work/run.sh"
XDG_DATA_HOME="$work/data" bash "$work/run.sh" >"$work/out.log" 2>&1 || {
    cat "$work/out.log" >&2
    echo "check-readme-commands: README.md's command line block failed (above)" >&2
    exit 1
}
grep -E '^\+ |Booking confirmed|Room held' "$work/out.log" | grep -vE '^\+\+ ' | tail -20
echo "check-readme-commands: ok"
