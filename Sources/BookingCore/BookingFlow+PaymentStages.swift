// The stages after the payment left: what they know of the payment,
// `unknown` and why a payment is certainly not made, 3-D Secure and
// processing. The stages before it are in BookingFlow+Stages.swift.
extension BookingFlow {
    /// What the payment stages know about the payment.
    package struct Payment: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// The hold paid, if known.
        package let holdID: HoldID?
        /// The server's booking, once known.
        package let bookingID: BookingID?

        /// A value with every field given.
        package init(attempt: Attempt, holdID: HoldID?, bookingID: BookingID?) {
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
        package let payment: Payment
        /// The booking version held (`.none` before any answer).
        package let version: Version
        /// Lookups answered so far.
        package var checks: Int
        /// What is scheduled or out (a lookup, a resend or a hold read); `nil` when nothing is.
        package var waitingFor: UnknownCheck?
        /// The payment method of this process's own send, in memory only:
        /// what a resend with the same key sends. `nil` after a restart, and
        /// when another process sent the payment: the payment method is never
        /// saved (a card number typed in its place must never reach the
        /// disk), and a resend with another one would reuse the key with
        /// another body. Then the hold is read instead, and its end decides.
        package var token: PaymentToken?
        /// Resends sent so far.
        package var resends: Int
        /// What the server told about the key or the hold, if anything
        /// settles the attempt once a lookup finds no booking.
        package var settledBy: NotPaidReason?
        /// The last check could not reach the server (offline, refused, no
        /// usable answer): the screen says "We could not confirm" at once,
        /// with Check again and Back, while the back-off goes on.
        public package(set) var isUnreachable: Bool = false

        /// Whether a lookup, resend or hold read is scheduled or out.
        package var checkPending: Bool {
            get { waitingFor != nil }
            set { waitingFor = newValue ? .lookup : nil }
        }

        /// Whether the schedule is used up and nothing is out: the screen says
        /// "We could not confirm".
        public var hasGivenUp: Bool { !checkPending && checks >= BackoffSchedule.lostAnswer.checkCount }

        /// Whether the screen says "We could not confirm" (with Check again
        /// and Back): the checks gave up, or the server cannot be reached now.
        public var couldNotConfirm: Bool { hasGivenUp || isUnreachable }

        /// A value with every field given.
        package init(
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
    package enum UnknownCheck: Hashable, Sendable {
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
        /// The server asked not to be sent anything before `until` (unix
        /// seconds, from a `Retry-After` on the payment, or one remembered
        /// from an earlier call that stopped it before it left): a 429 or 503
        /// is not stored, so nothing ran under the key. The hold, if it
        /// lives, can be paid again under a new attempt and key.
        case waitRequested(until: Int64)
    }

    /// Final: no payment was taken under the attempt's key.
    public struct NotPaid: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// How the flow knows.
        public let reason: NotPaidReason
        /// The hold the attempt paid for, when it may still be live (a closed
        /// key): "Pay again" pays it under a new attempt and key.
        package let holdID: HoldID?

        /// A value with every field given.
        package init(attempt: Attempt, reason: NotPaidReason, holdID: HoldID? = nil) {
            self.attempt = attempt
            self.reason = reason
            self.holdID = holdID
        }
    }

    /// 3-D Secure: the bank's challenge is open.
    public struct ActionRequired: Hashable, Sendable {
        /// The payment.
        package let payment: Payment
        /// The booking.
        public let bookingID: BookingID
        /// The booking version held.
        package let version: Version
        /// The challenge page.
        public let challengeURL: String
        /// Where the user is leaving the challenge for, while the server is asked.
        package var leaving: Leaving?
        /// The last try to leave got no answer (it is sent again later).
        package var couldNotLeave: Bool

        /// A value with every field given.
        package init(
            payment: Payment, bookingID: BookingID, version: Version, challengeURL: String, leaving: Leaving? = nil,
            couldNotLeave: Bool = false
        ) {
            self.payment = payment
            self.bookingID = bookingID
            self.version = version
            self.challengeURL = challengeURL
            self.leaving = leaving
            self.couldNotLeave = couldNotLeave
        }
    }

    /// The payment is being processed: polling the booking.
    public struct Processing: Hashable, Sendable {
        /// The payment.
        package let payment: Payment
        /// The booking polled.
        public let bookingID: BookingID
        /// The booking version held.
        package var version: Version
        /// Polls answered so far.
        package var polls: Int
        /// Whether a poll is scheduled or out.
        package var pollPending: Bool

        /// Whether the schedule is used up and nothing is out: the screen says
        /// "still checking".
        public var isStillChecking: Bool { !pollPending && polls >= BackoffSchedule.processingPoll.checkCount }

        /// A value with every field given.
        package init(payment: Payment, bookingID: BookingID, version: Version, polls: Int, pollPending: Bool) {
            self.payment = payment
            self.bookingID = bookingID
            self.version = version
            self.polls = polls
            self.pollPending = pollPending
        }
    }
}

extension BookingStatus {
    /// The payment is still under way (the poll goes on).
    var isStillPending: Bool { self == .processing || self == .paymentRequired || self == .held }
}
