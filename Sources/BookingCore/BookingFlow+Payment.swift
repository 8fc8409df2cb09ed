// The stages after the payment left: submitting, unknown (lookup by key),
// 3-D Secure, processing (polling), and how a booking answer is applied.
extension BookingFlow {
    static func submitting(_ stage: Submitting, _ event: Event) -> Step? {
        let payment = Payment(attempt: stage.attempt, holdID: stage.holdID, bookingID: nil)
        switch event {
        case .payAnswered(_, let booking):
            return apply(booking, to: payment, holding: .none, offer: nil)
        case .payFailed(_, .unknownOutcome):
            return startLookup(payment, version: .none, token: stage.token)
        case .payFailed(_, .sentElsewhere):
            return startLookup(payment, version: .none)  // not ours to send again
        case .payFailed(_, .serverFailedTheKey):
            // A retry of this send got the key's stored error: one lookup decides.
            return startLookup(payment, version: .none, token: stage.token, settledBy: .serverFailedTheKey)
        case .payFailed(_, let failure):
            return paymentFailed(failure, payment: payment, version: .none)
        default:
            return nil  // a second Pay tap, Back, a late hold event: nothing changes, nothing is sent
        }
    }

    /// How many times `unknown` sends the same payment again (same key, same
    /// body) after lookups that found no booking.
    public static let maximumResends = 3

    static func unknown(_ stage: Unknown, _ event: Event) -> Step? {
        let attempt = stage.payment.attempt
        switch event {
        case .payAnswered(_, let booking):  // a late answer, or the resend's: it wins
            return apply(booking, to: stage.payment, holding: stage.version, offer: nil)
        case .payFailed(_, let failure) where stage.waitingFor == .resend:
            return resendFailed(failure, stage)
        case .payFailed(_, .unknownOutcome), .payFailed(_, .serverFailedTheKey), .payFailed(_, .sentElsewhere):
            return nil
        case .payFailed(_, let failure):  // a late definite answer
            return paymentFailed(failure, payment: stage.payment, version: stage.version)
        case .attemptLookedUp(_, let result):
            if case .found(let booking) = result,
                let step = apply(booking, to: stage.payment, holding: stage.version, offer: nil)
            {
                return step
            }
            guard stage.waitingFor == .lookup else { return nil }  // a duplicate answer: the check is already counted
            var answered = stage
            answered.isUnreachable = result == .unreachable  // "We could not confirm" at once, checks go on
            if result == .notFound { return nothingUnderTheKey(answered) }
            return nextLookup(answered, holdLeft: nil)
        case .keyClosed(_, let closure):
            var answered = stage
            answered.isUnreachable = closure == .unreachable && stage.waitingFor == .keyClose
            return keyClosureAnswered(closure, answered)
        case .holdRead(_, let hold, _, _) where stage.waitingFor == .holdRead:
            return nextLookup(stage, holdLeft: hold.expiresIn)
        case .holdReadFailed(_, .expired) where stage.waitingFor == .holdRead:
            // The hold ended: one more lookup, after the hold's end, decides.
            var next = stage
            next.settledBy = .holdEnded
            next.waitingFor = .lookup
            return go(.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: .zero)])
        case .holdReadFailed(_, .unreachable) where stage.waitingFor == .holdRead,
            .holdFailed(_, .rejected) where stage.waitingFor == .holdRead:
            return nextLookup(stage, holdLeft: nil)
        case .checkAgainTapped where !stage.checkPending || stage.isUnreachable,
            .appForegrounded where !stage.checkPending:
            // Unreachable, a check is still scheduled: this one goes now
            // (the schedule's answer then counts as one more check).
            var next = stage
            next.waitingFor = .lookup
            next.isUnreachable = false
            return go(.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: .zero)])
        default:
            return nil
        }
    }

    /// A lookup found no booking under the key: not paid when the server
    /// already settled the key or the hold; otherwise the same payment again
    /// (same key, same body: the server de-duplicates it) while this process
    /// holds the payment method and has resends left, or else the key is
    /// closed: its answer is the booking made under it, or a certain "not
    /// paid" at once.
    static func nothingUnderTheKey(_ stage: Unknown) -> Step {
        let attempt = stage.payment.attempt
        if let reason = stage.settledBy {
            return go(.notPaid(NotPaid(attempt: attempt, reason: reason)), [.saveNotPaid(attempt.id)])
        }
        var next = stage
        if let holdID = stage.payment.holdID, let token = stage.token, stage.resends < maximumResends {
            next.resends += 1
            next.waitingFor = .resend
            let request = PaymentRequest(attempt: attempt, holdID: holdID, token: token, isResend: true)
            return go(.unknown(next), [.pay(request)])
        }
        next.waitingFor = .keyClose
        return go(.unknown(next), [.closeKey(attempt.id, attempt.key)])
    }

    /// The answer to closing the key. A closed key is "not paid" (the
    /// repository saved it where the answer arrived), with the hold to pay
    /// again; a key still in use, or no answer, is looked up again on the
    /// back-off; a server without the call leaves the hold's end to decide.
    static func keyClosureAnswered(_ closure: KeyClosure, _ stage: Unknown) -> Step? {
        let attempt = stage.payment.attempt
        if case .used(let booking) = closure,
            let step = apply(booking, to: stage.payment, holding: stage.version, offer: nil)
        {
            return step
        }
        guard stage.waitingFor == .keyClose else { return nil }  // a duplicate answer
        switch closure {
        case .closed:
            return go(.notPaid(NotPaid(attempt: attempt, reason: .keyClosed, holdID: stage.payment.holdID)))
        case .unsupported:
            guard let holdID = stage.payment.holdID else { return nextLookup(stage, holdLeft: nil) }
            var next = stage
            next.waitingFor = .holdRead
            return go(.unknown(next), [.readHold(attempt.id, holdID)])
        case .used, .inUse, .unreachable, .credentialRefused:
            return nextLookup(stage, holdLeft: nil)
        }
    }

    /// The resend's answer, when it is not a booking.
    static func resendFailed(_ failure: PaymentFailure, _ stage: Unknown) -> Step? {
        let attempt = stage.payment.attempt
        switch failure {
        case .unknownOutcome, .notSent, .sentElsewhere, .waitRequested:
            // The first request is still running (409 IDEMPOTENCY_KEY_IN_USE),
            // or this one got no answer: keep checking.
            return nextLookup(stage, holdLeft: nil)
        case .serverFailedTheKey:
            // The server stored an error for the key: if a lookup still finds
            // no booking (a 500 after the commit would show one), not paid.
            var next = stage
            next.settledBy = .serverFailedTheKey
            next.waitingFor = .lookup
            return go(.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: .zero)])
        case .holdExpired:
            // The server ran the key now and refused it: nothing was booked.
            return go(.notPaid(NotPaid(attempt: attempt, reason: .holdEnded)), [.saveNotPaid(attempt.id)])
        case .declined, .rejected, .superseded, .keyClosed:
            return paymentFailed(failure, payment: stage.payment, version: stage.version)
        }
    }

    /// The next lookup of the back-off; once it is used up, one more at the
    /// hold's end when the hold is known to run (then the empty lookup reads
    /// the hold again, which settles it), else "We could not confirm".
    static func nextLookup(_ stage: Unknown, holdLeft: Duration?) -> Step {
        let attempt = stage.payment.attempt
        var next = stage
        next.checks += 1
        next.waitingFor = .lookup
        if let wait = BackoffSchedule.lostAnswer.delay(beforeCheck: next.checks) {
            return go(.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: wait)])
        }
        if let holdLeft {
            return go(.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: holdLeft + .seconds(1))])
        }
        next.waitingFor = nil
        return go(.unknown(next))  // given up: "We could not confirm", no pay action
    }

    static func actionRequired(_ stage: ActionRequired, _ event: Event) -> Step? {
        let id = stage.payment.attempt.id
        switch event {
        case .challengeReturned where stage.leaving == nil, .appForegrounded where stage.leaving == nil:
            return startPolling(stage.payment, bookingID: stage.bookingID, version: stage.version)
        case .openChallengeTapped where stage.leaving == nil:
            return go(.actionRequired(stage), [.openChallenge(id, url: stage.challengeURL)])
        case .useAnotherCardTapped, .backTapped, .bookingAbandoned:
            return leavingChallenge(stage, event)
        case .payAnswered(_, let booking), .attemptLookedUp(_, .found(let booking)),
            .bookingPolled(_, .found(let booking)):
            return apply(booking, to: stage.payment, holding: stage.version, offer: nil)
        default:
            return nil
        }
    }

    static func processing(_ stage: Processing, _ event: Event) -> Step? {
        let id = stage.payment.attempt.id
        switch event {
        case .bookingPolled(_, let result):
            if case .found(let booking) = result, !booking.status.isStillPending,
                let step = apply(booking, to: stage.payment, holding: stage.version, offer: nil)
            {
                return step
            }
            guard stage.pollPending else { return nil }  // a duplicate answer
            var next = stage
            if case .found(let booking) = result, booking.version.isNewer(than: stage.version),
                booking.id == stage.bookingID
            {
                next.version = booking.version
            }
            next.polls += 1
            if let wait = BackoffSchedule.processingPoll.delay(beforeCheck: next.polls) {
                return go(.processing(next), [.pollBooking(id, stage.bookingID, after: wait)])
            }
            next.pollPending = false
            return go(.processing(next))  // "still checking"
        case .payAnswered(_, let booking), .attemptLookedUp(_, .found(let booking)):
            guard !booking.status.isStillPending else { return nil }
            return apply(booking, to: stage.payment, holding: stage.version, offer: nil)
        case .checkAgainTapped where !stage.pollPending, .appForegrounded where !stage.pollPending:
            var next = stage
            next.pollPending = true
            return go(.processing(next), [.pollBooking(id, stage.bookingID, after: .zero)])
        default:
            return nil
        }
    }

    /// Into `unknown`: the first lookup at once, then the back-off.
    static func startLookup(
        _ payment: Payment, version: Version, token: PaymentToken? = nil, settledBy: NotPaidReason? = nil
    ) -> Step {
        let first = BackoffSchedule.lostAnswer.delay(beforeCheck: 0) ?? .zero
        return go(
            .unknown(
                Unknown(
                    payment: payment, version: version, checks: 0, checkPending: true, token: token,
                    settledBy: settledBy)),
            [.lookUpAttempt(payment.attempt.id, payment.attempt.key, after: first)])
    }

    /// Into `processing`: the first poll after the schedule's first wait.
    static func startPolling(_ payment: Payment, bookingID: BookingID, version: Version) -> Step {
        let first = BackoffSchedule.processingPoll.delay(beforeCheck: 0) ?? .zero
        let withBooking = Payment(attempt: payment.attempt, holdID: payment.holdID, bookingID: bookingID)
        return go(
            .processing(
                Processing(
                    payment: withBooking, bookingID: bookingID, version: version, polls: 0,
                    pollPending: true)),
            [.pollBooking(payment.attempt.id, bookingID, after: first)])
    }

    /// A booking answer for the payment: `nil` (dropped) unless its version is
    /// newer than `holding` and it is the payment's booking. The repository
    /// saved the answer (the attempt's phase, and the trip of a confirmed
    /// booking, in one transaction) where it received it: nothing to save here.
    static func apply(_ booking: Booking, to payment: Payment, holding: Version, offer: Offer?) -> Step? {
        guard booking.version.isNewer(than: holding) else { return nil }
        if let known = payment.bookingID, known != booking.id { return nil }
        let id = payment.attempt.id
        let withBooking = Payment(attempt: payment.attempt, holdID: payment.holdID, bookingID: booking.id)
        switch booking.status {
        case .confirmed:
            return go(.confirmed(Settled(attemptID: id, booking: booking)))
        case .cancelled:
            return go(.cancelled(Settled(attemptID: id, booking: booking)))
        case .failed:
            // The server frees a failed booking's hold: while it lives, it can
            // be paid again under a new attempt and key ("Try another card").
            let reason: FailureReason =
                switch booking.failureCode {
                case Booking.declinedCode?: .declined
                case Booking.abandonedCode?: .abandoned
                default: .paymentFailed
                }
            return go(
                .failed(
                    Failed(
                        attempt: payment.attempt, offer: offer, reason: reason, version: booking.version,
                        holdID: payment.holdID)))
        case .expired:
            return go(.expired(Expired(attempt: payment.attempt, offer: offer, version: booking.version)))
        case .actionRequired:
            if let url = booking.nextAction?.url {
                return go(
                    .actionRequired(
                        ActionRequired(
                            payment: withBooking, bookingID: booking.id,
                            version: booking.version, challengeURL: url)),
                    [.openChallenge(id, url: url)])
            }
            return startPolling(withBooking, bookingID: booking.id, version: booking.version)
        case .processing, .paymentRequired, .held:
            return startPolling(withBooking, bookingID: booking.id, version: booking.version)
        }
    }

    /// A definite payment failure. Nothing to save: the repository's
    /// payment call saved the server's answer (or its certain "not sent")
    /// where it got it; when `PAYMENT_SUBMITTED` itself could not be saved,
    /// nothing was sent and the row keeps its hold (the next launch reads it).
    static func paymentFailed(_ failure: PaymentFailure, payment: Payment, version: Version) -> Step? {
        let reason: FailureReason
        switch failure {
        case .unknownOutcome, .serverFailedTheKey, .sentElsewhere: return nil
        case .holdExpired:
            return go(.expired(Expired(attempt: payment.attempt, offer: nil, version: nil)))
        case .keyClosed:  // the repository saved it where the refusal arrived
            return go(.notPaid(NotPaid(attempt: payment.attempt, reason: .keyClosed, holdID: payment.holdID)))
        case .waitRequested(let until):  // nothing ran under the key; the repository saved it
            return go(
                .notPaid(
                    NotPaid(attempt: payment.attempt, reason: .waitRequested(until: until), holdID: payment.holdID)))
        case .declined:
            return go(
                .failed(
                    Failed(
                        attempt: payment.attempt, offer: nil, reason: .declined, version: nil, holdID: payment.holdID)))
        case .notSent: reason = .notSent
        case .rejected(let code) where code == paymentMethodOffCode:
            // Refused by the server's switch before anything ran: the room stays held.
            return go(
                .failed(
                    Failed(
                        attempt: payment.attempt, offer: nil, reason: .rejected(code: code), version: nil,
                        holdID: payment.holdID)))
        case .rejected(let code): reason = code == storageFullCode ? .storageFull : .rejected(code: code)
        case .superseded: reason = .superseded  // abandoned by the process that replaced it
        }
        return go(.failed(Failed(attempt: payment.attempt, offer: nil, reason: reason, version: nil)))
    }
}
