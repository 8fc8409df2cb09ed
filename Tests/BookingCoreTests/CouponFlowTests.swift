import BookingCore
import Testing

/// The coupon step inside `held`: a code entered is sent (`applyCoupon`)
/// and Pay waits for it; the re-quoted hold becomes the held price (not a
/// price change); a refusal is named and keeps the price; no code is sent
/// offline, twice at once, or after one is applied.
@Suite struct CouponFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static func held(_ state: Flow.State) -> Flow.Held? {
        if case .held(let held) = state.stage { return held }
        return nil
    }

    static var applying: Flow.State { Flow.reduce(Fix.held(), .couponEntered(code: "WELCOME10")).state }

    @Test func aCodeEnteredIsSentAndPayWaitsForItsAnswer() {
        let (state, effects) = Flow.reduce(Fix.held(), .couponEntered(code: "WELCOME10"))
        #expect(Self.held(state)?.coupon == .applying(code: "WELCOME10"))
        #expect(effects == [.applyCoupon(Fix.a1, S.holdID, code: "WELCOME10")])
        #expect(state.pendingWork == .coupon)
        #expect(state.actions.first { $0.action == .pay }?.isEnabled == false)
        let tapped = Flow.reduce(state, .payTapped(Fix.token, now: Fix.t(30)))
        #expect(tapped.state == state)
        #expect(tapped.effects.isEmpty)
        // A second code while one is out is not sent.
        #expect(Flow.reduce(state, .couponEntered(code: "ONCE5")).effects.isEmpty)
    }

    @Test func theReQuotedHoldIsTheHeldPriceAndPayChargesIt() {
        let (state, effects) = Flow.reduce(Self.applying, .couponApplied(Fix.a1, S.couponHold))
        #expect(effects.isEmpty)
        #expect(Self.held(state)?.coupon == .applied(code: "WELCOME10"))
        #expect(state.price == S.couponPrice)
        #expect(state.messageText?.key == "booking.message.held.coupon.applied")
        // Read again later, the discounted hold is still held, never a price change.
        let read = Flow.reduce(state, .holdRead(Fix.a1, S.couponHold, sentAt: Fix.t(60), receivedAt: Fix.t(61)))
        #expect(Self.held(read.state)?.hold.price == S.couponPrice)
        let paying = Flow.reduce(state, .payTapped(Fix.token, now: Fix.t(30)))
        #expect(paying.state.stage.kind == .submitting)
        #expect(paying.state.price == S.couponPrice)
        // One code per hold: another is not sent.
        #expect(Flow.reduce(state, .couponEntered(code: "ONCE5")).effects.isEmpty)
    }

    @Test(arguments: Flow.CouponRefusal.allCases)
    func aRefusalIsNamedAndKeepsThePrice(reason: Flow.CouponRefusal) {
        let state = Flow.reduce(Self.applying, .couponRefused(Fix.a1, reason)).state
        #expect(Self.held(state)?.coupon == .refused(code: "WELCOME10", reason: reason))
        #expect(state.price == S.price)
        #expect(state.messageText?.key == "booking.message.held.coupon.refused." + reason.rawValue)
        #expect(state.actions.first { $0.action == .pay }?.isEnabled == true)
        // Another code may be tried.
        #expect(Flow.reduce(state, .couponEntered(code: "ONCE5")).effects.count == 1)
    }

    @Test func noCodeIsSentOfflineOrFromAnotherStage() {
        #expect(Flow.reduce(Fix.held(online: false), .couponEntered(code: "WELCOME10")).effects.isEmpty)
        #expect(Flow.reduce(Fix.offerChosen, .couponEntered(code: "WELCOME10")).effects.isEmpty)
        #expect(Flow.reduce(Fix.held(), .couponApplied(Fix.a1, S.couponHold)).state == Fix.held())
    }

    @Test func aHoldReadWhileACodeIsOutKeepsTheCodeOut() {
        let read = Flow.reduce(Self.applying, .holdRead(Fix.a1, S.hold, sentAt: Fix.t(60), receivedAt: Fix.t(61)))
        #expect(Self.held(read.state)?.coupon == .applying(code: "WELCOME10"))
        let applied = Flow.reduce(read.state, .couponApplied(Fix.a1, S.couponHold))
        #expect(Self.held(applied.state)?.coupon == .applied(code: "WELCOME10"))
    }
}
