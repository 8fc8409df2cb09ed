// Back from a payment being checked: the app is never blocked by it. Back
// from `submitting`, `unknown` or `processing` goes to the results with a
// banner; the payment keeps being settled here (its lookups, resends and
// polls go on, their answers reduced against the stage it left) and by
// reconciliation; its outcome shows when it lands.
extension BookingFlow.State {
    /// Whether a payment of this flow is in flight: being sent, looked up
    /// or polled, on screen or in the background.
    package var hasPaymentInFlight: Bool {
        BookingFlow.isBeingChecked(stage) || paymentBeingChecked != nil
    }
}

extension BookingFlow {
    /// Whether `stage` is a payment being checked: one Back leaves for the
    /// results while it goes on being settled.
    static func isBeingChecked(_ stage: Stage) -> Bool {
        switch stage {
        case .submitting, .unknown, .processing: return true
        default: return false
        }
    }

    /// Whether `stage` is "Sign in again" over a payment being checked: Back
    /// leaves it in the background as it is (nothing can be checked until a
    /// new credential comes; `signedIn` resumes it there).
    static func isWaitingForSignInToCheck(_ stage: Stage) -> Bool {
        guard case .signInRequired(let waiting) = stage else { return false }
        return isBeingChecked(waiting.interrupted)
    }

    /// The offer a payment being checked is for (`submitting`, `unknown`,
    /// `processing`, or "Sign in again" over one of them), if `stage` is one.
    static func offerBeingPaid(_ stage: Stage) -> OfferID? {
        switch stage {
        case .submitting(let s): return s.attempt.offerID
        case .unknown(let s): return s.payment.attempt.offerID
        case .processing(let s): return s.payment.attempt.offerID
        case .signInRequired(let s): return offerBeingPaid(s.interrupted)
        default: return nil
        }
    }

    /// Back from a payment being checked: the results, the payment kept as
    /// `paymentBeingChecked`. Nothing is sent and nothing is given up: the
    /// hold stays with the payment that uses it.
    static func leaveCheckingPayment(_ state: State) -> Transition {
        var next = state
        next.paymentBeingChecked = state.stage
        next.earlierPayment = nil
        next.stage = .browsing
        return (next, [])
    }

    /// A result for the payment being checked in the background: reduced
    /// against the stage it left. Still being checked, it stays in the
    /// background; landed (settled, or needing the user), it is shown: as
    /// the screen when the results are on it, else in the banner. The
    /// bank's page is never opened from the background.
    static func settleInBackground(_ state: State, _ background: Stage, _ event: Event) -> Transition {
        let result: Step?
        if case .credentialRefused = event {
            // Lands like an answer; a payment already waiting for a credential stays as it is.
            result = credentialRefused(background)
        } else {
            result = step(background, event)
        }
        guard let result else { return (state, []) }
        var next = state
        let effects = result.effects.filter {
            if case .openChallenge = $0 { return false }
            return true
        }
        if isBeingChecked(result.stage) {
            next.paymentBeingChecked = result.stage
            return (next, effects)
        }
        next.paymentBeingChecked = nil
        if case .browsing = state.stage {
            next.stage = result.stage
        } else {
            next.earlierPayment = result.stage
        }
        return (next, effects)
    }

    /// Back online, or the app back in the foreground: a payment being
    /// checked in the background whose checks stopped (given up, or out of
    /// polls) is asked about once more, now. Signed in again (`event` is
    /// `signedIn`): a payment left waiting for a credential resumes by
    /// asking the server first, as it would on screen.
    static func nudgingBackground(
        _ transition: Transition, from before: State? = nil, with event: Event = .appForegrounded
    ) -> Transition {
        var (state, effects) = transition
        if let before { state.paymentBeingChecked = before.paymentBeingChecked }
        guard let background = state.paymentBeingChecked else { return (state, effects) }
        let nudged = settleInBackground(state, background, event)
        return (nudged.state, effects + nudged.effects)
    }

    /// `state` with no payment in the background (the foreground's own
    /// transition is computed on it).
    static func withoutBackground(_ state: State) -> State {
        var alone = state
        alone.paymentBeingChecked = nil
        return alone
    }
}
