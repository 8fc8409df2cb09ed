import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// The booking flow end to end: reducer, runner, repository, SQLite file and
/// the sandbox, in-process and over real HTTP on loopback.
@Suite(.hangLimit) struct FlowTests {
    @Test(arguments: SandboxFixture.Route.allCases)
    func aPaidHoldEndsConfirmedWithItsTripSavedAndOneCharge(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let final = await harness.waitForFinal()
        #expect(final.stage.kind == .confirmed)
        let record = try #require(try await harness.repository.attempt(attempt))
        #expect(record.phase == .confirmed)
        let trips = try await harness.repository.hasTrip(try #require(record.bookingID))
        #expect(trips)
        let ledger = try await harness.ledger()
        #expect(ledger.chargesByIdempotencyKey[record.idempotencyKey.rawValue] == 1)
        #expect(ledger.chargeCount == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aSecondTapInSubmittingSendsNothing(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_chargeDeclined"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases, ["drop-response-after-commit", "error-500-after-commit"])
    func aLostAnswerGoesThroughUnknownToTheBookingTheLookupFinds(route: SandboxFixture.Route, fault: String)
        async throws
    {
        let harness = try Harness(route: route, faults: [.init("POST", "/v1/bookings", fault: fault)])
        let attempt = try await harness.holdAnOffer()
        let states = await harness.flow.states()
        let sawUnknown = Task {
            for await state in states where state.stage.kind == .unknown { return true }
            return false
        }
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        sawUnknown.cancel()
        #expect(await sawUnknown.value)
        // One POST: the lost answer was looked up by key, never resent.
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        let lookups = harness.sandbox.transport.requests("GET", "/v1/bookings")
        #expect(lookups.contains { $0.url.query?.contains("attempt=") == true })
        try await harness.expectNoDoubleCharge()
        #expect(try await harness.ledger().chargeCount == 1)
        #expect(try await harness.repository.attempt(attempt)?.phase == .confirmed)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func rateLimitedHoldsAreRetriedWithTheSameKeyAfterRetryAfter(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route, faults: [.init("POST", "/v1/holds", fault: "rate-limit", times: 2)])
        _ = try await harness.holdAnOffer()
        let posts = harness.sandbox.transport.requests("POST", "/v1/holds")
        #expect(posts.count == 3)
        #expect(Set(posts.compactMap { $0.headers["Idempotency-Key"] }).count == 1)
        #expect(harness.sleeper.recorded.filter { $0 == .seconds(1) }.count >= 2)  // Retry-After: 1
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPriceChangeOffersTheNewPriceAndAcceptingHoldsItWithANewKey(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route, faults: [.init("POST", "/v1/holds", fault: "price-changed")])
        let key = try await harness.tapHold().key
        #expect(await harness.waitFor { $0.stage.kind == .priceChanged }.stage.kind == .priceChanged)
        let (second, secondKey) = Harness.newAttempt()
        await harness.flow.send(.acceptNewPriceTapped(attempt: second, key: secondKey))
        #expect(await harness.waitFor { $0.stage.kind == .held }.stage.kind == .held)
        let keys = harness.sandbox.transport.requests("POST", "/v1/holds").compactMap { $0.headers["Idempotency-Key"] }
        #expect(keys == [key.rawValue, secondKey.rawValue])
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aSoldOutRoomGoesBackToTheResultsWithTheOfferMarked(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route, faults: [.init("POST", "/v1/holds", fault: "sold-out")])
        let offer = try await harness.tapHold().offer
        let state = await harness.waitFor { $0.soldOutOffers.contains(offer.id) }
        #expect(state.soldOutOffers.contains(offer.id))
        #expect(!state.stage.isFinal)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases, [true, false])
    func threeDSecureEndsAsTheServerSaysNotAsTheRedirectHints(route: SandboxFixture.Route, pass: Bool) async throws {
        let harness = try Harness(route: route)
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_threeDSecureRequired"), now: .origin))
        #expect(await harness.waitFor { $0.stage.kind == .actionRequired }.stage.kind == .actionRequired)
        // The effect opening the page runs just after the state is published.
        await harness.challenges.firstOpened()
        #expect(harness.challenges.urls.count == 1)
        let bookingID = try #require(try await harness.repository.attempt(attempt)?.bookingID)
        try await harness.api.completeChallenge(bookingID, pass: pass)
        await harness.flow.send(.challengeReturned(attempt))
        let final = await harness.waitForFinal()
        #expect(final.stage.name == (pass ? "confirmed" : "failed"))
        #expect(try await harness.ledger().chargeCount == (pass ? 1 : 0))
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aHoldThatRanOutOnTheServerEndsInRoomNoLongerHeld(route: SandboxFixture.Route) async throws {
        // A minute on both clocks: the client's own countdown never ends the
        // hold first (with 2 s it did, on a loaded machine, before `held`
        // showed); only the server's clock is moved past the end.
        let harness = try Harness(route: route, holdTTLMilliseconds: 60_000)
        let attempt = try await harness.holdAnOffer()
        harness.sandbox.clock.advance(seconds: 65)
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let final = await harness.waitForFinal()
        #expect(final.stage.kind == .expired)
        #expect(
            final.title.localizedCaseInsensitiveContains("no longer held")
                || final.message?.contains("no longer held") == true)
        #expect(try await harness.ledger().chargeCount == 0)
        #expect(try await harness.repository.attempt(attempt)?.phase == .expired)
        await harness.sandbox.stop()
    }
}
