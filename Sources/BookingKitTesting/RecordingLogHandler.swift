import BookingKit
import BookingPrimitives

/// Keeps every record, for a test to read: the one log handler of the
/// Kit tests.
final class RecordingLogHandler: LogHandler {
    struct Record: Sendable {
        var level: LogLevel
        var message: String
        var metadata: [String: String]
        var source: String
        /// The message and every metadata value, for searching.
        var text: String { ([message] + metadata.values).joined(separator: "\n") }
    }

    private let kept = Locked<[Record]>([])

    var records: [Record] { kept.withLock { $0 } }

    func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        kept.withLock { $0.append(Record(level: level, message: message, metadata: metadata, source: source)) }
    }
}

extension RecordingLogHandler {
    /// The messages, in order.
    var messages: [String] { records.map(\.message) }
}
