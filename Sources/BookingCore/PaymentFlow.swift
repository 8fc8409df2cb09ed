/// The payment as a machine of its own, embedded in the booking flow
/// (`BookingFlow`, its parent) as a child reducer is in a parent's: from
/// the moment Pay sends the payment until the attempt is settled, the bank's
/// page is left, or another card pays the same hold. Pure, like its parent:
/// no clock, no chance, no I/O.
///
/// Its stages are the booking flow's payment stages, with the same data
/// (`submitting`, `unknown`, `actionRequired`, `processing`), between a
/// start (`ready`, nothing sent) and its ends (`ended`, each an `Output`).
/// The parent scopes into it: a payment stage is a `State` (`State(_:)`),
/// an event of its attempt an `Event` (`Event(_:)`); it runs `step` and maps
/// the result back (`BookingFlow.embedded(_:)`): a payment stage stays its
/// own stage, an end becomes the parent's transition (a final stage, the
/// results, or a new attempt on the same hold).
///
/// The messages between them:
/// - in: `payTapped` (from `held`, online, time left: the start), the
///   payment's results and the taps its stages take, and `resumed` (a new
///   credential, from the parent's `signInRequired`);
/// - out: `Output` (settled, left, another card), with the effects to run.
///
/// What stays with the parent: the stale-result filter (an event for
/// another attempt), Back from a payment being checked (it goes on in the
/// background, `paymentBeingChecked`, reduced by this machine), a refused
/// credential ("Sign in again" wraps the payment stage), and the restore at
/// launch (which builds a payment stage with `startLookup`/`startPolling`).
package enum PaymentFlow {
    /// A transition: the next state and the effects to run, in order.
    package typealias Step = (state: State, effects: [Effect])

    /// The effects are the booking flow's: the runner runs them alike.
    package typealias Effect = BookingFlow.Effect

    /// Nothing sent yet: the parent starts the machine here with `payTapped`.
    package static let initialState = State.ready

    /// The next state and the effects for `event` in `state`. Pure; total:
    /// a state that does not take the event returns it unchanged and no effects.
    package static func reduce(_ state: State, _ event: Event) -> (state: State, effects: [Effect]) {
        step(state, event) ?? (state, [])
    }

    /// The transition for `event` in `state`, or `nil` when the state does
    /// not take it (the parent then changes nothing either).
    package static func step(_ state: State, _ event: Event) -> Step? {
        if event == .resumed { return resume(state) }
        switch state {
        case .ready: return ready(event)
        case .submitting(let stage): return submitting(stage, event)
        case .unknown(let stage): return unknown(stage, event)
        case .actionRequired(let stage): return actionRequired(stage, event)
        case .processing(let stage): return processing(stage, event)
        case .ended: return nil
        }
    }

    /// The start: the status saved, with the guest the payment carries,
    /// before the payment is sent (which sends the saved guest).
    static func ready(_ event: Event) -> Step? {
        guard case .payTapped(let attempt, let holdID, let price, let token, let guest) = event else { return nil }
        let request = BookingFlow.PaymentRequest(attempt: attempt, holdID: holdID, token: token)
        return (
            .submitting(BookingFlow.Submitting(attempt: attempt, holdID: holdID, price: price, token: token)),
            [
                .saveAttemptStatus(AttemptChange(attemptID: attempt.id, phase: .paymentSubmitted, guest: guest)),
                .pay(request),
            ]
        )
    }

    /// A new credential: the server is asked first, from where the payment
    /// stopped (looked up by its key, or its booking polled), never a
    /// payment sent blindly.
    static func resume(_ state: State) -> Step? {
        switch state {
        case .submitting(let s):
            let payment = BookingFlow.Payment(attempt: s.attempt, holdID: s.holdID, bookingID: nil)
            return startLookup(payment, version: .none, token: s.token)
        case .unknown(var s):
            s.waitingFor = .lookup
            s.isUnreachable = false
            return (.unknown(s), [.lookUpAttempt(s.payment.attempt.id, s.payment.attempt.key, after: .zero)])
        case .actionRequired(var s):
            s.leaving = nil
            return (.actionRequired(s), [.pollBooking(s.payment.attempt.id, s.bookingID, after: .zero)])
        case .processing(var s):
            s.pollPending = true
            return (.processing(s), [.pollBooking(s.payment.attempt.id, s.bookingID, after: .zero)])
        case .ready, .ended:
            return nil
        }
    }

    /// An end, with its effects.
    static func end(_ output: Output, _ effects: [Effect] = []) -> Step {
        (.ended(output), effects)
    }

    /// Into `unknown`: the first lookup at once, then the back-off.
    package static func startLookup(
        _ payment: BookingFlow.Payment, version: Version, token: PaymentToken? = nil,
        settledBy: BookingFlow.NotPaidReason? = nil
    ) -> Step {
        let first = BackoffSchedule.lostAnswer.delay(beforeCheck: 0) ?? .zero
        return (
            .unknown(
                BookingFlow.Unknown(
                    payment: payment, version: version, checks: 0, checkPending: true, token: token,
                    settledBy: settledBy)),
            [.lookUpAttempt(payment.attempt.id, payment.attempt.key, after: first)]
        )
    }

    /// Into `processing`: the first poll after the schedule's first wait.
    package static func startPolling(_ payment: BookingFlow.Payment, bookingID: BookingID, version: Version) -> Step {
        let first = BackoffSchedule.processingPoll.delay(beforeCheck: 0) ?? .zero
        let withBooking = BookingFlow.Payment(attempt: payment.attempt, holdID: payment.holdID, bookingID: bookingID)
        return (
            .processing(
                BookingFlow.Processing(
                    payment: withBooking, bookingID: bookingID, version: version, polls: 0, pollPending: true)),
            [.pollBooking(payment.attempt.id, bookingID, after: first)]
        )
    }
}
