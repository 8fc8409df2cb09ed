import BookingAPI

/// Wraps a transport and adds `Sandbox-Refund: pending` to every cancel
/// (the sandbox's option for a refund the processor settles a minute
/// later), so a test sees a refund that is still pending.
package final class PendingRefunds: Transport {
    private let base: any Transport

    /// Wraps `base`.
    package init(_ base: any Transport) { self.base = base }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var request = request
        if request.method == "POST", request.url.path.hasSuffix("/cancel") {
            request.headers["Sandbox-Refund"] = "pending"
        }
        return try await base.send(request)
    }
}
