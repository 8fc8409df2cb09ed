#!/usr/bin/env bash
# The examples cannot rot: builds Examples/BookingApp (a separate package that
# depends on BookingKit by path) and runs its whole booking against a sandbox
# this script starts; runs its own tests (`swift test`: the app's screen
# logic on the testing product, BookingKitTesting, with no server); then extracts the Swift blocks of README.md's "Using
# the library" section and compiles them in an outside package. Exits
# non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
ROOT="$PWD"

NAME=check-examples
# shellcheck source=scripts/lib/sandbox.sh
source scripts/lib/sandbox.sh

step "swift format lint --strict on Examples/"
swift format lint --strict -r -p Examples/BookingApp/Sources Examples/BookingApp/Tests Examples/BookingApp/Package.swift

build_booking
start_sandbox "$WORK/sandbox"

# One scratch directory for both outside packages: BookingKit builds once.
SCRATCH="$ROOT/Examples/.build"
step "building Examples/BookingApp (warnings are errors)"
swift build --package-path Examples/BookingApp --scratch-path "$SCRATCH" 2>&1 | tee "$WORK/build.log" | tail -3
if grep -E "^/.*warning:" "$WORK/build.log" | grep "/Examples/" >/dev/null; then
    grep -E "warning:" "$WORK/build.log" >&2
    fail "the example has warnings"
fi
step "the example's own tests on BookingKitTesting (swift test, no server)"
swift build --package-path Examples/BookingApp --scratch-path "$SCRATCH" --build-tests 2>&1 | tee "$WORK/build-tests.log" | tail -1
if grep -E "^/.*warning:" "$WORK/build-tests.log" | grep "/Examples/" >/dev/null; then
    grep -E "warning:" "$WORK/build-tests.log" >&2
    fail "the example's tests have warnings"
fi
swift test --package-path Examples/BookingApp --scratch-path "$SCRATCH" --skip-build 2>&1 | tee "$WORK/example-tests.log" \
    | grep -E "Test run with|✘" || true
grep -qE "Test run with [0-9]+ tests? in [0-9]+ suites? passed" "$WORK/example-tests.log" \
    || fail "the example's tests did not pass"
step "running the example against http://127.0.0.1:$PORT"
"$SCRATCH/debug/BookingExample" "http://127.0.0.1:$PORT" "$WORK/app" | tee "$WORK/example.log"
grep -q '^example: ok$' "$WORK/example.log" || fail "the example did not finish its booking"

step "compiling README.md's library section in an outside package"
README_PACKAGE="$WORK/readme"
mkdir -p "$README_PACKAGE/Sources/ReadmeSnippets"
awk -v dir="$README_PACKAGE/Sources/ReadmeSnippets" '
    /^## / { inside = ($0 == "## Using the library") }
    inside && /^```swift$/ { n++; file = sprintf("%s/Snippet%d.swift", dir, n); copying = 1; next }
    copying && /^```$/ { copying = 0; close(file); next }
    copying { print > file }
    END { if (n == 0) exit 1 }
' README.md || fail "no Swift block in README.md's library section"
step "$(ls "$README_PACKAGE/Sources/ReadmeSnippets" | wc -l) block(s)"
# Each block is a file of its own: imports at the top, as written.
cat >"$README_PACKAGE/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "ReadmeSnippets",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: "$ROOT")],
    targets: [.target(name: "ReadmeSnippets", dependencies: [.product(name: "BookingKit", package: "$(basename "$ROOT")")])]
)
MANIFEST
swift build --package-path "$README_PACKAGE" --scratch-path "$SCRATCH" 2>&1 | tail -3
step "ok"

# The sealed contract: what an outside package must not be able to name.
# Each line is one snippet that imports BookingKit (and, where it says so,
# a layer behind it: its module is on disk, its declarations are the
# package's own) and must fail to type-check; a control that uses the
# public surface must pass, so a failure is the seal, not the set-up.
step "an outside package cannot reach the runtime, build a flow state or pay without the saved row"
SEALED="$WORK/sealed"
mkdir -p "$SEALED"
BIN_DEBUG="$SCRATCH/debug"
typecheck() {
    swiftc -typecheck -swift-version 6 -module-name Outside -I "$BIN_DEBUG/Modules" -I Sources/CBookingSQLite \
        -Xcc -fmodule-map-file="$BIN_DEBUG/CBookingCurl.build/module.modulemap" -I Sources/CBookingCurl/include "$1"
}
printf 'import BookingKit\nfunc control(_ c: BookingClient, _ s: BookingFlow.State, _ h: BookingFlow.Held, _ o: Offer) async throws -> String {\n    _ = try await c.savedTrips()\n    _ = (h.price, o.price)\n    return s.stage.name\n}\n' >"$SEALED/control.swift"
typecheck "$SEALED/control.swift" >"$SEALED/control.log" 2>&1 || { cat "$SEALED/control.log" >&2; fail "the control snippet (public API only) does not type-check"; }
sealed=0
while IFS='|' read -r name code; do
    [ -n "$name" ] || continue
    printf '%b\n' "$code" >"$SEALED/$name.swift"
    if typecheck "$SEALED/$name.swift" >"$SEALED/$name.log" 2>&1; then
        fail "an outside package can $name: $code"
    fi
    grep -qE "error: .*(inaccessible|cannot find|has no member|no such module)" "$SEALED/$name.log" || { cat "$SEALED/$name.log" >&2; fail "$name: refused, but not for its access level"; }
    sealed=$((sealed + 1))
done <<'SNIPPETS'
name-the-API-client|import BookingKit\nlet x = BookingAPIClient.self
send-a-payment-through-BookingAPI|import BookingAPI\nlet x = BookingAPIClient.self
name-the-flow-store|import BookingKit\nlet x = FlowStore.self
name-the-effect-runner|import BookingKit\nlet x = EffectRunner.self
call-the-reducer|import BookingKit\nlet x = BookingFlow.reduce
name-a-saved-attempt|import BookingKit\nlet x = SavedAttempt.self
open-the-store|import BookingStore\nlet x = BookingDatabase.self
read-the-ledger|import BookingKit\nfunc f(_ c: BookingClient) async throws { _ = try await c.sandboxLedger() }
build-a-flow-state|import BookingKit\nlet x = BookingFlow.State(stage: .browsing)
set-a-flow-stage|import BookingKit\nfunc f(_ s: inout BookingFlow.State) { s.stage = .browsing }
read-the-unknown-token|import BookingKit\nfunc f(_ u: BookingFlow.Unknown) -> Any? { u.token }
set-the-model-error|import BookingKit\n@MainActor func f(_ m: BookingModel) { m.lastError = nil }
skip-waits-in-an-app-build|import BookingKitTesting\nlet x = NoSleeper.self
build-a-client-with-the-package-seams|import BookingKit\nimport BookingKitTesting\nfunc f(_ c: BookingClient.Configuration) throws { _ = try BookingClient(c, dependencies: Dependencies()) }
name-a-wire-hold|import BookingKit\nlet x = Hold.self
name-a-wire-booking|import BookingKit\nfunc f(_ s: BookingFlow.Settled) -> Any { s.booking }
pay-through-the-testing-product|import BookingKitTesting\nfunc f(_ s: TestSandbox) async throws { _ = try await s.api("test").createBooking }
SNIPPETS
step "ok: $sealed snippets refused, the control compiles"
