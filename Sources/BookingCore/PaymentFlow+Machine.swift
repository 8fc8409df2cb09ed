// The payment sub-machine in the shape every flow has (`FlowMachine`), with
// the sample events its diagram and the generic checks explore it with.
extension PaymentFlow: FlowMachine {
    package static let flowName = "payment"

    /// The embedded stages (`embeddedStageNames`) between the start and the ends (`endNames`).
    package static var stageNames: [String] { ["ready"] + embeddedStageNames + endNames }

    /// The stages the booking flow holds as its own: the payment stages.
    package static let embeddedStageNames = ["submitting", "unknown", "actionRequired", "processing"]

    /// The ends, by `Output.name`: the messages to the booking flow.
    package static let endNames = [
        "confirmed", "cancelled", "failed", "expired", "notPaid", "leftChallenge", "anotherCard",
    ]

    package static func name(of stage: State) -> String { stage.name }

    package static func isFinal(_ stage: State) -> Bool {
        if case .ended = stage { return true }
        return false
    }

    package static func effectName(of effect: Effect) -> String { effect.logName }

    /// Every event of the table, with the booking flow's sample values
    /// (`BookingFlow.Samples`): the start, every tap and every kind of result,
    /// and the answers to leaving 3-D Secure.
    package static func sampleEvents(for state: State) -> [Event] {
        typealias S = BookingFlow.Samples
        let attempt = BookingFlow.Attempt(
            id: AttemptID("A1"), key: IdempotencyKey("K1"), offerID: S.offerID, quoteID: S.quote.id)
        let (nextID, nextKey) = S.nextAttempt(after: state.attemptID)
        var events: [Event] = [
            .payTapped(attempt, holdID: S.holdID, price: S.price, token: S.token, guest: S.guest), .resumed,
            .checkAgainTapped,
            .openChallengeTapped, .backTapped, .useAnotherCardTapped(attempt: nextID, key: nextKey),
            .appForegrounded,
            .payFailed(.unknownOutcome), .payFailed(.declined), .payFailed(.holdExpired), .payFailed(.notSent),
            .payFailed(.rejected(code: "INVALID_PAYMENT_TOKEN")), .payFailed(.superseded),
            .payFailed(.serverFailedTheKey), .payFailed(.sentElsewhere), .payFailed(.keyClosed),
            .payFailed(.waitRequested(until: 1_780_003_600)),
            .keyClosed(.closed), .keyClosed(.inUse), .keyClosed(.unreachable), .keyClosed(.unsupported),
            .keyClosed(.used(S.booking(.confirmed, version: 2))),
            .attemptLookedUp(.notFound), .attemptLookedUp(.unreachable),
            .attemptLookedUp(.found(S.booking(.confirmed, version: 2))),
            .attemptLookedUp(.found(S.booking(.processing, version: 2))),
            .holdRead(S.hold), .holdReadFailed(.expired), .holdReadFailed(.unreachable),
            .holdRefused(code: "BAD_REQUEST"), .challengeReturned,
            .bookingPolled(.unreachable), .bookingPolled(.found(S.booking(.processing, version: 3))),
            .bookingPolled(.found(S.booking(.confirmed, version: 3))),
            .bookingPolled(.found(S.booking(.failed, version: 3))),
            .bookingAbandoned(.abandoned(S.booking(.failed, version: 2))),
            .bookingAbandoned(.passed(S.booking(.processing, version: 2))),
            .bookingAbandoned(.unreachable), .bookingAbandoned(.credentialRefused),
        ]
        events += BookingStatus.allCases.map { .payAnswered(S.booking($0, version: 1)) }
        return events
    }
}
