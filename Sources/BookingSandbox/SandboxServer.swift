import BookingHTTPServer

/// The sandbox server: a `SandboxHandler` behind an `HTTPListener` on
/// loopback. `booking sandbox` runs one. Over the socket it refuses a
/// request with no `Host`, an absolute-form target naming another host
/// (421) and a repeated `Origin`, `Authorization` or `Idempotency-Key`;
/// the handler answers only under a loopback `Host` or the listener's own
/// address (421 otherwise).
///
/// ```swift
/// let server = try SandboxServer(configuration: .init(databasePath: path))
/// let port = try server.start()
/// // ...
/// await server.shutdown()
/// ```
public final class SandboxServer: Sendable {
    /// The request handler (usable in-process too).
    public let handler: SandboxHandler
    /// The socket listener.
    public let listener: HTTPListener

    /// Opens the sandbox's database and prepares a listener (nothing is
    /// bound until `start()`). `listenerConfiguration` sets host, port,
    /// limits and timeouts (default: 127.0.0.1, port 0).
    public init(configuration: SandboxConfiguration, listenerConfiguration: HTTPListener.Configuration = .init()) throws
    {
        self.handler = try SandboxHandler(configuration: configuration)
        handler.listenHost.withLock { $0 = listenerConfiguration.host }
        self.listener = HTTPListener(configuration: listenerConfiguration, handler: RequestScreen(inner: handler))
    }

    /// Binds and starts serving; returns the bound port.
    @discardableResult
    public func start() throws -> UInt16 {
        try listener.start()
    }

    /// The bound port (0 before `start()`).
    public var port: UInt16 { listener.port }

    /// `http://127.0.0.1:<port>` (the configured host).
    public var baseURL: String { "http://\(listener.configuration.host):\(port)" }

    /// Stops accepting, lets requests in flight finish, closes the rest.
    public func shutdown() async {
        await listener.shutdown()
    }
}
