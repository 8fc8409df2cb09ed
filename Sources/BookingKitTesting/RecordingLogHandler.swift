import BookingKit
import BookingPrimitives

/// A log handler that keeps every message, for a test to read: set it in
/// `BookingClient.Configuration.logHandler` and assert on `records`.
public final class RecordingLogHandler: LogHandler {
    /// One message as BookingKit logged it.
    public struct Record: Sendable {
        /// How much it matters.
        public var level: LogLevel
        /// What happened.
        public var message: String
        /// Its machine-readable details.
        public var metadata: [String: String]
        /// The part of BookingKit that logged it.
        public var source: String
        /// The message and every metadata value, for searching.
        public var text: String { ([message] + metadata.values).joined(separator: "\n") }
    }

    private let kept = Locked<[Record]>([])
    /// The least level kept (`LogHandler.logLevel`); nil keeps nothing.
    public let logLevel: LogLevel?

    /// A handler keeping every message at `level` or above (all by default).
    public init(level: LogLevel? = .trace) {
        logLevel = level
    }

    /// Every message kept, in order.
    public var records: [Record] { kept.withLock { $0 } }

    /// The messages' texts, in order.
    public var messages: [String] { records.map(\.message) }

    /// Keeps the message.
    public func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        kept.withLock { $0.append(Record(level: level, message: message, metadata: metadata, source: source)) }
    }
}
