import BookingAPI

/// Wraps the HTTP transport and notes when a request certainly never left
/// (no network, refused, unroutable, no DNS): the command then tells the
/// flow the device is offline, so the screen says so and which actions
/// wait for a connection, instead of a generic failure.
struct OfflineNoticingTransport: Transport {
    /// The transport that sends.
    let base: any Transport
    /// Set once a request never left.
    let offline: Flag

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        do {
            return try await base.send(request)
        } catch {
            if error.failure.requestCertainlyNotSent { offline.set() }
            throw error
        }
    }
}
