#!/usr/bin/env bash
# The examples cannot rot: builds Examples/BookingApp (a separate package that
# depends on BookingKit by path) and runs its whole booking against a sandbox
# this script starts; then extracts the Swift blocks of README.md's "Using
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
swift format lint --strict -r -p Examples/BookingApp/Sources Examples/BookingApp/Package.swift

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
