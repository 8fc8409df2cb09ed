// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way (ARCHITECTURE.md). Every library module's name
// starts with Booking (CBooking for C), so none collides with another package's.
// booking -> BookingKit -> BookingStore -> BookingSQLite -> CBookingSQLite
//                       -> BookingAPI
//                       -> BookingCurl (Linux) -> BookingAPI, CBookingCurl
//                       -> BookingCore (pure)
// booking -> BookingSandbox -> BookingSQLite, BookingHTTPServer, BookingCore
// booking -> BookingCommandLine (the generic command line: parser, help's
//            pieces, completions, manual page; Foundation, BookingPrimitives)
// every module may use BookingPrimitives (no dependencies of its own)
let package = Package(
    name: "BookingKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // Published: what an app links (BookingKit, which re-exports BookingCore
    // and BookingAPI), what an app's own tests link (BookingKitTesting: the
    // sandbox in the test process, a transport that plans faults, a log
    // handler that records), and the reference server to run beside a
    // backend's tests (BookingSandbox). The rest are the package's own
    // layers; api/ lists every published module's surface.
    products: [
        .library(name: "BookingKit", targets: ["BookingKit"]),
        .library(name: "BookingKitTesting", targets: ["BookingKitTesting"]),
        .library(name: "BookingSandbox", targets: ["BookingSandbox"]),
    ],
    targets: [
        .systemLibrary(
            name: "CBookingSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        .target(name: "BookingSQLite", dependencies: ["CBookingSQLite"]),
        // libcurl's easy interface for BookingCurl, Linux's HTTP, loaded at
        // run time with dlopen: no libcurl header or development package
        // to build (Sources/CBookingCurl/include/CBookingCurl.h), `libcurl.so.4` to run.
        // `dl` for glibc before 2.34, where dlopen is not in libc.
        .target(name: "CBookingCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The dependency-free primitives every module may use (ARCHITECTURE.md).
        .target(name: "BookingPrimitives"),
        // The values a saved trip is made of (money, dates, ids, statuses,
        // refunds, its calendar), apart from the flows, so the lean viewer
        // links only them. BookingCore re-exports them.
        .target(name: "BookingValues", dependencies: ["BookingPrimitives"]),
        .target(name: "BookingCore", dependencies: ["BookingValues", "BookingPrimitives"]),
        .target(
            name: "BookingStore",
            dependencies: ["BookingSQLite", "BookingCore", "BookingPrimitives"],
            plugins: ["EmbedSchema"]
        ),
        .target(name: "BookingAPI", dependencies: ["BookingCore", "BookingPrimitives"]),
        // The HTTP a client uses on Linux unless told otherwise: libcurl on
        // one thread per exchange, without FoundationNetworking's hops
        // (BENCHMARKS.md, "A whole booking, end to end"). Apple platforms
        // keep URLSession, the system's own HTTP stack.
        .target(name: "BookingCurl", dependencies: ["BookingAPI", "CBookingCurl", "BookingPrimitives"]),
        .target(
            name: "BookingKit",
            dependencies: [
                "BookingCore", "BookingStore", "BookingAPI", "BookingPrimitives",
                .target(name: "BookingCurl", condition: .when(platforms: [.linux])),
            ]),
        .target(name: "BookingHTTPServer", dependencies: ["BookingPrimitives"]),
        // The command line's generic machinery, like swift-argument-parser:
        // a tool passes its `Program` in; nothing in it names `booking`.
        .target(name: "BookingCommandLine", dependencies: ["BookingPrimitives"]),
        .target(
            name: "BookingCLI",
            dependencies: [
                "BookingKit", "BookingAPI", "BookingSandbox", "BookingHTTPServer", "BookingCore",
                "BookingPrimitives", "BookingViewer", "BookingCommandLine",
            ]
        ),
        // The lean trip viewer (no networking linked): `booking` answers
        // `trips` and `trip ID` with it and runs `booking-cli`, installed
        // next to it, for the rest. (Depending on the executable would link
        // all of it in: `swift build` builds both.) TripViewerCore imports no
        // Foundation and reads booking.sqlite through SQLite's C interface;
        // BookingViewer adds the full CLI's `TripRecord` to it.
        .target(name: "TripViewerCore", dependencies: ["CBookingSQLite", "BookingValues", "BookingPrimitives"]),
        .target(
            name: "BookingViewer",
            dependencies: ["TripViewerCore", "BookingStore", "BookingCore", "BookingSQLite", "BookingPrimitives"]),
        // Linked fully static on Linux (`-static-executable`: the Swift
        // runtime, SQLite from libsqlite3-dev's `libsqlite3.a`, and glibc):
        // no dynamic loader, no shared objects found and relocated before
        // `main`, so `booking trips` starts about as fast as a static hello
        // (BENCHMARKS.md, "A static `booking`"). No Foundation and no Swift
        // concurrency library: nothing it links imports them. With `lld`,
        // unused sections dropped, identical code folded and no symbol table
        // it is 10 MB at most (scripts/check-viewer-size.sh, which also
        // checks that it is static). A host name for `--server` is resolved
        // by glibc's NSS modules, loaded at run time from the system's glibc.
        // Confined to this executable, which no library product contains
        // (unsafe flags are refused only in products a dependent package uses).
        .executableTarget(
            name: "booking", dependencies: ["TripViewerCore"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-use-ld=lld", "-Xlinker", "--gc-sections", "-Xlinker", "--strip-all",
                        "-Xlinker", "--icf=all",
                    ],
                    .when(platforms: [.linux]))
            ]
        ),
        .executableTarget(name: "booking-cli", dependencies: ["BookingCLI"]),
        // The conformance kit (docs/CONFORMANCE.md): the contract's semantic
        // promises checked against any server, through the client's own HTTP.
        // An executable of its own, so a backend's CI builds only the kit.
        .target(
            name: "BookingConformance",
            dependencies: [
                "BookingAPI", "BookingPrimitives", .target(name: "BookingCurl", condition: .when(platforms: [.linux])),
            ]),
        .executableTarget(name: "booking-conformance", dependencies: ["BookingConformance"]),
        .target(
            name: "BookingSandbox",
            dependencies: ["BookingSQLite", "BookingCore", "BookingHTTPServer", "BookingPrimitives"],
            plugins: ["EmbedSchema"]
        ),
        // The testing product: an app's tests run the sandbox in their own
        // process (TestSandbox), reach it with no socket (InProcessTransport),
        // plan faults (FaultInjectingTransport) and read the log
        // (RecordingLogHandler). The package's own tests use the same pieces.
        .target(
            name: "BookingKitTesting",
            dependencies: ["BookingKit", "BookingAPI", "BookingSandbox", "BookingHTTPServer", "BookingPrimitives"]),
        .executableTarget(name: "SchemaEmbedder"),
        // Benchmarks (BENCHMARKS.md): the store against raw sqlite3 C.
        .target(name: "CBookingSQLiteBaseline", dependencies: ["CBookingSQLite"]),
        .executableTarget(
            name: "bookingkit-bench",
            dependencies: [
                "BookingStore", "BookingSQLite", "BookingCore", "CBookingSQLiteBaseline", "BookingKit", "BookingAPI",
                "BookingSandbox", "BookingPrimitives",
            ]
        ),
        // The start-up floor of the cold-start benchmark (scripts/bench-cold-start.sh).
        .executableTarget(name: "bench-hello"),
        // Test-only: shared helpers, and a child process for cross-process tests.
        .target(name: "TestSupport", dependencies: ["BookingPrimitives"], path: "Tests/Support"),
        .target(
            name: "BookingTestSupport",
            dependencies: [
                "BookingAPI", "BookingCore", "BookingSandbox", "BookingHTTPServer", "TestSupport", "BookingPrimitives",
                "BookingKitTesting",
            ],
            path: "Tests/BookingTestSupport"
        ),
        .target(
            name: "BookingSimulation",
            dependencies: [
                "BookingKit", "BookingAPI", "BookingCore", "BookingStore", "BookingSQLite", "BookingSandbox",
                "BookingTestSupport", "BookingHTTPServer",
            ],
            path: "Tests/BookingSimulation"
        ),
        .executableTarget(
            name: "store-probe", dependencies: ["BookingStore", "BookingSQLite", "BookingCore"],
            path: "Tests/StoreProbe"),
        .plugin(
            name: "EmbedSchema",
            capability: .buildTool(),
            dependencies: ["SchemaEmbedder"]
        ),
        .testTarget(name: "BookingPrimitivesTests", dependencies: ["BookingPrimitives", "TestSupport"]),
        .testTarget(name: "BookingSQLiteTests", dependencies: ["BookingSQLite", "TestSupport"]),
        .testTarget(name: "BookingCoreTests", dependencies: ["BookingCore", "TestSupport"]),
        .testTarget(
            name: "BookingStoreTests", dependencies: ["BookingStore", "BookingSQLite", "BookingCore", "TestSupport"]),
        .testTarget(
            name: "BookingAPITests",
            dependencies: ["BookingAPI", "BookingCore", "BookingHTTPServer", "BookingPrimitives"]),
        .testTarget(
            name: "BookingKitTests",
            dependencies: [
                "BookingKit", "BookingAPI", "BookingCore", "BookingStore", "BookingTestSupport", "TestSupport",
                "BookingSandbox", "BookingHTTPServer", "BookingPrimitives", "BookingKitTesting",
            ]),
        .testTarget(
            name: "BookingCurlTests",
            dependencies: [
                "BookingCurl", "BookingAPI", "BookingCore", "BookingHTTPServer", "BookingPrimitives", "TestSupport",
            ]),
        .testTarget(
            name: "BookingHTTPServerTests", dependencies: ["BookingHTTPServer", "TestSupport", "BookingPrimitives"]),
        .testTarget(
            name: "BookingSimulationTests",
            dependencies: [
                "BookingSimulation", "BookingKit", "BookingAPI", "BookingCore", "BookingStore", "BookingSQLite",
                "BookingSandbox", "BookingTestSupport", "BookingHTTPServer", "BookingCLI",
            ]
        ),
        .testTarget(
            name: "BookingCLITests",
            dependencies: [
                "BookingCLI", "BookingCommandLine", "BookingAPI", "BookingCore", "TestSupport", "BookingPrimitives",
                "BookingTestSupport", "BookingHTTPServer",
            ]),
        .testTarget(
            name: "BookingSandboxTests",
            dependencies: [
                "BookingSandbox", "BookingHTTPServer", "BookingSQLite", "BookingCore", "BookingPrimitives",
                "TestSupport",
            ]),
        .testTarget(
            name: "BookingConformanceTests",
            dependencies: [
                "BookingConformance", "BookingSandbox", "BookingTestSupport", "BookingAPI", "BookingCore", "BookingKit",
                "BookingHTTPServer", "BookingPrimitives", "TestSupport",
            ]),
    ]
)

// Every Swift target: Swift 6 language mode (strict concurrency) plus the
// upcoming features we want now, set in one place.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
