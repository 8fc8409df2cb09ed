import BookingAPI
import Foundation

extension ConformanceHTTP {
    /// Sends `call` as a careful client does: a 429 or 503 is waited out
    /// (its `Retry-After`, at most `longestWaitSeconds`) and sent again with
    /// the same key, after a payment's is looked up by key; a key in use
    /// and a lost answer are sent again with the same key. The answer that
    /// ends it is returned; the unclear answers are recorded for the
    /// `unclear-answers` and `retry-after` checks.
    func perform(_ call: Call, firstSendHeaders: [String: String] = [:]) async throws(CheckStop) -> Exchange {
        var pending: [UnclearAnswer] = []
        var waits = 0
        var lost = 0
        var inUse = 0
        var next = call
        next.headers.merge(firstSendHeaders) { _, first in first }
        while true {
            let exchange = try await send(next)
            next = call
            if let last = pending.indices.last, pending[last].resend == nil { pending[last].resend = exchange }
            if exchange.status == 429 || exchange.status == 503 {
                if call.method == "POST", let key = call.key, !hasAnswered(key, account: call.account) {
                    var unclear = UnclearAnswer(answer: exchange)
                    if call.path == "/v1/bookings" {
                        let query = "/v1/bookings?attempt=" + Self.queryValue(key)
                        unclear.lookup = try await send(.get(query, as: call.account))
                    }
                    pending.append(unclear)
                }
                waits += 1
                guard waits < 4 else { return finish(exchange, pending) }
                try await wait(retryAfter: exchange)
                continue
            }
            if exchange.status == nil, lost < 1 {
                lost += 1
                continue
            }
            if exchange.status == 409, exchange.errorCode == "IDEMPOTENCY_KEY_IN_USE", inUse < 8 {
                inUse += 1
                try await pause(seconds: 0.25)
                continue
            }
            return finish(exchange, pending)
        }
    }

    private func finish(_ exchange: Exchange, _ pending: [UnclearAnswer]) -> Exchange {
        pending.forEach(recordUnclear)
        return exchange
    }

    /// Waits what `Retry-After` asks (1 s when it is unusable), or stops
    /// the check when that is longer than the run waits.
    private func wait(retryAfter exchange: Exchange) async throws(CheckStop) {
        let now = Int64(Date().timeIntervalSince1970)
        let asked = exchange.retryAfter.flatMap { RetryAfter.delay($0, nowUnixSeconds: now) }
        let seconds = asked.map(Self.seconds) ?? 1
        guard seconds <= limits.longestWaitSeconds else {
            throw CheckStop(
                message: "the server asked to wait \(Int(seconds)) s, longer than the kit waits", exchanges: [exchange])
        }
        try await pause(seconds: seconds)
    }

    /// Sleeps, unless the run is cancelled.
    func pause(seconds: Double) async throws(CheckStop) {
        do {
            try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        } catch {
            throw CheckStop(message: "the run was cancelled", exchanges: [])
        }
    }

    /// `text` escaped for a query's value.
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
