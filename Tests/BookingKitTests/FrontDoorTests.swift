@_spi(Testing) import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// What the command line used to do on its own and `BookingClient` now does
/// for every caller: settle saved cancellations at launch, and say when
/// another process on the same data directory moved the attempt. Real HTTP
/// over loopback to the sandbox, real SQLite files, two clients on one
/// data directory standing for two processes.
@Suite("BookingClient, one front door")
struct FrontDoorTests {
    @Test("launch() settles a cancellation an earlier run saved but never sent")
    func launchSettlesASavedCancellation() async throws {
        let fixture = try ClientFixture()
        let confirmed = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        guard case .confirmed(let settled) = confirmed.stage else {
            Issue.record("expected confirmed, got \(confirmed.stage.name)")
            return
        }
        let id = settled.booking.id
        // The first run saves the cancellation and dies before its POST leaves.
        let dying = try BookingClient(
            ClientFixture.configuration(sandbox: fixture.sandbox),
            seams: BookingClient.Seams(
                dependencies: Dependencies(sleeper: NoSleeper()), cancelBoundaryHook: { $0.moment != .afterCommit }))
        await #expect(throws: BookingClientError.cancel(.stopped(TripChangeBoundary(.cancel, .afterCommit)))) {
            try await dying.cancel(id)
        }
        #expect(try await fixture.client.trip(id: id).status == .confirmed)

        // The next launch, of any app on this directory, sends it once. Its
        // bound is long: this is about settling, not the 2-s bound (a loaded
        // 2-core machine once returned from a 2-s launch before the POST).
        let next = try ClientFixture.client(sandbox: fixture.sandbox, launchBound: .seconds(30))
        let launch = await next.launch()
        #expect(launch.cancellations?.cancelled == 1)
        #expect(try await next.trip(id: id).status == .cancelled)
        // Nothing is left open: a second launch sends nothing more.
        #expect(await next.launch().cancellations == nil)
        await fixture.sandbox.stop()
    }

    @Test("an app is told when another process on its data directory paid its attempt")
    func toldWhenPaidElsewhere() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let held = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(held.stage.kind == .held)
        #expect(await fixture.client.changedElsewhere() == nil)

        // A second process restores the held room and pays for it.
        let other = try ClientFixture.client(sandbox: fixture.sandbox)
        #expect(await other.launch().state.stage.kind == .held)
        try await other.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        let paid = try await other.waitUntilAtRest(timeout: Poll.defaultTimeout)
        guard case .confirmed(let settled) = paid.stage else {
            Issue.record("expected confirmed, got \(paid.stage.name)")
            return
        }

        // The first still shows "held" by itself; the client says why not.
        #expect(await fixture.client.state.stage.kind == .held)
        let change = await fixture.client.changedElsewhere()
        #expect(change == .paid(.confirmed, bookingID: settled.booking.id))
        #expect(change?.isConfirmed == true)
        await fixture.sandbox.stop()
    }

    @Test("a newer hold from another process replaces this one, and the client says so")
    func toldWhenReplacedElsewhere() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        let offer = try await fixture.firstOffer()
        try await fixture.client.hold(offer)
        #expect(try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)

        let other = try ClientFixture.client(sandbox: fixture.sandbox)
        await other.launch()
        try await other.back()
        try await other.hold(offer)
        #expect(try await other.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)

        let change = await fixture.client.changedElsewhere()
        #expect(change == .replaced)
        #expect(change?.endedUnbooked == true)
        await fixture.sandbox.stop()
    }
}
