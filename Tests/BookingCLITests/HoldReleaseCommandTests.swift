import BookingAPI
import Foundation
import Testing

/// A newer `booking hold` replaces the unpaid one and gives the old room up
/// on the server before asking for the new one; killed between saving the
/// release and sending it (SIGKILL), `booking reconcile` sends it.
@Suite struct HoldReleaseCommandTests {
    /// A sandbox process and a data directory holding the first offer's
    /// room: the sandbox, the directory, its in-process runner and the live holds.
    private static func oneRoomHeld(_ label: String) async throws -> (SandboxProcess, Booking, InProcess, [String]) {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: label)
        let cli = InProcess(sharing: booking)
        _ = try await cli.holdAnOffer(index: 0)
        return (sandbox, booking, cli, try await liveHolds(sandbox))
    }

    @Test func aNewerHoldGivesTheOldRoomUpFirst() async throws {
        let (sandbox, _, cli, first) = try await Self.oneRoomHeld("cli-release-replace")
        #expect(first.count == 1)
        _ = try await cli.holdAnOffer(index: 1)
        let second = try await Self.liveHolds(sandbox)
        #expect(second.count == 1)
        #expect(second != first)
    }

    @Test func killedBetweenSavingTheReleaseAndSendingItReconcileSendsIt() async throws {
        let (sandbox, booking, cli, first) = try await Self.oneRoomHeld("cli-release-kill")
        let offers = try await cli.offers(days: 20)
        let id = try #require(offers[1]["offerId"] as? String)
        try await booking.runKilled(["hold", id, "--no-wait"], at: "after saveAttempt")
        // Saved, never sent: the old room is still kept, and no new one asked for.
        #expect(try await Self.liveHolds(sandbox) == first)
        let reconciled = try await cli.run(["reconcile"])
        #expect(reconciled.output.contains("1 held room(s) released"), "\(reconciled.output) \(reconciled.error)")
        #expect(try await Self.liveHolds(sandbox) == [])
        let again = try await cli.run(["reconcile", "--json"])
        #expect(try again.json()["releasesOpen"] as? Int == 0)
    }

    /// The ids of the demo account's live holds, as the sandbox's dashboard lists them.
    static func liveHolds(_ sandbox: SandboxProcess) async throws -> [String] {
        let url = try #require(URL(string: sandbox.url + "/sandbox/holds.json"))
        let (data, _) = try await URLSession.shared.data(from: url)
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return rows.filter { $0["account"] as? String == "demo" && $0["state"] as? String == "HELD" }
            .compactMap { $0["holdId"] as? String }.sorted()
    }
}
