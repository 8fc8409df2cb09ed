#!/bin/sh
# Builds the HTTPRequestParser libFuzzer target from the parser's sources
# and runs it. Usage: Tests/Fuzz/fuzz-http-parser.sh [libFuzzer options]
# e.g. -max_total_time=60. Seeds come from Tests/Fuzz/http-parser-seeds.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
src="$root/Sources/HTTPServer"
out="${TMPDIR:-/tmp}/http-parser-fuzz"
mkdir -p "$out/corpus"
cp "$root"/Tests/Fuzz/http-parser-seeds/* "$out/corpus/"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name HTTPParserFuzz \
    "$src/HTTPRequestParser.swift" "$src/HTTPSyntax.swift" "$src/HTTPParseError.swift" \
    "$src/HTTPVersion.swift" "$src/HTTPHeaders.swift" "$src/HTTPRequest.swift" \
    "$src/HTTPResponse.swift" "$src/HTTPResponse+JSONError.swift" \
    "$root/Tests/Fuzz/HTTPRequestParserFuzz.swift" \
    -o "$out/fuzz-http-parser"
cd "$out"
exec ./fuzz-http-parser "$@" corpus
