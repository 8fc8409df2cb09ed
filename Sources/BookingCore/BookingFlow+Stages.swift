extension BookingFlow {
    /// What identifies an attempt: its id, its idempotency key, and the
    /// offer and quote it holds. The same as the attempt's saved row.
    package struct Attempt: Hashable, Codable, Sendable {
        /// The attempt's id.
        package let id: AttemptID
        /// The attempt's idempotency key.
        package let key: IdempotencyKey
        /// The offer.
        package let offerID: OfferID
        /// The quote the hold asked for.
        package let quoteID: QuoteID

        /// An attempt.
        package init(id: AttemptID, key: IdempotencyKey, offerID: OfferID, quoteID: QuoteID) {
            self.id = id
            self.key = key
            self.offerID = offerID
            self.quoteID = quoteID
        }
    }

    /// The hold request is out.
    public struct RequestingHold: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// The offer, for display (absent when the flow was restored).
        package let offer: Offer?

        /// A value with every field given.
        package init(attempt: Attempt, offer: Offer?) {
            self.attempt = attempt
            self.offer = offer
        }
    }

    /// The room is held.
    public struct Held: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// The offer, for display (absent when the flow was restored).
        package let offer: Offer?
        /// The server's hold.
        package let hold: Hold
        /// The countdown, anchored before the request that returned the hold.
        package let countdown: HoldCountdown
        /// The coupon step (a code being applied, applied or refused).
        public package(set) var coupon: CouponStep

        /// The price the room is held at: the offer's, or the discounted
        /// price once a coupon code is applied.
        public var price: PriceBreakdown { hold.price }

        /// A value with every field given; the coupon step follows the
        /// hold's code unless given.
        package init(attempt: Attempt, offer: Offer?, hold: Hold, countdown: HoldCountdown, coupon: CouponStep? = nil) {
            self.attempt = attempt
            self.offer = offer
            self.hold = hold
            self.countdown = countdown
            self.coupon = coupon ?? hold.couponCode.map { .applied(code: $0) } ?? .idle
        }
    }

    /// The hold is being read again.
    public struct CheckingHold: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// The offer, for display (absent when the flow was restored).
        package let offer: Offer?
        /// The hold being read.
        package let holdID: HoldID
        /// Whether a read is out; `false` after it failed to reach the server.
        package var readPending: Bool
        /// When the last read was not sent because the server asked to wait
        /// (its `Retry-After`): the time, unix seconds; nil otherwise.
        public internal(set) var waitUntil: Int64?
        /// Restored at launch without a time the device can trust (another
        /// boot, or no saved anchor): the countdown did not end, its time is
        /// being checked.
        public let isTimeUnknown: Bool

        /// A value with every field given.
        package init(attempt: Attempt, offer: Offer?, holdID: HoldID, readPending: Bool, isTimeUnknown: Bool = false) {
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
        package let previous: Attempt
        /// The offer at its old quote (absent when the flow was restored).
        package let offer: Offer?
        /// The new quote the user can accept.
        package let newQuote: Quote

        /// The new price the user can accept (``BookingClient/acceptNewPrice()``).
        public var newPrice: PriceBreakdown { newQuote.price }

        /// A value with every field given.
        package init(previous: Attempt, offer: Offer?, newQuote: Quote) {
            self.previous = previous
            self.offer = offer
            self.newQuote = newQuote
        }
    }

    /// The payment request is out.
    public struct Submitting: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// The hold being paid.
        package let holdID: HoldID
        /// The held price, for display.
        public let price: PriceBreakdown?
        /// The payment method sent, kept in memory only (never saved or
        /// logged) for a resend with the same key if the answer is lost.
        package let token: PaymentToken?

        /// A value with every field given.
        package init(attempt: Attempt, holdID: HoldID, price: PriceBreakdown?, token: PaymentToken? = nil) {
            self.attempt = attempt
            self.holdID = holdID
            self.price = price
            self.token = token
        }
    }

    /// A booking the attempt ended in (confirmed or cancelled).
    public struct Settled: Hashable, Sendable {
        /// The attempt.
        package let attemptID: AttemptID
        /// The server's booking.
        package let booking: Booking

        /// The booking's id (the trip to show: ``BookingClient/trip(id:)``).
        public var bookingID: BookingID { booking.id }
        /// The confirmation code to show at the door, once confirmed.
        public var voucherCode: String? { booking.voucherCode }
        /// Whether this device saved it (the trip, and the attempt final).
        /// `false` when the payment's confirmation could not be saved (its
        /// storage full, say): the booking is confirmed on the server, and
        /// shows as a trip once the next launch's reconciliation saves it.
        public let isSavedOnDevice: Bool

        /// A value with every field given.
        package init(attemptID: AttemptID, booking: Booking, isSavedOnDevice: Bool = true) {
            self.attemptID = attemptID
            self.booking = booking
            self.isSavedOnDevice = isSavedOnDevice
        }
    }

    /// Why an attempt failed.
    public enum FailureReason: Hashable, Sendable {
        /// The room could not be held; no money moved.
        case holdUnavailable
        /// The hold request left and no clear answer came back: the server
        /// may have made the hold under the attempt's key, which stays
        /// saved (`HOLD_REQUESTED`). Retry asks again under that same key
        /// (the server replays a hold it made); reconciliation asks too and
        /// gives up a hold nobody pays. No money moved.
        case holdNotKnown
        /// The server asked not to be sent a hold before `until` (unix
        /// seconds); nothing was sent, no money moved.
        case waitRequested(until: Int64)
        /// The payment never reached the server; nothing was charged.
        case notSent
        /// The bank declined the payment.
        case declined
        /// The server ended the booking as failed.
        case paymentFailed
        /// The user left the bank's 3-D Secure page ("Use another card", or
        /// Back): the server ended the booking unpaid; nothing was charged.
        case abandoned
        /// The server refused the payment request (the machine code, if any).
        case rejected(code: String?)
        /// A new hold from another process on the same data directory
        /// replaced this attempt before any payment left; nothing was charged.
        case superseded
        /// Another device of the account paid this attempt's hold: the room
        /// is booked (the booking is in trips once confirmed); nothing was
        /// charged under this attempt.
        case bookedElsewhere
        /// This device's storage was full: the attempt could not be saved,
        /// so nothing was sent.
        case storageFull
    }

    /// The attempt failed; a retry is a new attempt with a new key (after
    /// `holdNotKnown`, the same attempt and key asked again).
    public struct Failed: Hashable, Sendable {
        /// The attempt.
        package let attempt: Attempt
        /// The offer, for a retry's display (absent when restored).
        package let offer: Offer?
        /// Why.
        public let reason: FailureReason
        /// The booking version that said so, if a booking answered.
        package let version: Version?
        /// The hold a declined payment leaves live: "Try another card" pays
        /// it under a new attempt and key. Nil for every other failure.
        package let holdID: HoldID?

        /// A value with every field given.
        package init(attempt: Attempt, offer: Offer?, reason: FailureReason, version: Version?, holdID: HoldID? = nil) {
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
        package let attempt: Attempt
        /// The offer, for a new hold's display (absent when restored).
        package let offer: Offer?
        /// The booking version that said so, if a booking answered.
        package let version: Version?

        /// A value with every field given.
        package init(attempt: Attempt, offer: Offer?, version: Version?) {
            self.attempt = attempt
            self.offer = offer
            self.version = version
        }
    }
}

extension BookingFlow.FailureReason {
    /// Whether the server refused the payment by a code of its own (not a
    /// decline): `rejected`.
    var isRejection: Bool {
        if case .rejected = self { return true }
        return false
    }
}
