import Foundation

// The awaited outcomes: following the flow from an action to the state it
// settles in, and reading that state as a hold's or a payment's result.
extension BookingClient {
    /// Follows the flow's states (the current one first) until one
    /// satisfies `done`, saving what each says of an offer on the way.
    /// Returns it, or the latest state when the calling task is cancelled.
    func settle(until done: @escaping @Sendable (BookingFlow.State) -> Bool) async -> BookingFlow.State {
        let stream = await runtime.flow.states()
        var latest = await state
        for await next in stream {
            await offerMarks.record(next)
            latest = next
            if done(next) { break }
        }
        return latest
    }

    /// Waits until the hold an action `started` settles and reads the result.
    func holdResult(after started: BookingFlow.State) async -> HoldResult {
        let attempt = started.stage.attemptID
        let offer: OfferID?
        switch started.stage {
        case .requestingHold(let stage): offer = stage.attempt.offerID
        case .checkingHold(let stage): offer = stage.attempt.offerID
        default: offer = nil
        }
        let settled = await settle { $0.isAtRest || $0.stage.attemptID != attempt }
        let result = Self.holdResult(settled, attempt: attempt, offer: offer)
        if case .held = result { await readPaymentMethodsWhenHeld() }
        return result
    }

    static func holdResult(_ state: BookingFlow.State, attempt: AttemptID?, offer: OfferID?) -> HoldResult {
        guard state.isAtRest else { return .interrupted(state) }
        switch state.stage {
        case .held(let held) where held.attempt.id == attempt:
            return .held(held)
        case .priceChanged(let change) where change.previous.id == attempt:
            return .priceChanged(change)
        case .browsing:
            guard let offer, state.soldOutOffers.contains(offer) else { return .interrupted(state) }
            return .soldOut(offer)
        case .failed(let failed) where failed.attempt.id == attempt:
            if case .waitRequested(let until) = failed.reason {
                return .waitRequested(until: Date(timeIntervalSince1970: TimeInterval(until)))
            }
            return .failed(failed.reason)
        case .expired(let expired) where expired.attempt.id == attempt:
            return .expired
        case .checkingHold(let checking) where checking.attempt.id == attempt:
            return .notChecked
        default:
            return .interrupted(state)
        }
    }

    /// Waits for the payment in the flow to settle: the result `pay(with:)`
    /// returns, for a payment the app did not start here (one restored at
    /// launch, one back from the bank's page, one after `checkAgain()`).
    /// Returns at once when the payment already settled; nil when the flow
    /// holds no payment (no attempt, or one not yet paid).
    ///
    /// With `bankPage`, a payment waiting for the bank's 3-D Secure page
    /// (one restored at launch) presents the page again and returns the
    /// booking's outcome once the user is back, as `pay(with:bankPage:)`
    /// does; nothing is sent again.
    ///
    /// ```swift
    /// _ = try await client.open(returnLink)  // the bank's page sent the user back
    /// if let result = await client.waitForPayment() { show(result) }
    /// ```
    public func waitForPayment(bankPage: BankPage? = nil) async -> PaymentResult? {
        let now = await state
        guard Self.isPayment(now.stage) else { return nil }
        return await seeThrough(
            await paymentResult(of: now.stage.attemptID), bankPage: bankPage, afterTheFlowOpens: false)
    }

    /// Waits until the payment of `attempt` settles and reads the result.
    func paymentResult(of attempt: AttemptID?) async -> PaymentResult {
        let settled = await settle { $0.isAtRest || $0.stage.attemptID != attempt }
        return await paymentResult(settled, attempt: attempt)
    }

    func paymentResult(_ state: BookingFlow.State, attempt: AttemptID?) async -> PaymentResult {
        guard state.isAtRest, state.stage.attemptID == attempt else { return .stillBeingChecked(.waitEnded(state)) }
        switch state.stage {
        case .confirmed(let settled):
            return .confirmed(await trip(confirmedBy: settled))
        case .actionRequired(let stage):
            guard let url = URL(string: stage.challengeURL) else { return .stillBeingChecked(.waitEnded(state)) }
            return .needsBankPage(url, booking: stage.bookingID)
        case .failed(let failed) where failed.reason == .declined:
            return .declined
        case .failed(let failed):
            return .failed(failed.reason)
        case .notPaid(let notPaid):
            return .notPaid(notPaid.reason, canPayAgain: notPaid.holdID != nil)
        case .held(let held):
            return .stillHeld(held)
        case .expired:
            return .expired
        case .unknown:
            return .stillBeingChecked(.couldNotConfirm)
        case .processing(let stage):
            return .stillBeingChecked(.stillProcessing(stage.bookingID))
        case .signInRequired:
            return .stillBeingChecked(.signInRequired)
        default:
            return .stillBeingChecked(.waitEnded(state))
        }
    }

    /// The trip a confirmation saved, or the server's booking when this
    /// device could not save it (or cannot read it back).
    private func trip(confirmedBy settled: BookingFlow.Settled) async -> Trip {
        if settled.isSavedOnDevice, let saved = try? await runtime.repository.savedTrip(settled.booking.id) {
            return Trip(saved)
        }
        var trip = Trip(unsaved: settled.booking, at: dependencies.now())
        trip.isSavedOnDevice = settled.isSavedOnDevice
        return trip
    }

    /// Whether `stage` belongs to a payment (sent, or settled after one).
    static func isPayment(_ stage: BookingFlow.Stage) -> Bool {
        switch stage {
        case .submitting, .unknown, .actionRequired, .processing, .confirmed, .notPaid: return true
        case .failed(let failed):
            return failed.reason == .declined || failed.reason == .paymentFailed || failed.reason == .abandoned
        case .signInRequired(let s): return isPayment(s.interrupted)
        default: return false
        }
    }
}
