extension PaymentFlow {
    /// What the payment machine takes: the start, the taps of its stages,
    /// the results of its effects and a new credential. No attempt ids: the
    /// booking flow drops another attempt's result before scoping.
    package enum Event: Hashable, Sendable, Codable, NamedStep {
        // From the booking flow.

        /// Pay tapped on a held room (online, time left): the start.
        case payTapped(
            BookingFlow.Attempt, holdID: HoldID, price: PriceBreakdown, token: PaymentToken, guest: GuestDetails)
        /// A new credential after "Sign in again": resume by asking the server first.
        case resumed

        // The user and the app's life.

        /// Ask the server again (lookup or booking status).
        case checkAgainTapped
        /// Open the bank's page again.
        case openChallengeTapped
        /// Back (taken only by 3-D Secure: the parent keeps a payment being
        /// checked in the background instead).
        case backTapped
        /// "Use another card" while 3-D Secure is pending, with the new attempt's id and key.
        case useAnotherCardTapped(attempt: AttemptID, key: IdempotencyKey)
        /// The app came back to the foreground.
        case appForegrounded

        // Results of effects.

        /// `pay` answered with the booking.
        case payAnswered(Booking)
        /// `pay` failed.
        case payFailed(BookingFlow.PaymentFailure)
        /// `lookUpAttempt` answered.
        case attemptLookedUp(BookingFlow.LookupResult)
        /// `closeKey` answered.
        case keyClosed(BookingFlow.KeyClosure)
        /// `readHold` answered.
        case holdRead(Hold)
        /// `readHold` failed.
        case holdReadFailed(BookingFlow.HoldReadFailure)
        /// A hold request of the attempt was refused for good (the machine code, if any).
        case holdRefused(code: String?)
        /// The user came back from the bank's page.
        case challengeReturned
        /// `pollBooking` answered.
        case bookingPolled(BookingFlow.LookupResult)
        /// `abandonBooking` answered.
        case bookingAbandoned(BookingFlow.AbandonAnswer)

        /// The booking flow's `event`, scoped into this machine; `nil` for an
        /// event no payment stage takes (the parent's own, or a hold's).
        /// `payTapped` and `resumed` are never scoped: the parent sends them
        /// with what it knows (the held room, the stage waiting to sign in).
        package init?(_ event: BookingFlow.Event) {
            switch event {
            case .checkAgainTapped: self = .checkAgainTapped
            case .openChallengeTapped: self = .openChallengeTapped
            case .backTapped: self = .backTapped
            case .useAnotherCardTapped(let id, let key): self = .useAnotherCardTapped(attempt: id, key: key)
            case .appForegrounded: self = .appForegrounded
            case .payAnswered(_, let booking): self = .payAnswered(booking)
            case .payFailed(_, let failure): self = .payFailed(failure)
            case .attemptLookedUp(_, let result): self = .attemptLookedUp(result)
            case .keyClosed(_, let closure): self = .keyClosed(closure)
            case .holdRead(_, let hold, _, _): self = .holdRead(hold)
            case .holdReadFailed(_, let failure): self = .holdReadFailed(failure)
            case .holdFailed(_, .rejected(let code)): self = .holdRefused(code: code)
            case .challengeReturned: self = .challengeReturned
            case .pushReceived: self = .appForegrounded
            case .bookingPolled(_, let result): self = .bookingPolled(result)
            case .bookingAbandoned(_, let answer): self = .bookingAbandoned(answer)
            case .offerChosen, .holdTapped, .acceptNewPriceTapped, .takeOverTapped, .payTapped, .retryTapped, .signedIn,
                .wentOffline,
                .cameOnline, .paymentMethodsChanged, .guestEntered, .restored, .holdGranted, .holdFailed,
                .holdTimerFired,
                .confirmationNotSaved, .credentialRefused, .couponEntered, .couponApplied, .couponRefused:
                return nil
            }
        }

        /// A short name, for the diagram and logs (the booking flow's name for the same event).
        package var name: String {
            switch self {
            case .payTapped: return "payTapped"
            case .resumed: return "resumed"
            case .checkAgainTapped: return "checkAgainTapped"
            case .openChallengeTapped: return "openChallengeTapped"
            case .backTapped: return "backTapped"
            case .useAnotherCardTapped: return "useAnotherCardTapped"
            case .appForegrounded: return "appForegrounded"
            case .payAnswered(let booking): return "payAnswered(\(booking.status.rawValue))"
            case .payFailed(let failure): return "payFailed(\(failure.name))"
            case .attemptLookedUp(let result): return "attemptLookedUp(\(result.name))"
            case .keyClosed(let closure): return "keyClosed(\(closure.name))"
            case .holdRead: return "holdRead"
            case .holdReadFailed(let failure): return "holdReadFailed(\(failure))"
            case .holdRefused: return "holdFailed(rejected)"
            case .challengeReturned: return "challengeReturned"
            case .bookingPolled(let result): return "bookingPolled(\(result.name))"
            case .bookingAbandoned(let answer): return "bookingAbandoned(\(answer.name))"
            }
        }
    }
}
