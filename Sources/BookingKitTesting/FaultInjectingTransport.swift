import BookingAPI
import BookingPrimitives
import BookingSandbox
import Foundation

/// Wraps a transport and adds a `Sandbox-Fault` header to the requests a
/// test chooses (by method and path prefix, a set number of times), and
/// records every request sent. The library never knows about sandbox
/// faults; tests decorate its transport.
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

        /// `fault` on the next `times` requests with `method` whose path
        /// starts with `pathPrefix`: `Rule("POST", "/v1/bookings",
        /// fault: .dropResponseAfterCommit)` loses the answer of a payment
        /// the server made.
        public init(_ method: String, _ pathPrefix: String, fault: SandboxFault, times: Int = 1) {
            self.init(method, pathPrefix, fault: fault.description, times: times)
        }

        /// The same with the header's text.
        package init(_ method: String, _ pathPrefix: String, fault: String, times: Int = 1) {
            self.method = method
            self.pathPrefix = pathPrefix
            self.fault = fault
            self.times = times
        }
    }

    private let base: any Transport
    /// The planned faults and the requests sent so far.
    private let log = Watched((rules: [Rule](), sent: [TransportRequest]()))

    /// Wraps `base`.
    public init(_ base: any Transport) {
        self.base = base
    }

    /// Plans a fault.
    public func inject(_ rule: Rule) {
        log.change { $0.rules.append(rule) }
    }

    /// Drops the planned faults not yet used up: the server answers as it is.
    public func clearFaults() {
        log.change { $0.rules.removeAll() }
    }

    /// Every request sent so far, in order (with any fault header added).
    public var requests: [TransportRequest] {
        log.value.sent
    }

    /// The requests with this method whose path starts with `prefix`.
    public func requests(_ method: String, _ prefix: String) -> [TransportRequest] {
        requests.filter { Self.matches($0, method, prefix) }
    }

    /// Waits until a request with this method whose path starts with
    /// `prefix` has been handed to the transport (at once if one was), and
    /// returns the first; nil if the waiting task was cancelled first.
    public func arrival(_ method: String, _ prefix: String) async -> TransportRequest? {
        await log.wait { log in log.sent.contains { Self.matches($0, method, prefix) } }?
            .sent.first { Self.matches($0, method, prefix) }
    }

    /// Waits until at least `count` requests that `matching` accepts have
    /// been handed to the transport; false if the waiting task was
    /// cancelled first.
    public func waitForRequests(_ count: Int, matching: @escaping @Sendable (TransportRequest) -> Bool) async -> Bool {
        await log.wait { $0.sent.filter(matching).count >= count } != nil
    }

    private static func matches(_ request: TransportRequest, _ method: String, _ prefix: String) -> Bool {
        request.method == method && request.url.path.hasPrefix(prefix)
    }

    /// Sends `request` with the next planned fault that matches it.
    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let request = mark(request)
        return try await base.send(request)
    }

    private func mark(_ request: TransportRequest) -> TransportRequest {
        log.change { log in
            var request = request
            if let index = log.rules.firstIndex(where: {
                $0.times > 0 && Self.matches(request, $0.method, $0.pathPrefix)
            }) {
                log.rules[index].times -= 1
                request.headers["Sandbox-Fault"] = log.rules[index].fault
            }
            log.sent.append(request)
            return request
        }
    }
}
