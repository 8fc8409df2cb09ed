import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// One flow, many readers: a badge (the tab bar's "1 room held") and the
/// checkout screen follow one client's `states()` and see the same states
/// in the same order, through a hold, a relaunch (the app killed while the
/// room is held) and the payment. Over real HTTP on loopback.
@Suite(.hangLimit) struct TwoReadersTests {
    /// A screen following the client's states until `done` says so: the
    /// stage names it saw, in order.
    static func reader(
        _ client: BookingClient, until done: @escaping @Sendable (BookingFlow.State) -> Bool
    ) async -> Task<[String], Never> {
        let states = await client.states()
        return Task {
            var seen: [String] = []
            for await state in states {
                if seen.last != Self.describe(state) { seen.append(Self.describe(state)) }
                if done(state) { break }
            }
            return seen
        }
    }

    /// What a screen draws of a state: its stage and its title.
    static func describe(_ state: BookingFlow.State) -> String {
        "\(state.stage.name): \(state.titleText.defaultValue)"
    }

    @Test func aBadgeAndTheCheckoutSeeTheSameStatesInTheSameOrderAcrossARelaunch() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        let isHeld: @Sendable (BookingFlow.State) -> Bool = { if case .held = $0.stage { true } else { false } }
        let badge = await Self.reader(fixture.client, until: isHeld)
        let checkout = await Self.reader(fixture.client, until: isHeld)
        guard case .held = try await fixture.client.hold(try await fixture.firstOffer()) else {
            Issue.record("the room was not held")
            return
        }
        let (badgeSaw, checkoutSaw) = (await badge.value, await checkout.value)
        #expect(badgeSaw == checkoutSaw)
        #expect(badgeSaw.first?.hasPrefix("browsing") == true, "\(badgeSaw)")
        #expect(badgeSaw.last?.hasPrefix("held") == true, "\(badgeSaw)")

        // The app is killed with the room held; the next launch restores it
        // for both screens, and both follow the payment to its end.
        fixture.client.close()
        let relaunched = try ClientFixture.client(sandbox: fixture.sandbox)
        let isFinal: @Sendable (BookingFlow.State) -> Bool = { $0.stage.isFinal }
        let badgeAgain = await Self.reader(relaunched, until: isFinal)
        let checkoutAgain = await Self.reader(relaunched, until: isFinal)
        await relaunched.launch()
        let paid = try await relaunched.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed = paid else {
            Issue.record("expected confirmed, got \(paid)")
            return
        }
        let (badgeThen, checkoutThen) = (await badgeAgain.value, await checkoutAgain.value)
        #expect(badgeThen == checkoutThen)
        #expect(badgeThen.contains { $0.hasPrefix("held") }, "the restored hold: \(badgeThen)")
        #expect(badgeThen.last?.hasPrefix("confirmed") == true, "\(badgeThen)")
        await fixture.sandbox.stop()
    }
}
