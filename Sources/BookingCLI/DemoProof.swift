import BookingAPI
import BookingCore
import BookingKit

/// What the demo proves from the sandbox's ledger: every attempt was
/// charged exactly once (the one whose answer was lost included), no hold
/// was charged twice, and the lost answer was recovered through Unknown.
package struct DemoProof: Sendable {
    /// One attempt of the demo.
    package struct Attempt: Sendable {
        /// The attempt's id.
        package var id: AttemptID
        /// Its Idempotency-Key.
        package var key: IdempotencyKey
        /// Where its flow ended.
        package var outcome: String
        /// Its booking, if any.
        package var bookingID: BookingID?
    }

    /// The attempts.
    package var attempts: [Attempt]
    /// The ledger read from the sandbox.
    package var ledger: LedgerReport
    /// Whether the event log shows the lost answer going through `unknown`
    /// before `confirmed`.
    package var lostAnswerRecovered: Bool

    /// Charges made under `key`.
    package func charges(_ key: IdempotencyKey) -> Int { ledger.chargesByIdempotencyKey[key.rawValue] ?? 0 }

    /// What failed to hold, in words; empty when everything is proved.
    package var problems: [String] {
        var problems: [String] = []
        for attempt in attempts {
            if attempt.outcome != "confirmed" { problems.append("attempt \(attempt.id) ended \(attempt.outcome)") }
            if charges(attempt.key) != 1 {
                problems.append("attempt \(attempt.id) was charged \(charges(attempt.key)) times")
            }
        }
        if ledger.chargeCount != attempts.count {
            problems.append("the ledger has \(ledger.chargeCount) charges for \(attempts.count) attempts")
        }
        if ledger.chargesByHold.values.contains(where: { $0 != 1 }) { problems.append("a hold was charged twice") }
        if !lostAnswerRecovered { problems.append("the lost answer did not go through Unknown") }
        return problems
    }

    /// Whether the demo proved what it set out to.
    package var isProved: Bool { problems.isEmpty }

    /// The proof as JSON.
    package var json: JSONValue {
        [
            "proved": .bool(isProved),
            "problems": .array(problems.map { .string($0) }),
            "lostAnswerRecovered": .bool(lostAnswerRecovered),
            "chargeCount": .number(ledger.chargeCount),
            "attempts": .array(
                attempts.map { attempt in
                    [
                        "attemptId": .string(attempt.id.rawValue),
                        "idempotencyKey": .string(attempt.key.rawValue),
                        "outcome": .string(attempt.outcome),
                        "bookingId": .text(attempt.bookingID?.rawValue),
                        "charges": .number(charges(attempt.key)),
                    ]
                }),
        ]
    }

    /// Whether the log at `path` shows a state `unknown` followed by `confirmed`.
    package static func logShowsRecovery(_ path: String?) -> Bool {
        guard let path, let entries = try? EventLog.read(path) else { return false }
        guard let unknown = entries.firstIndex(where: { $0.state == "unknown" }) else { return false }
        return entries[unknown...].contains { $0.state == "confirmed" }
    }
}
