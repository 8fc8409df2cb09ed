extension HTTPListener {
    /// Where to listen, the limits on what a client may send, and the
    /// timeouts. Every limit answers with its JSON error and closes the
    /// connection.
    public struct Configuration: Sendable {
        /// The numeric address to listen on (or `localhost`); loopback only
        /// unless ``allowNonLoopback`` is set.
        public var host: String = "127.0.0.1"
        /// The port; 0 picks a free one, which ``HTTPListener/start()``
        /// returns and ``HTTPListener/port`` reports.
        public var port: UInt16 = 0
        /// Allows a host that is not a loopback address.
        public var allowNonLoopback = false
        /// The longest request line, CRLF excluded (414 beyond).
        public var maxRequestLineBytes = 8_192
        /// The largest header section (431 beyond).
        public var maxHeaderBytes = 32_768
        /// The largest request body (413 beyond).
        public var maxBodyBytes = 1_048_576
        /// The time a request may take to arrive, from its first byte to the
        /// end of its body; a client slower than that gets 408 and is
        /// closed. A new connection must also send its first byte within it
        /// (or is closed without an answer).
        public var readTimeout: Duration = .seconds(10)
        /// How long a keep-alive connection may wait for its next request
        /// before it is closed without an answer.
        public var idleTimeout: Duration = .seconds(30)
        /// How long writing one response may take before the connection is
        /// dropped (a client that does not read).
        public var writeTimeout: Duration = .seconds(10)
        /// How long ``HTTPListener/shutdown()`` lets requests in flight
        /// finish before it closes their connections.
        public var shutdownGracePeriod: Duration = .seconds(5)
        /// The most connections served at once; one more is answered 503
        /// SERVICE_UNAVAILABLE and closed. Each connection has a thread.
        public var maxConnections = 1_024

        /// The defaults: 127.0.0.1, an ephemeral port.
        public init() {}

        /// The first limit that is not positive, if any.
        var invalidReason: String? {
            let limits = [
                ("maxRequestLineBytes", maxRequestLineBytes), ("maxHeaderBytes", maxHeaderBytes),
                ("maxBodyBytes", maxBodyBytes), ("maxConnections", maxConnections),
            ]
            if let (name, _) = limits.first(where: { $0.1 <= 0 }) { return "\(name) must be positive" }
            let timeouts = [
                ("readTimeout", readTimeout), ("idleTimeout", idleTimeout), ("writeTimeout", writeTimeout),
            ]
            if let (name, _) = timeouts.first(where: { $0.1 <= .zero }) { return "\(name) must be positive" }
            if shutdownGracePeriod < .zero { return "shutdownGracePeriod must not be negative" }
            return nil
        }

        /// A parser with these limits.
        var parser: HTTPRequestParser {
            HTTPRequestParser(
                maxRequestLineBytes: maxRequestLineBytes, maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
        }
    }
}
