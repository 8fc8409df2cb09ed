import TestSupport
import Testing

extension Booking {
    /// A payment killed while it waited for 3-D Secure, before its page
    /// opened: the sandbox, the client's settings, the in-process runner,
    /// the booking and its page (as the payment's answer gave it). Run on a
    /// terminal (`script`, as when a person answers) when `onATerminal`.
    static func waitingOnTheBanksPage(_ label: String, onATerminal: Bool = false) async throws
        -> (sandbox: SandboxProcess, booking: Booking, cli: InProcess, id: String, page: String)
    {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: label)
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        let command =
            (["\"$BOOKING\""] + booking.global + ["pay", "--card", "tok_threeDSecureRequired"]
            + SampleGuest.shellArguments).joined(separator: " ")
        let pay = try await Booking.shell(
            onATerminal ? "script -qfec '\(command)' /dev/null" : command,
            environment: ["BOOKINGKIT_KILL_AT": "before openChallenge"])
        #expect(!pay.output.contains("Outcome:"), "pay was not killed: \(pay.output)")
        let attempt = try #require(try await cli.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        let id = try #require(attempt["bookingId"] as? String)
        let page = try #require(attempt["challengeUrl"] as? String, "\(attempt)")
        return (sandbox, booking, cli, id, page)
    }
}
