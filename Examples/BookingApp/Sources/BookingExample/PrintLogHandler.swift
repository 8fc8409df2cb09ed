import BookingKit

/// BookingKit's log messages on standard output, warnings and worse only.
struct PrintLogHandler: LogHandler {
    func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        guard level >= .warning else { return }
        print("[\(level)] \(source): \(message) \(metadata)")
    }
}
