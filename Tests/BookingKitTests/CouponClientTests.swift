import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// The coupon step through the library, against the real sandbox over
/// loopback and real SQLite files: a code applied survives a relaunch (the
/// held room comes back at the discounted price, the one Pay charges once),
/// a refusal is named and changes nothing, and a hold asked for again after
/// a code is not taken for another hold.
@Suite struct CouponClientTests {
    /// The API as the fixture's client reaches it, with the waits of retries skipped.
    static func api(_ fixture: ClientFixture) -> BookingAPIClient {
        BookingAPIClient(
            server: fixture.sandbox.server, apiKey: "sk_test_test", transport: fixture.sandbox.transport,
            sleeper: NoSleeper())
    }

    /// The fixture's client, launched, holding its first offer: the held stage.
    static func held(_ fixture: ClientFixture) async throws -> BookingFlow.Held {
        await fixture.client.launch()
        await fixture.client.setGuest(BookingFlow.Samples.guest)  // the checkout form, filled in
        try await fixture.client.hold(try await fixture.firstOffer())
        return try Self.held(try await fixture.client.waitUntilAtRest(timeout: .seconds(10)))
    }

    /// The held stage of `state`; fails the test on any other stage.
    static func held(_ state: BookingFlow.State) throws -> BookingFlow.Held {
        var held: BookingFlow.Held?
        if case .held(let stage) = state.stage { held = stage }
        return try #require(held, "not held: \(state.stage.name) \(state.message ?? "")")
    }

    @Test func anAppliedCodeSurvivesARelaunchAndPayChargesItOnce() async throws {
        let fixture = try ClientFixture()
        let before = try await Self.held(fixture).hold.price.total
        let held = try Self.held(try await fixture.client.applyCoupon("WELCOME10"))
        #expect(held.coupon == .applied(code: "WELCOME10"))
        let discounted = held.hold.price.total
        #expect(discounted.minorUnits < before.minorUnits)
        fixture.client.close()

        // A new process on the same files: the held room at the discounted
        // price at once (the same boot's countdown), before any answer.
        if BootClock.current() != nil {
            let runtime = try BookingRuntime(
                directory: fixture.sandbox.clientDirectory,
                api: BookingAPIClient(
                    server: fixture.sandbox.server, apiKey: "sk_test_test",
                    transport: RestoredHoldCountdownTests.SilentTransport(), sleeper: NoSleeper()),
                dependencies: Dependencies(sleeper: NoSleeper()))
            let again = try Self.held(try await runtime.restore())
            #expect(again.hold.price.total == discounted)
            #expect(again.coupon == .applied(code: "WELCOME10"))
        }

        // A new BookingClient on the same directory: held, discounted, and Pay charges that once.
        let relaunched = try ClientFixture.client(sandbox: fixture.sandbox)
        await relaunched.launch()
        let resumedHeld = try Self.held(try await relaunched.waitUntilAtRest(timeout: .seconds(10)))
        #expect(resumedHeld.hold.price.total == discounted)
        try await relaunched.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        let paid = try await relaunched.waitUntilAtRest(timeout: .seconds(10))
        #expect(paid.stage.kind == .confirmed)
        let charges = try await Self.api(fixture).sandboxLedger().entries.filter { $0.kind == "charge" }
        #expect(charges.map(\.amount) == [discounted])
        relaunched.close()
        await fixture.sandbox.stop()
    }

    @Test func aRefusedCodeKeepsThePriceAndPayWithItsReasonNamed() async throws {
        let fixture = try ClientFixture()
        let price = try await Self.held(fixture).hold.price
        let refused = try await fixture.client.applyCoupon("SPRING2026")
        let held = try Self.held(refused)
        #expect(held.coupon == .refused(code: "SPRING2026", reason: .expired))
        #expect(held.hold.price == price)
        #expect(refused.message == "This coupon code has expired. The price has not changed.")
        #expect(refused.actions.first == .enabled(.pay))
        #expect(refused.actions.contains(.enabled(.applyCoupon)))
        fixture.client.close()
        await fixture.sandbox.stop()
    }

    /// A hold asked for again under its attempt's key after a code was
    /// applied: the server replays its first answer (the old quote) and the
    /// hold read again carries the coupon's quote. That is the same hold,
    /// re-quoted on purpose, not an answer about another quote.
    @Test func aHoldAskedForAgainAfterACodeIsTheSameHold() async throws {
        let fixture = try ClientFixture()
        let offer = try await fixture.firstOffer()
        let api = Self.api(fixture)
        let key = IdempotencyKey(UUID().uuidString)
        let first = try await api.createHold(offer: offer.id, quote: offer.quote.id, key: key)
        let couponed = try await api.applyCoupon("WELCOME10", to: first.holdId)
        #expect(couponed.quoteId != first.quoteId)
        let again = try await api.createHold(offer: offer.id, quote: offer.quote.id, key: key)
        #expect(again.holdId == first.holdId)
        #expect(again.couponCode == "WELCOME10")
        #expect(again.price == couponed.price)
        fixture.client.close()
        await fixture.sandbox.stop()
    }
}
