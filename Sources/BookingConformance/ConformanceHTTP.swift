import BookingAPI
import BookingPrimitives
import Foundation

/// The kit's HTTP: sends one request through a `Transport`, within the
/// run's bounds, and records every exchange, the holds and bookings the
/// answers name (so the cleanup can release and cancel them), and the keys
/// that have had an answer.
///
/// The retries a client makes (429, 503, `IDEMPOTENCY_KEY_IN_USE`, a lost
/// answer) are in `ConformanceHTTP+Retries.swift`.
final class ConformanceHTTP: Sendable {
    let server: URL
    let limits: RunLimits
    private let transport: any Transport
    private let start = ContinuousClock.now
    private let state = Locked(State())

    struct State {
        var exchanges: [Exchange] = []
        var unclear: [UnclearAnswer] = []
        var answeredKeys: Set<String> = []
        var holds: [String: Account] = [:]
        var holdOrder: [String] = []
        var bookings: [String: Account] = [:]
        var bookingOrder: [String] = []
    }

    init(server: URL, transport: any Transport, limits: RunLimits) {
        self.server = server
        self.transport = transport
        self.limits = limits
    }

    /// Seconds since the run started.
    var elapsed: Double { Self.seconds(ContinuousClock.now - start) }

    /// Every exchange so far, in order.
    var exchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// The 429 and 503 answers to keyed POSTs that came first for their key.
    var unclearAnswers: [UnclearAnswer] { state.withLock { $0.unclear } }

    /// The holds and bookings the answers named, in the order first seen.
    var created: (holds: [(String, Account)], bookings: [(String, Account)]) {
        state.withLock { state in
            (
                state.holdOrder.compactMap { id in state.holds[id].map { (id, $0) } },
                state.bookingOrder.compactMap { id in state.bookings[id].map { (id, $0) } }
            )
        }
    }

    /// Sends `call` once. Throws `CheckStop` when the run's bounds are
    /// reached (`cleanup` sends have bounds of their own).
    func send(_ call: Call, cleanup: Bool = false) async throws(CheckStop) -> Exchange {
        let sent = state.withLock { $0.exchanges.count }
        let requestBound = limits.checkRequests + (cleanup ? limits.cleanupRequests : 0)
        guard sent < requestBound else {
            throw CheckStop(message: "the run's bound of \(requestBound) requests was reached", exchanges: [])
        }
        guard cleanup || elapsed < limits.checkSeconds else {
            throw CheckStop(message: "the run's bound of \(Int(limits.checkSeconds)) s was reached", exchanges: [])
        }
        let sentAt = elapsed
        var exchange = Exchange(
            account: call.account.label, method: call.method, target: call.target, idempotencyKey: call.key,
            requestBody: call.body, status: nil, failure: nil, replayed: false, retryAfter: nil, body: .null,
            sentAt: sentAt, answeredAt: sentAt)
        do {
            let response = try await transport.send(request(for: call))
            exchange.status = response.status
            exchange.replayed = response.header("Idempotent-Replayed")?.lowercased() == "true"
            exchange.retryAfter = response.header("Retry-After")
            exchange.body = (try? JSONDecoder().decode(JSONValue.self, from: response.body)) ?? .null
        } catch {
            exchange.failure = error.description
        }
        exchange.answeredAt = elapsed
        record(exchange, of: call)
        return exchange
    }

    /// Records an unclear answer's follow-up.
    func recordUnclear(_ answer: UnclearAnswer) {
        state.withLock { $0.unclear.append(answer) }
    }

    /// Whether a key has had an answer other than 429, 503 or `IDEMPOTENCY_KEY_IN_USE`.
    func hasAnswered(_ key: String, account: Account) -> Bool {
        state.withLock { $0.answeredKeys.contains(account.label + " " + key) }
    }

    private func record(_ exchange: Exchange, of call: Call) {
        state.withLock { state in
            state.exchanges.append(exchange)
            if let key = call.key, let status = exchange.status, status != 429, status != 503,
                exchange.errorCode != "IDEMPOTENCY_KEY_IN_USE"
            {
                state.answeredKeys.insert(call.account.label + " " + key)
            }
            guard call.method == "POST", exchange.isSuccess else { return }
            if call.path == "/v1/holds", let id = exchange.body["holdId"].stringValue, state.holds[id] == nil {
                state.holds[id] = call.account
                state.holdOrder.append(id)
            }
            if call.path == "/v1/bookings", let id = exchange.body["bookingId"].stringValue,
                state.bookings[id] == nil
            {
                state.bookings[id] = call.account
                state.bookingOrder.append(id)
            }
        }
    }

    private func request(for call: Call) -> TransportRequest {
        let base =
            server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        var headers = call.headers
        headers["Authorization"] = "Bearer \(call.account.apiKey)"
        headers["Accept"] = "application/json"
        if call.body != nil { headers["Content-Type"] = "application/json" }
        if let key = call.key { headers["Idempotency-Key"] = key }
        return TransportRequest(
            method: call.method, url: URL(string: base + call.target) ?? server, headers: headers,
            body: call.body.map { Data($0.serialized(pretty: false).utf8) },
            timeout: .milliseconds(Int64(limits.requestTimeoutSeconds * 1000)), maximumBodyBytes: 1 << 20)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
