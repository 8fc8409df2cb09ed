import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import Testing

/// A hold the client gives up is released on the server: Back from a held
/// room, Back from a declined attempt, a hold at a price the user did not
/// accept. The release is saved before it is sent and resumed after a
/// crash, so the account keeps at most one room for the user's chain of
/// attempts at every step. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct HoldReleaseTests {
    static func releasePath(_ hold: HoldID) -> String { "/v1/holds/\(hold.rawValue)/release" }

    @Test(arguments: SandboxFixture.Route.allCases)
    func backThenHoldAgainKeepsOneRoomAtEveryStep(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        var given: [String] = []
        for _ in 0..<3 {
            let attempt = try await harness.holdAnOffer()
            let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
            #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
            await harness.flow.send(.backTapped)
            #expect(await harness.flow.state.stage == .browsing)
            try await harness.releaseSent(holdID)
            #expect(try await harness.sandbox.liveHolds() == [])
            given.append(holdID.rawValue)
        }
        let releases = try await harness.repository.holdReleases()
        #expect(releases.map(\.holdID.rawValue) == given)
        #expect(releases.allSatisfy { $0.status == .released })
        #expect(harness.sandbox.transport.requests.filter { $0.url.path == "/v1/holds" }.count == 3)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func fiveDeclinesThenBackGivesTheRoomUpAndAGoodCardLaterChargesOnce(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let first = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(first)?.holdID)
        for round in 0..<5 {
            await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
            await harness.flow.send(.payTapped(PaymentToken("tok_chargeDeclined"), now: .origin))
            #expect(await harness.waitForFinal().title == "Payment declined")
            #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
            if round == 4 { break }
            let (next, key) = Harness.newAttempt()
            await harness.flow.send(.retryTapped(attempt: next, key: key))
            _ = await harness.waitFor { $0.stage.kind == .held }
            #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
        }
        // The user leaves the declined attempt: the kept room is given up.
        await harness.flow.send(.backTapped)
        try await harness.releaseSent(holdID)
        #expect(try await harness.sandbox.liveHolds() == [])
        // A new hold and a good card: one room, one charge.
        let again = try await harness.holdAnOffer()
        let newHold = try #require(try await harness.repository.attempt(again)?.holdID)
        #expect(try await harness.sandbox.liveHolds() == [newHold.rawValue])
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        #expect(try await harness.ledger().chargeCount == 1)
        try await harness.expectNoDoubleCharge()
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aReleaseSavedButNeverSentIsSentByReconciliation(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        harness.death.killAtBoundary = "after releaseHold"
        let attempt = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
        await harness.flow.send(.backTapped)
        await harness.death.died()
        #expect(harness.sandbox.transport.requests("POST", "/v1/holds/\(holdID.rawValue)/release").isEmpty)
        #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
        try harness.restart()
        let saved = try await harness.repository.holdReleases()
        #expect(saved.map(\.status) == [.open])
        let report = await harness.repository.reconcile()
        #expect(report.holdsReleased == 1)
        #expect(try await harness.sandbox.liveHolds() == [])
        let posts = harness.sandbox.transport.requests("POST", "/v1/holds/\(holdID.rawValue)/release")
        #expect(posts.count == 1)
        #expect(posts.first?.headers["Idempotency-Key"] == saved.first?.idempotencyKey.rawValue)
        #expect(try await harness.repository.holdReleases().map(\.status) == [.released])
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aReleaseAnEarlierRunCouldNotSendIsSentBeforeTheNextHold(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let attempt = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
        // The server is unavailable when Back is tapped: the release is
        // saved, not answered (eight 503s: the flow's call and this test's
        // second sending, four tries each).
        harness.sandbox.transport.inject(.init("POST", Self.releasePath(holdID), fault: "unavailable", times: 8))
        await harness.flow.send(.backTapped)
        #expect(await harness.flow.state.stage == .browsing)
        try await harness.releaseSent(holdID)
        #expect(try await harness.repository.holdReleases().map(\.status) == [.open])
        #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
        // A new process holds again: the old room is freed first.
        try harness.restart()
        let next = try await harness.holdAnOffer()
        let newHold = try #require(try await harness.repository.attempt(next)?.holdID)
        #expect(try await harness.sandbox.liveHolds() == [newHold.rawValue])
        #expect(try await harness.repository.holdReleases().map(\.status) == [.released])
        let paths = harness.sandbox.transport.requests.filter { $0.method == "POST" }.map(\.url.path)
        let released = try #require(paths.lastIndex(of: Self.releasePath(holdID)))
        #expect(released < paths.lastIndex(of: "/v1/holds") ?? 0)
        await harness.sandbox.stop()
    }

    /// The server failed the release and stored that failure under its key
    /// (a 500 before anything changed): every resend under that key only
    /// replays the 500. The spent key is renewed, saved before it leaves,
    /// and the room is freed at once, not kept for the key's lifetime.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aReleaseWhoseKeyTheServerSpentIsSentUnderANewKey(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let attempt = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
        harness.sandbox.transport.inject(.init("POST", Self.releasePath(holdID), fault: "error-500-before-commit"))
        await harness.flow.send(.backTapped)
        try await harness.releaseSent(holdID)
        #expect(try await harness.sandbox.liveHolds().isEmpty, "the room is free")
        let saved = try await harness.repository.holdReleases()
        #expect(saved.map(\.status) == [.released])
        let keys = harness.sandbox.transport.requests("POST", Self.releasePath(holdID))
            .compactMap { $0.headers["Idempotency-Key"] }
        #expect(Set(keys).count == 2, "the spent key, then one new key: \(keys)")
        #expect(keys.last == saved.first?.idempotencyKey.rawValue)
        await harness.sandbox.stop()
    }
}

extension Harness {
    /// Waits until the release of `hold` has left (Back returns before it
    /// is even sent) and that send ended, then sends the open releases once
    /// more from here: when this returns, the server has answered the
    /// release, or refused every try of both sends.
    func releaseSent(_ hold: HoldID) async throws {
        try #require(await sandbox.transport.arrival("POST", HoldReleaseTests.releasePath(hold)) != nil)
        await repository.releaseSettled(hold)
        await repository.sendReleases()
    }
}
