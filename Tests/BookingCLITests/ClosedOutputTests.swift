import BookingCLI
import Foundation
import Testing

/// A reader of stdout that goes away (`| head -1`) never stops work that
/// moves money or holds a room: the command finishes, and its exit code is
/// the outcome's. The pipes are real (a shell, `head`, `true`); the setup,
/// the runs after, and the console's side of a reader that leaves run in
/// this process.
@Suite struct ClosedOutputTests {
    /// `booking <arguments> | head -1`, then the exit code of `booking`.
    static func piped(into reader: String, _ booking: Booking, _ arguments: [String]) async throws -> (
        Booking.Run, Int32?
    ) {
        let shellArguments = SampleGuest.added(to: arguments).map { $0 == SampleGuest.name ? "\"\($0)\"" : $0 }
        let command = (["\"$BOOKING\""] + booking.global + shellArguments).joined(separator: " ")
        let run = try await Booking.shell("\(command) | \(reader); echo \"booking exit ${PIPESTATUS[0]}\"")
        let line = run.output.split(separator: "\n").last { $0.hasPrefix("booking exit ") }
        return (run, line.flatMap { Int32($0.dropFirst("booking exit ".count)) })
    }

    /// Each command declares whether it finishes its work; exactly these
    /// move money, hold or re-quote rooms, or settle attempts.
    @Test func theCommandsThatFinishTheirWorkAreTheOnesThatChangeSomething() {
        #expect(
            CommandCatalog.commandsThatFinishTheirWork == [
                "hold", "holds", "coupon", "pay", "cancel", "modify", "reconcile", "status", "push",
            ])
    }

    @Test func payPipedIntoHeadStillPaysAndExitsWithTheOutcome() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-pay-head")
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        let (run, code) = try await Self.piped(into: "head -1", booking, ["pay"])
        #expect(code == 0, "\(run.output) \(run.error)")
        let status = try await cli.run(["status", "--json"])
        let attempt = try #require(try status.json()["attempt"] as? [String: Any])
        #expect(attempt["phase"] as? String == "CONFIRMED", "left \(attempt["phase"] ?? "?"): \(run.error)")
        let trips = try #require(try await booking.run(["trips", "--json"]).json()["trips"] as? [[String: Any]])
        #expect(trips.count == 1)
        #expect(try await sandbox.ledger().chargeCount == 1)
    }

    @Test func payIntoAReaderThatLeftAtOnceStillPays() async throws {
        let booking = Booking(label: "cli-pay-true")
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        let (run, code) = try await Self.piped(into: "true", booking, ["pay"])
        #expect(code == 0, "\(run.output) \(run.error)")
        let status = try await cli.run(["status", "--json"])
        #expect((try status.json()["attempt"] as? [String: Any])?["phase"] as? String == "CONFIRMED")
    }

    @Test func aHoldPipedIntoHeadStillHoldsTheRoom() async throws {
        let booking = Booking(label: "cli-hold-head")
        let cli = InProcess(sharing: booking)
        let offerID = try await cli.firstOfferID()
        let (run, code) = try await Self.piped(into: "head -1", booking, ["hold", offerID, "--no-wait"])
        #expect(code == 0, "\(run.output) \(run.error)")
        #expect(run.output.hasPrefix("Holding "))
        let status = try await cli.run(["status"])
        #expect(status.status == 0, "\(status.output) \(status.error)")
        #expect(status.output.contains("HELD"), "\(status.output)")
    }

    @Test func aFailedPaymentPipedIntoHeadExitsOne() async throws {
        let booking = Booking(label: "cli-pay-declined-head")
        try await InProcess(sharing: booking).holdAnOffer()
        let (run, code) = try await Self.piped(into: "true", booking, ["pay", "--card", "tok_chargeDeclined"])
        #expect(code == 1, "\(run.output) \(run.error)")
    }

    @Test func aReaderThatLeavesMidOutputEndsAReadOnlyRunQuietlyWithZero() async throws {
        let whole = await InProcess.bare(["diagram", "--format", "dot"])
        try #require(whole.status == 0 && whole.output.utf8.count > 100, "\(whole.error)")
        let run = await InProcess.bare(["diagram", "--format", "dot"], readerLeavesAfter: 10)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == String(decoding: whole.output.utf8.prefix(10), as: UTF8.self))
        #expect(run.error.isEmpty)
    }

    @Test func aHoldWhoseReaderLeftAtOnceStillHoldsTheRoomAndExitsZero() async throws {
        let booking = InProcess(label: "cli-hold-left")
        let offerID = try await booking.firstOfferID()
        let hold = await InProcess.bare(booking.global + ["hold", offerID, "--no-wait"], readerLeavesAfter: 0)
        #expect(hold.status == 0, "\(hold.error)")
        #expect(hold.output.isEmpty)
        let status = try await booking.run(["status"])
        #expect(status.output.contains("HELD"), "\(status.output)")
    }
}
