import Foundation

/// Accepts connections on the listening socket, on its own thread, and
/// starts a thread for each; answers 503 when the listener is full. Ends when
/// stopping begins, closing the listening socket.
struct AcceptLoop: Sendable {
    let listenDescriptor: Int32
    let registry: ConnectionRegistry
    let configuration: HTTPListener.Configuration
    let handler: any HTTPHandler

    /// The stack of a connection thread: parsing needs little, and the
    /// handler runs in a task, not on this thread.
    static let connectionStackSize = 512 * 1_024

    func run() {
        defer {
            Platform.close(listenDescriptor)
            registry.acceptLoopDidFinish()
        }
        while !registry.isStopping {
            let ready = Platform.poll(
                listenDescriptor, for: .readable, wake: registry.wakeDescriptor, timeoutMilliseconds: -1)
            guard let ready else {
                pause()
                continue
            }
            if ready.woken { return }
            if ready.socketReady { acceptPending() }
        }
    }

    /// Accepts every connection waiting in the backlog.
    private func acceptPending() {
        while !registry.isStopping {
            let client = Platform.accept(listenDescriptor)
            guard client >= 0 else {
                let code = Platform.lastError
                if Platform.isInterrupted(code) { continue }
                // Out of descriptors: the backlog stays readable, so back
                // off instead of spinning; the clients wait in the backlog.
                if Platform.isOutOfDescriptors(code) { pause() }
                return
            }
            guard let id = registry.register(client) else {
                reject(client)
                continue
            }
            let (registry, configuration, handler) = (registry, configuration, handler)
            let thread = Thread {
                var connection = HTTPConnection(
                    fd: client, id: id, registry: registry, configuration: configuration, handler: handler)
                connection.run()
            }
            thread.name = "HTTPListener connection \(id)"
            thread.stackSize = Self.connectionStackSize
            thread.start()
        }
    }

    /// Answers a connection over the limit with 503 and closes it, without
    /// a thread: whatever it already sent is read and dropped first, so the
    /// close does not reset the answer away.
    private func reject(_ client: Int32) {
        defer { Platform.close(client) }
        guard !registry.isStopping else { return }
        let socket = ConnectionSocket(fd: client, wakeDescriptor: registry.wakeDescriptor)
        var discarded: [UInt8] = []
        _ = socket.read(appendingTo: &discarded)
        var response = HTTPResponse.jsonError(
            status: 503, code: "SERVICE_UNAVAILABLE", message: "Too many connections; try again shortly.")
        response.headers["Retry-After"] = "1"
        let bytes = HTTPResponseSerializer.serialize(response, keepAlive: false)
        _ = socket.write(bytes, until: ContinuousClock.now + .milliseconds(100))
        Platform.shutdown(client, .write)
    }

    /// Waits 50 ms, or less if stopping begins.
    private func pause() {
        _ = Platform.poll(registry.wakeDescriptor, for: .readable, wake: nil, timeoutMilliseconds: 50)
    }
}
