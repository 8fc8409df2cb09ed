#!/usr/bin/env bash
# The conformance kit as a backend's CI runs it (docs/CONFORMANCE.md):
# builds `booking` (its sandbox) and `booking-conformance`, starts the
# sandbox on a free port, runs the kit with two accounts and a JUnit file,
# and reads that file with a real JUnit consumer (PyPI's junitparser): every
# promise a passed test case. Then replays the committed test vectors with
# scripts/replay-vectors.py. Exits non-zero on any failure.
# Needs swift and python3 with junitparser ($CONFORMANCE_PYTHON, default
# python3: .ci/run installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
PYTHON="${CONFORMANCE_PYTHON:-python3}"

NAME=conformance-check
# shellcheck source=scripts/lib/sandbox.sh
source scripts/lib/sandbox.sh

"$PYTHON" -c 'import junitparser' 2>/dev/null || fail "junitparser is not installed for $PYTHON (pip install junitparser)"
build_booking
swift build --product booking-conformance >/dev/null
KIT="$(swift build --show-bin-path)/booking-conformance"
# The sandbox's output file made first: start_sandbox reads it at once, and
# the background process may not have opened it yet.
: >"$WORK/stdout"
start_sandbox "$WORK/data"
BASE="http://127.0.0.1:$PORT"
step "booking sandbox listening on $BASE"

step "booking-conformance --server $BASE"
set +e
"$KIT" --server "$BASE" --api-key sk_test_conformance --second-api-key sk_test_conformance_other \
    --junit "$WORK/conformance.xml"
status=$?
set -e
[ "$status" = 0 ] || fail "booking-conformance exited $status against the sandbox"

step "the JUnit file, read by junitparser"
"$PYTHON" - "$WORK/conformance.xml" <<'PY'
import sys
from junitparser import JUnitXml, TestSuite

xml = JUnitXml.fromfile(sys.argv[1])
suites = [xml] if isinstance(xml, TestSuite) else list(xml)
cases = [case for suite in suites for case in suite]
names = sorted(case.name for case in cases)
expected = sorted(["unclear-answers", "retry-after", "replay", "key-reuse", "key-in-use", "closed-key",
                   "versions", "hold-clock", "isolation", "refusals", "same-stay"])
if names != expected:
    sys.exit(f"conformance-check: FAIL: the JUnit file's test cases are {names}, expected {expected}")
bad = [case.name for case in cases if not case.is_passed or case.is_skipped]
if bad:
    sys.exit(f"conformance-check: FAIL: not passed in the JUnit file: {bad}")
print(f"conformance-check: junitparser read {len(cases)} test cases in {len(suites)} suite(s), every one passed")
PY

step "the test vectors, replayed by scripts/replay-vectors.py"
python3 scripts/replay-vectors.py
step "ok"
