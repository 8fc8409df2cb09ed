/// The booking flow as a pure state machine: `State`, `Event`, `Effect` and
/// one `reduce`. No clock, no chance, no I/O: ids and times come in with
/// events, so a logged list of events replays a bug exactly.
///
/// The rules it keeps (the promises in README.md):
/// - the attempt's row is saved before its first request, and its status
///   before the payment (`saveAttempt` before `requestHold`,
///   `saveAttemptStatus(paymentSubmitted)` before `pay`);
/// - `pay` comes only from `held`, online, with time left, and valid guest
///   details (`GuestDetails.problem`), saved with the status; a second tap
///   anywhere else changes nothing and sends nothing;
/// - an effect's result for another attempt is dropped, and so is a booking
///   whose version is not newer than the one held;
/// - a lost answer leads to `unknown`, which looks the attempt up by its key
///   (and still takes a late answer); when the server has no booking for the
///   key it sends the same payment again, same key and same body (the server
///   de-duplicates by key, so this can never charge twice), or, with nothing
///   to send, closes the key (the server then refuses anything under it);
///   a closed key, a key the server answered with a stored error, or a hold
///   that ended, with no booking under the key, is `notPaid`, which offers a
///   new attempt with a new key (on the same live hold after a closed key);
///   after the six lookups with no answer at all it says "We could not
///   confirm" and offers no payment;
/// - a declined card or a failed booking keeps the hold: a retry pays it
///   under a new attempt and key, never asking for a second room;
/// - a saved attempt that may have charged is restored to `unknown` or
///   `processing` (or its saved 3-D Secure page), never to a stage that
///   could pay it again;
/// - a payment being checked never blocks the app: Back leaves it for the
///   results while it goes on being settled (`paymentBeingChecked`);
/// - a refused credential (401) concludes nothing: "Sign in again" keeps the
///   attempt, and a new credential resumes it by asking the server first.
public enum BookingFlow {
    /// A transition: the next state and the effects to run, in order.
    package typealias Transition = (state: State, effects: [Effect])

    /// The state at launch: the results list, online until told otherwise.
    package static let initialState = State(stage: .browsing)

    /// Why Pay is disabled before any guest details were entered.
    package static let guestMissingReason = "Enter the lead guest's name and email"

    /// The exact words after the lookups run out.
    package static let couldNotConfirmMessage =
        "We could not confirm whether the payment went through. It is checked again at every launch, and the "
        + "booking shows in your trips if it did. Do not pay again."

    /// The next state and the effects for `event` in `state`. Pure: same
    /// input, same output. Every pair has an answer; one the table does not
    /// use returns `state` unchanged and no effects.
    package static func reduce(_ state: State, _ event: Event) -> Transition {
        var next = state
        switch event {
        case .wentOffline:
            next.isOnline = false
            return (next, [])
        case .cameOnline:
            next.isOnline = true
            // A payment the device could not ask about is asked about at
            // once, not after its back-off: the network is what it lacked.
            if case .unknown(let unknown) = state.stage, unknown.isUnreachable {
                return nudgingBackground(reduce(next, .checkAgainTapped))
            }
            return nudgingBackground((next, []))
        case .paymentMethodsChanged(let off, let paying):
            next.paymentMethodsOff = off
            next.paymentMethod = paying
            return (next, [])
        case .payTapped(let token, _) where state.paymentMethodsOff[PaymentMethodKind(token: token)] != nil:
            return (state, [])  // that kind is switched off: nothing is sent
        case .payTapped where state.guestReason != nil:
            return (state, [])  // no valid lead guest: nothing is saved or sent
        case .guestEntered(let guest):
            next.guest = guest
            return (next, [])
        case .appForegrounded where state.paymentBeingChecked != nil,
            .signedIn where state.paymentBeingChecked != nil:
            return nudgingBackground(reduce(withoutBackground(state), event), from: state, with: event)
        case .holdTapped where Self.choosesOfferBeingPaid(state):
            return (state, [])  // a payment for this room is being checked: its answer comes first
        case .confirmationNotSaved(let id, let booking):
            return notSavedOnDevice(reduce(state, .payAnswered(id, booking)), from: state)
        case .takeOverTapped(let attempt, let hold):
            guard let stage = takeOver(state, attempt, hold: hold) else { return (state, []) }
            next.stage = stage.stage
            next.earlierPayment = nil
            return (next, stage.effects)
        default:
            break
        }
        if let eventAttempt = event.attemptID, eventAttempt != state.stage.attemptID {
            if let background = state.paymentBeingChecked, background.attemptID == eventAttempt {
                return settleInBackground(state, background, event)
            }
            return (state, [])  // stale: another attempt's result
        }
        if event == .backTapped {
            if isBeingChecked(state.stage) || isWaitingForSignInToCheck(state.stage) {
                return leaveCheckingPayment(state)
            }
            next.earlierPayment = nil  // the banner of a landed payment goes with the screen it was on
        }
        if case .credentialRefused = event, let refused = credentialRefused(state.stage) {
            next.stage = refused.stage
            return (next, refused.effects)
        }
        let result: (stage: Stage, effects: [Effect], soldOut: OfferID?)?
        switch state.stage {
        case .browsing:
            result = browsing(event)
        case .offerChosen(let offer):
            result = offerChosen(offer, event, isOnline: state.isOnline)
        case .requestingHold(let stage):
            result = requestingHold(stage, event)
        case .held(let stage):
            result = held(stage, event, isOnline: state.isOnline, guest: state.guest)
        case .checkingHold(let stage):
            result = checkingHold(stage, event)
        case .priceChanged(let stage):
            result = priceChanged(stage, event, isOnline: state.isOnline)
        case .submitting(let stage):
            result = payment(.submitting(stage), event)
        case .unknown(let stage):
            result = payment(.unknown(stage), event)
        case .actionRequired(let stage):
            result = payment(.actionRequired(stage), event)
        case .processing(let stage):
            result = payment(.processing(stage), event)
        case .confirmed, .cancelled:
            result = settled(event)
        case .failed(let stage):
            result = retryable(
                stage.attempt, offer: stage.offer, hold: stage.holdID, holdNotKnown: stage.reason == .holdNotKnown,
                event, isOnline: state.isOnline)
        case .expired(let stage):
            result = retryable(stage.attempt, offer: stage.offer, event, isOnline: state.isOnline)
        case .notPaid(let stage):
            result = retryable(stage.attempt, offer: nil, hold: stage.holdID, event, isOnline: state.isOnline)
        case .signInRequired(let stage):
            result = signInRequired(stage, event)
        }
        guard let result else { return (state, []) }
        next.stage = result.stage
        if let soldOut = result.soldOut { next.soldOutOffers.insert(soldOut) }
        return (next, result.effects)
    }

    /// The payment's answer when this device could not save it: what
    /// `payAnswered` does, except that a confirmation it reaches is marked
    /// not saved on the device (no trip to show offline yet).
    static func notSavedOnDevice(_ answered: Transition, from state: State) -> Transition {
        guard answered.state.stage != state.stage, case .confirmed(let settled) = answered.state.stage else {
            return answered
        }
        var next = answered.state
        next.stage = .confirmed(Settled(attemptID: settled.attemptID, booking: settled.booking, isSavedOnDevice: false))
        return (next, answered.effects)
    }

    /// Whether the offer on screen is the room a payment being checked is
    /// for: Hold is refused there until the server answers that payment.
    static func choosesOfferBeingPaid(_ state: State) -> Bool {
        guard case .offerChosen(let offer) = state.stage else { return false }
        return state.isBeingPaid(offer.id)
    }

    /// A stage change with its effects (no offer marked sold out).
    static func go(_ stage: Stage, _ effects: [Effect] = []) -> (stage: Stage, effects: [Effect], soldOut: OfferID?) {
        (stage, effects, nil)
    }

    /// Starting a new attempt on an offer: save it, then ask for the hold.
    static func startAttempt(
        id: AttemptID, key: IdempotencyKey, offerID: OfferID, quoteID: QuoteID, offer: Offer?
    ) -> (stage: Stage, effects: [Effect], soldOut: OfferID?) {
        let attempt = Attempt(id: id, key: key, offerID: offerID, quoteID: quoteID)
        return go(
            .requestingHold(RequestingHold(attempt: attempt, offer: offer)),
            [.saveAttempt(attempt), .requestHold(attempt)])
    }

    /// Starting a new attempt on the live hold of the one before it (a
    /// declined card, a closed key): saved on that hold, then the hold is
    /// read for its time left; held, it is paid under the new key.
    static func startAttempt(
        id: AttemptID, key: IdempotencyKey, after previous: Attempt, onHold holdID: HoldID, offer: Offer?
    ) -> (stage: Stage, effects: [Effect], soldOut: OfferID?) {
        let attempt = Attempt(id: id, key: key, offerID: previous.offerID, quoteID: previous.quoteID)
        return go(
            .checkingHold(
                CheckingHold(attempt: attempt, offer: offer, holdID: holdID, readPending: true, isTimeUnknown: true)),
            [.saveAttemptOnHold(attempt, holdID), .readHold(id, holdID)])
    }

    /// Saving the client's own move of an attempt (never a server answer:
    /// the repository saves those where they arrive).
    static func save(_ attempt: AttemptID, _ phase: AttemptPhase) -> Effect {
        .saveAttemptStatus(AttemptChange(attemptID: attempt, phase: phase))
    }
}
