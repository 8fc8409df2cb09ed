import Foundation
import TestSupport
import Testing

/// `booking report` after a payment killed by SIGKILL (the real binary, the
/// real sandbox over loopback): the report replays to the same states with
/// `booking replay`, and holds no token, voucher or API key.
@Suite struct BugReportCommandTests {
    static let apiKey = "sk_test_report_key_5d2e"

    @Test func aReportMadeAfterAKilledPaymentReplaysToTheSameStates() async throws {
        let sandbox = try await SandboxProcess()
        // The account whose report it is: its key names its data space.
        var booking = Booking(server: sandbox.url, label: "cli-report")
        booking.global += ["--api-key", Self.apiKey]
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        try await booking.runKilled(["pay"], at: "after pay")
        let status = try await cli.run(["status"])
        #expect(status.output.contains("CONFIRMED"), "\(status.output)")

        let report = try await cli.run(["report", "--json"])
        #expect(report.status == 0, "\(report.output) \(report.error)")
        let document = try report.json()
        let path = try #require(document["path"] as? String)
        #expect(document["replays"] as? Bool == true)
        // The killed `pay`, and the `status` that settled it after: both name the attempt.
        #expect((document["runs"] as? Int ?? 0) >= 2, "\(report.output)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for secret in ["tok_visa", Self.apiKey] { #expect(!text.contains(secret), "\(secret) is in the report") }
        #expect(!text.contains("\"voucherCode\" : \"V"), "a voucher is in the report")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        let replay = try await cli.run(["replay", path])
        #expect(replay.status == 0, "\(replay.output) \(replay.error)")
        #expect(replay.output.contains("every state and effect matches the report"), "\(replay.output)")
        // Written once: a second report never overwrites it.
        let again = try await cli.run(["report", "--output", path])
        #expect(again.status != 0)
        #expect(again.error.contains("already exists"), "\(again.error)")
    }

    @Test func aHandEditedReportSaysWhereItDepartsAndABrokenOneIsAClearError() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-report-edit")
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        let paid = try await cli.run(["pay"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        let made = try await cli.run(["report", "--output", booking.directory.file("report.json")])
        #expect(made.status == 0, "\(made.output) \(made.error)")
        let path = booking.directory.file("report.json")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let logged = try #require(text.range(of: "\"state\" : \"held\""))
        text.replaceSubrange(logged, with: "\"state\" : \"expired\"")
        try text.write(toFile: booking.directory.file("edited.json"), atomically: true, encoding: .utf8)
        let edited = try await cli.run(["replay", booking.directory.file("edited.json")])
        #expect(edited.status == 1, "\(edited.output)")
        #expect(edited.output.contains("departs at step"), "\(edited.output)")

        try Data(text.utf8.prefix(200)).write(to: URL(fileURLWithPath: booking.directory.file("cut.json")))
        let cut = try await cli.run(["replay", booking.directory.file("cut.json")])
        #expect(cut.status == 2, "\(cut.output) \(cut.error)")
        #expect(cut.error.contains("not a readable bug report"), "\(cut.error)")
    }

    @Test func aReportWithNoAttemptSaysSo() async throws {
        let booking = Booking(server: nil, label: "cli-report-none")
        let none = try await InProcess(sharing: booking).run(["report"])
        #expect(none.status == 2, "\(none.output) \(none.error)")
        #expect(none.error.contains("cannot write a bug report"), "\(none.error)")
    }
}
