import BookingPrimitives

/// The live connections of one running listener, its stop flag and the
/// wake-up pipe.
///
/// Descriptors are closed only here, under the lock, so that
/// ``shutdownAllSockets()`` can never touch a descriptor number that was
/// closed and reused. The wake-up pipe's read end, which every connection
/// and the accept loop poll, becomes readable for good when stopping
/// begins; it is closed once the accept loop and every connection are gone.
final class ConnectionRegistry: Sendable {
    private struct State {
        var sockets: [Int: Int32] = [:]
        var nextID = 0
        var stopping = false
        var acceptLoopRunning = true
        var pipeOpen = true
    }

    /// The most connections served at once.
    let maxConnections: Int
    /// The read end of the wake-up pipe: readable once stopping has begun.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let state = Locked(State())

    init(maxConnections: Int, wakePipe: (read: Int32, write: Int32)) {
        self.maxConnections = maxConnections
        self.wakeDescriptor = wakePipe.read
        self.wakeWriter = wakePipe.write
    }

    /// Records an accepted socket; `nil` (and the caller keeps the socket)
    /// when stopping or when `maxConnections` are already open.
    func register(_ fd: Int32) -> Int? {
        state.withLock { state in
            guard !state.stopping, state.sockets.count < maxConnections else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.sockets[id] = fd
            return id
        }
    }

    /// Closes a connection's socket and forgets it: the last thing its
    /// thread does.
    func unregister(_ id: Int) {
        state.withLock { state in
            if let fd = state.sockets.removeValue(forKey: id) { Platform.close(fd) }
            Self.closePipeIfDone(&state, read: wakeDescriptor, write: wakeWriter)
        }
    }

    /// The accept loop has closed the listening socket and ended.
    func acceptLoopDidFinish() {
        state.withLock { state in
            state.acceptLoopRunning = false
            Self.closePipeIfDone(&state, read: wakeDescriptor, write: wakeWriter)
        }
    }

    /// Sets the stop flag and wakes every poller (once).
    func beginStopping() {
        state.withLock { state in
            guard !state.stopping else { return }
            state.stopping = true
            if state.pipeOpen { Platform.writeWakeByte(wakeWriter) }
            Self.closePipeIfDone(&state, read: wakeDescriptor, write: wakeWriter)
        }
    }

    /// Whether stopping has begun.
    var isStopping: Bool { state.withLock { $0.stopping } }

    /// The number of open connections.
    var connectionCount: Int { state.withLock { $0.sockets.count } }

    /// Whether the accept loop and every connection have ended.
    var isFinished: Bool { state.withLock { !$0.acceptLoopRunning && $0.sockets.isEmpty } }

    /// Shuts down both directions of every open socket, which wakes its
    /// thread; the thread then closes it through ``unregister(_:)``.
    func shutdownAllSockets() {
        state.withLock { state in
            for fd in state.sockets.values { Platform.shutdown(fd, .both) }
        }
    }

    private static func closePipeIfDone(_ state: inout State, read: Int32, write: Int32) {
        guard state.pipeOpen, state.stopping, !state.acceptLoopRunning, state.sockets.isEmpty else { return }
        state.pipeOpen = false
        Platform.close(read)
        Platform.close(write)
    }
}
