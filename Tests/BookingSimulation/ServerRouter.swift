import BookingAPI
import BookingTestSupport

/// The two servers of the simulation's world behind one transport: a
/// request for port 2 (`SimulationWorld.secondServerURL`) goes to the second
/// sandbox, any other to the first. Without a second server both are the same.
struct ServerRouter: Transport {
    let first: any Transport
    let second: any Transport

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        try await (request.url.port == 2 ? second : first).send(request)
    }
}
