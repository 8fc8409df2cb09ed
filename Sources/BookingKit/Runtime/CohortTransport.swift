import BookingAPI

/// Names the user's rollout group (`Configuration.cohort`) on every
/// request, as `Booking-Cohort`: the server counts each group's payments
/// apart, and may pause one group while the other goes on.
struct CohortTransport: Transport {
    /// The header's name.
    static let header = "Booking-Cohort"

    let base: any Transport
    let cohort: String

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var request = request
        request.headers[Self.header] = cohort
        return try await base.send(request)
    }
}
