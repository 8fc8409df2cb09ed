/// Where BookingKit's log messages go: the app's logger (os.Logger,
/// swift-log, a file). Set it in `BookingClient.Configuration.logHandler`.
///
/// Called from any task, at any time: an implementation must be cheap and
/// thread-safe. Messages never hold a payment token or a card number.
public protocol LogHandler: Sendable {
    /// Records one message.
    ///
    /// - Parameters:
    ///   - level: how much it matters.
    ///   - message: what happened, in English.
    ///   - metadata: machine-readable details (attempt ids, error text).
    ///   - source: the part of BookingKit that logged it (`launch`, `trips`...).
    func log(level: LogLevel, message: String, metadata: [String: String], source: String)

    /// The least level this handler records; nil records nothing. BookingKit
    /// asks before it builds a message: one below it is never built, never
    /// scanned for card numbers and never passed. The default records
    /// everything (`.trace`).
    var logLevel: LogLevel? { get }
}

extension LogHandler {
    /// Everything: a handler that filters nothing itself.
    public var logLevel: LogLevel? { .trace }
}

/// How much a log message matters, least first (the levels of swift-log).
public enum LogLevel: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    /// Fine-grained steps.
    case trace
    /// Details for debugging.
    case debug
    /// Ordinary progress.
    case info
    /// Worth noticing, not wrong.
    case notice
    /// Something failed and was worked around (the app keeps going).
    case warning
    /// Something failed and the user may see it.
    case error
    /// The library cannot go on.
    case critical

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name.
    public var description: String {
        switch self {
        case .trace: return "trace"
        case .debug: return "debug"
        case .info: return "info"
        case .notice: return "notice"
        case .warning: return "warning"
        case .error: return "error"
        case .critical: return "critical"
        }
    }
}

/// A log handler that drops everything: the default when the app sets none.
public struct SilentLogHandler: LogHandler {
    /// Creates one.
    public init() {}

    /// Drops the message.
    public func log(level: LogLevel, message: String, metadata: [String: String], source: String) {}

    /// Nothing: no message is built for it.
    public var logLevel: LogLevel? { nil }
}

/// The handler plus the source, as BookingKit's code calls it. The level is
/// checked first (`LogHandler.logLevel`): a message the handler does not
/// want is never built (message and metadata are autoclosures, as in
/// swift-log) and never redacted. Every message and metadata value that is
/// written is cleared of card-number-like digit runs before it reaches the
/// handler.
struct Logger: Sendable {
    let handler: any LogHandler
    let source: String

    /// A logger that drops everything (what a repository made without one uses).
    static let silent = Logger(handler: SilentLogHandler(), source: "BookingKit")

    /// The same handler, for another part of BookingKit.
    func named(_ source: String) -> Logger {
        Logger(handler: handler, source: source)
    }

    /// Whether the handler records `level`.
    func wants(_ level: LogLevel) -> Bool {
        guard let least = handler.logLevel else { return false }
        return level >= least
    }

    func log(
        _ level: LogLevel, _ message: @autoclosure () -> String,
        _ metadata: @autoclosure () -> [String: String] = [:]
    ) {
        guard wants(level) else { return }
        handler.log(
            level: level, message: Redaction.removingCardNumbers(message()),
            metadata: metadata().mapValues(Redaction.removingCardNumbers), source: source)
    }

    /// Logs `message` at `level` with `error` in the metadata.
    func log(
        _ level: LogLevel, _ message: @autoclosure () -> String, error: any Error,
        _ metadata: @autoclosure () -> [String: String] = [:]
    ) {
        guard wants(level) else { return }
        var details = metadata()
        details["error"] = String(describing: error).prefix(500).description
        log(level, message(), details)
    }

    /// Logs `error` as a warning (worked around) with `message`.
    func warning(
        _ message: @autoclosure () -> String, error: any Error, _ metadata: @autoclosure () -> [String: String] = [:]
    ) {
        log(.warning, message(), error: error, metadata())
    }

    /// Logs `error` as an error (the user may see it) with `message`.
    func error(
        _ message: @autoclosure () -> String, error: any Error, _ metadata: @autoclosure () -> [String: String] = [:]
    ) {
        log(.error, message(), error: error, metadata())
    }
}
