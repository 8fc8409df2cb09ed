import BookingAPI
import BookingPrimitives
import BookingTestSupport
import Foundation

/// The network between the client and the in-process sandbox, as the seed
/// makes it: each request may get a fault (a `Sandbox-Fault` header, an
/// answer that never arrives, a rewritten `Retry-After`, a replayed answer),
/// and every request is checked against the promises the wire can see:
///
/// - I4: no `422` ever (a key is never reused with other parameters);
/// - I5: no retry before the `Retry-After` it was given; no resend of a POST
///   after a final 4xx by the process that got it, unless it read the
///   booking the request changes since (look before sending again);
/// - I6: the attempt's row is committed before every POST for it (read from
///   the database file through a separate connection at send time);
/// - I7: no payment POST for an attempt while its 3-D Secure is pending;
/// - I17: a process sends, looks up or closes only keys of its own data
///   space (its lane's file), so another account or server on the same
///   directory never settles what the app saved.
public final class SimulatedNetwork: Transport, Sendable {
    private let base: any Transport
    private let clock: SimulationClock
    private let observations: Observations
    /// Each lane's attempts file, by lane name.
    private let attempts: [String: AttemptFileReader]
    /// What the requests of every process share, locked.
    private struct Wire {
        var random: SimulationRandom
        var rate: Int
        var enabled = true
        var notBefore: [String: Duration] = [:]
        /// Keys (`lane key`) a final 4xx answered, with the target it answered.
        var finallyRefused: [String: String] = [:]
        var challengePending: Set<String> = []
        var lastAnswers: [String: TransportResponse] = [:]
        var script: [(method: String, path: String, fault: SimulatedFault)] = []
    }

    private let wire: Locked<Wire>

    /// A network over `base` injecting faults on `faultPercent` % of requests.
    init(
        base: any Transport, clock: SimulationClock, observations: Observations,
        attempts: [String: AttemptFileReader], seed: UInt64, faultPercent: Int
    ) {
        self.base = base
        self.clock = clock
        self.observations = observations
        self.attempts = attempts
        wire = Locked(Wire(random: SimulationRandom(seed: seed ^ 0x5EED_0F_FA17), rate: faultPercent))
    }

    /// Plans faults for the next requests matching a method and path prefix,
    /// each once, before any random fault.
    func plan(_ method: String, _ path: String, _ fault: SimulatedFault) {
        wire.withLock { $0.script.append((method, path, fault)) }
    }

    /// A new client process of `lane` starts: I5 starts afresh for that
    /// lane. (`BookingClient` keeps the last `Retry-After` in `cache.sqlite`,
    /// so a new process waits it out too; I5 asks it of a process's life.)
    func processRestarted(_ lane: String) {
        wire.withLock {
            $0.notBefore = $0.notBefore.filter { !$0.key.hasPrefix(lane + " ") }
            // A new process never heard the refusal a dead one got: asking
            // again under the saved key is how it learns it (the server
            // replays its stored answer).
            $0.finallyRefused = $0.finallyRefused.filter { !$0.key.hasPrefix(lane + " ") }
        }
    }

    /// The network as the processes of `lane` reach it: what a process was
    /// told (`Retry-After`, a final 4xx, a pending 3-D Secure) is known to
    /// that process only, so I5 and I7 are checked per process.
    func from(_ lane: String) -> any Transport {
        Lane(network: self, name: lane)
    }

    private struct Lane: Transport {
        let network: SimulatedNetwork
        let name: String

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            try await network.send(request, from: name)
        }
    }

    /// Turns fault injection on or off (the checks always run).
    func setFaults(enabled: Bool) {
        wire.withLock { $0.enabled = enabled }
    }

    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        try await send(request, from: "app")
    }

    /// Sends a request of a process of `lane`.
    func send(_ request: TransportRequest, from lane: String) async throws(TransportError) -> TransportResponse {
        let now = clock.now
        let key = request.headers["Idempotency-Key"]
        let target = Self.target(request.url)
        let identity = "\(lane) \(request.method) \(target) \(key ?? "")"
        let known = key.map { "\(lane) \($0)" }
        let fault = wire.withLock { Self.chooseFault(&$0, request, target: target) }
        check(request, identity: identity, key: key, known: known, at: now)
        checkSpace(request, lane: lane, key: key)
        let index = observations.sent(
            Observations.Request(
                at: now, method: request.method, target: target, key: key, fault: fault, status: nil,
                process: lane == "app" ? nil : lane))
        if let fault { observations.fault(fault) }
        let response: TransportResponse
        do {
            response = try await deliver(request, target: target, fault: fault, at: now)
        } catch {
            observations.answered(index, status: nil)
            throw error
        }
        observations.answered(index, status: response.status)
        learn(from: response, identity: identity, key: key, known: known, request: request, target: target, at: now)
        return response
    }

    // MARK: Faults

    private static func chooseFault(_ wire: inout Wire, _ request: TransportRequest, target: String)
        -> SimulatedFault?
    {
        if wire.enabled,
            let index = wire.script.firstIndex(where: { $0.method == request.method && target.hasPrefix($0.path) })
        {
            return wire.script.remove(at: index).fault
        }
        guard wire.enabled, !target.hasPrefix("/v1/sandbox"), wire.random.chance(wire.rate) else { return nil }
        // Trip changes are few: a quarter of their faults are the refusal
        // after the change ran, which only they can get.
        if SimulatedFault.refusedAfterCommit.canLand(onMethod: request.method, target: target),
            wire.random.chance(25)
        {
            return .refusedAfterCommit
        }
        let choices = SimulatedFault.network.filter { $0.canLand(onMethod: request.method, target: target) }
        return wire.random.pick(choices)
    }

    private func deliver(_ request: TransportRequest, target: String, fault: SimulatedFault?, at now: Duration)
        async throws(TransportError) -> TransportResponse
    {
        switch fault {
        case nil:
            return try await base.send(request)
        case .offline?:
            throw TransportError(.notConnected, "simulated: offline")
        case .requestLost?:
            throw TransportError(.connectionLost, "simulated: lost before sending")
        case .timedOutAfterSending?:
            _ = try? await base.send(request)
            throw TransportError.timedOut
        case .duplicateDelivery?:
            let first = try await base.send(request)
            let second = try? await base.send(request)
            return wire.withLock { $0.random.chance(50) } ? first : (second ?? first)
        case .requestTimeout408?:
            return Self.errorResponse(408, code: "REQUEST_TIMEOUT")
        case .keyInUse?:
            return Self.errorResponse(409, code: "IDEMPOTENCY_KEY_IN_USE")
        case .rateLimitSeconds?, .rateLimitDate?, .unavailableSeconds?, .unavailableDate?:
            let limited = fault == .rateLimitSeconds || fault == .rateLimitDate
            var marked = request
            marked.headers["Sandbox-Fault"] = limited ? "rate-limit" : "unavailable"
            var response = try await base.send(marked)
            // Mostly short; one in ten up to an hour, longer than any call waits.
            let seconds = Int64(
                wire.withLock { $0.random.chance(10) ? $0.random.inRange(61...3_600) : $0.random.inRange(0...20) })
            var headers = response.headers
            if fault == .rateLimitDate || fault == .unavailableDate {
                let nowSeconds = clock.unixSeconds(at: now)
                headers["retry-after"] = HTTPDateText.format(unixSeconds: nowSeconds + seconds)
            } else {
                headers["retry-after"] = String(seconds)
            }
            response = TransportResponse(status: response.status, headers: headers, body: response.body)
            return response
        case .gateway504AfterCommit?, .gateway503BareAfterCommit?:
            // The server runs it; the gateway's answer says nothing of it.
            _ = try? await base.send(request)
            guard fault == .gateway504AfterCommit else {
                return TransportResponse(status: 503, headers: [:], body: Data())
            }
            return TransportResponse(
                status: 504, headers: ["Content-Type": "text/html"],
                body: Data("<html><body><h1>504 Gateway Time-out</h1></body></html>".utf8))
        case .refusedAfterCommit?:
            _ = try? await base.send(request)
            return Self.errorResponse(409, code: target.hasSuffix("/cancel") ? "VERSION_CONFLICT" : "VERSION_CHANGED")
        case .equalVersion?:
            if let last = wire.withLock({ $0.lastAnswers[target] }) { return last }
            return try await base.send(request)
        case let fault?:
            var marked = request
            marked.headers["Sandbox-Fault"] = fault.traits.sandboxHeader ?? ""
            return try await base.send(marked)
        }
    }

    static func errorResponse(_ status: Int, code: String) -> TransportResponse {
        let body = #"{"error":{"code":"\#(code)","message":"simulated"}}"#
        return TransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    // MARK: The promises the wire can see

    private func check(_ request: TransportRequest, identity: String, key: String?, known: String?, at now: Duration) {
        let (earliest, refused, pending) = wire.withLock { wire in
            (
                wire.notBefore[identity], known.map { wire.finallyRefused[$0] != nil } ?? false,
                known.map { wire.challengePending.contains($0) } ?? false
            )
        }
        if let earliest, now < earliest {
            observations.violation("I5 \(identity) sent at \(now), before its Retry-After allowed (\(earliest))")
        }
        guard request.method == "POST", let key else { return }
        if refused {
            observations.violation("I5 \(identity) resent after a final 4xx")
        }
        let path = request.url.path
        let status = attempts[lane(of: identity)]?.status(forKey: key)
        if path == "/v1/holds" {
            if status == nil {
                observations.violation("I6 POST /v1/holds with key \(key) before its attempt row was committed")
            }
        } else if path == "/v1/bookings" {
            if pending { observations.violation("I7 POST /v1/bookings for \(key) while its 3-D Secure is pending") }
            let submitted: Set<String> = ["PAYMENT_SUBMITTED", "ACTION_REQUIRED", "PROCESSING"]
            if !submitted.contains(status ?? "none") {
                observations.violation("I6 POST /v1/bookings with key \(key) while its row says \(status ?? "nothing")")
            }
        }
    }

    /// The lane an identity (`lane METHOD target key`) names.
    private func lane(of identity: String) -> String {
        String(identity.prefix { $0 != " " })
    }

    /// I17: a lookup (`GET /v1/bookings?attempt=`) or a key closure names a
    /// key of the lane's own data space; the POSTs are checked by I6
    /// against the same file.
    private func checkSpace(_ request: TransportRequest, lane: String, key: String?) {
        var named: String?
        if request.method == "GET", request.url.path == "/v1/bookings" {
            named =
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "attempt" }?.value
        } else if request.method == "POST", request.url.path == "/v1/bookings/close-key" {
            let object = request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            named = object?["idempotencyKey"] as? String
        }
        guard let named, attempts[lane]?.status(forKey: named) == nil else { return }
        observations.violation("I17 the \(lane) process asked the server about key \(named), not of its own data space")
    }

    private func learn(
        from response: TransportResponse, identity: String, key: String?, known: String?,
        request: TransportRequest, target: String, at now: Duration
    ) {
        if response.status == 422 {
            observations.violation("I4 422 for \(identity): \(String(decoding: response.body, as: UTF8.self))")
        }
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let code = (object?["error"] as? [String: Any])?["code"] as? String
        let state = Self.bookingState(object)
        wire.withLock { wire in
            if response.status == 429 || response.status == 503,
                let wait = response.header("Retry-After").flatMap({
                    Self.retryAfter($0, now: now, epoch: SimulationClock.epochSeconds)
                }
                )
            {
                wire.notBefore[identity] = now + wait
            } else {
                wire.notBefore[identity] = nil
            }
            // A 401 refuses the credential before the key is looked at: the
            // same key may go again once the user signed in.
            let retryable =
                response.status == 408 || response.status == 429 || response.status == 401
                || code == "IDEMPOTENCY_KEY_IN_USE"
            if request.method == "POST", let known, (400...499).contains(response.status), !retryable {
                wire.finallyRefused[known] = target
            }
            // Looking before sending again: a read of a booking (after a
            // refusal of its cancellation or change that may have come after
            // it ran) lets the process send that request once more under
            // its key, if what it read says the request is still to be made.
            if request.method == "GET", target.hasPrefix("/v1/bookings/"), response.status == 200 {
                let lane = identity.prefix { $0 != " " }
                let changes = target + "/"
                wire.finallyRefused = wire.finallyRefused.filter {
                    !($0.key.hasPrefix(lane + " ") && $0.value.hasPrefix(changes))
                }
            }
            if let (bookingKey, state) = state {
                let lane = identity.prefix { $0 != " " }
                let bookingKnown = "\(lane) \(bookingKey)"
                if state == "ACTION_REQUIRED" {
                    wire.challengePending.insert(bookingKnown)
                } else {
                    wire.challengePending.remove(bookingKnown)
                }
            }
            if request.method == "GET", response.status == 200, target.hasPrefix("/v1/bookings") {
                wire.lastAnswers[target] = response
            }
        }
    }

    /// The booking key and state of a booking answer, if it is one.
    private static func bookingState(_ object: [String: Any]?) -> (String, String)? {
        guard let object, let key = object["idempotencyKey"] as? String, let state = object["state"] as? String
        else { return nil }
        return (key, state)
    }

    /// The wait a `Retry-After` value asks for, as the simulation reads it.
    static func retryAfter(_ text: String, now: Duration, epoch: Int64) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(trimmed) { return .seconds(seconds) }
        guard let date = HTTPDateText.parse(trimmed) else { return nil }
        let nowSeconds = Double(epoch) + Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
        return .milliseconds(Int64(max(0, (Double(date) - nowSeconds) * 1000).rounded(.up)))
    }

    static func target(_ url: URL) -> String {
        var target = url.path
        if let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery {
            target += "?" + query
        }
        return target
    }
}
