/// How the sessions on this device ended, read from their event logs: the
/// figures a team watches when it changes the payment flow. One log is one
/// session (one run of a command that drove the flow); a payment session is
/// one in which a payment was in flight (the flow reached `submitting`, or a
/// later stage of a payment). A rise in the share of payment sessions that
/// pass through, or end in, `unknown` is the early signal that answers are
/// being lost between the device and the server.
package struct SessionStats: Equatable {
    /// One session as its log tells it: the stage after each event and when.
    package struct Session: Equatable {
        /// The stage each event led to, in order.
        package var stages: [String]
        /// When each event happened, milliseconds since 1970 (the log's clock).
        package var times: [Int64]
        /// The rollout group the run named (`BOOKING_COHORT`), if any.
        package var cohort: String?

        /// A session.
        package init(stages: [String], times: [Int64], cohort: String? = nil) {
            self.stages = stages
            self.times = times
            self.cohort = cohort
        }
    }

    /// The stages in which a payment is in flight or settled after one.
    package static let paymentStages: Set<String> = ["submitting", "unknown", "actionRequired", "processing"]

    /// Sessions counted (logs with at least one event).
    package var sessions = 0
    /// Sessions by the stage they ended in.
    package var byOutcome: [String: Int] = [:]
    /// Sessions in which a payment was in flight.
    package var paymentSessions = 0
    /// Payment sessions by the stage they ended in.
    package var paymentOutcomes: [String: Int] = [:]
    /// Payment sessions that passed through `unknown`.
    package var passedThroughUnknown = 0
    /// Payment sessions that ended in `unknown`.
    package var endedInUnknown = 0
    /// For payment sessions that ended in a final stage: milliseconds from
    /// the first event with the payment in flight to the last event, sorted.
    package var timesToOutcome: [Int64] = []

    /// The figures for `sessions`; `finalStages` are the flow's final stages.
    package init(_ sessions: [Session], finalStages: Set<String>) {
        for session in sessions {
            guard let outcome = session.stages.last else { continue }
            self.sessions += 1
            byOutcome[outcome, default: 0] += 1
            guard let start = session.stages.firstIndex(where: Self.paymentStages.contains) else { continue }
            paymentSessions += 1
            paymentOutcomes[outcome, default: 0] += 1
            if session.stages[start...].contains("unknown") { passedThroughUnknown += 1 }
            if outcome == "unknown" { endedInUnknown += 1 }
            if finalStages.contains(outcome), let last = session.times.last {
                timesToOutcome.append(max(0, last - session.times[start]))
            }
        }
        timesToOutcome.sort()
    }

    /// The share of payment sessions that passed through `unknown`, 0...1;
    /// nil with no payment session.
    package var passedThroughUnknownShare: Double? { share(passedThroughUnknown) }

    /// The share of payment sessions that ended in `unknown`, 0...1.
    package var endedInUnknownShare: Double? { share(endedInUnknown) }

    private func share(_ count: Int) -> Double? {
        paymentSessions == 0 ? nil : Double(count) / Double(paymentSessions)
    }

    /// The nearest-rank percentile (`p` in 1...100) of the times to outcome,
    /// in milliseconds; nil with none.
    package func timeToOutcome(percentile p: Int) -> Int64? {
        guard !timesToOutcome.isEmpty else { return nil }
        let rank = (p * timesToOutcome.count + 99) / 100
        return timesToOutcome[min(max(rank, 1), timesToOutcome.count) - 1]
    }
}
