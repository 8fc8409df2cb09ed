extension BookingFlow {
    /// What identifies an attempt: its id, its idempotency key, and the
    /// offer and quote it holds. The same as the attempt's saved row.
    public struct Attempt: Hashable, Codable, Sendable {
        /// The attempt's id.
        public let id: AttemptID
        /// The attempt's idempotency key.
        public let key: IdempotencyKey
        /// The offer.
        public let offerID: OfferID
        /// The quote the hold asked for.
        public let quoteID: QuoteID

        /// An attempt.
        public init(id: AttemptID, key: IdempotencyKey, offerID: OfferID, quoteID: QuoteID) {
            self.id = id
            self.key = key
            self.offerID = offerID
            self.quoteID = quoteID
        }
    }

    /// The hold request is out.
    public struct RequestingHold: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The offer, for display (absent when the flow was restored).
        public let offer: Offer?

        /// A value with every field given.
        public init(attempt: Attempt, offer: Offer?) {
            self.attempt = attempt
            self.offer = offer
        }
    }

    /// The room is held.
    public struct Held: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The offer, for display (absent when the flow was restored).
        public let offer: Offer?
        /// The server's hold.
        public let hold: Hold
        /// The countdown, anchored before the request that returned the hold.
        public let countdown: HoldCountdown

        /// A value with every field given.
        public init(attempt: Attempt, offer: Offer?, hold: Hold, countdown: HoldCountdown) {
            self.attempt = attempt
            self.offer = offer
            self.hold = hold
            self.countdown = countdown
        }
    }

    /// The hold is being read again.
    public struct CheckingHold: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The offer, for display (absent when the flow was restored).
        public let offer: Offer?
        /// The hold being read.
        public let holdID: HoldID
        /// Whether a read is out; `false` after it failed to reach the server.
        public var readPending: Bool
        /// Restored at launch without a time the device can trust (another
        /// boot, or no saved anchor): the countdown did not end, its time is
        /// being checked.
        public let isTimeUnknown: Bool

        /// A value with every field given.
        public init(attempt: Attempt, offer: Offer?, holdID: HoldID, readPending: Bool, isTimeUnknown: Bool = false) {
            self.attempt = attempt
            self.offer = offer
            self.holdID = holdID
            self.readPending = readPending
            self.isTimeUnknown = isTimeUnknown
        }
    }

    /// The quote was refused with a new price.
    public struct PriceChanged: Hashable, Sendable {
        /// The attempt that was refused (now abandoned).
        public let previous: Attempt
        /// The offer at its old quote (absent when the flow was restored).
        public let offer: Offer?
        /// The new quote the user can accept.
        public let newQuote: Quote

        /// A value with every field given.
        public init(previous: Attempt, offer: Offer?, newQuote: Quote) {
            self.previous = previous
            self.offer = offer
            self.newQuote = newQuote
        }
    }

    /// The payment request is out.
    public struct Submitting: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The hold being paid.
        public let holdID: HoldID
        /// The held price, for display.
        public let price: PriceBreakdown?
        /// The payment method sent, kept in memory only (never saved or
        /// logged) for a resend with the same key if the answer is lost.
        public let token: PaymentToken?

        /// A value with every field given.
        public init(attempt: Attempt, holdID: HoldID, price: PriceBreakdown?, token: PaymentToken? = nil) {
            self.attempt = attempt
            self.holdID = holdID
            self.price = price
            self.token = token
        }
    }

    /// What the payment stages know about the payment.
    public struct Payment: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The hold paid, if known.
        public let holdID: HoldID?
        /// The server's booking, once known.
        public let bookingID: BookingID?

        /// A value with every field given.
        public init(attempt: Attempt, holdID: HoldID?, bookingID: BookingID?) {
            self.attempt = attempt
            self.holdID = holdID
            self.bookingID = bookingID
        }
    }

    /// The payment's outcome is unknown: looking the attempt up by its key,
    /// and, when the server has no booking under it, sending the same
    /// payment again with the same key or reading the hold.
    public struct Unknown: Hashable, Sendable {
        /// The payment.
        public let payment: Payment
        /// The booking version held (`.none` before any answer).
        public let version: Version
        /// Lookups answered so far.
        public var checks: Int
        /// What is scheduled or out (a lookup, a resend or a hold read); `nil` when nothing is.
        public var waitingFor: UnknownCheck?
        /// The payment method of this process's own send, in memory only:
        /// what a resend with the same key sends. `nil` after a restart, and
        /// when another process sent the payment: the payment method is never
        /// saved (a card number typed in its place must never reach the
        /// disk), and a resend with another one would reuse the key with
        /// another body. Then the hold is read instead, and its end decides.
        public var token: PaymentToken?
        /// Resends sent so far.
        public var resends: Int
        /// What the server told about the key or the hold, if anything
        /// settles the attempt once a lookup finds no booking.
        public var settledBy: NotPaidReason?

        /// Whether a lookup, resend or hold read is scheduled or out.
        public var checkPending: Bool {
            get { waitingFor != nil }
            set { waitingFor = newValue ? .lookup : nil }
        }

        /// Whether the schedule is used up and nothing is out: the screen says
        /// "We could not confirm".
        public var hasGivenUp: Bool { !checkPending && checks >= BackoffSchedule.lostAnswer.checkCount }

        /// A value with every field given.
        public init(
            payment: Payment, version: Version, checks: Int, checkPending: Bool, token: PaymentToken? = nil,
            resends: Int = 0, settledBy: NotPaidReason? = nil
        ) {
            self.payment = payment
            self.version = version
            self.checks = checks
            self.waitingFor = checkPending ? .lookup : nil
            self.token = token
            self.resends = resends
            self.settledBy = settledBy
        }
    }

    /// What `unknown` is waiting for.
    public enum UnknownCheck: Hashable, Sendable {
        /// A lookup by key (scheduled or out).
        case lookup
        /// The same payment, sent again with the same key.
        case resend
        /// A read of the hold.
        case holdRead
        /// Closing the key (after a lookup found no booking and nothing is
        /// sent again from here).
        case keyClose
    }

    /// Why the server certainly took no payment under the attempt's key:
    /// each is a fact from the server, then confirmed by a lookup that found
    /// no booking for the key.
    public enum NotPaidReason: Hashable, Sendable {
        /// The server answered the key with a stored error (a replayed 5xx):
        /// it ran the request once, made no booking, and never runs that key again.
        case serverFailedTheKey
        /// The hold ended: the server would refuse the payment anyway.
        case holdEnded
        /// The server closed the key with no booking under it: nothing that
        /// arrives under it will ever run. The hold, if it lives, can be
        /// paid again under a new attempt and key.
        case keyClosed
    }

    /// Final: no payment was taken under the attempt's key.
    public struct NotPaid: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// How the flow knows.
        public let reason: NotPaidReason
        /// The hold the attempt paid for, when it may still be live (a closed
        /// key): "Pay again" pays it under a new attempt and key.
        public let holdID: HoldID?

        /// A value with every field given.
        public init(attempt: Attempt, reason: NotPaidReason, holdID: HoldID? = nil) {
            self.attempt = attempt
            self.reason = reason
            self.holdID = holdID
        }
    }

    /// 3-D Secure: the bank's challenge is open.
    public struct ActionRequired: Hashable, Sendable {
        /// The payment.
        public let payment: Payment
        /// The booking.
        public let bookingID: BookingID
        /// The booking version held.
        public let version: Version
        /// The challenge page.
        public let challengeURL: String

        /// A value with every field given.
        public init(payment: Payment, bookingID: BookingID, version: Version, challengeURL: String) {
            self.payment = payment
            self.bookingID = bookingID
            self.version = version
            self.challengeURL = challengeURL
        }
    }

    /// The payment is being processed: polling the booking.
    public struct Processing: Hashable, Sendable {
        /// The payment.
        public let payment: Payment
        /// The booking polled.
        public let bookingID: BookingID
        /// The booking version held.
        public var version: Version
        /// Polls answered so far.
        public var polls: Int
        /// Whether a poll is scheduled or out.
        public var pollPending: Bool

        /// Whether the schedule is used up and nothing is out: the screen says
        /// "still checking".
        public var isStillChecking: Bool { !pollPending && polls >= BackoffSchedule.processingPoll.checkCount }

        /// A value with every field given.
        public init(payment: Payment, bookingID: BookingID, version: Version, polls: Int, pollPending: Bool) {
            self.payment = payment
            self.bookingID = bookingID
            self.version = version
            self.polls = polls
            self.pollPending = pollPending
        }
    }

    /// A booking the attempt ended in (confirmed or cancelled).
    public struct Settled: Hashable, Sendable {
        /// The attempt.
        public let attemptID: AttemptID
        /// The server's booking.
        public let booking: Booking
        /// Whether this device saved it (the trip, and the attempt final).
        /// `false` when the payment's confirmation could not be saved (its
        /// storage full, say): the booking is confirmed on the server, and
        /// shows as a trip once the next launch's reconciliation saves it.
        public let isSavedOnDevice: Bool

        /// A value with every field given.
        public init(attemptID: AttemptID, booking: Booking, isSavedOnDevice: Bool = true) {
            self.attemptID = attemptID
            self.booking = booking
            self.isSavedOnDevice = isSavedOnDevice
        }
    }

    /// Why an attempt failed.
    public enum FailureReason: Hashable, Sendable {
        /// The room could not be held; no money moved.
        case holdUnavailable
        /// The server asked not to be sent a hold before `until` (unix
        /// seconds); nothing was sent, no money moved.
        case waitRequested(until: Int64)
        /// The payment never reached the server; nothing was charged.
        case notSent
        /// The bank declined the payment.
        case declined
        /// The server ended the booking as failed.
        case paymentFailed
        /// The server refused the payment request (the machine code, if any).
        case rejected(code: String?)
        /// A new hold from another process on the same data directory
        /// replaced this attempt before any payment left; nothing was charged.
        case superseded
        /// This device's storage was full: the attempt could not be saved,
        /// so nothing was sent.
        case storageFull
    }

    /// The attempt failed; a retry is a new attempt with a new key.
    public struct Failed: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The offer, for a retry's display (absent when restored).
        public let offer: Offer?
        /// Why.
        public let reason: FailureReason
        /// The booking version that said so, if a booking answered.
        public let version: Version?
        /// The hold a declined payment leaves live: "Try another card" pays
        /// it under a new attempt and key. Nil for every other failure.
        public let holdID: HoldID?

        /// A value with every field given.
        public init(attempt: Attempt, offer: Offer?, reason: FailureReason, version: Version?, holdID: HoldID? = nil) {
            self.attempt = attempt
            self.offer = offer
            self.reason = reason
            self.version = version
            self.holdID = holdID
        }
    }

    /// The hold ran out before payment.
    public struct Expired: Hashable, Sendable {
        /// The attempt.
        public let attempt: Attempt
        /// The offer, for a new hold's display (absent when restored).
        public let offer: Offer?
        /// The booking version that said so, if a booking answered.
        public let version: Version?

        /// A value with every field given.
        public init(attempt: Attempt, offer: Offer?, version: Version?) {
            self.attempt = attempt
            self.offer = offer
            self.version = version
        }
    }
}
