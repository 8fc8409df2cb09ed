// The stages before any money moves: results, offer, hold, countdown,
// price change, and the launch-time restore.
extension BookingFlow {
    typealias Step = (stage: Stage, effects: [Effect], soldOut: OfferID?)

    static func browsing(_ event: Event) -> Step? {
        switch event {
        case .offerChosen(let offer):
            return go(.offerChosen(offer))
        case .restored(let record?, let hold):
            return restore(record, hold: hold)
        default:
            return nil
        }
    }

    static func offerChosen(_ offer: Offer, _ event: Event, isOnline: Bool) -> Step? {
        switch event {
        case .holdTapped(let id, let key) where isOnline:
            return startAttempt(id: id, key: key, offerID: offer.id, quoteID: offer.quote.id, offer: offer)
        case .offerChosen(let other):
            return go(.offerChosen(other))
        case .backTapped:
            return go(.browsing)
        default:
            return nil
        }
    }

    static func requestingHold(_ stage: RequestingHold, _ event: Event) -> Step? {
        let id = stage.attempt.id
        switch event {
        case .holdGranted(_, let hold, let sentAt, let receivedAt):
            return holdArrived(
                stage.attempt, offer: stage.offer, hold: hold, sentAt: sentAt, receivedAt: receivedAt,
                justGranted: true)
        case .holdFailed(_, .priceChanged(let quote)):
            return go(
                .priceChanged(PriceChanged(previous: stage.attempt, offer: stage.offer, newQuote: quote)),
                [save(id, .abandoned)])
        case .holdFailed(_, .soldOut):
            return (.browsing, [save(id, .abandoned)], stage.attempt.offerID)
        case .holdFailed(_, .superseded):
            // The row is abandoned already, by the process that replaced it.
            return go(.failed(Failed(attempt: stage.attempt, offer: stage.offer, reason: .superseded, version: nil)))
        case .holdFailed(_, .rejected(code: BookingFlow.storageFullCode?)):
            return go(
                .failed(Failed(attempt: stage.attempt, offer: stage.offer, reason: .storageFull, version: nil)),
                [save(id, .failed)])
        case .holdFailed(_, .waitRequested(let until)):
            return go(
                .failed(
                    Failed(
                        attempt: stage.attempt, offer: stage.offer, reason: .waitRequested(until: until), version: nil)
                ),
                [save(id, .failed)])
        case .holdFailed(_, .unknownOutcome):
            // Nothing saved: the row stays HOLD_REQUESTED with its key, so a
            // retry here or the next reconciliation asks again under it.
            return go(
                .failed(Failed(attempt: stage.attempt, offer: stage.offer, reason: .holdNotKnown, version: nil)))
        case .holdFailed(_, .unavailable), .holdFailed(_, .rejected):
            return go(
                .failed(Failed(attempt: stage.attempt, offer: stage.offer, reason: .holdUnavailable, version: nil)),
                [save(id, .failed)])
        case .backTapped:
            return go(.browsing, [save(id, .abandoned)])
        default:
            return nil
        }
    }

    /// A hold answered (granted, or read again): held while time is left,
    /// otherwise read again (if just granted) or expired. The repository
    /// saved the answer (the hold id, its anchor) where it arrived; the flow
    /// saves only its own conclusions: a price it must not pay (abandoned),
    /// a countdown that ran out on its clock (expired; abandoned, its room
    /// given up, when the server's answer still had time left).
    ///
    /// A hold at another price than the quote the user saw is a price change,
    /// never payable: the user must accept the new price, which starts a new
    /// attempt (this one is abandoned, as on a 409 PRICE_CHANGED). A restored
    /// flow has no offer, hence no price seen: its hold is checked by the
    /// attempt's quote id only (by the API client).
    static func holdArrived(
        _ attempt: Attempt, offer: Offer?, hold: Hold, sentAt: MonotonicInstant, receivedAt: MonotonicInstant,
        justGranted: Bool
    ) -> Step {
        // A coupon's price is the re-quote the user asked for, not a price change.
        if let offer, hold.couponCode == nil, hold.price != offer.quote.price {
            let quote = Quote(id: attempt.quoteID, price: hold.price, quotedAt: 0)
            return go(
                .priceChanged(PriceChanged(previous: attempt, offer: offer, newQuote: quote)),
                [save(attempt.id, .abandoned), .releaseHold(attempt.id, hold.id)])
        }
        let countdown = HoldCountdown(anchor: sentAt, expiresIn: hold.expiresIn)
        let left = countdown.remaining(at: receivedAt)
        if left > .zero {
            return go(
                .held(Held(attempt: attempt, offer: offer, hold: hold, countdown: countdown)),
                [.scheduleHoldTimer(attempt.id, after: left)])
        }
        if justGranted {
            return go(
                .checkingHold(CheckingHold(attempt: attempt, offer: offer, holdID: hold.id, readPending: true)),
                [.readHold(attempt.id, hold.id)])
        }
        let expired = Expired(attempt: attempt, offer: offer, version: nil)
        guard hold.expiresIn > .zero else { return go(.expired(expired), [save(attempt.id, .expired)]) }
        // Over on this device's clock (anchored when the read was sent), not
        // yet on the server's: the room is still kept there for the read's
        // round trip. The flow gives it up as Back does, so a new hold made
        // in those seconds is never the account's second room.
        return go(.expired(expired), [save(attempt.id, .abandoned), .releaseHold(attempt.id, hold.id)])
    }

    static func held(_ stage: Held, _ event: Event, isOnline: Bool, guest: GuestDetails? = nil) -> Step? {
        let id = stage.attempt.id
        let checking = CheckingHold(
            attempt: stage.attempt, offer: stage.offer, holdID: stage.hold.id, readPending: true)
        if let step = coupon(stage, event, isOnline: isOnline) { return step }
        switch event {
        case .payTapped where stage.coupon.isApplying:
            return nil  // Pay waits for the coupon's answer
        case .payTapped(let token, let now) where isOnline:
            // The reducer let this tap through only with valid details.
            guard let guest = guest?.trimmed else { return nil }
            guard !stage.countdown.hasEnded(at: now) else {
                return go(.checkingHold(checking), [.readHold(id, stage.hold.id)])
            }
            // The payment sub-machine starts: the status saved, then the payment sent.
            return embedded(
                PaymentFlow.step(
                    .ready,
                    .payTapped(
                        stage.attempt, holdID: stage.hold.id, price: stage.hold.price, token: token, guest: guest)))
        case .holdRead(_, let hold, let sentAt, let receivedAt) where hold.id == stage.hold.id:
            // The server's answer to the read a restore asked for: its time
            // wins; a code still out stays out (its answer is on its way).
            let arrived = holdArrived(
                stage.attempt, offer: stage.offer, hold: hold, sentAt: sentAt, receivedAt: receivedAt,
                justGranted: false)
            guard stage.coupon.isApplying, hold.couponCode == nil, case .held(var next) = arrived.stage else {
                return arrived
            }
            next.coupon = stage.coupon
            return (.held(next), arrived.effects, arrived.soldOut)
        case .holdReadFailed(_, .expired):  // the repository saved the server's answer
            return go(.expired(Expired(attempt: stage.attempt, offer: stage.offer, version: nil)))
        case .holdReadFailed(_, .bookedElsewhere):  // saved by the repository, with the trip
            return go(
                .failed(Failed(attempt: stage.attempt, offer: stage.offer, reason: .bookedElsewhere, version: nil)))
        case .holdTimerFired(_, let now):
            guard stage.countdown.hasEnded(at: now) else {
                return go(.held(stage), [.scheduleHoldTimer(id, after: stage.countdown.remaining(at: now))])
            }
            return go(.checkingHold(checking), [.readHold(id, stage.hold.id)])
        case .backTapped:
            return go(.browsing, [save(id, .abandoned), .releaseHold(id, stage.hold.id)])
        default:
            return nil
        }
    }

    static func checkingHold(_ stage: CheckingHold, _ event: Event) -> Step? {
        let id = stage.attempt.id
        switch event {
        case .holdRead(_, let hold, let sentAt, let receivedAt) where hold.id == stage.holdID:
            return holdArrived(
                stage.attempt, offer: stage.offer, hold: hold, sentAt: sentAt, receivedAt: receivedAt,
                justGranted: false)
        case .holdReadFailed(_, .expired):  // the repository saved the server's answer
            return go(.expired(Expired(attempt: stage.attempt, offer: stage.offer, version: nil)))
        case .holdReadFailed(_, .bookedElsewhere):  // saved by the repository, with the trip
            return go(
                .failed(Failed(attempt: stage.attempt, offer: stage.offer, reason: .bookedElsewhere, version: nil)))
        case .holdReadFailed(_, .unreachable) where stage.readPending:
            var next = stage
            next.readPending = false
            next.waitUntil = nil
            return go(.checkingHold(next))
        case .holdReadFailed(_, .waitRequested(let until)) where stage.readPending:
            var next = stage
            next.readPending = false
            next.waitUntil = until
            return go(.checkingHold(next))
        case .holdFailed(_, .rejected(let code)):
            // An attempt on the last one's hold could not be saved: nothing
            // was sent for it; the hold stays, to be tried again.
            return go(
                .failed(
                    Failed(
                        attempt: stage.attempt, offer: stage.offer,
                        reason: code == storageFullCode ? .storageFull : .holdUnavailable, version: nil,
                        holdID: stage.holdID)))
        case .checkAgainTapped where !stage.readPending, .appForegrounded where !stage.readPending:
            var next = stage
            next.readPending = true
            return go(.checkingHold(next), [.readHold(id, stage.holdID)])
        case .backTapped:
            return go(.browsing, [save(id, .abandoned), .releaseHold(id, stage.holdID)])
        default:
            return nil
        }
    }

    static func priceChanged(_ stage: PriceChanged, _ event: Event, isOnline: Bool) -> Step? {
        switch event {
        case .acceptNewPriceTapped(let id, let key)
        where isOnline && id != stage.previous.id && key != stage.previous.key:
            return startAttempt(
                id: id, key: key, offerID: stage.previous.offerID, quoteID: stage.newQuote.id,
                offer: stage.offer?.requoted(stage.newQuote))
        case .backTapped:
            return go(.browsing)
        default:
            return nil
        }
    }

    /// Failed, expired or not paid: a retry is a new attempt with a new key,
    /// on the same live hold when the server left it free (a decline, a
    /// closed key), else on the same offer with a new hold. Back leaves
    /// that live hold: it is given up.
    static func retryable(
        _ attempt: Attempt, offer: Offer?, hold: HoldID? = nil, holdNotKnown: Bool = false, _ event: Event,
        isOnline: Bool
    ) -> Step? {
        switch event {
        case .retryTapped where isOnline && holdNotKnown:
            // The same attempt and key again: the server replays a hold it
            // made for the lost answer, or makes it now; never a second room.
            return go(.requestingHold(RequestingHold(attempt: attempt, offer: offer)), [.requestHold(attempt)])
        case .retryTapped(let id, let key) where isOnline && id != attempt.id && key != attempt.key:
            if let hold { return startAttempt(id: id, key: key, after: attempt, onHold: hold, offer: offer) }
            return startAttempt(
                id: id, key: key, offerID: attempt.offerID, quoteID: attempt.quoteID,
                offer: offer)
        case .backTapped:
            if let hold { return go(.browsing, [.releaseHold(attempt.id, hold)]) }
            return go(.browsing)
        default:
            return nil
        }
    }

    /// Confirmed or cancelled: only Done leaves.
    static func settled(_ event: Event) -> Step? {
        event == .backTapped ? go(.browsing) : nil
    }

    /// At launch, from the saved attempt that is not final. An attempt that
    /// may have charged goes to `unknown` or `processing` and only asks the
    /// server, or, waiting for 3-D Secure with its page saved, back to that
    /// page (`actionRequired`, never a stage that pays); one that moved no
    /// money is read again or let go.
    static func restore(_ record: SavedAttempt, hold restoredHold: RestoredHold?) -> Step? {
        if record.phase == .failed, let hold = record.holdID {
            guard record.bookingID != nil else {
                // Certainly not paid, its room kept (a closed key saved just
                // before the process died): "Pay again" on that same hold.
                return go(.notPaid(NotPaid(attempt: record.attempt, reason: .keyClosed, holdID: hold)))
            }
            // A booking the server ended unpaid (the bank's page left, a
            // decline) whose room the process died before keeping: "Try
            // another card" on that same hold, read again first.
            return go(
                .failed(
                    Failed(
                        attempt: record.attempt, offer: nil, reason: .paymentFailed, version: record.version,
                        holdID: hold)))
        }
        guard !record.phase.isFinal else { return nil }
        let attempt = record.attempt
        let payment = Payment(attempt: attempt, holdID: record.holdID, bookingID: record.bookingID)
        switch record.phase {
        case .holdRequested:
            return go(.browsing, [save(attempt.id, .abandoned)])
        case .held:
            guard let holdID = record.holdID else { return go(.browsing, [save(attempt.id, .abandoned)]) }
            if let saved = restoredHold, saved.hold.id == holdID, saved.hold.expiresInMs > 0 {
                // Same boot: the countdown at once from the saved anchor,
                // then corrected by the server's answer.
                return go(
                    .held(Held(attempt: attempt, offer: nil, hold: saved.hold, countdown: saved.countdown)),
                    [.scheduleHoldTimer(attempt.id, after: saved.hold.expiresIn), .readHold(attempt.id, holdID)])
            }
            return go(
                .checkingHold(
                    CheckingHold(attempt: attempt, offer: nil, holdID: holdID, readPending: true, isTimeUnknown: true)),
                [.readHold(attempt.id, holdID)])
        case .actionRequired:
            guard let bookingID = record.bookingID else { return startLookup(payment, version: record.version) }
            guard let url = record.challengeURL else {
                return startPolling(payment, bookingID: bookingID, version: record.version)
            }
            // The bank's page again, saved with the answer: the user can
            // still answer it (or leave it). The launch's reconciliation, the
            // return from the page or the app's return to the foreground
            // reads the booking; a newer answer moves the flow on. (No read
            // here: it would race reconciliation's and any Retry-After.)
            let pending = ActionRequired(
                payment: Payment(attempt: attempt, holdID: record.holdID, bookingID: bookingID), bookingID: bookingID,
                version: record.version, challengeURL: url)
            return go(.actionRequired(pending))
        case .processing:
            if let bookingID = record.bookingID {
                return startPolling(payment, bookingID: bookingID, version: record.version)
            }
            return startLookup(payment, version: record.version)
        default:
            return startLookup(payment, version: record.version)
        }
    }
}
