import BookingAPI
import Foundation
import Primitives

/// Wraps a transport and adds a `Sandbox-Fault` header to the requests a
/// test chooses (by method and path prefix, a set number of times). The
/// library never knows about sandbox faults; tests decorate its transport.
public final class FaultInjectingTransport: Transport, Sendable {
    /// One planned fault.
    public struct Rule: Sendable {
        /// `GET` or `POST`.
        public var method: String
        /// The path prefix, e.g. `/v1/bookings`.
        public var pathPrefix: String
        /// The header value, e.g. `drop-response-after-commit`.
        public var fault: String
        /// How many matching requests get it.
        public var times: Int

        /// Creates a rule.
        public init(_ method: String, _ pathPrefix: String, fault: String, times: Int = 1) {
            self.method = method
            self.pathPrefix = pathPrefix
            self.fault = fault
            self.times = times
        }
    }

    private let base: any Transport
    /// The planned faults and the requests sent so far.
    private let log = Locked((rules: [Rule](), sent: [TransportRequest]()))

    /// Wraps `base`.
    public init(_ base: any Transport) {
        self.base = base
    }

    /// Plans a fault.
    public func inject(_ rule: Rule) {
        log.withLock { $0.rules.append(rule) }
    }

    /// Every request sent so far, in order (with any fault header added).
    public var requests: [TransportRequest] {
        log.withLock { $0.sent }
    }

    /// The requests with this method whose path starts with `prefix`.
    public func requests(_ method: String, _ prefix: String) -> [TransportRequest] {
        requests.filter { $0.method == method && $0.url.path.hasPrefix(prefix) }
    }

    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let request = mark(request)
        return try await base.send(request)
    }

    private func mark(_ request: TransportRequest) -> TransportRequest {
        log.withLock { log in
            var request = request
            if let index = log.rules.firstIndex(where: {
                $0.times > 0 && $0.method == request.method && request.url.path.hasPrefix($0.pathPrefix)
            }) {
                log.rules[index].times -= 1
                request.headers["Sandbox-Fault"] = log.rules[index].fault
            }
            log.sent.append(request)
            return request
        }
    }
}
