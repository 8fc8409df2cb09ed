import Foundation
import TestSupport
import Testing

/// The lean viewer copied alone into a directory (no `booking-cli` beside
/// it, so a command it handed over fails instead of passing through the
/// CLI unnoticed), with a data directory whose `booking.sqlite` the full
/// CLI has created, the server down.
struct LoneViewer {
    /// The scratch directory holding both.
    let root: TemporaryDirectory
    /// The lone `booking`.
    let viewer: String
    /// The full CLI, where it was built.
    let cli: String
    /// The `sqlite3` shell.
    let shell: String
    /// `--data-dir` and `--server` (nothing listening).
    let arguments: [String]
    /// No colour.
    let environment = ["NO_COLOR": "1"]

    /// Copies the built `booking` into `name`'s scratch directory and has
    /// the CLI create the data directory's file for `server` (its trips
    /// are that server's: the viewer shows them only for it).
    init(_ name: String, server: String = "http://127.0.0.1:1") async throws {
        shell = try #require(ExternalTool.path("sqlite3"))
        let lean = try #require(Booking.path)
        cli = try #require(BuiltProducts.executable("booking-cli"))
        root = TemporaryDirectory(name)
        let alone = root.file("bin")
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        viewer = alone + "/booking"
        try FileManager.default.copyItem(atPath: lean, toPath: viewer)
        arguments = ["--data-dir", root.file("data"), "--server", server]
        let created = try await Booking.execute(cli, ["trips"] + arguments, environment: environment)
        try #require(created.status == 0, "\(created.error)")
    }

    /// Runs `sql` on the data directory's `booking.sqlite` with the shell.
    func insert(_ sql: String) throws {
        let inserted = ChildProcess.run(shell, [root.file("data") + "/booking.sqlite"], input: sql)
        try #require(inserted.status == 0, "\(inserted.standardError)")
    }
}
