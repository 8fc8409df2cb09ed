import BookingCore
import BookingStore
import Foundation

/// A bug report that replays: one attempt's saved row and the event logs
/// of every run that touched it, with the program, schema and platform,
/// as one JSON document. An app makes one with
/// `BookingClient.bugReport(attempt:)` (its event log turned on in
/// `BookingClient.Configuration.flowLog`) and sends `encoded()`; QA replays
/// it with `booking replay FILE` (`booking report` writes one from the
/// command line). Reading and replaying are the command line's, not an
/// app's.
///
/// Made redacted, whatever the logs and the row hold: never a payment
/// token, a card-like number (`Redaction`), a voucher code, or any of the
/// secrets the maker names (the API key and bearer token in use). Replaying
/// it (`replay()`) runs each run's events through the flow from its first
/// state and says where, if anywhere, it departs from what was logged.
public struct BugReport: Codable, Equatable, Sendable {
    /// The bundle format this program writes and reads.
    package static let currentFormat = 1

    /// One run of the program: its log file's name and entries.
    package struct Run: Codable, Equatable, Sendable {
        /// The log's file name (`20261130T154410.123Z-pay-4242.jsonl`).
        package var log: String
        /// Its entries, redacted.
        package var entries: [EventLog.Entry]
    }

    /// The format of this bundle.
    package var format: Int
    /// When it was made, milliseconds since 1970.
    package var createdAt: Int64
    /// The program and its version that made it.
    package var program: String
    /// The operating system and architecture.
    package var platform: String
    /// The migrations applied to `booking.sqlite`, in order.
    package var schema: [String]
    /// The attempt's saved row, column by column, redacted.
    package var attempt: [String: String]
    /// The runs whose logs name the attempt, oldest first.
    package var runs: [Run]

    /// The file names of the runs' logs, oldest first.
    package var logNames: [String] { runs.map(\.log) }
    /// How many events the runs hold together.
    package var stepCount: Int { runs.reduce(0) { $0 + $1.entries.count } }

    /// A run that does not replay as it was logged.
    package struct Departure: Equatable, Sendable {
        /// The run's log.
        package var log: String
        /// The entry's sequence number in that log.
        package var sequence: Int
        /// The event.
        package var event: String
        /// What the log says the event led to (stage and effects).
        package var logged: String
        /// What the flow does with it now.
        package var replayed: String
    }

    /// Replays every run through the flow from its first state. Returns
    /// the steps replayed and the first departure, nil when every state and
    /// effect matches the log.
    package func replay() -> (steps: Int, departure: Departure?) {
        var steps = 0
        for run in runs {
            for step in Replay.run(run.entries) {
                steps += 1
                if !step.matches {
                    return (
                        steps,
                        Departure(
                            log: run.log, sequence: step.entry.sequence, event: step.entry.event.name,
                            logged: "\(step.entry.state) [\(step.entry.effects.joined(separator: ", "))]",
                            replayed: "\(step.state) [\(step.effects.joined(separator: ", "))]")
                    )
                }
            }
        }
        return (steps, nil)
    }

    /// Reads a bundle.
    ///
    /// - Throws: `BugReportError.unreadable` for bytes that are not a
    ///   bundle (truncated, not JSON, a field missing or of the wrong kind),
    ///   `.newerFormat` for one a newer program made.
    package init(data: Data) throws(BugReportError) {
        struct Header: Decodable { var format: Int }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw .unreadable("it is not a BookingKit bug report (no \"format\" in a JSON object)")
        }
        guard header.format <= Self.currentFormat else {
            throw .newerFormat(header.format)
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw .unreadable(String(describing: error).prefix(200).description)
        }
    }

    /// The bundle as JSON, keys sorted, every string scrubbed once more
    /// (card-like numbers, voucher codes, tokens, and `secrets` wherever
    /// they appear).
    ///
    /// - Throws: `BugReportError.unencodable` when the bundle cannot be
    ///   written as JSON.
    public func encoded(removing secrets: [String] = []) throws(BugReportError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw .unencodable(String(describing: error).prefix(200).description)
        }
        guard let clean = BugReportRedaction(secrets: secrets).scrubbing(json: data) else {
            throw .unencodable("the scrubbed bundle is not JSON")
        }
        return clean
    }

    /// A bundle of every field and entry given, as is (`make` redacts).
    package init(
        createdAt: Int64, program: String, platform: String, schema: [String], attempt: [String: String],
        runs: [Run]
    ) {
        format = Self.currentFormat
        self.createdAt = createdAt
        self.program = program
        self.platform = platform
        self.schema = schema
        self.attempt = attempt
        self.runs = runs
    }
}
