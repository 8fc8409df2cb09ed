extension BookingFlow {
    /// Something that happened. Ids and times come in with events, so the
    /// reducer never makes or reads them. Every event that is the result of
    /// an effect carries the attempt id; one for another attempt is dropped.
    package enum Event: Hashable, Sendable, Codable, NamedStep {
        // The user.

        /// An offer was picked from the results.
        case offerChosen(Offer)
        /// Hold tapped; the store made the new attempt's id and key.
        case holdTapped(attempt: AttemptID, key: IdempotencyKey)
        /// The new price was accepted: a new hold, with a new attempt and key.
        case acceptNewPriceTapped(attempt: AttemptID, key: IdempotencyKey)
        /// Pay tapped with a payment method, at a monotonic reading.
        case payTapped(PaymentToken, now: MonotonicInstant)
        /// Try again after a failure or an expiry: a new attempt and key.
        case retryTapped(attempt: AttemptID, key: IdempotencyKey)
        /// Ask the server again (hold, lookup or booking status).
        case checkAgainTapped
        /// Open the bank's page again.
        case openChallengeTapped
        /// Back (or Done).
        case backTapped
        /// "Use another card" while 3-D Secure is pending: the store made the
        /// new attempt's id and key, used once the booking is left.
        case useAnotherCardTapped(attempt: AttemptID, key: IdempotencyKey)
        /// The app has a new credential (the user signed in again): a flow
        /// waiting in `signInRequired` resumes, asking the server first.
        case signedIn
        /// The user entered a coupon code on the held room.
        case couponEntered(code: String)
        /// "Pay it here" on a room the account holds from another device
        /// (`GET /v1/holds`): the store made the new attempt's id and key
        /// (the attempt names that hold's offer and quote). The attempt is
        /// saved on the hold, then the hold is read for its time left.
        case takeOverTapped(Attempt, hold: HoldID)

        // The device and the app's life.

        /// The network went away.
        case wentOffline
        /// The network came back.
        case cameOnline
        /// The server's payment-method switch as last read (the kinds off,
        /// each with its reason) and the kind the screen pays with: Pay with
        /// a kind that is off is disabled with its reason. Never touches a
        /// payment under way.
        case paymentMethodsChanged(off: [PaymentMethodKind: String], paying: PaymentMethodKind)
        /// The lead guest's details as typed (`nil`: cleared). Pay is
        /// disabled until they pass `GuestDetails.problem`; never touches a
        /// payment under way (its guest is the one saved with it).
        case guestEntered(GuestDetails?)
        /// The app came back to the foreground (also after the bank's page).
        case appForegrounded
        /// At launch: the saved attempt that is not final, if any (else the
        /// latest one if it ended certainly not paid with its room kept), and for a
        /// held one what the device itself knows of its hold (same boot
        /// only; nil when it cannot tell).
        case restored(SavedAttempt?, hold: RestoredHold? = nil)

        // Results of effects.

        /// `requestHold` succeeded; `sentAt` was read just before sending.
        case holdGranted(AttemptID, Hold, sentAt: MonotonicInstant, receivedAt: MonotonicInstant)
        /// `requestHold` failed.
        case holdFailed(AttemptID, HoldFailure)
        /// The timer of `scheduleHoldTimer` fired.
        case holdTimerFired(AttemptID, now: MonotonicInstant)
        /// `readHold` answered; `sentAt` was read just before sending.
        case holdRead(AttemptID, Hold, sentAt: MonotonicInstant, receivedAt: MonotonicInstant)
        /// `readHold` failed.
        case holdReadFailed(AttemptID, HoldReadFailure)
        /// `pay` answered with the booking.
        case payAnswered(AttemptID, Booking)
        /// `pay` answered with a confirmed booking this device could not
        /// save (its storage full, say): the row stays as it was and the next
        /// launch's reconciliation saves the trip. Taken as `payAnswered`,
        /// never shown as a trip on the device.
        case confirmationNotSaved(AttemptID, Booking)
        /// `pay` failed (the runner classified it with BookingAPI's `OutcomePolicy`).
        case payFailed(AttemptID, PaymentFailure)
        /// `lookUpAttempt` answered.
        case attemptLookedUp(AttemptID, LookupResult)
        /// The user came back from the bank's page. The page's result is only
        /// a hint, so it is not carried: the server's booking is the truth.
        case challengeReturned(AttemptID)
        /// `pollBooking` answered.
        case bookingPolled(AttemptID, LookupResult)
        /// A push named the attempt (or its booking). A push is only a hint:
        /// the payment being checked is asked about once, now (looked up by
        /// its key, or its booking polled), and what the server answers is
        /// shown; nothing of the push's own content is.
        case pushReceived(AttemptID)
        /// `closeKey` answered.
        case keyClosed(AttemptID, KeyClosure)
        /// `abandonBooking` answered.
        case bookingAbandoned(AttemptID, AbandonAnswer)
        /// The server refused the credential (HTTP 401) on one of the
        /// attempt's requests: it ran nothing, and nothing is concluded.
        case credentialRefused(AttemptID)
        /// The server applied the coupon code: the hold re-quoted.
        case couponApplied(AttemptID, Hold)
        /// The server refused the coupon code (or it could not be sent).
        case couponRefused(AttemptID, CouponRefusal)

        /// The attempt an effect result belongs to; `nil` for the other events.
        package var attemptID: AttemptID? {
            switch self {
            case .holdGranted(let id, _, _, _), .holdFailed(let id, _), .holdTimerFired(let id, _),
                .holdRead(let id, _, _, _), .holdReadFailed(let id, _), .payAnswered(let id, _),
                .confirmationNotSaved(let id, _), .payFailed(let id, _), .attemptLookedUp(let id, _),
                .challengeReturned(let id), .pushReceived(let id),
                .bookingPolled(let id, _), .keyClosed(let id, _), .bookingAbandoned(let id, _),
                .credentialRefused(let id), .couponApplied(let id, _), .couponRefused(let id, _):
                return id
            default:
                return nil
            }
        }

        /// A short name, for the diagram and logs (no ids, no personal data).
        package var name: String {
            switch self {
            case .offerChosen: return "offerChosen"
            case .holdTapped: return "holdTapped"
            case .acceptNewPriceTapped: return "acceptNewPriceTapped"
            case .payTapped: return "payTapped"
            case .retryTapped: return "retryTapped"
            case .checkAgainTapped: return "checkAgainTapped"
            case .openChallengeTapped: return "openChallengeTapped"
            case .backTapped: return "backTapped"
            case .takeOverTapped: return "takeOverTapped"
            case .useAnotherCardTapped: return "useAnotherCardTapped"
            case .signedIn: return "signedIn"
            case .wentOffline: return "wentOffline"
            case .cameOnline: return "cameOnline"
            case .paymentMethodsChanged: return "paymentMethodsChanged"
            case .guestEntered(let guest):
                return guest?.problem == nil && guest != nil ? "guestEntered" : "guestEntered(invalid)"
            case .appForegrounded: return "appForegrounded"
            case .restored(let record, _): return record.map { "restored(\($0.phase.rawValue))" } ?? "restored(none)"
            case .holdGranted: return "holdGranted"
            case .holdFailed(_, let failure): return "holdFailed(\(failure.name))"
            case .holdTimerFired: return "holdTimerFired"
            case .holdRead: return "holdRead"
            case .holdReadFailed(_, let failure): return "holdReadFailed(\(failure))"
            case .payAnswered(_, let booking): return "payAnswered(\(booking.status.rawValue))"
            case .confirmationNotSaved: return "confirmationNotSaved"
            case .payFailed(_, let failure): return "payFailed(\(failure.name))"
            case .attemptLookedUp(_, let result): return "attemptLookedUp(\(result.name))"
            case .challengeReturned: return "challengeReturned"
            case .pushReceived: return "pushReceived"
            case .bookingPolled(_, let result): return "bookingPolled(\(result.name))"
            case .keyClosed(_, let closure): return "keyClosed(\(closure.name))"
            case .bookingAbandoned(_, let answer): return "bookingAbandoned(\(answer.name))"
            case .credentialRefused: return "credentialRefused"
            case .couponEntered: return "couponEntered"
            case .couponApplied: return "couponApplied"
            case .couponRefused(_, let reason): return "couponRefused(\(reason.rawValue))"
            }
        }
    }

    /// Why a hold request failed.
    package enum HoldFailure: Hashable, Sendable, Codable {
        /// `409 PRICE_CHANGED`, with the new quote.
        case priceChanged(Quote)
        /// `409 SOLD_OUT`.
        case soldOut
        /// The server could not be reached (nothing left the device) or
        /// refused the request: no hold was made.
        case unavailable
        /// The request left and no clear answer came back (a lost answer, a
        /// 5xx, a gateway's 429 or 503): the server may have made the hold
        /// under the attempt's key. Asked again under that key, never
        /// concluded "not held".
        case unknownOutcome
        /// The server asked not to be sent anything before `until` (unix
        /// seconds, from its `Retry-After`); nothing was sent.
        case waitRequested(until: Int64)
        /// Refused for good (the machine code, if any).
        case rejected(code: String?)
        /// Another process on the same data directory started a new hold,
        /// which abandoned this attempt; its answer applies to nothing.
        case superseded

        /// A short name.
        package var name: String {
            switch self {
            case .priceChanged: return "priceChanged"
            case .soldOut: return "soldOut"
            case .unavailable: return "unavailable"
            case .unknownOutcome: return "unknownOutcome"
            case .waitRequested: return "waitRequested"
            case .rejected: return "rejected"
            case .superseded: return "superseded"
            }
        }
    }

    /// Why a hold read failed.
    package enum HoldReadFailure: Hashable, Sendable, Codable {
        /// The hold is gone.
        case expired
        /// The server could not be reached.
        case unreachable
        /// Nothing was sent: the server asked (in an earlier answer's
        /// `Retry-After`) not to be sent anything before `until` (unix seconds).
        case waitRequested(until: Int64)
        /// The hold is `BOOKED` by a payment under another key: another
        /// device of the account paid it (the repository saved the attempt
        /// abandoned, and the booking as a trip once confirmed).
        case bookedElsewhere
    }

    /// Why a payment request failed, as BookingAPI's `OutcomePolicy` classified it.
    package enum PaymentFailure: Hashable, Sendable, Codable {
        /// No clear answer (timeout, dropped connection, 5xx): look it up.
        case unknownOutcome
        /// Declined by the bank.
        case declined
        /// The hold expired before the payment.
        case holdExpired
        /// Certainly never reached the server (offline, refused, DNS).
        case notSent
        /// Refused for good (the machine code, if any).
        case rejected(code: String?)
        /// Another process started a new hold before this payment was saved
        /// as submitted: the attempt is abandoned, nothing was sent.
        case superseded
        /// The server replayed an error it stored for the key
        /// (`Idempotent-Replayed: true` on a 5xx): it ran the request once and
        /// never runs that key again. With no booking under the key, not paid.
        case serverFailedTheKey
        /// Another process on the same data directory sent this attempt's
        /// payment (its `PAYMENT_SUBMITTED` came first): only looked up here,
        /// never sent again from here.
        case sentElsewhere
        /// The server refused the key as closed (`409 IDEMPOTENCY_KEY_CLOSED`):
        /// it was closed (by another process's lookup), so this payment never
        /// ran and never will: certainly not paid.
        case keyClosed
        /// The server asked not to be sent anything before `until` (unix
        /// seconds): a 429 or 503 on the payment, which the contract never
        /// stores, or a remembered `Retry-After` that stopped it before it
        /// left. Nothing ran under the key: certainly not paid.
        case waitRequested(until: Int64)

        /// A short name.
        package var name: String {
            switch self {
            case .waitRequested: return "waitRequested"
            case .serverFailedTheKey: return "serverFailedTheKey"
            case .sentElsewhere: return "sentElsewhere"
            case .keyClosed: return "keyClosed"
            case .unknownOutcome: return "unknownOutcome"
            case .declined: return "declined"
            case .holdExpired: return "holdExpired"
            case .notSent: return "notSent"
            case .rejected: return "rejected"
            case .superseded: return "superseded"
            }
        }
    }

    /// The answer of a lookup by key, or of a booking poll.
    package enum LookupResult: Hashable, Sendable, Codable {
        /// The server's booking.
        case found(Booking)
        /// No booking for the key (yet: the request may still be running).
        case notFound
        /// The server could not be reached.
        case unreachable

        /// A short name.
        package var name: String {
            switch self {
            case .found(let booking): return "found \(booking.status.rawValue)"
            case .notFound: return "notFound"
            case .unreachable: return "unreachable"
            }
        }
    }
}

extension BookingFlow {
    /// The server's answer to closing an attempt's key (`POST
    /// /v1/bookings/close-key`): the booking made under it, or the key
    /// closed for good, or not closed because its request still runs.
    package enum KeyClosure: Hashable, Sendable, Codable {
        /// A booking was made under the key: that booking decides.
        case used(Booking)
        /// No booking under the key, and none ever will be: the server
        /// refuses anything that arrives under it from now on.
        case closed
        /// A request under the key is still running: not closed; keep checking.
        case inUse
        /// The server could not be reached, or gave no usable answer.
        case unreachable
        /// The server refused the credential (HTTP 401): nothing was
        /// closed. The runner reports it as `credentialRefused`.
        case credentialRefused
        /// The server does not know the call (`404`/`405` on its path: an
        /// older server): the hold's end settles the attempt instead.
        case unsupported

        /// A short name.
        package var name: String {
            switch self {
            case .used(let booking): return "used \(booking.status.rawValue)"
            case .closed: return "closed"
            case .inUse: return "inUse"
            case .unreachable: return "unreachable"
            case .credentialRefused: return "credentialRefused"
            case .unsupported: return "unsupported"
            }
        }
    }
}
