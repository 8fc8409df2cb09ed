import BookingAPI

/// Wraps the HTTP transport and notes when a request never left because
/// the network did not carry it (no network, the connection refused,
/// unroutable): the command then tells the flow the device is offline, so
/// the screen says so and which actions wait for a connection, instead of
/// a generic failure. A name with no address or a refused certificate is
/// not that: the command names it instead.
struct OfflineNoticingTransport: Transport {
    /// The transport that sends.
    let base: any Transport
    /// Set once a request never left.
    let offline: Flag
    /// Why a request never left when it was not the network, if anyone asks.
    var refused: FirstRecorded<TransportError>?

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        do {
            return try await base.send(request)
        } catch {
            // A refused certificate or a name with no address is not the
            // network being down: the flow is not told it is offline.
            switch error.failure {
            case .notConnected, .cannotConnect: offline.set()
            case .tlsFailure, .dnsFailure: refused?.record(error)
            case .timedOut, .connectionLost: break
            }
            throw error
        }
    }
}
