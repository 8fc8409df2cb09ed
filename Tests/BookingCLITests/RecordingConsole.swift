import BookingCLI
import BookingPrimitives

/// A console's sink that keeps stdout and stderr as text, for a command run
/// in this process: never a file descriptor, never an exit. A reader of
/// stdout that leaves (`readerLeavesAfter` bytes) is a recorded fact: the
/// run then ends as `booking ... | head` does, its further output dropped.
final class RecordingConsole: Sendable {
    private struct Recorded {
        var output: [UInt8] = []
        var error: [UInt8] = []
        var readerLeft = false
    }

    private let recorded = Locked(Recorded())
    private let readerLeavesAfter: Int?
    /// Whether stdout claims to be a terminal.
    let isTerminal: Bool

    /// A recording with stdout not a terminal; its reader never leaves
    /// unless it has read `readerLeavesAfter` bytes.
    init(isTerminal: Bool = false, readerLeavesAfter: Int? = nil) {
        self.isTerminal = isTerminal
        self.readerLeavesAfter = readerLeavesAfter
    }

    /// The sink to build a `Console` over.
    var sink: Console.Sink {
        Console.Sink(
            isTerminal: isTerminal,
            writeOutput: { [self] bytes in
                recorded.withLock { recorded in
                    if let limit = readerLeavesAfter, recorded.output.count + bytes.count > limit {
                        recorded.output += bytes.prefix(max(0, limit - recorded.output.count))
                        return .readerGone
                    }
                    recorded.output += bytes
                    return .written
                }
            },
            writeError: { [self] bytes in recorded.withLock { $0.error += bytes } },
            readerLeft: { [self] in recorded.withLock { $0.readerLeft = true } })
    }

    /// Everything written to stdout.
    var output: String { recorded.withLock { String(decoding: $0.output, as: UTF8.self) } }
    /// Everything written to stderr.
    var error: String { recorded.withLock { String(decoding: $0.error, as: UTF8.self) } }
    /// Whether stdout's reader left while the command had no work to finish.
    var readerLeft: Bool { recorded.withLock { $0.readerLeft } }
}
