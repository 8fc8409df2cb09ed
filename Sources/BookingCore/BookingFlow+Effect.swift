extension BookingFlow {
    /// What the flow asks the outside world to do: plain values, so a test
    /// is an `==`. A runner performs them in order (each list in order, and a
    /// save finishes before the next effect starts) and feeds the results
    /// back as events. Effects that wait carry the wait; the runner sleeps.
    ///
    /// The flow saves only its own decisions (the new attempt, the payment
    /// submitted, an attempt let go or concluded with no answer behind it);
    /// the repository saves each server answer where it receives it, in the
    /// same transaction, so no answer has two writers.
    package enum Effect: Hashable, Sendable {
        /// Insert the attempt's row (`holdRequested`, key included) before
        /// any request of it; the runner stamps its created time.
        case saveAttempt(Attempt)
        /// Insert a new attempt's row on a hold it did not ask for: the live
        /// hold of the attempt before it (declined, or certainly not paid),
        /// paid again under this attempt's new key. Saved `held` with the
        /// hold id before anything is sent for it.
        case saveAttemptOnHold(Attempt, HoldID)
        /// `POST /v1/holds` with the attempt's key. Answers: `holdGranted`,
        /// `holdFailed`. Read the hold clock just before sending.
        case requestHold(Attempt)
        /// Fire `holdTimerFired` after the wait (the countdown's end).
        case scheduleHoldTimer(AttemptID, after: Duration)
        /// `GET /v1/holds/{id}`. Answers: `holdRead`, `holdReadFailed`.
        case readHold(AttemptID, HoldID)
        /// Move the attempt's row by the client's own decision:
        /// `paymentSubmitted` (before `pay`), `abandoned`, or `failed` /
        /// `expired` with no server answer behind it (these end only an
        /// attempt in a hold phase).
        case saveAttemptStatus(AttemptChange)
        /// `POST /v1/bookings` with the attempt's key. Answers: `payAnswered`,
        /// `payFailed`. Only ever after `saveAttemptStatus(paymentSubmitted)`.
        case pay(PaymentRequest)
        /// After the wait, `GET /v1/bookings?attempt=<key>`. Answer: `attemptLookedUp`.
        case lookUpAttempt(AttemptID, IdempotencyKey, after: Duration)
        /// `POST /v1/bookings/close-key` for the attempt's key: the booking
        /// made under it, or the key closed so nothing under it ever runs.
        /// Answer: `keyClosed`. The repository saves a closed key as not paid.
        case closeKey(AttemptID, IdempotencyKey)
        /// Open the bank's 3-D Secure page.
        case openChallenge(AttemptID, url: String)
        /// After the wait, `GET /v1/bookings/{id}`. Answer: `bookingPolled`.
        case pollBooking(AttemptID, BookingID, after: Duration)
        /// Give the hold up: save its release (`POST /v1/holds/{id}/release`,
        /// under its own key) before it is sent, and send it without
        /// waiting: the room is freed on the server now, not when the hold
        /// runs out. Only for a hold no attempt pays any more (the user went
        /// back from it, or left the declined or unpaid attempt on it); the
        /// repository never gives up a hold an attempt on the device still
        /// uses, and the server never one a live booking uses. No answer.
        case releaseHold(AttemptID, HoldID)
        /// Leave the attempt's pending 3-D Secure booking: save the request
        /// (`POST /v1/bookings/{id}/abandon`, its own key) before it is
        /// sent, send it, and save the booking it answers. With
        /// `releasingHold`, once the booking ended unpaid its hold is given
        /// up too (`releaseHold`). Answer: `bookingAbandoned`.
        case abandonBooking(AttemptID, BookingID, releasingHold: Bool)
        /// Mark a submitted attempt `FAILED`: the server took no payment under
        /// its key (a lookup found none after the key or the hold was settled).
        case saveNotPaid(AttemptID)
        /// `POST /v1/holds/{holdId}/coupon {code}`: nothing moves money, so
        /// no key and no durable request; the re-quoted hold is saved on
        /// the attempt where it arrives.
        case applyCoupon(AttemptID, HoldID, code: String)

        /// The attempt the effect belongs to.
        package var attemptID: AttemptID {
            switch self {
            case .saveAttempt(let attempt), .requestHold(let attempt), .saveAttemptOnHold(let attempt, _):
                return attempt.id
            case .scheduleHoldTimer(let id, _), .readHold(let id, _), .lookUpAttempt(let id, _, _),
                .openChallenge(let id, _), .pollBooking(let id, _, _), .saveNotPaid(let id), .closeKey(let id, _),
                .releaseHold(let id, _), .abandonBooking(let id, _, _), .applyCoupon(let id, _, _):
                return id
            case .saveAttemptStatus(let change): return change.attemptID
            case .pay(let request): return request.attemptID
            }
        }
    }

    /// The body and key of `POST /v1/bookings`: the attempt itself (its
    /// key), the hold and the payment method.
    package struct PaymentRequest: Hashable, Sendable {
        /// The attempt; its key is the Idempotency-Key header.
        package let attempt: Attempt
        /// The hold paid for.
        package let holdID: HoldID
        /// The payment method.
        package let token: PaymentToken
        /// Whether this is the same payment sent again after a lookup found
        /// no booking (a failure to reach the server then says nothing about
        /// the first send, so it never ends the attempt).
        package let isResend: Bool

        /// The attempt's id.
        package var attemptID: AttemptID { attempt.id }
        /// The Idempotency-Key header.
        package var key: IdempotencyKey { attempt.key }

        /// A value with every field given.
        package init(attempt: Attempt, holdID: HoldID, token: PaymentToken, isResend: Bool = false) {
            self.attempt = attempt
            self.holdID = holdID
            self.token = token
            self.isResend = isResend
        }
    }
}
