// `unknown`: the payment's answer was lost. The attempt is looked up by its
// key; when the server has no booking under it, the same payment is sent
// again (same key, same body), or the key is closed, or the hold read.
extension PaymentFlow {
    static func unknown(_ stage: BookingFlow.Unknown, _ event: Event) -> Step? {
        let attempt = stage.payment.attempt
        switch event {
        case .payAnswered(let booking):  // a late answer, or the resend's: it wins
            return apply(booking, to: stage.payment, holding: stage.version)
        case .payFailed(let failure) where stage.waitingFor == .resend:
            return resendFailed(failure, stage)
        case .payFailed(.unknownOutcome), .payFailed(.serverFailedTheKey), .payFailed(.sentElsewhere):
            return nil
        case .payFailed(let failure):  // a late definite answer
            return paymentFailed(failure, payment: stage.payment)
        case .attemptLookedUp(let result):
            if case .found(let booking) = result, let step = apply(booking, to: stage.payment, holding: stage.version) {
                return step
            }
            guard stage.waitingFor == .lookup else { return nil }  // a duplicate answer: the check is already counted
            var answered = stage
            answered.isUnreachable = result == .unreachable  // "We could not confirm" at once, checks go on
            if result == .notFound { return nothingUnderTheKey(answered) }
            return nextLookup(answered, holdLeft: nil)
        case .keyClosed(let closure):
            var answered = stage
            answered.isUnreachable = closure == .unreachable && stage.waitingFor == .keyClose
            return keyClosureAnswered(closure, answered)
        case .holdRead(let hold) where stage.waitingFor == .holdRead:
            return nextLookup(stage, holdLeft: hold.expiresIn)
        case .holdReadFailed(.expired) where stage.waitingFor == .holdRead:
            // The hold ended: one more lookup, after the hold's end, decides.
            var next = stage
            next.settledBy = .holdEnded
            next.waitingFor = .lookup
            return (.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: .zero)])
        case .holdReadFailed(.unreachable) where stage.waitingFor == .holdRead,
            .holdRefused where stage.waitingFor == .holdRead:
            return nextLookup(stage, holdLeft: nil)
        case .checkAgainTapped where !stage.checkPending || stage.isUnreachable,
            .appForegrounded where !stage.checkPending || stage.isUnreachable:
            // Unreachable, a check is still scheduled: this one goes now
            // (the schedule's answer then counts as one more check). Back
            // in the app, too: the device may have been offline meanwhile.
            var next = stage
            next.waitingFor = .lookup
            next.isUnreachable = false
            return (.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: .zero)])
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
    static func nothingUnderTheKey(_ stage: BookingFlow.Unknown) -> Step {
        let attempt = stage.payment.attempt
        if let reason = stage.settledBy {
            return end(.notPaid(BookingFlow.NotPaid(attempt: attempt, reason: reason)), [.saveNotPaid(attempt.id)])
        }
        var next = stage
        if let holdID = stage.payment.holdID, let token = stage.token, stage.resends < BookingFlow.maximumResends {
            next.resends += 1
            next.waitingFor = .resend
            let request = BookingFlow.PaymentRequest(attempt: attempt, holdID: holdID, token: token, isResend: true)
            return (.unknown(next), [.pay(request)])
        }
        next.waitingFor = .keyClose
        return (.unknown(next), [.closeKey(attempt.id, attempt.key)])
    }

    /// The answer to closing the key. A closed key is "not paid" (the
    /// repository saved it where the answer arrived), with the hold to pay
    /// again; a key still in use, or no answer, is looked up again on the
    /// back-off; a server without the call leaves the hold's end to decide.
    static func keyClosureAnswered(_ closure: BookingFlow.KeyClosure, _ stage: BookingFlow.Unknown) -> Step? {
        let attempt = stage.payment.attempt
        if case .used(let booking) = closure, let step = apply(booking, to: stage.payment, holding: stage.version) {
            return step
        }
        guard stage.waitingFor == .keyClose else { return nil }  // a duplicate answer
        switch closure {
        case .closed:
            return end(
                .notPaid(BookingFlow.NotPaid(attempt: attempt, reason: .keyClosed, holdID: stage.payment.holdID)))
        case .unsupported:
            guard let holdID = stage.payment.holdID else { return nextLookup(stage, holdLeft: nil) }
            var next = stage
            next.waitingFor = .holdRead
            return (.unknown(next), [.readHold(attempt.id, holdID)])
        case .used, .inUse, .unreachable, .credentialRefused:
            return nextLookup(stage, holdLeft: nil)
        }
    }

    /// The resend's answer, when it is not a booking.
    static func resendFailed(_ failure: BookingFlow.PaymentFailure, _ stage: BookingFlow.Unknown) -> Step? {
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
            return (.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: .zero)])
        case .holdExpired:
            // The server ran the key now and refused it: nothing was booked.
            return end(.notPaid(BookingFlow.NotPaid(attempt: attempt, reason: .holdEnded)), [.saveNotPaid(attempt.id)])
        case .declined, .rejected, .superseded, .keyClosed:
            return paymentFailed(failure, payment: stage.payment)
        }
    }

    /// The next lookup of the back-off; once it is used up, one more at the
    /// hold's end when the hold is known to run (then the empty lookup reads
    /// the hold again, which settles it), else "We could not confirm".
    static func nextLookup(_ stage: BookingFlow.Unknown, holdLeft: Duration?) -> Step {
        let attempt = stage.payment.attempt
        var next = stage
        next.checks += 1
        next.waitingFor = .lookup
        if let wait = BackoffSchedule.lostAnswer.delay(beforeCheck: next.checks) {
            return (.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: wait)])
        }
        if let holdLeft {
            return (.unknown(next), [.lookUpAttempt(attempt.id, attempt.key, after: holdLeft + .seconds(1))])
        }
        next.waitingFor = nil
        return (.unknown(next), [])  // given up: "We could not confirm", no pay action
    }
}
