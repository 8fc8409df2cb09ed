#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (issue 7, item 4), each for a set time.
#
#   scripts/fuzz.sh [seconds-per-target] [target...]
#
# Targets: deep-link, wire-decoder, http-parser, database-open, flow-events,
# command-line (BookingCommandLine's parser over command types: typed options
# and arguments of every kind), body-limit (the response-size cap of every
# endpoint, through the API client). How they are built: outside SwiftPM,
# with swiftc -sanitize=fuzzer,address. The modules under test (BookingPrimitives,
# BookingSQLite, BookingValues, BookingCore, BookingStore, BookingAPI, BookingCommandLine) are compiled
# from their sources into instrumented static libraries, and each harness in
# Tests/Fuzz/Harnesses links the ones it needs; the HTTP parser's few pure
# files are compiled into its harness directly. BookingStore's embedded
# schema is the file SwiftPM's plugin generates, so `swift build` runs first.
# FUZZ_REUSE_MODULES=1 skips rebuilding the libraries when they exist.
#
# CI (.ci/run) runs `scripts/fuzz.sh 5`: every target built and run 5 s, so
# a harness that no longer builds, or a crash on the committed corpus,
# fails CI.
#
# Seeds: Tests/Fuzz/corpus/<target>/ (committed); the growing corpus, the
# crashes (artifacts) and a summary with libFuzzer's runs and cov: figure
# per target go to ${FUZZ_OUT:-/tmp/bookingkit-fuzz}. A crash stops the
# script with its input; every crash becomes a test in a normal test target.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
shift || true
targets=("$@")
all_targets=(deep-link wire-decoder http-parser database-open flow-events command-line body-limit)
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
export PATH="/opt/swift/usr/bin:$PATH"
out=${FUZZ_OUT:-/tmp/bookingkit-fuzz}
modules="$out/modules"
mkdir -p "$modules"
flags=(-parse-as-library -sanitize=fuzzer,address -O -g -swift-version 6 -enable-upcoming-feature ExistentialAny -package-name bookingkit
       -enable-testing -I "$modules" -Xcc -fmodule-map-file="$root/Sources/CBookingSQLite/module.modulemap")

(cd "$root" && swift build --target BookingStore >/dev/null)
schema=$(find "$root/.build" -path "*plugins/outputs/*/BookingStore/destination/EmbedSchema/EmbeddedSchema.swift" | head -1)

# ld.gold's notes about ASan's local symbols are noise; everything else shows.
quiet() { grep -v "Cannot export local symbol" || true; }
set -o pipefail

module() { # name sources...
    local name=$1; shift
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$name" \
        -emit-module-path "$modules/$name.swiftmodule" -o "$modules/lib$name.a" "$@" 2>&1 | quiet
}
if [ "${FUZZ_REUSE_MODULES:-0}" != 1 ] || [ ! -f "$modules/libBookingCommandLine.a" ]; then
    module BookingPrimitives "$root"/Sources/BookingPrimitives/*.swift
    module BookingSQLite "$root"/Sources/BookingSQLite/*.swift
    module BookingValues "$root"/Sources/BookingValues/*.swift
    module BookingCore "$root"/Sources/BookingCore/*.swift
    module BookingStore "$root"/Sources/BookingStore/*.swift "$schema"
    module BookingAPI "$root"/Sources/BookingAPI/*.swift "$root"/Sources/BookingAPI/Wire/*.swift
    module BookingCommandLine $(find "$root/Sources/BookingCommandLine" -name "*.swift" | sort)
fi

harness() { # target harness-files... -- libraries...
    local target=$1; shift
    swiftc "${flags[@]}" -L "$modules" "$@" -o "$out/fuzz-$target" 2>&1 | quiet
}
h="$root/Tests/Fuzz/Harnesses"
http="$root/Sources/BookingHTTPServer"
for target in "${targets[@]}"; do
    case $target in
        deep-link) harness "$target" "$h/DeepLinkFuzz.swift" -lBookingCore -lBookingValues -lBookingPrimitives ;;
        wire-decoder) harness "$target" "$h/WireDecoderFuzz.swift" -lBookingAPI -lBookingCore -lBookingValues -lBookingPrimitives -lFoundationNetworking ;;
        http-parser) harness "$target" "$h/HTTPParserFuzz.swift" -module-name HTTPParserFuzz \
            "$http/HTTPRequestParser.swift" "$http/HTTPSyntax.swift" "$http/HTTPParseError.swift" \
            "$http/HTTPVersion.swift" "$http/HTTPHeaders.swift" "$http/HTTPRequest.swift" \
            "$http/HTTPResponse.swift" "$http/HTTPResponse+Disposition.swift" "$http/HTTPResponse+JSONError.swift" -lBookingPrimitives ;;
        command-line) harness "$target" "$h/CommandLineFuzz.swift" -module-name CommandLineFuzz \
            -lBookingCommandLine -lBookingPrimitives ;;
        body-limit) harness "$target" "$h/BodyLimitFuzz.swift" -module-name BodyLimitFuzz \
            -lBookingAPI -lBookingCore -lBookingValues -lBookingPrimitives -lFoundationNetworking ;;
        database-open) harness "$target" "$h/DatabaseOpenFuzz.swift" -lBookingStore -lBookingSQLite -lBookingCore -lBookingValues -lBookingPrimitives -lsqlite3 ;;
        flow-events) harness "$target" "$h/FlowEventsFuzz.swift" "$h/ByteReader.swift" -module-name FlowEventsFuzz \
            -lBookingCore -lBookingValues -lBookingPrimitives ;;
        *) echo "unknown target $target" >&2; exit 2 ;;
    esac
done

summary="$out/summary.txt"
: > "$summary"
for target in "${targets[@]}"; do
    corpus="$out/corpus/$target"
    artifacts="$out/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    cp "$root/Tests/Fuzz/corpus/$target/"* "$corpus/" 2>/dev/null || true
    log="$out/$target.log"
    max_len=4096
    [ "$target" = database-open ] && max_len=20000
    # body-limit's harness calls the API client on Swift's cooperative pool
    # and waits for it: a pool thread may still drop the last reference to
    # an input's answer after the input returns, which LeakSanitizer's
    # check between inputs read as a leak (only in a run of the whole
    # corpus, never for the input alone). Leaks are left to the other targets.
    leaks=1
    [ "$target" = body-limit ] && leaks=0
    echo "== fuzz $target for ${seconds}s"
    status=0
    "$out/fuzz-$target" -max_total_time="$seconds" -max_len=$max_len -detect_leaks=$leaks -artifact_prefix="$artifacts" \
        -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
    runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}' | tail -1)
    cov=$(grep -oE "cov: [0-9]+" "$log" | tail -1 | awk '{print $2}')
    ft=$(grep -oE "ft: [0-9]+" "$log" | tail -1 | awk '{print $2}')
    files=$(ls "$corpus" | wc -l)
    echo "$target runs=${runs:-0} cov=${cov:-0} ft=${ft:-0} corpus=$files seconds=$seconds status=$status" | tee -a "$summary"
    if [ "$status" -ne 0 ]; then
        echo "fuzz: $target crashed; see $log and $artifacts" >&2
        tail -30 "$log" >&2
        exit 1
    fi
done
echo "fuzz: summary in $summary"
