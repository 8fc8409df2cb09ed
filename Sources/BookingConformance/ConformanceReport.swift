import BookingPrimitives

/// The outcome of a run: each check's result, the run's size and what it
/// left on the server; as lines (`text`), JSON (`json`) or JUnit XML
/// (`ConformanceReport+JUnit.swift`).
public struct ConformanceReport: Sendable, Equatable {
    /// The server checked.
    public var server: String
    /// One result per check run, in the order they ran.
    public var results: [CheckResult]
    /// Requests the checks sent.
    public var requests: Int
    /// Requests the cleanup sent.
    public var cleanupRequests: Int
    /// Seconds the checks took.
    public var seconds: Double
    /// Seconds the run took, cleanup included.
    public var totalSeconds: Double
    /// What the run created and what the cleanup did with it.
    public var cleanup: CleanupReport

    /// 0 when every promise checked was kept (or could not be exercised),
    /// 1 when one was broken or a check could not be completed.
    public var exitCode: Int32 {
        results.allSatisfy { $0.verdict == .kept || $0.verdict == .notExercised } ? 0 : 1
    }

    /// One line per check (`KEPT`, `BROKEN`, `NOT EXERCISED`, `INCOMPLETE`),
    /// the exchanges under each broken one, then the run's figures.
    public var text: String {
        var lines: [String] = []
        for result in results {
            let label = result.verdict.rawValue.uppercased().replacingOccurrences(of: "-", with: " ")
            lines.append(
                "\(label.padding(toLength: 15, withPad: " ", startingAt: 0))\(result.check.rawValue): "
                    + result.check.promise)
            for note in result.notes { lines.append("    note: \(note)") }
            for failure in result.failures + (result.stopped.map { [$0] } ?? []) {
                lines.append("    \(failure.message)")
                for exchange in failure.exchanges { lines.append("      \(exchange.summary)") }
            }
        }
        let kept = results.filter { $0.verdict == .kept }.count
        lines.append(
            "\(kept) of \(results.count) promises kept; \(requests) requests in \(ConformanceRun.rounded(seconds)) s "
                + "(cleanup: \(cleanupRequests) more); \(cleanup.summary)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON document.
    public var json: JSONValue {
        .object([
            ("server", .string(server)),
            ("kept", .bool(exitCode == 0)),
            ("requests", .number(requests)),
            ("cleanupRequests", .number(cleanupRequests)),
            ("seconds", .double(seconds)),
            ("created", .string(cleanup.summary)),
            ("leftovers", .array(cleanup.leftovers.map(JSONValue.string))),
            ("checks", .array(results.map(Self.json))),
        ])
    }

    private static func json(_ result: CheckResult) -> JSONValue {
        let failure = { (failure: CheckResult.Failure) -> JSONValue in
            .object([
                ("message", .string(failure.message)),
                ("exchanges", .array(failure.exchanges.map { .string($0.summary) })),
            ])
        }
        return .object([
            ("id", .string(result.check.rawValue)),
            ("promise", .string(result.check.promise)),
            ("verdict", .string(result.verdict.rawValue)),
            ("notes", .array(result.notes.map(JSONValue.string))),
            ("failures", .array(result.failures.map(failure))),
            ("stopped", result.stopped.map(failure) ?? .null),
            ("seconds", .double(result.seconds)),
        ])
    }
}
