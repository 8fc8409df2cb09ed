import BookingCore

/// Shared values for the flow tests. Built from the library's samples so
/// that the tests and the diagram speak about the same offer and hold.
enum Fix {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static let a1 = AttemptID("A1")
    static let k1 = IdempotencyKey("K1")
    static let a2 = AttemptID("A2")
    static let k2 = IdempotencyKey("K2")
    static let t0 = S.sentAt

    static func t(_ seconds: Int64) -> MonotonicInstant { t0.advanced(by: .seconds(seconds)) }

    static let attempt1 = Flow.Attempt(id: a1, key: k1, offerID: S.offerID, quoteID: S.quote.id)

    static func booking(_ status: BookingStatus, _ version: Int64) -> Booking { S.booking(status, version: version) }

    static func state(_ stage: Flow.Stage, online: Bool = true) -> Flow.State {
        Flow.State(stage: stage, isOnline: online, guest: S.guest)
    }

    static var offerChosen: Flow.State { state(.offerChosen(S.offer)) }

    static var requestingHold: Flow.State {
        state(.requestingHold(Flow.RequestingHold(attempt: attempt1, offer: S.offer)))
    }

    static func held(online: Bool = true) -> Flow.State {
        Flow.reduce(
            Flow.State(stage: requestingHold.stage, isOnline: online, guest: S.guest),
            .holdGranted(a1, S.hold, sentAt: t0, receivedAt: t(2))
        ).state
    }

    static var submitting: Flow.State {
        state(.submitting(Flow.Submitting(attempt: attempt1, holdID: S.holdID, price: S.price)))
    }

    static var payment: Flow.Payment { Flow.Payment(attempt: attempt1, holdID: S.holdID, bookingID: nil) }

    static func unknown(
        checks: Int = 0, pending: Bool = true, version: Version = .none, token: PaymentToken? = nil,
        waitingFor: Flow.UnknownCheck? = nil, settledBy: Flow.NotPaidReason? = nil
    ) -> Flow.State {
        var unknown = Flow.Unknown(
            payment: payment, version: version, checks: checks, checkPending: pending, token: token,
            settledBy: settledBy)
        if let waitingFor { unknown.waitingFor = waitingFor }
        return state(.unknown(unknown))
    }

    static let token = PaymentToken("tok_visa")

    static func processing(polls: Int = 0, pending: Bool = true, version: Int64 = 1) -> Flow.State {
        let payment = Flow.Payment(attempt: attempt1, holdID: S.holdID, bookingID: S.bookingID)
        return state(
            .processing(
                Flow.Processing(
                    payment: payment, bookingID: S.bookingID,
                    version: Version(rawValue: version)!, polls: polls,
                    pollPending: pending)))
    }

    static var actionRequired: Flow.State {
        Flow.reduce(submitting, .payAnswered(a1, booking(.actionRequired, 1))).state
    }

    /// Runs events from `state`, returning the final state and every effect in order.
    static func run(_ state: Flow.State, _ events: [Flow.Event]) -> (state: Flow.State, effects: [Flow.Effect]) {
        var current = state
        var all: [Flow.Effect] = []
        for event in events {
            let (next, effects) = Flow.reduce(current, event)
            current = next
            all += effects
        }
        return (current, all)
    }
}

extension BookingFlow.Effect {
    var isPay: Bool { if case .pay = self { return true } else { return false } }
    var isRequestHold: Bool { if case .requestHold = self { return true } else { return false } }
}

extension Array where Element == BookingFlow.Effect {
    var hasPay: Bool { contains { $0.isPay } }
    var hasRequestHold: Bool { contains { $0.isRequestHold } }
}
