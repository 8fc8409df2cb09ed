# Sourced by the scripts that run a real `booking sandbox` (check-examples.sh,
# sandbox-contract-check.sh): one way to build it, start it on a free port,
# wait for its port and stop it on exit.
#
# The sourcing script sets NAME (its prefix for messages) first; this file
# defines fail and step, makes WORK (a scratch directory removed on exit),
# and start_sandbox DATA_DIR sets BIN, SERVER_PID and PORT.

fail() { echo "$NAME: FAIL: $*" >&2; exit 1; }
step() { echo "$NAME: $*"; }

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# Builds `booking` and sets BIN to it.
build_booking() {
    step "building booking (its sandbox command)"
    # `booking` hands `sandbox` to the `booking-cli` beside it: build both,
    # or a stale booking-cli (an older contract) answers.
    swift build --product booking >/dev/null
    swift build --product booking-cli >/dev/null
    BIN="$(swift build --show-bin-path)/booking"
}

# Starts `booking sandbox` on a free port with its data in $1; sets
# SERVER_PID and, once it prints it, PORT. Fails if it exits or says nothing.
start_sandbox() {
    "$BIN" --data-dir "$1" sandbox --port 0 >"$WORK/stdout" 2>"$WORK/stderr" &
    SERVER_PID=$!
    PORT=""
    for _ in $(seq 1 100); do
        PORT="$(sed -n 's|^listening on http://127.0.0.1:\([0-9][0-9]*\)$|\1|p' "$WORK/stdout")"
        [ -n "$PORT" ] && break
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/stderr" >&2; fail "booking sandbox exited at start"; }
        sleep 0.1
    done
    [ -n "$PORT" ] || fail "booking sandbox printed no port"
}
