import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Payments: the POST in a task the repository owns, and the saved outcome
// of every way it can end.
extension BookingRepository {
    /// Sends `POST /v1/bookings` with the attempt's key, for an attempt whose
    /// saved row already says `paymentSubmitted` (the commit before the
    /// request is checked against the file, not assumed), with the lead
    /// guest saved in that row: every send of the key carries the same one. Runs in a task the
    /// repository owns: cancelling the caller never cancels the charge, and
    /// the outcome is saved either way. A second call while one runs joins it.
    ///
    /// - Parameter isResend: the same payment sent again after a lookup found
    ///   no booking under the key. Sent only while the key is well within the
    ///   server's lifetime (past it, the same key would make a new request);
    ///   a failure to reach the server then ends nothing, since the first
    ///   send may still have arrived.
    package func sendPayment(_ id: AttemptID, token: PaymentToken, isResend: Bool = false) async -> PaymentOutcome {
        if let running = payments[id] { return await running.value }
        let record: SavedAttempt
        do {
            record = try saved(id)
        } catch {
            return .notPayable("\(error)")
        }
        guard record.phase == .paymentSubmitted, let holdID = record.holdID else {
            if record.phase != .paymentSubmitted { return Self.notSubmitted(record) }
            return .notPayable("attempt is \(record.phase.rawValue): its payment was not saved as submitted")
        }
        if isResend {
            // The key's age on the hold clock (monotonic, boot-based) since
            // this process first sent it, never on the wall clock, which may
            // be set forward or back. Only the process that sent it resends
            // (it alone holds the payment method).
            guard let sentAt = paymentsSentAt[id],
                (sentAt.duration(to: holdNow()) + .seconds(configuration.inFlightGrace)).wholeSeconds
                    < Int64(keyLifetime())
            else {
                return .unknown("the key is too old to send again, or was sent elsewhere: it is only looked up")
            }
        } else if paymentsSentAt[id] == nil {
            paymentsSentAt[id] = holdNow()
        }
        // The stay's condition, unless the traveller asked for a second room
        // (unreadable: sent, the safe side). Read from the file, so every
        // send of the key, in any process, carries the same body.
        let ifStayNotBooked = !((try? store.attempts.isBookedAgain(id)) ?? false)
        let api = self.api
        // Isolated to this actor (it inherits it), but not a child of the
        // caller's task: the caller's cancellation never reaches it.
        let task = Task { () -> PaymentOutcome in
            let outcome: PaymentOutcome
            do throws(APIError) {
                // Each try leaves only while the row still says
                // PAYMENT_SUBMITTED: another process may settle it meanwhile.
                let booking = try await api.createBooking(
                    hold: holdID, paymentToken: token, key: record.idempotencyKey,
                    returnURL: self.configuration.challengeReturnURL, guest: record.guest,
                    ifStayNotBooked: ifStayNotBooked,
                    proceed: { [weak self] in await self?.isStillSubmitted(id) ?? false })
                outcome = .answered(booking)
                do {
                    _ = try self.apply(booking, to: id)
                } catch {
                    // The only write of this answer: the row stays
                    // PAYMENT_SUBMITTED, and the next launch's reconcile
                    // looks the key up and saves the booking (and its trip).
                    self.logger.error(
                        "cannot save the payment's answer", error: error,
                        ["attempt": id.rawValue, "booking": booking.bookingId.rawValue])
                }
            } catch {
                if case .final(.rejected(_, BookingFlow.stayAlreadyBookedCode?), let detail) = error,
                    let booked = detail?.bookingId
                {
                    // Before the flow shows it: the next Hold of the stay asks.
                    await self.saveStayBookedAlready(booked)
                }
                outcome = self.settleFailedPayment(id, error: error, isResend: isResend)
            }
            self.paymentFinished(id)
            return outcome
        }
        payments[id] = task
        return await task.value
    }

    /// Why an attempt's payment is not sent from here, from its saved row:
    /// its hold booked by another device's payment (saved abandoned naming
    /// that booking: `settleBookedElsewhere`), as the server said of the
    /// hold; replaced by a newer hold; or moved on by another process that
    /// sent (or settled) it, so its outcome is looked up by key, never
    /// concluded here; or simply not held.
    static func notSubmitted(_ record: SavedAttempt) -> PaymentOutcome {
        switch record.phase {
        case .abandoned where record.bookingID != nil:
            return .rejected(
                code: BookingFlow.holdAlreadyBookedCode,
                "the hold was booked by another device (booking \(record.bookingID?.rawValue ?? "")); nothing was sent")
        case .abandoned: return .superseded
        case .expired: return .refused(.expired, "the hold ran out before the payment was sent")
        case let phase where phase.mayHaveCharged:
            return .unknown("attempt \(record.attemptID) is \(phase.rawValue): its payment was sent by another process")
        default: return .notPayable("attempt is \(record.phase.rawValue), not held")
        }
    }

    /// What the flow is told when its `PAYMENT_SUBMITTED` save changed
    /// nothing: the attempt moved on elsewhere, so nothing is sent from here.
    package func paymentNotSubmitted(_ id: AttemptID) -> PaymentOutcome {
        do {
            return Self.notSubmitted(try saved(id))
        } catch {
            return .notPayable("\(error)")
        }
    }

    private func paymentFinished(_ id: AttemptID) {
        payments[id] = nil
    }

    private func settleFailedPayment(_ id: AttemptID, error: APIError, isResend: Bool) -> PaymentOutcome {
        switch error {
        case .final(.rejected(status: 401, _), _):
            // The credential, not the payment: nothing concluded, nothing saved.
            return .credentialRefused("\(error)")
        case .final(.rejected(_, OutcomePolicy.ErrorCode.keyClosed?), _):
            // Closed by another process's lookup: this payment never ran.
            mark(id, .failed)
            return .keyClosed("\(error)")
        case .final(.rejected(_, OutcomePolicy.ErrorCode.paymentMethodDisabled?), _):
            // Refused by the server's switch before anything ran (its
            // answer stored under the key): certainly not paid, the hold kept.
            concludeWithoutPayment(id)
            return .paymentMethodOff("\(error)")
        case .final(.rejected(let status, _), _) where status >= 500:
            // A replayed 5xx (see `RetryExecutor`): the key is settled on the
            // server, but whether it booked first only a lookup tells.
            return .serverFailedTheKey("\(error)")
        case .final(.notSent, _) where isResend:
            // The resend never left; the first send may have: keep looking.
            return .unknown("\(error)")
        case .userFacing(let kind, let detail):
            let phase: AttemptPhase = kind == .expired ? .expired : .failed
            mark(id, phase)
            return .refused(kind, detail?.message ?? "\(kind)")
        case .final(.notSent, _):
            // Certainly never reached the server: this process, the only one
            // that moved the attempt to PAYMENT_SUBMITTED, ends it.
            mark(id, .failed)
            return .notSent("\(error)")
        case .final(.rejected(_, let code?), let detail):
            // A 4xx with the contract's code, other than the business ones
            // (a decline is `userFacing`): the server's word that it did not
            // run the request; no booking was made under this key. Named by
            // its code, never "declined".
            mark(id, .failed)
            return .rejected(code: code, detail?.message ?? "\(error)")
        case .final(.waitRequested(let until), _) where !isResend:
            // Only the remembered Retry-After gate ends a payment this way,
            // before its first try left (`RetryExecutor`): a 429 or 503
            // answered to the payment is looked up (`OutcomePolicy`).
            // Nothing was sent: not paid, the hold kept for a new attempt.
            concludeWithoutPayment(id)
            return .waitRequested(until: until, "\(error)")
        case .final(.rejected, _), .final(.unavailable, _), .final(.waitRequested, _), .unknownOutcome,
            .invalidResponse, .notFound:
            // No clear answer, or a resend told to wait (the first send may
            // have arrived): looked up.
            return .unknown("\(error)")
        }
    }

    /// Saves the confirmed booking the server named when it refused a
    /// payment because the account had booked the stay already (on another
    /// device, most often) as a trip: `confirmedStay(of:)` then finds it.
    /// A booking still being paid, or unreadable, is not saved; the server
    /// refuses the next payment of the stay again.
    private func saveStayBookedAlready(_ id: BookingID) async {
        do {
            let booking = try await api.booking(id)
            guard booking.state == .confirmed else { return }
            _ = try store.trips.upsert(Self.trip(from: booking, syncedAt: now()))
        } catch {
            logger.warning("cannot save the booking of the stay booked already", error: error, ["booking": id.rawValue])
        }
    }

    private func isStillSubmitted(_ id: AttemptID) -> Bool {
        do {
            return try store.attempts.attempt(id: id)?.phase == .paymentSubmitted
        } catch {
            // Unreadable: no try leaves; the outcome is looked up by key.
            logger.error("cannot read the attempt before a payment try", error: error, ["attempt": id.rawValue])
            return false
        }
    }

    /// Ends a submitted payment as not paid (`FAILED`): the flow's
    /// conclusion after the server settled the key or the hold and a lookup
    /// found no booking under the key. Only from `PAYMENT_SUBMITTED`.
    @discardableResult
    package func concludeNotPaid(_ id: AttemptID) throws -> Bool {
        try store.concludeNotPaid(id: id, at: now())
    }

    /// Ends a submitted payment that certainly never ran as `FAILED`, only
    /// from `PAYMENT_SUBMITTED`; a failure to save leaves it to be looked up.
    private func concludeWithoutPayment(_ id: AttemptID) {
        do {
            _ = try store.concludeNotPaid(id: id, at: now())
        } catch {
            logger.error("cannot save the attempt as not paid", error: error, ["attempt": id.rawValue])
        }
    }

    private func mark(_ id: AttemptID, _ phase: AttemptPhase) {
        do {
            _ = try store.update(AttemptChange(attemptID: id, phase: phase), at: now())
        } catch {
            // The row stays PAYMENT_SUBMITTED: the next launch looks it up.
            logger.error(
                "cannot save the attempt's phase", error: error, ["attempt": id.rawValue, "phase": phase.rawValue])
        }
    }
}
