import BookingAPI
import BookingCore
import Foundation
import Testing

/// `booking pay` in the lead guest's name: `--guest-name` and
/// `--guest-email` are sent with the payment (the server keeps them on the
/// booking); missing with no one to ask, or wrong, they are a usage error
/// (exit code 2) naming the option, with nothing saved and nothing sent.
/// A real sandbox process over loopback.
@Suite struct GuestCommandTests {
    /// The held attempt's phase, as `booking status --json` shows it.
    static func phase(_ booking: InProcess) async throws -> String? {
        (try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])?["phase"] as? String
    }

    @Test func payIsMadeInTheGuestsNameAndTheServerKeepsIt() async throws {
        let sandbox = try await SandboxProcess()
        let booking = InProcess(sharing: Booking(server: sandbox.url, label: "cli-guest"))
        _ = try await booking.holdAnOffer()
        let paid = try await booking.run([
            "pay", "--guest-name", " Ana Silva ", "--guest-email", "ana@example.com", "--guest-arrival", "18:30",
        ])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        #expect(paid.output.contains("for Ana Silva."), "\(paid.output)")
        let attempt = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        let id = try #require(attempt["bookingId"] as? String)
        let api = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo", transport: URLSessionTransport())
        let server = try await api.booking(BookingID(id))
        #expect(server.guest == GuestDetails(name: "Ana Silva", email: "ana@example.com", arrivalTime: "18:30"))
        #expect(try await sandbox.ledger().chargeCount == 1)
        await sandbox.stop()
    }

    @Test func onATerminalPayAsksForTheNameAndEmailLeftOut() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-guest-asked")
        let cli = InProcess(sharing: booking)
        _ = try await cli.holdAnOffer()
        // A person at a terminal (a pseudo-terminal) types the two answers.
        let command = (["\"$BOOKING\""] + booking.global + ["pay"]).joined(separator: " ")
        let pay = try await Booking.shell(
            "printf 'Ana Silva\\nana@example.com\\n' | script -qfec '\(command)' /dev/null")
        #expect(pay.output.contains("Lead guest's full name:"), "\(pay.output)")
        #expect(pay.output.contains("Lead guest's email:"), "\(pay.output)")
        #expect(pay.output.contains("for Ana Silva."), "\(pay.output)")
        let attempt = try #require(try await cli.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        let id = try #require(attempt["bookingId"] as? String, "\(pay.output)")
        let api = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo", transport: URLSessionTransport())
        #expect(try await api.booking(BookingID(id)).guest?.name == "Ana Silva")
        await sandbox.stop()
    }

    @Test func withoutAGuestAndNoTerminalPayIsAUsageErrorAndNothingIsSavedOrSent() async throws {
        let sandbox = try await SandboxProcess()
        let booking = InProcess(sharing: Booking(server: sandbox.url, label: "cli-guest-missing"))
        _ = try await booking.holdAnOffer()
        // `bare`: the runner's sample guest is not added.
        let refused = await InProcess.bare(booking.global + ["pay"])
        #expect(refused.status == 2, "\(refused.output) \(refused.error)")
        #expect(refused.error.contains("needs --guest-name NAME"), "\(refused.error)")
        #expect(try await Self.phase(booking) == "HELD")
        #expect(try await sandbox.ledger().chargeCount == 0)
        await sandbox.stop()
    }

    static let refused: [(arguments: [String], option: String, reason: String)] = [
        (["--guest-name", "", "--guest-email", "ana@example.com"], "--guest-name", "Enter the lead guest's name."),
        (
            ["--guest-name", String(repeating: "a", count: 500), "--guest-email", "ana@example.com"], "--guest-name",
            "Shorten the lead guest's name to 200 characters at most."
        ),
        (
            ["--guest-name", "Ana\u{1B}[2JSilva", "--guest-email", "ana@example.com"], "--guest-name",
            "it holds a hidden control character"
        ),
        (
            ["--guest-name", "Ana \u{202E}avliS", "--guest-email", "ana@example.com"], "--guest-name",
            "it holds a hidden control character"
        ),
        (["--guest-name", "Ana Silva", "--guest-email", "ana@"], "--guest-email", "like name@example.com"),
        (
            ["--guest-name", "Ana Silva", "--guest-email", "ana@example.com", "--guest-arrival", "7pm"],
            "--guest-arrival", "HH:MM"
        ),
    ]

    @Test func wrongDetailsAreAUsageErrorNamingTheOptionAndNothingIsSavedOrSent() async throws {
        let sandbox = try await SandboxProcess()
        let booking = InProcess(sharing: Booking(server: sandbox.url, label: "cli-guest-wrong"))
        _ = try await booking.holdAnOffer()
        for (arguments, option, reason) in Self.refused {
            let run = try await booking.run(["pay"] + arguments)
            #expect(run.status == 2, "\(option): \(run.output) \(run.error)")
            #expect(run.error.contains("for \(option): \(reason)") || run.error.contains(reason), "\(run.error)")
            #expect(run.error.contains(option), "\(run.error)")
        }
        #expect(try await Self.phase(booking) == "HELD")
        #expect(try await sandbox.ledger().chargeCount == 0)
        await sandbox.stop()
    }
}
