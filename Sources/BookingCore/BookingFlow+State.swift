extension BookingFlow {
    /// Where the booking flow is. `stage` is the state machine proper; the
    /// two other fields are facts that outlive every stage (connectivity, and
    /// the offers the results list marks as sold out).
    public struct State: Hashable, Sendable {
        /// Where the flow is.
        public package(set) var stage: Stage
        /// Whether the device is online (holding and paying need it).
        public package(set) var isOnline: Bool
        /// Offers the server said are sold out; the results list marks them.
        public package(set) var soldOutOffers: Set<OfferID>
        /// A payment the user went Back from while it was being checked
        /// (`submitting`, `unknown` or `processing`): it keeps being settled
        /// (its lookups and polls go on; reconciliation settles it too) and
        /// the banner says so. A payment being settled never blocks the app:
        /// a new hold may start meanwhile.
        package var paymentBeingChecked: Stage?

        /// Whether a payment for `offer` is being checked in the background:
        /// that room cannot be held again until the server has answered it
        /// (one stay is never paid twice by accident). The same stay is the
        /// same offer: one property's room type, on the same dates, for the
        /// same guests, as the server names it (the contract's offer id is
        /// opaque, so nothing finer can be compared).
        package func isBeingPaid(_ offer: OfferID) -> Bool {
            paymentBeingChecked.flatMap(BookingFlow.offerBeingPaid) == offer
        }
        /// Where such a payment landed, while the screen shows another
        /// attempt: the banner says how it ended. (With no other attempt on
        /// screen, the landed stage itself is shown.)
        package var earlierPayment: Stage?
        /// The payment method kinds the server's switch turned off, each
        /// with its reason (the server's words): Pay with one of them is
        /// disabled with that reason, as offline disables it. A fact fed in
        /// like `isOnline` (`paymentMethodsChanged`), never read by `reduce`
        /// from anywhere else.
        public package(set) var paymentMethodsOff: [PaymentMethodKind: String]
        /// The kind the screen pays with (the last one chosen; a card until
        /// told otherwise): Pay is disabled when it is off.
        public package(set) var paymentMethod: PaymentMethodKind
        /// The lead guest as last entered (`guestEntered`): Pay is disabled
        /// until the details pass `GuestDetails.problem`, and the trimmed
        /// details are saved with the attempt before the payment is sent.
        public package(set) var guest: GuestDetails?

        /// A state.
        package init(
            stage: Stage, isOnline: Bool = true, soldOutOffers: Set<OfferID> = [], paymentBeingChecked: Stage? = nil,
            earlierPayment: Stage? = nil, paymentMethodsOff: [PaymentMethodKind: String] = [:],
            paymentMethod: PaymentMethodKind = .card, guest: GuestDetails? = nil
        ) {
            self.stage = stage
            self.isOnline = isOnline
            self.soldOutOffers = soldOutOffers
            self.paymentBeingChecked = paymentBeingChecked
            self.earlierPayment = earlierPayment
            self.paymentMethodsOff = paymentMethodsOff
            self.paymentMethod = paymentMethod
            self.guest = guest
        }

        /// Why Pay with the chosen kind is off, if it is.
        package var paymentMethodOffReason: String? { paymentMethodsOff[paymentMethod] }

        /// Why Pay waits for the guest details, if it does.
        package var guestReason: String? {
            guard let guest else { return BookingFlow.guestMissingReason }
            return guest.problem?.message
        }
    }

    /// The stages of the flow. Each case holds only the data that makes
    /// sense there.
    public enum Stage: Hashable, Sendable {
        /// The results list; no attempt.
        case browsing
        /// One offer on screen, not yet held; no attempt.
        case offerChosen(Offer)
        /// The attempt is saved and the hold request sent.
        case requestingHold(RequestingHold)
        /// The room is held; the countdown runs; pay is possible.
        case held(Held)
        /// The countdown reached zero (or the app came back): pay is locked
        /// while the hold is read again from the server, which may have extended it.
        case checkingHold(CheckingHold)
        /// The server refused the quote and sent a new price.
        case priceChanged(PriceChanged)
        /// The payment request is out.
        case submitting(Submitting)
        /// The payment's answer was lost: only the lookup by key runs.
        case unknown(Unknown)
        /// The bank asks for 3-D Secure.
        case actionRequired(ActionRequired)
        /// The payment is being processed: polling.
        case processing(Processing)
        /// Final: the booking is confirmed and saved as a trip; or, when
        /// this device could not save it (`Settled.isSavedOnDevice`),
        /// confirmed on the server and saved at the next launch.
        case confirmed(Settled)
        /// Final: the attempt failed; a retry is a new attempt.
        case failed(Failed)
        /// Final: the hold ran out ("Room no longer held").
        case expired(Expired)
        /// Final: the booking was cancelled.
        case cancelled(Settled)
        /// Final: the server certainly took no payment under the attempt's
        /// key; a new attempt (new key) can be started.
        case notPaid(NotPaid)
        /// The server refused the app's credential (HTTP 401) on one of the
        /// attempt's requests: nothing is concluded, the attempt is kept as
        /// it was. "Sign in again": with a new credential the flow resumes
        /// from `SignInRequired.interrupted`, asking the server first.
        indirect case signInRequired(SignInRequired)

        /// Which stage this is, without its data: what tests and logs
        /// compare, never the name's text.
        package enum Kind: String, CaseIterable, Sendable {
            case browsing, offerChosen, requestingHold, held, checkingHold, priceChanged, submitting, unknown
            case actionRequired, processing, confirmed, failed, expired, cancelled, notPaid, signInRequired
        }

        /// Which stage this is (`Kind`).
        package var kind: Kind {
            switch self {
            case .browsing: return .browsing
            case .offerChosen: return .offerChosen
            case .requestingHold: return .requestingHold
            case .held: return .held
            case .checkingHold: return .checkingHold
            case .priceChanged: return .priceChanged
            case .submitting: return .submitting
            case .unknown: return .unknown
            case .actionRequired: return .actionRequired
            case .processing: return .processing
            case .confirmed: return .confirmed
            case .failed: return .failed
            case .expired: return .expired
            case .cancelled: return .cancelled
            case .notPaid: return .notPaid
            case .signInRequired: return .signInRequired
            }
        }

        /// The stage's name, as the diagram and logs show it.
        public var name: String { kind.rawValue }

        /// The attempt the stage belongs to; `nil` when no attempt is open.
        public var attemptID: AttemptID? {
            switch self {
            case .browsing, .offerChosen: return nil
            case .requestingHold(let s): return s.attempt.id
            case .held(let s): return s.attempt.id
            case .checkingHold(let s): return s.attempt.id
            case .priceChanged(let s): return s.previous.id
            case .submitting(let s): return s.attempt.id
            case .unknown(let s): return s.payment.attempt.id
            case .actionRequired(let s): return s.payment.attempt.id
            case .processing(let s): return s.payment.attempt.id
            case .confirmed(let s): return s.attemptID
            case .failed(let s): return s.attempt.id
            case .expired(let s): return s.attempt.id
            case .cancelled(let s): return s.attemptID
            case .notPaid(let s): return s.attempt.id
            case .signInRequired(let s): return s.interrupted.attemptID
            }
        }

        /// The offer the stage is about, for display: the one chosen, being
        /// held, held, re-read, at its old price, or given up; nil on the
        /// results, during and after a payment, and when the flow was
        /// restored at launch (the saved attempt keeps no offer).
        public var offer: Offer? {
            switch self {
            case .offerChosen(let offer): return offer
            case .requestingHold(let s): return s.offer
            case .held(let s): return s.offer
            case .checkingHold(let s): return s.offer
            case .priceChanged(let s): return s.offer
            case .failed(let s): return s.offer
            case .expired(let s): return s.offer
            case .signInRequired(let s): return s.interrupted.offer
            case .browsing, .submitting, .unknown, .actionRequired, .processing, .confirmed, .cancelled, .notPaid:
                return nil
            }
        }

        /// The booking version the stage holds, if any.
        package var version: Version? {
            switch self {
            case .unknown(let s): return s.version
            case .actionRequired(let s): return s.version
            case .processing(let s): return s.version
            case .confirmed(let s), .cancelled(let s): return s.booking.version
            case .failed(let s): return s.version
            case .expired(let s): return s.version
            case .signInRequired(let s): return s.interrupted.version
            default: return nil
            }
        }

        /// Whether the attempt is settled: only the user can move on from
        /// here, and nothing from the attempt's effects changes it.
        public var isFinal: Bool {
            switch self {
            // A hold request with no clear answer is not settled: Retry asks
            // again under the same attempt and key.
            case .failed(let s) where s.reason == .holdNotKnown: return false
            case .confirmed, .failed, .expired, .cancelled, .notPaid: return true
            default: return false
            }
        }
    }
}
