import BookingAPI
import BookingPrimitives
import Foundation

/// A transport that adds a header to chosen requests before handing them to
/// another transport. The demo uses it to ask the sandbox for a fault on one
/// request (`Sandbox-Fault: drop-response-after-commit` on the payment),
/// which the API client has no way to say.
package final class HeaderInjectingTransport: Transport, Sendable {
    private struct Rule {
        var method: String
        var path: String
        var header: String
        var value: String
        var remaining: Int
    }

    private let base: any Transport
    private let rules = Locked<[Rule]>([])

    /// Wraps `base`.
    package init(_ base: any Transport) {
        self.base = base
    }

    /// Adds `header: value` to the next `times` requests with `method` to
    /// exactly `path` (e.g. `POST /v1/bookings`).
    package func inject(_ header: String, _ value: String, method: String, path: String, times: Int = 1) {
        rules.withLock { $0.append(Rule(method: method, path: path, header: header, value: value, remaining: times)) }
    }

    /// How many planned injections have not happened yet.
    package var pending: Int {
        rules.withLock { $0.reduce(0) { $0 + $1.remaining } }
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        return try await base.send(injecting(into: request))
    }

    private func injecting(into request: TransportRequest) -> TransportRequest {
        rules.withLock { rules in
            var request = request
            if let index = rules.firstIndex(where: { $0.method == request.method && $0.path == request.url.path }) {
                request.headers[rules[index].header] = rules[index].value
                rules[index].remaining -= 1
                if rules[index].remaining <= 0 { rules.remove(at: index) }
            }
            return request
        }
    }
}
