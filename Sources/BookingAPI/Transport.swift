/// The seam between the API client and the network: one request in, one
/// response (any status) out, or a `TransportError` when there was none.
///
/// `URLSessionTransport` speaks real HTTP; tests and the simulation use an
/// in-process transport that calls the sandbox's handler directly.
public protocol Transport: Sendable {
    /// Sends `request` and returns the server's response, whatever its status.
    ///
    /// - Throws: `TransportError` when no response arrived.
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
}
