#!/usr/bin/env bash
# Contract check of the sandbox server: builds and starts `booking sandbox` on a
# free port, checks the documented headers and error codes with curl,
# validates Schema/api/openapi.yaml, and fuzzes the server against it with
# schemathesis (no 5xx, every response conforming to the schema). Exits
# non-zero on any failure. Needs swift, curl, python3 with pip (PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

NAME=contract-check
# shellcheck source=scripts/lib/sandbox.sh
source scripts/lib/sandbox.sh

# Python tools, installed once.
# Pinned: the script's flags are those of these versions.
python3 -c 'import openapi_spec_validator' 2>/dev/null || pip3 install -q 'openapi-spec-validator==0.9.0'
command -v schemathesis >/dev/null || pip3 install -q 'schemathesis==4.32.5'

build_booking
start_sandbox "$WORK/data"
BASE="http://127.0.0.1:$PORT"
step "booking sandbox listening on $BASE"

AUTH="Authorization: Bearer sk_test_contract"
# request METHOD PATH [curl args...] -> sets STATUS, HEADERS (file), BODY (file); CURL_RC
request() {
    local method="$1" path="$2"; shift 2
    set +e
    STATUS="$(curl -sS -o "$WORK/body" -D "$WORK/headers" -w '%{http_code}' -X "$method" "$@" "$BASE$path")"
    CURL_RC=$?
    set -e
}
header() { grep -i "^$1:" "$WORK/headers" | head -1 | sed 's/^[^:]*: *//' | tr -d '\r'; }
json() { python3 -c "import json,sys; d=json.load(open('$WORK/body')); print(eval(sys.argv[1], {'d': d}))" "$1"; }
expect_status() { [ "$STATUS" = "$1" ] || { cat "$WORK/body" >&2; fail "$2: status $STATUS, expected $1"; }; }
expect_code() { [ "$(json "d['error']['code']")" = "$1" ] || fail "$2: error code $(cat "$WORK/body"), expected $1"; }

CHECK_IN="$(python3 -c 'import datetime; print(datetime.date.today() + datetime.timedelta(days=30))')"
CHECK_OUT="$(python3 -c 'import datetime; print(datetime.date.today() + datetime.timedelta(days=33))')"

step "auth"
request GET /v1/bookings
expect_status 401 "no token"; expect_code UNAUTHENTICATED "no token"
[ "$(header WWW-Authenticate)" = "Bearer" ] || fail "401 without WWW-Authenticate: Bearer"
[ "$(header Content-Type)" = "application/json" ] || fail "error without Content-Type: application/json"

step "search"
request GET "/v1/places/suggest?q=lis" -H "$AUTH"
expect_status 200 "suggest"
[ "$(json "d['items'][0]['placeId']")" = "plc_lisbon" ] || fail "suggest lis"
request GET "/v1/offers?placeId=plc_lisbon&checkIn=$CHECK_IN&checkOut=$CHECK_OUT&guests=2&limit=2" -H "$AUTH"
expect_status 200 "offers"
OFFER="$(json "d['items'][0]['offerId']")"; QUOTE="$(json "d['items'][0]['quoteId']")"
[ "$(json "d['items'][0]['price']['total']['amount'] == d['items'][0]['price']['nightly']['amount'] * 3 + d['items'][0]['price']['taxes']['amount'] + d['items'][0]['price']['fees']['amount']")" = "True" ] || fail "server total"
[ "$(json "d['nextCursor'] is not None")" = "True" ] || fail "no nextCursor"

step "idempotency headers"
HOLD_BODY="{\"offerId\":\"$OFFER\",\"quoteId\":\"$QUOTE\"}"
request POST /v1/holds -H "$AUTH" -H "Content-Type: application/json" -d "$HOLD_BODY"
expect_status 400 "hold without key"; expect_code IDEMPOTENCY_KEY_MISSING "hold without key"
request POST /v1/holds -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-hold-1" -d "$HOLD_BODY"
expect_status 201 "hold"
HOLD="$(json "d['holdId']")"
[ "$(header Idempotency-Key-Lifetime)" = "86400" ] || fail "Idempotency-Key-Lifetime is '$(header Idempotency-Key-Lifetime)'"
[ -z "$(header Idempotent-Replayed)" ] || fail "first answer marked replayed"
[ "$(json "d['expiresInMs']")" = "900000" ] || fail "hold TTL is not 15 min"
request POST /v1/holds -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-hold-1" -d "$HOLD_BODY"
expect_status 201 "hold replay"
[ "$(header Idempotent-Replayed)" = "true" ] || fail "replay without Idempotent-Replayed: true"
request GET /v1/holds -H "$AUTH"
expect_status 200 "live holds"
[ "$(json "[h['holdId'] for h in d['items']]")" = "['$HOLD']" ] || fail "live holds list $(cat "$WORK/body"), not ['$HOLD']"
[ "$(json "d['items'][0]['state'] == 'HELD' and d['items'][0]['expiresInMs'] > 0")" = "True" ] || fail "live hold not HELD with time left"
request GET /v1/holds -H "Authorization: Bearer sk_test_contract_other"
[ "$(json "d['items']")" = "[]" ] || fail "another account sees this account's hold"
request POST /v1/holds -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-hold-1" -d "{\"offerId\":\"$OFFER\",\"quoteId\":\"qt_0000000000000000\"}"
expect_status 422 "key reuse"; expect_code IDEMPOTENCY_KEY_REUSED "key reuse"

step "faults"
request GET "/v1/places/suggest?q=to" -H "$AUTH" -H "Sandbox-Fault: rate-limit"
expect_status 429 "rate-limit"; expect_code RATE_LIMITED "rate-limit"
[ "$(header Retry-After)" = "1" ] || fail "429 without Retry-After"
request GET "/v1/places/suggest?q=to" -H "$AUTH" -H "Sandbox-Fault: unavailable"
expect_status 503 "unavailable"; expect_code UNAVAILABLE "unavailable"
[ "$(header Retry-After)" = "1" ] || fail "503 without Retry-After"
request GET "/v1/places/suggest?q=to" -H "$AUTH" -H "Sandbox-Fault: explode"
expect_status 400 "unknown fault"; expect_code INVALID_FAULT "unknown fault"
request POST /v1/bookings -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-pay-1" \
    -H "Sandbox-Fault: drop-response-after-commit" -d "{\"holdId\":\"$HOLD\",\"paymentToken\":\"tok_visa\"}"
[ "$CURL_RC" = "52" ] || fail "drop-response-after-commit: curl exit $CURL_RC, expected 52 (empty reply)"
request GET "/v1/bookings?attempt=cc-pay-1" -H "$AUTH"
expect_status 200 "recovery lookup"
[ "$(json "d['state']")" = "CONFIRMED" ] || fail "lost answer: booking not CONFIRMED"
request POST /v1/bookings -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-pay-1" -d "{\"holdId\":\"$HOLD\",\"paymentToken\":\"tok_visa\"}"
expect_status 201 "payment retry"
[ "$(header Idempotent-Replayed)" = "true" ] || fail "payment retry not replayed"
request POST /v1/bookings -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-pay-other-device" -d "{\"holdId\":\"$HOLD\",\"paymentToken\":\"tok_visa\"}"
expect_status 409 "the same hold paid from another device"; expect_code HOLD_ALREADY_BOOKED "the same hold paid twice"
request GET /v1/sandbox/ledger -H "$AUTH"
[ "$(json "d['chargeCount']")" = "1" ] || fail "charged $(json "d['chargeCount']") times"
request GET /v1/holds -H "$AUTH"
[ "$(json "d['items']")" = "[]" ] || fail "a paid hold is still listed live: $(cat "$WORK/body")"
request GET /v1/sandbox/config -H "$AUTH"
[ "$(json "d['idempotencyKeyLifetimeSeconds']")" = "86400" ] || fail "config lifetime"

step "the payment-method switch"
request GET /v1/payment-methods -H "$AUTH"
expect_status 200 "payment methods"
[ "$(json "d['origin']")" = "$BASE" ] || fail "the switch names the origin $(json "d['origin']"), not $BASE"
[ "$(json "[m['kind'] for m in d['methods'] if m['enabled']]")" = "['card', 'wallet', 'threeDSecure']" ] || fail "a kind is off at start"
request POST /v1/sandbox/payment-methods -H "$AUTH" -H "Content-Type: application/json" \
    -d '{"kind":"wallet","enabled":false,"reason":"Wallets are paused."}'
expect_status 200 "switch wallet off"
[ "$(json "[m.get('reason') for m in d['methods'] if m['kind'] == 'wallet']")" = "['Wallets are paused.']" ] || fail "wallet not off"
request POST /v1/holds -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-hold-2" -d "$HOLD_BODY"
expect_status 201 "hold for the wallet"
HOLD2="$(json "d['holdId']")"
request POST /v1/bookings -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-pay-wallet" \
    -d "{\"holdId\":\"$HOLD2\",\"paymentToken\":\"tok_wallet_visa\"}"
expect_status 409 "wallet switched off"; expect_code PAYMENT_METHOD_DISABLED "wallet switched off"
request POST /v1/sandbox/payment-methods -H "$AUTH" -H "Content-Type: application/json" -d '{"kind":"wallet","enabled":true}'
expect_status 200 "switch wallet on"
request POST /v1/bookings -H "$AUTH" -H "Content-Type: application/json" -H "Idempotency-Key: cc-pay-wallet" \
    -d "{\"holdId\":\"$HOLD2\",\"paymentToken\":\"tok_wallet_visa\"}"
expect_status 409 "the refusal is stored under its key"; expect_code PAYMENT_METHOD_DISABLED "the stored refusal"
[ "$(header Idempotent-Replayed)" = "true" ] || fail "the refusal was not replayed under its key"
request GET /sandbox/stats.json
[ "$(json "[r['refusedBySwitch'] for r in d if r['kind'] == 'wallet']")" = "[1]" ] || fail "stats: wallet refusals"

step "the change channel (GET /v1/events)"
request GET /v1/events -H "$AUTH"
expect_status 200 "events from now"
[ "$(json "d['items']")" = "[]" ] || fail "events from now listed old changes"
request GET "/v1/events?after=0" -H "$AUTH"
expect_status 200 "events from the start"
[ "$(json "len(d['items']) > 0 and d['lastSeq'] == d['items'][-1]['seq']")" = "True" ] || fail "the payments above are not listed as changes"
request GET "/v1/events?waitSeconds=26" -H "$AUTH"
expect_status 400 "a wait over 25 s"

step "validating Schema/api/openapi.yaml"
python3 - <<'PY'
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename
spec, _ = read_from_filename("Schema/api/openapi.yaml")
validate(spec)
PY

step "pages"
request GET / -H "Host: 127.0.0.1:$PORT"
expect_status 200 "dashboard"
case "$(header Content-Type)" in text/html*) ;; *) fail "dashboard is not HTML";; esac
grep -q 'href="/openapi.yaml"' "$WORK/body" || fail "the dashboard does not link the OpenAPI document"
request GET /openapi.yaml
expect_status 200 "OpenAPI document"
cmp -s "$WORK/body" Schema/api/openapi.yaml || fail "/openapi.yaml is not Schema/api/openapi.yaml"
request GET "/?q=<script>"
expect_status 404 "dashboard with a query"
request GET / -H "Host: evil.example"
expect_status 421 "dashboard under another Host"

step "schemathesis (bounded, with the stateful phase over the links)"
# Dated examples in the document move to 30 days ahead, so the fuzzer's
# examples stay bookable whatever the date. The stay rules (check-in from
# today up to 550 days ahead, 1-30 nights) depend on the clock and relate two
# values, which no JSON Schema in the document can say (the document gives
# the date shape, years 2000-2199, and the rules in prose); so in the copy
# fuzzed here the dates of a search and of an offer id are pinned to that
# bookable stay. Negative cases still send dates of every other shape.
# The copy also leaves out the `cursor` parameters: a cursor is opaque and only
# valid as handed out for the same query, so every generated one is a right
# 400 INVALID_CURSOR, which schemathesis also counted as a schema mismatch
# (with `attempt` plus `limit` it sank GET /v1/bookings' share of accepted
# requests). The Swift tests and the curl check above cover paging.
# GET /v1/offers takes exactly one of `placeId` and `bbox`, and a bbox's
# minimum at most its maximum; OpenAPI 3.1 has no way to say either for query
# parameters (no oneOf across parameters, no comparison of two numbers in a
# pattern), and generated requests carrying neither, both or a reversed box
# were most of that operation's 400s. So the copy searches by `placeId` only
# (required there); the Swift tests cover bbox, and DocumentPatternTests
# checks the document's bbox pattern against the parser.
python3 - "$WORK/openapi.yaml" "$CHECK_IN" "$CHECK_OUT" <<'PY'
import sys
out, check_in, check_out = sys.argv[1:]
text = open("Schema/api/openapi.yaml").read()
date = r"(20[0-9]{2}|21[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
compact = date.replace(")-(", ")(")
def pin(old, new, count):
    global text
    assert text.count(old) == count, f"sandbox-contract-check: {old!r} is not in the document {count} times"
    text = text.replace(old, new)
pin(f"pattern: '^{date}$', example: '2027-03-03'", f"pattern: '^{check_in}$', example: '2027-03-03'", 1)
pin(f"pattern: '^{date}$', example: '2027-03-06'", f"pattern: '^{check_out}$', example: '2027-03-06'", 1)
pin(f"_{compact}_{compact}_[1-8]$'", "_" + check_in.replace("-", "") + "_" + check_out.replace("-", "") + "_[1-8]$'", 1)
pin("""        - name: cursor
          in: query
          description: The `nextCursor` of the previous page, as given (base64url, at most 128 characters).
          schema: {type: string, minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$'}
""", "", 2)
start = text.index("        - name: bbox\n")
text = text[:start] + text[text.index("        - name: checkIn\n", start):]
pin("        - name: placeId\n          in: query\n", "        - name: placeId\n          in: query\n          required: true\n", 1)
# GET /v1/offers/pins: the same pinned stay, and boxes from a fixed list
# (the document cannot say min <= max either; random boxes were mostly
# reversed, each a right 400).
start = text.index("  /v1/offers/pins:\n")
end = text.index("\n  /v1/", start + 1)
section = text[start:end]
stay = f"pattern: '^{date}$'}}"
assert section.count(stay) == 2, "sandbox-contract-check: the pins' stay is not two dated parameters"
section = section.replace(stay, f"pattern: '^{check_in}$'}}", 1).replace(stay, f"pattern: '^{check_out}$'}}", 1)
box_start = section.index("            pattern: '^-?(180")
box_end = section.index("\n", box_start)
section = section[:box_start] + "            enum: ['-9.3,38.6,-9.0,38.8', '-10,36,4,44', '-180,-90,180,90']" + section[box_end:]
text = text[:start] + section + text[end:]
text = text.replace("2027-03-03", check_in).replace("2027-03-06", check_out)
text = text.replace("20270303_20270306", check_in.replace("-", "") + "_" + check_out.replace("-", ""))
open(out, "w").write(text)
PY
# One worker: CPython 3.11's ast.parse is not thread-safe under hypothesis.
# The 3-D Secure page's form POST is left out: schemathesis sends its empty
# form body chunked, which the listener refuses with 501 before the sandbox
# sees it (HTTPServer takes Content-Length bodies only); the Swift tests and
# scripts/browser-test.sh cover that form.
# GET /v1/events is left out too: it holds a request open up to its
# `waitSeconds` (25 s) when nothing changed, longer than the fuzzer's
# request timeout; the curl step above and the Swift tests cover it.
# A fresh Idempotency-Key per request, as the contract asks of a client (one
# key per attempt). Left to itself the generator draws the same short keys
# ("0", "00", ...) for requests with different bodies, which the sandbox
# rightly refuses with 422 IDEMPOTENCY_KEY_REUSED; that refusal protects money
# and state, so it stays, but schemathesis counted those 422s as "schema
# validation mismatch" for every keyed POST. The generated key is kept as a
# prefix (its shape still varies), and keys that are invalid on purpose
# (negative cases) are left alone.
cat >"$WORK/fresh_idempotency_keys.py" <<'HOOK'
import itertools, re, uuid
import schemathesis

_VALID = re.compile(r"[!-~]{1,255}")
_RUN = uuid.uuid4().hex[:12]
_COUNTER = itertools.count()


@schemathesis.hook
def before_call(context, case, **kwargs):
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and _VALID.fullmatch(key):
        suffix = f".{_RUN}.{next(_COUNTER)}"
        case.headers["Idempotency-Key"] = key[: 255 - len(suffix)] + suffix
HOOK
# Run from the scratch directory: schemathesis writes a cache where it runs.
(cd "$WORK" && SCHEMATHESIS_HOOKS="$WORK/fresh_idempotency_keys.py" schemathesis run "$WORK/openapi.yaml" --url "$BASE" -H "Authorization: Bearer sk_test_fuzz" \
    --checks not_a_server_error,response_schema_conformance \
    --phases examples,coverage,fuzzing,stateful --exclude-operation-id answerChallengePage --exclude-operation-id listBookingEvents \
    --max-examples 30 --seed 1 --workers 1 --request-timeout 10 --max-time 120 \
    >"$WORK/schemathesis.txt" 2>&1) || { cat "$WORK/schemathesis.txt" >&2; fail "schemathesis found problems"; }
grep -E "generated|passed|failed|Stateful|stateful|links" "$WORK/schemathesis.txt" | tail -6
cp "$WORK/schemathesis.txt" "${BOOKINGKIT_CONTRACT_REPORT:-/tmp/bookingkit-schemathesis.txt}" 2>/dev/null || true

step "graceful stop"
kill -TERM "$SERVER_PID"
wait "$SERVER_PID" || fail "booking sandbox exited with $? on SIGTERM"
SERVER_PID=""
step "all checks passed"
