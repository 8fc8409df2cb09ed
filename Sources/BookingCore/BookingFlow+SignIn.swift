// A refused credential: the server answered 401 to one of the attempt's
// requests (hold, hold read, payment, lookup, poll, key closing, leaving
// the bank's page). A 401 is an answer about the credential, never about
// the attempt: nothing is concluded, nothing is saved, the key is not
// closed and the hold is not given up. The flow waits in `signInRequired`
// ("Sign in again"); with a new credential it resumes where it stopped by
// asking the server first (the hold read again, the payment looked up by
// its key, the booking polled), never by sending a payment blindly.
extension BookingFlow {
    /// The attempt waits for a new credential.
    public struct SignInRequired: Hashable, Sendable {
        /// Where the flow was when the server refused the credential: what
        /// it resumes from, asking the server first.
        public let interrupted: Stage

        /// A value with every field given.
        package init(interrupted: Stage) {
            self.interrupted = interrupted
        }
    }

    /// The words of the action that resumes after a new credential.
    package static let signInAgainLabel = "Sign in again"

    /// `credentialRefused` for the stage on screen: "Sign in again", the
    /// stage kept to resume from. A settled stage, or one with nothing out
    /// (the refusal came late), stays as it is.
    static func credentialRefused(_ stage: Stage) -> Step? {
        switch stage {
        case .requestingHold, .held, .checkingHold, .submitting, .unknown, .actionRequired, .processing:
            return go(.signInRequired(SignInRequired(interrupted: stage)))
        case .browsing, .offerChosen, .priceChanged, .confirmed, .failed, .expired, .cancelled, .notPaid,
            .signInRequired:
            return nil
        }
    }

    /// `signInRequired`'s events: the new credential resumes, Back is the
    /// interrupted stage's Back, and an answer still on its way that settles
    /// the attempt (a late booking, say) is taken; any other answer is
    /// dropped, since what it would send next would be refused again.
    static func signInRequired(_ stage: SignInRequired, _ event: Event) -> Step? {
        switch event {
        case .signedIn:
            return resume(stage.interrupted)
        case .backTapped:
            return back(from: stage.interrupted)
        case let event where event.attemptID != nil:
            guard let step = step(stage.interrupted, event), step.stage.isFinal else { return nil }
            return step
        default:
            return nil
        }
    }

    /// Resuming after a new credential: the server is asked first, from
    /// where the flow stopped. A hold request goes again under the same key
    /// (the server runs a key once: never a second room); a hold is read
    /// again; a payment is looked up by its key (a resend with the same key
    /// only after the lookup found no booking, and only with the payment
    /// method still in memory); a booking is polled.
    static func resume(_ interrupted: Stage) -> Step {
        if let payment = PaymentFlow.State(interrupted), let resumed = embedded(PaymentFlow.step(payment, .resumed)) {
            return resumed  // the payment sub-machine's own resume
        }
        switch interrupted {
        case .requestingHold(let s):
            return go(interrupted, [.requestHold(s.attempt)])
        case .held(let s):
            return go(
                .checkingHold(CheckingHold(attempt: s.attempt, offer: s.offer, holdID: s.hold.id, readPending: true)),
                [.readHold(s.attempt.id, s.hold.id)])
        case .checkingHold(var s):
            s.readPending = true
            return go(.checkingHold(s), [.readHold(s.attempt.id, s.holdID)])
        default:
            return go(interrupted)
        }
    }

    /// Back from "Sign in again": what Back does on the stage it stopped (a
    /// held room is given up, its release saved and sent once it can be). A
    /// payment being checked never gets here: `reduce` leaves it in the
    /// background, still waiting for a credential.
    static func back(from interrupted: Stage) -> Step {
        step(interrupted, .backTapped) ?? go(.browsing)
    }

    /// The interrupted stage's own transition for `event`.
    static func step(_ stage: Stage, _ event: Event) -> Step? {
        switch stage {
        case .requestingHold(let s): return requestingHold(s, event)
        case .held(let s): return held(s, event, isOnline: true)
        case .checkingHold(let s): return checkingHold(s, event)
        case .submitting(let s): return payment(.submitting(s), event)
        case .unknown(let s): return payment(.unknown(s), event)
        case .actionRequired(let s): return payment(.actionRequired(s), event)
        case .processing(let s): return payment(.processing(s), event)
        case .signInRequired(let s): return signInRequired(s, event)
        default: return nil
        }
    }
}
