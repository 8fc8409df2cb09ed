import BookingCore

/// One state for every stage (and the variants that change what a stage
/// allows: offline, pending or not, given up), for the table test and as
/// starting points of the exploration.
enum FlowStates {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static var all: [Flow.State] {
        let online: [Flow.State] = [
            Flow.explorationStart,
            Fix.offerChosen,
            Fix.requestingHold,
            Fix.held(),
            Fix.state(
                .checkingHold(
                    Flow.CheckingHold(
                        attempt: Fix.attempt1, offer: S.offer, holdID: S.holdID,
                        readPending: true))),
            Fix.state(
                .checkingHold(
                    Flow.CheckingHold(
                        attempt: Fix.attempt1, offer: nil, holdID: S.holdID,
                        readPending: false))),
            Fix.state(.priceChanged(Flow.PriceChanged(previous: Fix.attempt1, offer: S.offer, newQuote: S.newQuote))),
            Fix.submitting,
            Fix.unknown(checks: 0),
            Fix.unknown(checks: 5),
            Fix.unknown(checks: 6, pending: false),
            Fix.unknown(checks: 1, token: Fix.token),
            Fix.unknown(checks: 1, token: Fix.token, waitingFor: .resend),
            Fix.unknown(checks: 1, waitingFor: .holdRead),
            Fix.unknown(checks: 2, settledBy: .serverFailedTheKey),
            Fix.unknown(checks: 2, settledBy: .holdEnded),
            Fix.actionRequired,
            Fix.processing(polls: 0),
            Fix.processing(polls: 8),
            Fix.processing(polls: 9, pending: false),
            Fix.state(.confirmed(Flow.Settled(attemptID: Fix.a1, booking: Fix.booking(.confirmed, 2)))),
            Fix.state(
                .confirmed(
                    Flow.Settled(attemptID: Fix.a1, booking: Fix.booking(.confirmed, 2), isSavedOnDevice: false))),
            Fix.state(.failed(Flow.Failed(attempt: Fix.attempt1, offer: S.offer, reason: .declined, version: nil))),
            Fix.state(
                .failed(
                    Flow.Failed(
                        attempt: Fix.attempt1, offer: S.offer, reason: .waitRequested(until: 1_780_003_600),
                        version: nil))),
            Fix.state(.expired(Flow.Expired(attempt: Fix.attempt1, offer: nil, version: nil))),
            Fix.state(.cancelled(Flow.Settled(attemptID: Fix.a1, booking: Fix.booking(.cancelled, 4)))),
            Fix.state(.notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .serverFailedTheKey))),
            Fix.state(.notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .holdEnded))),
            Fix.state(.signInRequired(Flow.SignInRequired(interrupted: Fix.held().stage))),
            Fix.state(
                .signInRequired(Flow.SignInRequired(interrupted: Fix.unknown(checks: 1, token: Fix.token).stage))),
        ]
        return online + online.map { Flow.State(stage: $0.stage, isOnline: false, guest: S.guest) }
    }

    /// The sample events for `state`, plus every effect result for the other
    /// attempt (stale or late) and for an attempt the flow never had.
    static func events(for state: Flow.State) -> [Flow.Event] {
        let own = Flow.sampleEvents(for: state)
        let other = Flow.Samples.nextAttempt(after: state.stage.attemptID).0
        let otherState = Flow.State(
            stage: .checkingHold(
                Flow.CheckingHold(
                    attempt: Flow.Attempt(
                        id: other, key: IdempotencyKey("K-other"), offerID: S.offerID, quoteID: S.quote.id),
                    offer: nil, holdID: S.holdID, readPending: true)))
        let stale = Flow.sampleEvents(for: otherState).filter { $0.attemptID != nil }
        return own + stale
    }
}
