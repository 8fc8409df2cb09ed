// swift-tools-version:6.0
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory, so the product is
// looked up under whatever the clone of BookingKit is called.
let bookingKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// An app's view of BookingKit: a separate package that depends on it by
// path, as an app would, and uses nothing but `import BookingKit` (and, in
// its tests, `import BookingKitTesting`).
let package = Package(
    name: "BookingApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: "../..")],
    targets: [
        // A whole booking against a running sandbox, from the command line.
        .executableTarget(
            name: "BookingExample",
            dependencies: [.product(name: "BookingKit", package: bookingKit)]
        ),
        // The SwiftUI screen over `BookingModel` (compiled where SwiftUI exists).
        .target(
            name: "BookingAppUI",
            dependencies: [.product(name: "BookingKit", package: bookingKit)]
        ),
        // The app's own tests: its screen logic against the sandbox in the
        // test process, with planned faults, in no real time.
        .testTarget(
            name: "BookingAppUITests",
            dependencies: ["BookingAppUI", .product(name: "BookingKitTesting", package: bookingKit)]
        ),
    ]
)
