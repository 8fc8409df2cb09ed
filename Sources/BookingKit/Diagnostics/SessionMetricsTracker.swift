import BookingCore
import BookingPrimitives
import Dispatch

/// Follows the flow's states and reports each payment session's end to the
/// app's `BookingMetrics`, on a serial queue of its own: never on the
/// flow's path, never on the cooperative pool (a handler that blocks holds
/// only that queue).
final class SessionMetricsTracker: Sendable {
    /// The most reports waiting for a handler that does not return; later
    /// ones are dropped (and logged) until it does.
    static let maximumPending = 256

    /// A session open in this run.
    private struct Open {
        var started: MonotonicInstant
        var passedThroughUnknown: Bool
        var challenged: Bool
        /// The kind the flow was paying with when the session opened.
        var kind: PaymentMethodKind

        /// The kind as reported: a wallet's, else whether the bank's page was shown.
        var paymentMethod: PaymentMethodKind {
            if kind == .wallet { return .wallet }
            return challenged || kind == .threeDSecure ? .threeDSecure : .card
        }
    }

    /// The stages in which an attempt's payment is in flight.
    private static let paymentStages: Set<String> = ["submitting", "unknown", "actionRequired", "processing"]

    private let handler: any BookingMetrics
    private let cohort: String?
    private let now: @Sendable () -> MonotonicInstant
    private let logger: Logger
    private let queue = DispatchQueue(label: "BookingKit.metrics")
    private let state = Locked((open: [AttemptID: Open](), pending: 0))

    init(
        handler: any BookingMetrics, cohort: String? = nil, now: @escaping @Sendable () -> MonotonicInstant,
        logger: Logger
    ) {
        self.handler = handler
        self.cohort = cohort
        self.now = now
        self.logger = logger.named("metrics")
    }

    /// Takes one state of the flow (in order); reports the sessions it ends.
    func record(_ flowState: BookingFlow.State) {
        let reading = now()
        let stages = [flowState.stage, flowState.paymentBeingChecked, flowState.earlierPayment].compactMap { $0 }
        let ended = state.withLock { state -> [BookingSessionOutcome] in
            var ended: [BookingSessionOutcome] = []
            for stage in stages {
                guard let attempt = stage.attemptID else { continue }
                let name = stage.name
                if Self.paymentStages.contains(name) {
                    var open =
                        state.open[attempt]
                        ?? Open(
                            started: reading, passedThroughUnknown: false, challenged: false,
                            kind: flowState.paymentMethod)
                    if name == "unknown" { open.passedThroughUnknown = true }
                    if name == "actionRequired" { open.challenged = true }
                    state.open[attempt] = open
                } else if stage.isFinal, let open = state.open.removeValue(forKey: attempt) {
                    ended.append(
                        BookingSessionOutcome(
                            attemptID: attempt, finalStage: name, passedThroughUnknown: open.passedThroughUnknown,
                            timeToOutcome: open.started.duration(to: reading),
                            paymentMethod: open.paymentMethod, cohort: cohort))
                }
            }
            return ended
        }
        for outcome in ended { deliver(outcome) }
    }

    private func deliver(_ outcome: BookingSessionOutcome) {
        let admitted = state.withLock { state -> Bool in
            guard state.pending < Self.maximumPending else { return false }
            state.pending += 1
            return true
        }
        guard admitted else {
            logger.log(
                .warning, "dropped a session's metrics: the metrics handler has not returned",
                ["attempt": outcome.attemptID.rawValue, "stage": outcome.finalStage])
            return
        }
        let (handler, state) = (self.handler, self.state)
        queue.async {
            handler.sessionEnded(outcome)
            state.withLock { $0.pending -= 1 }
        }
    }
}
