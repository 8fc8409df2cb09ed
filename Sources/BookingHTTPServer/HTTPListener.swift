import BookingPrimitives
import Foundation

/// A small, hardened HTTP/1.1 server on POSIX sockets that hands each request
/// to an ``HTTPHandler``.
///
/// - Keep-alive (HTTP/1.0 closes unless the client asks to keep alive),
///   pipelined requests answered in order, `Content-Length` bodies only.
/// - Limits and timeouts from ``Configuration``; each broken or slow request
///   gets its JSON error (`{"error":{"code":…,"message":…}}`) and the
///   connection is closed, while every other connection is served as usual.
/// - One thread per connection with non-blocking sockets and `poll`, so a
///   slow client holds only its own thread; the async handler runs in a
///   task and its response is written back on that thread.
/// - Loopback only unless ``Configuration/allowNonLoopback`` is set.
/// - SIGPIPE never fires: sends use `MSG_NOSIGNAL` (Linux) or sockets carry
///   `SO_NOSIGPIPE` (Apple platforms); the process's signal state is left alone.
///
/// ```swift
/// let listener = HTTPListener(handler: MyHandler())
/// let port = try listener.start()
/// // …
/// await listener.shutdown()
/// ```
public final class HTTPListener: Sendable {
    private enum State {
        case idle
        case running(ConnectionRegistry, port: UInt16)
        case stopped(ConnectionRegistry?, port: UInt16)
    }

    /// The configuration the listener was made with.
    public let configuration: Configuration
    private let handler: any HTTPHandler
    private let state = Locked(State.idle)

    /// Creates a listener; nothing is bound until ``start()``.
    public init(configuration: Configuration = .init(), handler: any HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        // A listener dropped without `shutdown()` still stops accepting and
        // lets its connections end on their own.
        state.withLock { state in
            if case .running(let registry, _) = state { registry.beginStopping() }
        }
    }

    /// The bound port once started (kept after shutdown); 0 before.
    public var port: UInt16 {
        state.withLock { state in
            switch state {
            case .idle: 0
            case .running(_, let port), .stopped(_, let port): port
            }
        }
    }

    /// Binds, listens and starts accepting; returns the bound port (the
    /// ephemeral one when the configured port is 0). A listener starts once:
    /// a second call throws ``HTTPListenerError/alreadyStarted``, a call
    /// after ``shutdown()`` ``HTTPListenerError/shutDown``.
    @discardableResult
    public func start() throws(HTTPListenerError) -> UInt16 {
        let result: Result<UInt16, HTTPListenerError> = state.withLock { state in
            switch state {
            case .running: return .failure(.alreadyStarted)
            case .stopped: return .failure(.shutDown)
            case .idle: break
            }
            switch bind() {
            case .failure(let error):
                return .failure(error)
            case .success(let (fd, port, registry)):
                state = .running(registry, port: port)
                let loop = AcceptLoop(
                    listenDescriptor: fd, registry: registry, configuration: configuration, handler: handler)
                let thread = Thread { loop.run() }
                thread.name = "HTTPListener accept \(port)"
                thread.start()
                return .success(port)
            }
        }
        return try result.get()
    }

    /// Stops gracefully: stops accepting at once, closes idle connections,
    /// lets requests in flight finish (their answers say `Connection:
    /// close`) for up to ``Configuration/shutdownGracePeriod``, then shuts
    /// down whatever is left. Safe to call twice, before ``start()``, or
    /// concurrently. If the calling task is cancelled, the grace period is
    /// cut short.
    public func shutdown() async {
        let registry: ConnectionRegistry? = state.withLock { state in
            switch state {
            case .idle:
                state = .stopped(nil, port: 0)
                return nil
            case .running(let registry, let port):
                state = .stopped(registry, port: port)
                return registry
            case .stopped(let registry, _):
                return registry
            }
        }
        guard let registry else { return }
        registry.beginStopping()
        await wait(until: registry, finishesWithin: configuration.shutdownGracePeriod)
        guard !registry.isFinished else { return }
        registry.shutdownAllSockets()
        await wait(until: registry, finishesWithin: .seconds(1))
    }

    private func wait(until registry: ConnectionRegistry, finishesWithin limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !registry.isFinished && ContinuousClock.now < deadline && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Creates, binds and listens on the configured address.
    private func bind() -> Result<(Int32, UInt16, ConnectionRegistry), HTTPListenerError> {
        if let reason = configuration.invalidReason { return .failure(.invalidConfiguration(reason)) }
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        guard let bytes = Platform.parseNumericAddress(host),
            let address = Platform.socketAddress(bytes: bytes, port: configuration.port)
        else { return .failure(.invalidHost(configuration.host)) }
        guard configuration.allowNonLoopback || Self.isLoopback(bytes) else {
            return .failure(.nonLoopbackHost(configuration.host))
        }
        let fd = Platform.makeStreamSocket(for: address)
        guard fd >= 0 else { return .failure(.systemCallFailed(call: "socket", errno: Platform.lastError)) }
        Platform.setReuseAddress(fd)
        let failure: HTTPListenerError
        if Platform.bind(fd, to: address) != 0 {
            let code = Platform.lastError
            failure =
                Platform.isAddressInUse(code)
                ? .addressInUse(host: configuration.host, port: configuration.port)
                : .systemCallFailed(call: "bind", errno: code)
        } else if Platform.listen(fd, backlog: Int32(clamping: max(128, min(configuration.maxConnections, 4_096))))
            != 0
        {
            failure = .systemCallFailed(call: "listen", errno: Platform.lastError)
        } else if let pipe = Platform.makePipe() {
            let port = Platform.localPort(fd) ?? configuration.port
            let registry = ConnectionRegistry(maxConnections: configuration.maxConnections, wakePipe: pipe)
            return .success((fd, port, registry))
        } else {
            failure = .systemCallFailed(call: "pipe", errno: Platform.lastError)
        }
        Platform.close(fd)
        return .failure(failure)
    }

    /// 127.0.0.0/8, ::1, and ::ffff:127.0.0.0/104.
    static func isLoopback(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return bytes[0] == 127
        case 16:
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        default: return false
        }
    }
}
