import BookingAPI
import BookingCore
import Foundation
import Testing

/// `booking modify --accept` dies by SIGKILL at each of its boundaries (the
/// crash hook's `before modify commit`, `after modify commit`, `after modify
/// POST`, `after modify saved`); the next `booking reconcile` ends the trip
/// on the new version with exactly one ledger entry for the difference. The
/// killed runs are child processes; the setup and the runs after a kill run
/// in this process.
@Suite struct ModifyCrashTests {
    static let boundaries = ["before modify commit", "after modify commit", "after modify POST", "after modify saved"]

    private static func differences(_ sandbox: SandboxProcess, _ id: String) async throws -> Int {
        try await sandbox.ledger(of: id) { $0.hasPrefix("difference_") }.count
    }

    /// Rounds per boundary: 1, or `BOOKINGKIT_MODIFY_KILL_ROUNDS`, each a
    /// new booking in a new data directory.
    static let rounds = SandboxProcess.rounds(asking: "BOOKINGKIT_MODIFY_KILL_ROUNDS")

    @Test(arguments: boundaries)
    func modifyKilledAtABoundaryEndsOnTheNewVersionWithOneDifference(boundary: String) async throws {
        try await SandboxProcess.confirmedRounds(Self.rounds, label: "cli-modify-kill") { sandbox, booking, cli, id in
            try await killAndSettle(at: boundary, sandbox: sandbox, booking: booking, cli: cli, id: id)
        }
    }

    private func killAndSettle(
        at boundary: String, sandbox: SandboxProcess, booking: Booking, cli: InProcess, id: String
    ) async throws {
        let before = try await booking.trip(id)
        let checkIn = try #require(before["checkIn"] as? String)
        let oldText = try #require(before["checkOut"] as? String)
        let oldCheckOut = try #require(CalendarDate(oldText))
        let checkOut = try #require(CalendarDate(daysSince1970: oldCheckOut.daysSince1970 + 1)).description
        let arguments = ["modify", id, "--check-in", checkIn, "--check-out", checkOut, "--accept"]

        try await booking.runKilled(arguments, at: boundary)

        let cancels = try await cli.run(["reconcile", "--json"]).settledChanges()
        // Saved and not yet settled (after the commit, and the answer not
        // saved): reconciliation settles it with its own key.
        let open = boundary == "after modify commit" || boundary == "after modify POST"
        #expect(cancels["modified"] as? Int == (open ? 1 : 0), "\(cancels)")
        #expect(cancels["stillPending"] as? Int == 0)
        if boundary == "before modify commit" {
            // Nothing was saved or sent: the trip is as it was; the user asks again.
            #expect(try await booking.trip(id)["version"] as? Int == 1)
            #expect(try await Self.differences(sandbox, id) == 0)
            let again = try await cli.run(arguments)
            #expect(again.status == 0, "\(again.output) \(again.error)")
        }
        let after = try await booking.trip(id)
        #expect(after["version"] as? Int == 2)
        #expect(after["checkOut"] as? String == checkOut)
        #expect(try await Self.differences(sandbox, id) == 1)
    }
}
