import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking stats`: how the sessions on this device ended, from the event
/// logs in `<data-dir>/logs/` (one per run that drove the flow; the newest
/// 50 of each command are kept): sessions by the stage they ended in, the
/// share of payment sessions that passed through or ended in Unknown, and
/// the time from the payment leaving to its outcome (p50, p95). Reads only
/// the logs: no database is opened and nothing is sent. A log that cannot
/// be read is counted and skipped, never fatal. Runs that named a rollout
/// group (`BOOKING_COHORT`) are also compared group by group.
struct StatsCommand: BookingCommand {
    static let spec = CommandSpec(
        name: "stats", summary: "how this device's booking sessions ended: the Unknown share, time to outcome")

    init(_ input: CommandInput) {}

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let directory = EventLogFiles.directory(in: try invocation.settings.spaceDirectory())
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { EventLogFiles.command(ofLogNamed: $0) != nil }.sorted()
        } catch {
            names = []
        }
        var sessions: [SessionStats.Session] = []
        var unreadable = 0
        for name in names {
            guard let entries = try? EventLog.read((directory as NSString).appendingPathComponent(name)) else {
                unreadable += 1
                continue
            }
            sessions.append(
                SessionStats.Session(
                    stages: entries.map(\.state), times: entries.map(\.at),
                    cohort: entries.lazy.compactMap(\.cohort).first))
        }
        let finals = Set(BookingFlow.finalStageNames)
        let stats = SessionStats(sessions, finalStages: finals)
        let cohorts = Dictionary(grouping: sessions.filter { $0.cohort != nil }) { $0.cohort ?? "" }
            .mapValues { SessionStats($0, finalStages: finals) }.sorted { $0.key < $1.key }
        if invocation.json {
            var document = Self.document(stats, directory: directory, unreadable: unreadable)
            if case .object(var fields) = document {
                fields.append(
                    ("cohorts", .object(cohorts.map { ($0.key, Self.figures($0.value)) })))
                document = .object(fields)
            }
            invocation.emit(document)
        } else {
            Self.say(stats, directory: directory, unreadable: unreadable, invocation)
            for (cohort, figures) in cohorts where figures.paymentSessions > 0 {
                invocation.say("Cohort \(cohort.terminalSafe): \(figures.paymentSessions) payment sessions")
                Self.sayPayments(figures, invocation)
            }
        }
        return .done
    }

    /// The payment figures of `stats`, as `--json` gives them.
    static func figures(_ stats: SessionStats) -> JSONValue {
        func share(_ value: Double?) -> JSONValue { value.map { .double(($0 * 10_000).rounded() / 10_000) } ?? .null }
        func millis(_ value: Int64?) -> JSONValue { value.map { .int($0) } ?? .null }
        return [
            "paymentSessions": .number(stats.paymentSessions),
            "passedThroughUnknownShare": share(stats.passedThroughUnknownShare),
            "endedInUnknownShare": share(stats.endedInUnknownShare),
            "timeToOutcomeMs": [
                "settled": .number(stats.timesToOutcome.count),
                "p50": millis(stats.timeToOutcome(percentile: 50)),
                "p95": millis(stats.timeToOutcome(percentile: 95)),
            ],
        ]
    }

    static func document(_ stats: SessionStats, directory: String, unreadable: Int) -> JSONValue {
        func counts(_ values: [String: Int]) -> JSONValue {
            .object(values.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) })
        }
        guard case .object(let payments) = figures(stats) else { return .null }
        let head: [(String, JSONValue)] = [
            ("logsDirectory", .string(directory)),
            ("sessions", .number(stats.sessions)),
            ("byOutcome", counts(stats.byOutcome)),
            ("paymentOutcomes", counts(stats.paymentOutcomes)),
            ("passedThroughUnknown", .number(stats.passedThroughUnknown)),
            ("endedInUnknown", .number(stats.endedInUnknown)),
        ]
        return .object(head + payments + [("unreadableLogs", .number(unreadable))])
    }

    static func say(_ stats: SessionStats, directory: String, unreadable: Int, _ invocation: Invocation) {
        guard stats.sessions > 0 else {
            invocation.say("No booking sessions on this device yet (no event logs in \(directory.terminalSafe)).")
            if unreadable > 0 { invocation.say("Unreadable logs skipped: \(unreadable).") }
            return
        }
        func list(_ values: [String: Int]) -> String {
            values.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")
        }
        invocation.say(
            "Sessions on this device: \(stats.sessions) (event logs in \(directory.terminalSafe); "
                + "the newest \(EventLogFiles.kept) of each command are kept)",
            "Ended in: \(list(stats.byOutcome))",
            "Payment sessions: \(stats.paymentSessions)")
        if stats.paymentSessions > 0 { sayPayments(stats, invocation) }
        if unreadable > 0 { invocation.say("Unreadable logs skipped: \(unreadable).") }
    }

    /// How the payment sessions of `stats` ended, in words.
    static func sayPayments(_ stats: SessionStats, _ invocation: Invocation) {
        func list(_ values: [String: Int]) -> String {
            values.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
                .joined(separator: ", ")
        }
        func percent(_ count: Int, _ share: Double?) -> String {
            share.map { "\(count) (\(String(format: "%.1f", $0 * 100))%)" } ?? "\(count)"
        }
        func seconds(_ value: Int64?) -> String { value.map { String(format: "%.2f s", Double($0) / 1_000) } ?? "-" }
        invocation.say(
            "  ended in: \(list(stats.paymentOutcomes))",
            "  passed through Unknown: \(percent(stats.passedThroughUnknown, stats.passedThroughUnknownShare))",
            "  ended in Unknown: \(percent(stats.endedInUnknown, stats.endedInUnknownShare))",
            "  time to outcome: p50 \(seconds(stats.timeToOutcome(percentile: 50))), "
                + "p95 \(seconds(stats.timeToOutcome(percentile: 95))) "
                + "(\(stats.timesToOutcome.count) settled in the session)")
    }
}
