import BookingKit

/// The device with no network: every request fails before it leaves, as
/// when there is no connection at all. The same server stays configured:
/// a data directory shows a server's trips to that server only.
struct NoNetwork: Transport {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        throw TransportError(.notConnected, "no network (this example's)")
    }
}
