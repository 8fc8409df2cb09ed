import Foundation
import TestSupport
import Testing

/// A way to run `booking` for one test, with its own data directory: as a
/// child process (`Booking`) or in this process (`InProcess`). The steps
/// many tests share (list offers, hold, pay) are written once, here.
protocol BookingRunner: Sendable {
    /// The test's own directory; the data directory is `data` inside it.
    var directory: TemporaryDirectory { get }

    /// Runs `booking <arguments>` with the runner's global options and
    /// environment, `extra` over it, and waits for it.
    func run(_ arguments: [String], environment extra: [String: String]) async throws -> Booking.Run
}

/// The lead guest every test's `booking pay` is given unless it names
/// one: the command requires one, as a traveller's checkout form does.
enum SampleGuest {
    /// The name the hotel expects at the desk.
    static let name = "Ana Silva"
    /// `--guest-name` and `--guest-email` for the sample guest.
    static let arguments = ["--guest-name", name, "--guest-email", "ana@example.com"]

    /// The same options for a shell's command line (the name in double
    /// quotes, so a command inside single quotes keeps them).
    static let shellArguments = ["--guest-name", "\"\(name)\"", "--guest-email", "ana@example.com"]

    /// `arguments` with the sample guest added when they run `pay` naming
    /// no guest (and not asking for its help).
    static func added(to arguments: [String]) -> [String] {
        guard arguments.first(where: { !$0.hasPrefix("-") }) == "pay",
            !arguments.contains(where: { $0.hasPrefix("--guest-") || $0 == "--help" })
        else { return arguments }
        return arguments + Self.arguments
    }
}

extension BookingRunner {
    /// The data directory every run is given.
    var dataDirectory: String { directory.file("data") }

    /// Runs `booking <arguments>` with the global options and waits for it.
    func run(_ arguments: [String]) async throws -> Booking.Run {
        try await run(arguments, environment: [:])
    }

    /// `offers` for Lisbon, two guests, two nights `days` from today, as JSON.
    func offers(days: Int = 20) async throws -> [[String: Any]] {
        let run = try await run([
            "offers", "--json", "--place", "plc_lisbon", "--check-in", Booking.date(days),
            "--check-out", Booking.date(days + 2), "--guests", "2",
        ])
        try #require(run.status == 0, "offers failed: \(run.error)")
        return try #require(try run.json()["offers"] as? [[String: Any]])
    }

    /// Trip `id` as `booking trip ID --json` prints it (the test fails when
    /// there is none).
    func trip(_ id: String) async throws -> [String: Any] {
        let run = try await run(["trip", id, "--json"])
        return try #require(try run.json()["trip"] as? [String: Any], "\(run.output)")
    }

    /// Holds the first offer and returns the path of that run's event log.
    func holdLog() async throws -> String {
        try await holdAnOffer()
        let logs = dataDirectory + "/logs"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: logs).first { $0.contains("-hold-") })
        return logs + "/" + name
    }

    /// Holds the first offer (`refundable`: the first free to cancel),
    /// pays for it (`pay --json`, which must succeed) and returns the
    /// booking's id.
    func holdAndPay(days: Int = 20, refundable: Bool = false) async throws -> String {
        try await holdAnOffer(days: days, refundable: refundable)
        let pay = try await run(["pay", "--json"])
        try #require(pay.status == 0, "pay failed: \(pay.output) \(pay.error)")
        return try #require((try pay.json()["state"] as? [String: Any])?["bookingId"] as? String)
    }

    /// The first offer's id (`offers`, as above).
    func firstOfferID() async throws -> String {
        try #require(try await offers().first?["offerId"] as? String)
    }

    /// Lists offers and holds the `index`-th (of those free to cancel, with
    /// `refundable`) without waiting; returns its id.
    @discardableResult
    func holdAnOffer(index: Int = 0, days: Int = 20, refundable: Bool = false) async throws -> String {
        let offers = try await offers(days: days).filter {
            !refundable || ($0["cancellation"] as? [String: Any])?["kind"] as? String == "FREE_UNTIL"
        }
        let id = try #require(offers[index]["offerId"] as? String)
        let hold = try await run(["hold", id, "--no-wait"])
        try #require(hold.status == 0, "hold failed: \(hold.output) \(hold.error)")
        return id
    }
}
