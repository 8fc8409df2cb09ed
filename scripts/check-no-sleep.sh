#!/usr/bin/env bash
# No sleep before an assertion in Tests/: a test waits on the exact event
# (TestSupport's `Watched`, a flow's stream of states) or on virtual time (a
# sleeper the test controls), never on the clock. Lists every real sleep in
# Tests/ (Task.sleep, Thread.sleep, sleep/usleep/nanosleep, a shell
# `sleep N`) and fails on any that is not allowed.
#
# Allowed: a sleep whose line, or the line above it, says
#     // check-no-sleep: allowed (why)
# for the few sleeps that are not before an assertion: the pause inside
# Poll between two checks of a condition, a slow client or server whose
# pace is the input under test, a child process that must stay alive.
#
# Poll (checking a condition again and again on real time) is for waits on
# another process or a real server's own timing. The in-process runtime
# suites (BookingCoreTests, BookingKitTests, the simulation) await events
# instead: a Poll there fails unless its line, or the line above, says
#     // check-no-sleep: real time (why)
#
# Pending: files of other owners still being converted; listed, not failed.
# Remove a line when its file is clean.
set -euo pipefail
cd "$(dirname "$0")/.."

pending=()

pattern='(Task|Thread)\.sleep\(|(^|[^.A-Za-z_])(u|nano)?sleep\(|(^|[^A-Za-z_.-])sleep [0-9]'
failed=0
pending_count=0
while IFS=: read -r file line _; do
    previous="$(sed -n "$((line > 1 ? line - 1 : 1))p" "$file")"
    current="$(sed -n "${line}p" "$file")"
    case "$current" in *"func sleep("* | *"func "*"sleep("*) continue ;; esac
    if [[ "$current$previous" == *"check-no-sleep: allowed ("* ]]; then continue; fi
    is_pending=0
    for prefix in ${pending[@]+"${pending[@]}"}; do [[ "$file" == "$prefix"* ]] && is_pending=1; done
    if [ "$is_pending" = 1 ]; then
        echo "pending: $file:$line: $(echo "$current" | sed 's/^ *//')"
        pending_count=$((pending_count + 1))
    else
        echo "sleep before an assertion? $file:$line: $(echo "$current" | sed 's/^ *//')" >&2
        failed=$((failed + 1))
    fi
done < <(grep -rnE "$pattern" Tests --include='*.swift' || true)

in_process=(Tests/BookingCoreTests Tests/BookingKitTests Tests/BookingSimulation Tests/BookingSimulationTests)
while IFS=: read -r file line _; do
    previous="$(sed -n "$((line > 1 ? line - 1 : 1))p" "$file")"
    current="$(sed -n "${line}p" "$file")"
    if [[ "$current$previous" == *"check-no-sleep: real time ("* ]]; then continue; fi
    echo "polling real time in an in-process suite? $file:$line: $(echo "$current" | sed 's/^ *//')" >&2
    failed=$((failed + 1))
done < <(grep -rnE 'Poll\.(until|blockingUntil)' "${in_process[@]}" --include='*.swift' || true)

echo "check-no-sleep: $failed refused, $pending_count pending in files still being converted"
[ "$failed" = 0 ]
