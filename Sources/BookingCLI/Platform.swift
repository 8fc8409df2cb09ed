// Every platform difference of the command line, in one place: terminals,
// signals, raw writes to the standard streams, and exiting.
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system as the CLI needs it.
public enum Platform {
    /// A standard stream.
    package enum Stream: Sendable {
        /// Standard output.
        case output
        /// Standard error.
        case error
        /// Standard input (only ever asked whether it is a terminal).
        case input

        var descriptor: Int32 {
            switch self {
            case .input: return 0
            case .output: return 1
            case .error: return 2
            }
        }
    }

    /// How a write ended.
    package enum WriteResult: Sendable, Equatable {
        /// Everything was written.
        case written
        /// The reader went away (`EPIPE`): `booking ... | head`.
        case readerGone
        /// Another error.
        case failed(Int32)
    }

    /// A signal the CLI handles.
    package enum Signal: Sendable, CaseIterable {
        /// Ctrl-C.
        case interrupt
        /// `kill` (a service manager stopping the process).
        case terminate
        /// The terminal closed (an SSH session dropped).
        case hangup

        var number: Int32 {
            switch self {
            case .interrupt: return SIGINT
            case .terminate: return SIGTERM
            case .hangup: return SIGHUP
            }
        }
    }

    /// Writes `bytes` to a new file at `path`, mode `0600`: never over an
    /// existing file and never through a symbolic link. Returns the
    /// `errno` of a failure (`EEXIST` when the path is taken), nil when written.
    package static func writeNewPrivateFile(_ path: String, _ bytes: [UInt8]) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                buffer.baseAddress.map { systemWrite(descriptor, $0, buffer.count) } ?? 0
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return fsync(descriptor) == 0 ? nil : errno
    }

    /// The words for `errno` code `code`.
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// A broken pipe must be an `EPIPE` the writer sees, never a signal that
    /// kills the process: output piped into `head` ends quietly.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether the stream is a terminal.
    package static func isTerminal(_ stream: Stream) -> Bool {
        isatty(stream.descriptor) == 1
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    package static func write(_ bytes: [UInt8], to stream: Stream) -> WriteResult {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(stream.descriptor, base, buffer.count)
            }
            if count < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                return code == EPIPE ? .readerGone : .failed(code)
            }
            offset += count
        }
        return .written
    }

    /// Ends the process with `code` at once.
    public static func exit(_ code: Int32) -> Never {
        systemExit(code)
    }

    /// Dies at once by SIGKILL, as a crash or a power cut would: no handler,
    /// no flush, no cleanup (the crash hook).
    package static func killImmediately() -> Never {
        kill(getpid(), SIGKILL)
        // SIGKILL cannot be caught; in case delivery is late, never go on.
        while true { pause() }
    }

    /// Takes over `signals`: they no longer end the process; each delivery
    /// calls `handler` on a background queue instead.
    package static func handle(_ signals: [Signal], _ handler: @escaping @Sendable (Signal) -> Void) -> SignalHandlers {
        let sources = signals.map { one -> any DispatchSourceSignal in
            signal(one.number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: one.number, queue: .global())
            source.setEventHandler { handler(one) }
            source.resume()
            return source
        }
        return SignalHandlers(sources: sources, signals: signals)
    }

    /// The handlers `handle` installed; `restore()` gives the signals back
    /// their default action.
    package final class SignalHandlers: @unchecked Sendable {
        private let sources: [any DispatchSourceSignal]
        private let signals: [Signal]

        init(sources: [any DispatchSourceSignal], signals: [Signal]) {
            self.sources = sources
            self.signals = signals
        }

        /// Stops handling: the signals end the process again.
        package func restore() {
            for source in sources { source.cancel() }
            for one in signals { signal(one.number, SIG_DFL) }
        }
    }
}

// Free functions, so the system calls are not shadowed by `Platform`'s members.
private func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, base, count)
}

private func systemExit(_ code: Int32) -> Never {
    exit(code)
}
