import BookingCore
import Testing

/// A refused credential (401) in the reducer: "Sign in again" keeps the
/// attempt (nothing saved, nothing sent, nothing given up), and a new
/// credential resumes it by asking the server first.
@Suite struct SignInRequiredFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static let paying = Fix.state(
        .submitting(Flow.Submitting(attempt: Fix.attempt1, holdID: S.holdID, price: S.price, token: Fix.token)))

    @Test func aRefusedPaymentSaysSignInAgainAndConcludesNothing() {
        let (state, effects) = Flow.reduce(Self.paying, .credentialRefused(Fix.a1))
        #expect(state.stage.kind == .signInRequired)
        #expect(effects.isEmpty)  // no saveNotPaid, no closeKey, no releaseHold
        #expect(state.title == "Sign in again")
        #expect(state.message?.contains("Do not pay again") == true)
        #expect(state.enabledActions == [.signIn, .back])
        #expect(state.actions.first?.label == "Sign in again")
        #expect(state.isAtRest && !state.stage.isFinal)
        #expect(state.stage.attemptID == Fix.a1)
        #expect(state.titleText.key == "booking.title.signInRequired.payment")
    }

    @Test func aNewCredentialLooksThePaymentUpBeforeAnyResend() {
        let refused = Flow.reduce(Self.paying, .credentialRefused(Fix.a1)).state
        #expect(Flow.reduce(refused, .payTapped(Fix.token, now: Fix.t(10))).effects.isEmpty)
        let (resumed, effects) = Flow.reduce(refused, .signedIn)
        #expect(resumed.stage.kind == .unknown)
        guard case .lookUpAttempt(Fix.a1, Fix.k1, _)? = effects.first, effects.count == 1 else {
            Issue.record("expected one lookup, got \(effects)")
            return
        }
        // No booking under the key: the same payment again, same key, same token.
        let (_, resend) = Flow.reduce(resumed, .attemptLookedUp(Fix.a1, .notFound))
        #expect(
            resend == [
                .pay(Flow.PaymentRequest(attempt: Fix.attempt1, holdID: S.holdID, token: Fix.token, isResend: true))
            ])
    }

    @Test func aRefusedHoldReadResumesWithTheReadAndARefusedHoldRequestWithTheSameKey() {
        let held = Fix.held()
        let refused = Flow.reduce(held, .credentialRefused(Fix.a1)).state
        #expect(refused.stage.kind == .signInRequired)
        #expect(refused.title == "Sign in again")
        #expect(refused.message?.contains("Nothing was lost") == true)
        #expect(Flow.reduce(refused, .signedIn).effects == [.readHold(Fix.a1, S.holdID)])
        let requesting = Flow.reduce(Fix.requestingHold, .credentialRefused(Fix.a1)).state
        #expect(Flow.reduce(requesting, .signedIn).effects == [.requestHold(Fix.attempt1)])
    }

    @Test func aLateBookingStillSettlesTheAttempt() {
        let refused = Flow.reduce(Fix.unknown(token: Fix.token), .credentialRefused(Fix.a1)).state
        let (state, _) = Flow.reduce(refused, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 2))))
        #expect(state.stage.kind == .confirmed)
        // An answer that would send again is dropped: it would be refused too.
        #expect(Flow.reduce(refused, .attemptLookedUp(Fix.a1, .notFound)).state == refused)
    }

    @Test func aPolledBookingAndTheBankPageResumeWithAPoll() {
        let polling = Flow.reduce(Fix.processing(), .credentialRefused(Fix.a1)).state
        #expect(Flow.reduce(polling, .signedIn).effects == [.pollBooking(Fix.a1, S.bookingID, after: .zero)])
        let bank = Flow.reduce(Fix.actionRequired, .credentialRefused(Fix.a1)).state
        let (back, effects) = Flow.reduce(bank, .signedIn)
        #expect(back.stage.kind == .actionRequired)
        #expect(effects == [.pollBooking(Fix.a1, S.bookingID, after: .zero)])
    }

    @Test func backFromAHeldRoomGivesItUpAndFromAPaymentLeavesItSaved() {
        let held = Flow.reduce(Fix.held(), .credentialRefused(Fix.a1)).state
        let (browsing, effects) = Flow.reduce(held, .backTapped)
        #expect(browsing.stage == .browsing)
        #expect(effects.contains(.releaseHold(Fix.a1, S.holdID)))
        let paying = Flow.reduce(Self.paying, .credentialRefused(Fix.a1)).state
        let (left, none) = Flow.reduce(paying, .backTapped)
        #expect(left.stage == .browsing)
        #expect(left.paymentBeingChecked == paying.stage)
        #expect(none.isEmpty)  // the payment stays PAYMENT_SUBMITTED, settled in the background or the next launch
    }

    @Test func backFromAPaymentWaitingForSignInKeepsItInTheBackgroundAndSigningInResumesIt() {
        let refused = Flow.reduce(Fix.unknown(token: Fix.token), .credentialRefused(Fix.a1)).state
        let (left, none) = Flow.reduce(refused, .backTapped)
        #expect(left.stage == .browsing && none.isEmpty)
        #expect(left.paymentBeingChecked == refused.stage)  // kept, the banner says so
        #expect(left.banner?.hasPrefix("Sign in again to check your earlier payment") == true)
        // Nothing can be checked without a credential: a foreground nudge sends nothing.
        #expect(Flow.reduce(left, .appForegrounded).effects.isEmpty)
        // Signed in again: the payment is looked up in the background, the screen stays.
        let (resumed, effects) = Flow.reduce(left, .signedIn)
        #expect(resumed.stage == .browsing)
        #expect(resumed.paymentBeingChecked?.kind == .unknown)
        guard case .lookUpAttempt(Fix.a1, Fix.k1, _)? = effects.first, effects.count == 1 else {
            Issue.record("expected one lookup, got \(effects)")
            return
        }
        // Its answer lands on the results screen.
        let landed = Flow.reduce(resumed, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 2)))).state
        #expect(landed.stage.kind == .confirmed && landed.paymentBeingChecked == nil)
        // A late booking lands while it waits for a credential, too.
        let late = Flow.reduce(left, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 2)))).state
        #expect(late.stage.kind == .confirmed && late.paymentBeingChecked == nil)
    }

    @Test func aSettledAttemptIgnoresALateRefusal() {
        let confirmed = Flow.reduce(Self.paying, .payAnswered(Fix.a1, Fix.booking(.confirmed, 1))).state
        #expect(Flow.reduce(confirmed, .credentialRefused(Fix.a1)).state == confirmed)
    }
}
