/// Deadline-bound reads and writes on one non-blocking socket, with the
/// listener's wake-up descriptor watched while waiting for a request.
struct ConnectionSocket {
    /// Why ``waitReadable(until:watchingWake:)`` returned.
    enum Wait {
        case ready
        case woken
        case timedOut
        case failed
    }

    /// What ``read(appendingTo:)`` got.
    enum Read {
        case received
        case endOfStream
        case wouldBlock
        case failed
    }

    /// The bytes asked for in one `recv`.
    static let readChunk = 65_536

    let fd: Int32
    let wakeDescriptor: Int32

    /// Waits for bytes, the end of the stream or an error on the socket,
    /// for stopping to begin (when `watchingWake`), or for the deadline.
    func waitReadable(until deadline: ContinuousClock.Instant, watchingWake: Bool) -> Wait {
        while true {
            guard
                let result = Platform.poll(
                    fd, for: .readable, wake: watchingWake ? wakeDescriptor : nil,
                    timeoutMilliseconds: Self.milliseconds(until: deadline))
            else { return .failed }
            if result.socketReady { return .ready }
            if result.woken { return .woken }
            if ContinuousClock.now >= deadline { return .timedOut }
        }
    }

    /// Receives what is there (up to ``readChunk`` bytes) onto `buffer`.
    func read(appendingTo buffer: inout [UInt8]) -> Read {
        withUnsafeTemporaryAllocation(byteCount: Self.readChunk, alignment: 1) { chunk in
            while true {
                let count = Platform.receive(fd, into: chunk)
                if count > 0 {
                    buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                    return .received
                }
                if count == 0 { return .endOfStream }
                let code = Platform.lastError
                if Platform.isInterrupted(code) { continue }
                return Platform.isWouldBlock(code) ? .wouldBlock : .failed
            }
        }
    }

    /// Writes all of `bytes` before the deadline; `false` when the peer is
    /// gone or too slow to take them.
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Platform.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if sent > 0 {
                offset += sent
                continue
            }
            let code = Platform.lastError
            if sent < 0 && Platform.isInterrupted(code) { continue }
            guard sent < 0, Platform.isWouldBlock(code),
                let result = Platform.poll(
                    fd, for: .writable, wake: nil, timeoutMilliseconds: Self.milliseconds(until: deadline)),
                result.socketReady
            else { return false }
        }
        return true
    }

    /// Ends the sending side and reads and discards what the peer still
    /// sends, until it closes, `limit` passes or `maxBytes` were thrown
    /// away. Closing with unread bytes would reset the connection, and a
    /// reset can destroy the answer just written before the peer reads it.
    func lingeringClose(limit: Duration, maxBytes: Int = 1_048_576) {
        Platform.shutdown(fd, .write)
        let deadline = ContinuousClock.now + limit
        var scratch: [UInt8] = []
        var total = 0
        while total < maxBytes {
            guard case .ready = waitReadable(until: deadline, watchingWake: false) else { return }
            switch read(appendingTo: &scratch) {
            case .received:
                total += scratch.count
                scratch.removeAll(keepingCapacity: true)
            case .wouldBlock:
                continue
            case .endOfStream, .failed:
                return
            }
        }
    }

    /// Closes both directions at once, writing nothing.
    func abort() {
        Platform.shutdown(fd, .both)
    }

    /// The time to `deadline` for `poll`, rounded up; 0 once it has passed.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
