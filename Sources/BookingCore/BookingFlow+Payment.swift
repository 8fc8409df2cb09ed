// The payment stages (submitting, unknown, 3-D Secure, processing) are the
// payment sub-machine's (`PaymentFlow`): the booking flow scopes a payment
// stage and an event into it, runs its step, and maps the result back. A
// payment stage stays the booking flow's stage with the same data; an end
// (`PaymentFlow.Output`) becomes the booking flow's own transition.
extension BookingFlow {
    /// How many times `unknown` sends the same payment again (same key, same
    /// body) after lookups that found no booking.
    package static let maximumResends = 3

    /// The payment sub-machine's step for `event` in a payment stage, in the
    /// booking flow's terms; `nil` when the stage does not take the event.
    static func payment(_ payment: PaymentFlow.State, _ event: Event) -> Step? {
        guard let scoped = PaymentFlow.Event(event) else { return nil }
        return embedded(PaymentFlow.step(payment, scoped))
    }

    /// A step of the payment sub-machine as the booking flow's step: a
    /// payment stage is kept as it is, an end is mapped to the parent's stage
    /// (a settled one, the results, or a new attempt on the same hold), with
    /// the sub-machine's effects first.
    static func embedded(_ step: PaymentFlow.Step?) -> Step? {
        guard let (state, effects) = step else { return nil }
        switch state {
        case .ready: return nil  // the sub-machine only starts there
        case .submitting(let s): return go(.submitting(s), effects)
        case .unknown(let s): return go(.unknown(s), effects)
        case .actionRequired(let s): return go(.actionRequired(s), effects)
        case .processing(let s): return go(.processing(s), effects)
        case .ended(.confirmed(let s)): return go(.confirmed(s), effects)
        case .ended(.cancelled(let s)): return go(.cancelled(s), effects)
        case .ended(.failed(let s)): return go(.failed(s), effects)
        case .ended(.expired(let s)): return go(.expired(s), effects)
        case .ended(.notPaid(let s)): return go(.notPaid(s), effects)
        case .ended(.leftChallenge): return go(.browsing, effects)
        case .ended(.anotherCard(let id, let key, let previous, let hold)):
            let next = startAttempt(id: id, key: key, after: previous, onHold: hold, offer: nil)
            return go(next.stage, effects + next.effects)
        }
    }

    /// Into `unknown` (a restore): the payment sub-machine's first lookup.
    static func startLookup(_ payment: Payment, version: Version) -> Step? {
        embedded(PaymentFlow.startLookup(payment, version: version))
    }

    /// Into `processing` (a restore): the payment sub-machine's first poll.
    static func startPolling(_ payment: Payment, bookingID: BookingID, version: Version) -> Step? {
        embedded(PaymentFlow.startPolling(payment, bookingID: bookingID, version: version))
    }
}
