import BookingAPI
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// A room the user gave up is freed by the next launch even when nothing
/// else is open: real HTTP over loopback to the sandbox, real SQLite files,
/// two clients on one data directory standing for two runs of an app.
@Suite("a launch sends the releases an earlier run left", .hangLimit)
struct LaunchReleaseTests {
    @Test("Back, the app killed before the release left, then a launch with no attempt open frees the room")
    func aLaunchWithNoAttemptOpenSendsASavedRelease() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        // The first run dies once Back's release is saved, before it is sent.
        let died = Watched(false)
        let dying = try BookingClient(
            ClientFixture.configuration(sandbox: sandbox),
            seams: BookingClient.Seams(
                dependencies: Dependencies(sleeper: NoSleeper()),
                boundaryHook: { boundary in
                    guard boundary.description == "after releaseHold" else { return !died.value }
                    died.change { $0 = true }
                    return false
                }))
        await dying.launch()
        let offer = try #require(
            try await dying.offers(
                at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
                guests: 2
            ).items.first)
        try await dying.hold(offer)
        #expect(try await dying.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)
        let hold = try #require(try await sandbox.liveHolds().first)
        #expect(try await dying.back().stage.kind == .browsing)
        _ = await died.wait(until: { $0 })
        #expect(sandbox.transport.requests("POST", "/v1/holds/\(hold)/release").isEmpty)
        #expect(try await sandbox.liveHolds() == [hold])

        // The next run: no attempt is open (Back abandoned it), one release is.
        let next = try ClientFixture.client(sandbox: sandbox, launchBound: .seconds(50))
        let launch = await next.launch()
        #expect(launch.state.stage.kind == .browsing)
        #expect(launch.openAttempts == 0)
        #expect(launch.settlement?.holdsReleased == 1)
        #expect(try await sandbox.liveHolds() == [])
        #expect(sandbox.transport.requests("POST", "/v1/holds/\(hold)/release").count == 1)
        // Nothing is owed any more: a second launch only asks which rooms
        // the account holds on other devices (none).
        let before = sandbox.transport.requests.count
        let second = await next.launch()
        #expect(second.settlement == nil)
        #expect(second.heldElsewhere.isEmpty)
        #expect(sandbox.transport.requests.dropFirst(before).map { "\($0.method) \($0.url.path)" } == ["GET /v1/holds"])
        await sandbox.stop()
    }
}
