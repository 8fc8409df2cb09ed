import BookingKit

/// BookingKit's log messages on standard output, warnings and worse only.
struct PrintLogHandler: LogHandler {
    /// Warnings and worse: BookingKit builds no message below this.
    var logLevel: LogLevel? { .warning }

    func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        print("[\(level)] \(source): \(message) \(metadata)")
    }
}
