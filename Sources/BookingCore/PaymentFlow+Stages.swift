// The payment machine's stages other than `unknown`: submitting, 3-D
// Secure, processing (polling), and how a booking answer or a definite
// failure ends the payment.
extension PaymentFlow {
    static func submitting(_ stage: BookingFlow.Submitting, _ event: Event) -> Step? {
        let payment = BookingFlow.Payment(attempt: stage.attempt, holdID: stage.holdID, bookingID: nil)
        switch event {
        case .payAnswered(let booking):
            return apply(booking, to: payment, holding: .none)
        case .payFailed(.unknownOutcome):
            return startLookup(payment, version: .none, token: stage.token)
        case .payFailed(.sentElsewhere):
            return startLookup(payment, version: .none)  // not ours to send again
        case .payFailed(.serverFailedTheKey):
            // A retry of this send got the key's stored error: one lookup decides.
            return startLookup(payment, version: .none, token: stage.token, settledBy: .serverFailedTheKey)
        case .payFailed(let failure):
            return paymentFailed(failure, payment: payment)
        default:
            return nil  // a second Pay tap, Back, a late hold event: nothing changes, nothing is sent
        }
    }

    static func actionRequired(_ stage: BookingFlow.ActionRequired, _ event: Event) -> Step? {
        let id = stage.payment.attempt.id
        switch event {
        case .challengeReturned where stage.leaving == nil, .appForegrounded where stage.leaving == nil:
            return startPolling(stage.payment, bookingID: stage.bookingID, version: stage.version)
        case .openChallengeTapped where stage.leaving == nil:
            return (.actionRequired(stage), [.openChallenge(id, url: stage.challengeURL)])
        case .useAnotherCardTapped, .backTapped, .bookingAbandoned:
            return leavingChallenge(stage, event)
        case .payAnswered(let booking), .attemptLookedUp(.found(let booking)), .bookingPolled(.found(let booking)):
            return apply(booking, to: stage.payment, holding: stage.version)
        default:
            return nil
        }
    }

    static func processing(_ stage: BookingFlow.Processing, _ event: Event) -> Step? {
        let id = stage.payment.attempt.id
        switch event {
        case .bookingPolled(let result):
            if case .found(let booking) = result, !booking.status.isStillPending,
                let step = apply(booking, to: stage.payment, holding: stage.version)
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
                return (.processing(next), [.pollBooking(id, stage.bookingID, after: wait)])
            }
            next.pollPending = false
            return (.processing(next), [])  // "still checking"
        case .payAnswered(let booking), .attemptLookedUp(.found(let booking)):
            guard !booking.status.isStillPending else { return nil }
            return apply(booking, to: stage.payment, holding: stage.version)
        case .checkAgainTapped where !stage.pollPending, .appForegrounded where !stage.pollPending:
            var next = stage
            next.pollPending = true
            return (.processing(next), [.pollBooking(id, stage.bookingID, after: .zero)])
        default:
            return nil
        }
    }

    /// A booking answer for the payment: `nil` (dropped) unless its version is
    /// newer than `holding` and it is the payment's booking. The repository
    /// saved the answer (the attempt's phase, and the trip of a confirmed
    /// booking, in one transaction) where it received it: nothing to save here.
    static func apply(_ booking: Booking, to payment: BookingFlow.Payment, holding: Version) -> Step? {
        guard booking.version.isNewer(than: holding) else { return nil }
        if let known = payment.bookingID, known != booking.id { return nil }
        let id = payment.attempt.id
        let withBooking = BookingFlow.Payment(attempt: payment.attempt, holdID: payment.holdID, bookingID: booking.id)
        switch booking.status {
        case .confirmed:
            return end(.confirmed(BookingFlow.Settled(attemptID: id, booking: booking)))
        case .cancelled:
            return end(.cancelled(BookingFlow.Settled(attemptID: id, booking: booking)))
        case .failed:
            // The server frees a failed booking's hold: while it lives, it can
            // be paid again under a new attempt and key ("Try another card").
            let reason: BookingFlow.FailureReason =
                switch booking.failureCode {
                case Booking.declinedCode?: .declined
                case Booking.abandonedCode?: .abandoned
                default: .paymentFailed
                }
            return end(
                .failed(
                    BookingFlow.Failed(
                        attempt: payment.attempt, offer: nil, reason: reason, version: booking.version,
                        holdID: payment.holdID)))
        case .expired:
            return end(.expired(BookingFlow.Expired(attempt: payment.attempt, offer: nil, version: booking.version)))
        case .actionRequired:
            if let url = booking.nextAction?.url {
                return (
                    .actionRequired(
                        BookingFlow.ActionRequired(
                            payment: withBooking, bookingID: booking.id, version: booking.version, challengeURL: url)),
                    [.openChallenge(id, url: url)]
                )
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
    static func paymentFailed(_ failure: BookingFlow.PaymentFailure, payment: BookingFlow.Payment) -> Step? {
        let attempt = payment.attempt
        let reason: BookingFlow.FailureReason
        switch failure {
        case .unknownOutcome, .serverFailedTheKey, .sentElsewhere: return nil
        case .holdExpired:
            return end(.expired(BookingFlow.Expired(attempt: attempt, offer: nil, version: nil)))
        case .keyClosed:  // the repository saved it where the refusal arrived
            return end(.notPaid(BookingFlow.NotPaid(attempt: attempt, reason: .keyClosed, holdID: payment.holdID)))
        case .waitRequested(let until):  // nothing ran under the key; the repository saved it
            return end(
                .notPaid(
                    BookingFlow.NotPaid(attempt: attempt, reason: .waitRequested(until: until), holdID: payment.holdID))
            )
        case .declined:
            return end(
                .failed(
                    BookingFlow.Failed(
                        attempt: attempt, offer: nil, reason: .declined, version: nil, holdID: payment.holdID)))
        case .notSent: reason = .notSent
        case .rejected(let code) where code == BookingFlow.paymentMethodOffCode:
            // Refused by the server's switch before anything ran: the room stays held.
            return end(
                .failed(
                    BookingFlow.Failed(
                        attempt: attempt, offer: nil, reason: .rejected(code: code), version: nil,
                        holdID: payment.holdID)))
        case .rejected(let code) where code != BookingFlow.storageFullCode:
            // The server's own refusal of this key's request (its code, not a
            // decline): it did not run. The room stays held unless the
            // refusal says the hold, or the stay, is booked already.
            let booked = [BookingFlow.holdAlreadyBookedCode, BookingFlow.stayAlreadyBookedCode].contains(code)
            let holdID = booked ? nil : payment.holdID
            // The stay is booked through another hold: this room is free and
            // no screen offers to pay it, so it is given up now (a hold
            // another booking uses is that booking's, and stays).
            var release: [Effect] = []
            if code == BookingFlow.stayAlreadyBookedCode, let hold = payment.holdID {
                release = [.releaseHold(attempt.id, hold)]
            }
            return end(
                .failed(
                    BookingFlow.Failed(
                        attempt: attempt, offer: nil, reason: .rejected(code: code), version: nil, holdID: holdID)),
                release)
        case .rejected: reason = .storageFull
        case .superseded: reason = .superseded  // abandoned by the process that replaced it
        }
        return end(.failed(BookingFlow.Failed(attempt: attempt, offer: nil, reason: reason, version: nil)))
    }
}
