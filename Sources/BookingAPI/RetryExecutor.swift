import BookingCore
import Foundation

/// Sends one request, retrying as `OutcomePolicy` decides: the same request
/// (so the same Idempotency-Key) every time, waiting as `Retry-After` asks,
/// never retrying a final 4xx, and turning a lost answer on a request that
/// moves money into `unknownOutcome` instead of a blind resend. The
/// request's timeout bounds the whole call's time on the server, every try
/// together (the waits between tries not counted). A request that moves
/// money (a payment, a cancellation, a change of dates) or keeps a room (a
/// hold, a release) answered with a replayed 5xx (`Idempotent-Replayed:
/// true`) is final for its key: `.final(.rejected)` with the 5xx status
/// (the key is spent: sent again, it replays the same).
struct RetryExecutor: Sendable {
    let transport: any Transport
    let policy: OutcomePolicy
    let sleeper: any Sleeper
    let wallClockSeconds: @Sendable () -> Int64
    /// The last `Retry-After` of any call, obeyed before a new call's first try.
    let gate = RetryAfterGate()
    /// Where the gate outlives the process, if anywhere.
    let memory: (any RetryAfterMemory)?
    /// Where the server's `Idempotency-Key-Lifetime` goes, if anywhere.
    let keyLifetimeMemory: (any KeyLifetimeMemory)?

    /// An executor whose gate starts from what `memory` saved.
    init(
        transport: any Transport, policy: OutcomePolicy, sleeper: any Sleeper,
        wallClockSeconds: @escaping @Sendable () -> Int64, memory: (any RetryAfterMemory)? = nil,
        keyLifetimeMemory: (any KeyLifetimeMemory)? = nil
    ) {
        self.transport = transport
        self.policy = policy
        self.sleeper = sleeper
        self.wallClockSeconds = wallClockSeconds
        self.memory = memory
        self.keyLifetimeMemory = keyLifetimeMemory
        if let saved = memory?.savedDeadline(nowUnixSeconds: wallClockSeconds()) { gate.record(deadline: saved) }
    }

    /// Sends `request` until it succeeds or the policy ends it. Returns the 2xx answer.
    ///
    /// - Parameter proceed: asked before each try, after any wait; `false`
    ///   stops: `.final(.notSent)` before the first try, and for money
    ///   `.unknownOutcome` after one.
    func execute(
        _ request: TransportRequest, kind: RequestKind, proceed: (@Sendable () async -> Bool)? = nil
    ) async throws(APIError) -> TransportResponse {
        var attempt = 1
        // The gate as this call's own answers set it: its retries wait for
        // their own Retry-After through the policy, and for a longer one
        // another call was given meanwhile through the gate.
        var ownDeadline = Int64.min
        // The request's timeout is the whole call's time on the server:
        // every try gets what the earlier ones left (a server sending a
        // byte a second cannot make four tries of ten seconds each).
        let clock = ContinuousClock()
        var left = request.timeout
        // A try that found the key in use: the first request runs, so for
        // money a later 429 or 503 does not make the call's outcome certain.
        var keyWasInUse = false
        while true {
            try await waitForGate(beyond: ownDeadline, kind: kind, attempt: attempt)
            if let proceed, !(await proceed()) {
                if attempt == 1 || !kind.movesMoney { throw .final(.notSent(nil), nil) }
                throw .unknownOutcome("stopped before try \(attempt): the attempt moved on")
            }
            let outcome: RequestOutcome
            var answer: TransportResponse?
            var serverError: ServerError?
            // Why this try got no answer, in the transport's words: carried
            // to the caller when the request was certainly not sent.
            var unsent: TransportError?
            var thisTry = request
            thisTry.timeout = left
            let started = clock.now
            do {
                let response = try await sendWithTimeout(thisTry)
                if let cap = request.maximumBodyBytes, response.isOverLimit || response.body.count > cap {
                    // A bad answer, whatever its status: not retried, and
                    // for money what happened is unknown.
                    let detail = "the answer is larger than \(cap) bytes (HTTP \(response.status))"
                    throw kind.movesMoney ? APIError.unknownOutcome(detail) : APIError.invalidResponse(detail)
                }
                answer = response
                noteKeyLifetime(response)
                serverError = (200...299).contains(response.status) ? nil : ServerError.parse(response.body)
                if response.status == 404 && kind == .read { throw APIError.notFound }
                ownDeadline = max(ownDeadline, noteRetryAfter(response) ?? .min)
                outcome = .response(
                    status: response.status, errorCode: serverError?.code,
                    retryAfter: response.header("Retry-After"))
            } catch let error as TransportError {
                outcome = .network(error.failure)
                unsent = error
            } catch let error as APIError {
                throw error
            } catch {
                outcome = .network(.connectionLost)
            }
            left -= started.duration(to: clock.now)
            if kind.isLookedUpWhenUnclear, let answer, (500...599).contains(answer.status),
                answer.header("Idempotent-Replayed")?.lowercased() == "true"
            {
                // The server stored this error for the key: it ran the request
                // once and never runs the key again. Final for the key; only a
                // lookup can tell whether it booked before failing.
                throw .final(.rejected(status: answer.status, errorCode: serverError?.code), serverError)
            }
            if serverError?.code == OutcomePolicy.ErrorCode.keyInUse { keyWasInUse = true }
            switch policy.decide(outcome, for: kind, attempt: attempt, nowUnixSeconds: wallClockSeconds()) {
            case .success:
                if let answer { return answer }
                throw .invalidResponse("no answer")
            case .retry(let delay):
                guard left > .zero else {
                    // The call's time is spent: no try after it.
                    if kind.isLookedUpWhenUnclear {
                        throw .unknownOutcome("\(Self.describe(outcome)), and the call's time is spent")
                    }
                    throw .final(.unavailable, serverError)
                }
                do { try await sleeper.sleep(for: delay) } catch {
                    // Cancelled while waiting: for money the outcome of the
                    // earlier try is what is unknown.
                    throw kind.isLookedUpWhenUnclear
                        ? .unknownOutcome("cancelled while waiting to retry") : .final(.notSent(nil), nil)
                }
                attempt += 1
            case .showUser(let kindOfError):
                throw .userFacing(kindOfError, serverError)
            case .final(let failure):
                // Only a wait (a 429 or 503, never stored) leaves the first
                // request's outcome open; the server's own refusal under the
                // key (a 4xx) is final as ever.
                if kind.movesMoney && keyWasInUse && Self.isWait(failure) {
                    throw .unknownOutcome("\(Self.describe(outcome)), after the key was in use")
                }
                // A hold request that left and got no clear answer: the
                // server may have made the hold under the key (a gateway's
                // 503 after it ran, a lost answer). Not "not held": asked
                // again under the same key, which replays a hold it made.
                if kind == .hold && Self.isWait(failure) {
                    throw .unknownOutcome("\(Self.describe(outcome)): the hold may have been made")
                }
                // Not sent: why (a certificate refused, no address, offline),
                // in the transport's words, not only the kind.
                if case .notSent = failure, let unsent { throw .final(.notSent(unsent), serverError) }
                throw .final(failure, serverError)
            case .unknownOutcome:
                throw .unknownOutcome(Self.describe(outcome))
            }
        }
    }

    /// Whether `failure` is the server asking to wait (nothing stored).
    private static func isWait(_ failure: FinalFailure) -> Bool {
        switch failure {
        case .unavailable, .waitRequested: return true
        case .notSent, .rejected: return false
        }
    }

    /// Waits while the gate is shut past `own`: before a call's first try,
    /// for any wait the server gave (to another call, or to an earlier
    /// process); before a later try, for one longer than this call's own
    /// answers asked for. Checked again after each wait, since another call
    /// may have been told to wait longer meanwhile.
    private func waitForGate(beyond own: Int64, kind: RequestKind, attempt: Int) async throws(APIError) {
        // After a first try, for money or a hold, that try's outcome is what is unknown.
        let mayHaveLeft = attempt > 1 && kind.isLookedUpWhenUnclear
        while true {
            let now = wallClockSeconds()
            guard let deadline = gate.deadline(nowUnixSeconds: now), deadline > own else { return }
            let wait = Duration.seconds(deadline - now)
            if wait > policy.longestWait {
                if mayHaveLeft { throw .unknownOutcome("the server asked every call to wait until \(deadline)") }
                throw .final(.waitRequested(until: deadline), nil)
            }
            do { try await sleeper.sleep(for: wait) } catch {
                if mayHaveLeft { throw .unknownOutcome("cancelled while waiting to retry") }
                throw .final(.notSent(nil), nil)
            }
        }
    }

    /// Remembers a usable `Retry-After` of a 408, 429 or 503 for the calls
    /// that follow. Returns the deadline this answer asked for, if any.
    private func noteRetryAfter(_ response: TransportResponse) -> Int64? {
        guard [408, 429, 503].contains(response.status), let header = response.header("Retry-After") else {
            return nil
        }
        let now = wallClockSeconds()
        guard let wait = RetryAfter.delay(header, nowUnixSeconds: now) else { return nil }
        let deadline = gate.record(wait: wait, nowUnixSeconds: now)
        memory?.save(deadline: deadline, nowUnixSeconds: now)
        return RetryAfterGate.deadline(after: wait, nowUnixSeconds: now)
    }

    /// Hands the answer's `Idempotency-Key-Lifetime`, if it has one, to the
    /// memory: read on every answer, whatever its status.
    private func noteKeyLifetime(_ response: TransportResponse) {
        guard let keyLifetimeMemory, let header = response.header(KeyLifetime.header) else { return }
        switch KeyLifetime.read(header) {
        case .seconds(let seconds): keyLifetimeMemory.save(seconds: seconds)
        case .refused(let reason): keyLifetimeMemory.refuse(header: header, reason: reason)
        }
    }

    /// The transport's send, bounded by the request's timeout whatever the
    /// transport does (the in-process one has no timeout of its own). The
    /// timeout is the sleeper's (`Sleeper.timeout(after:)`), like every wait.
    private func sendWithTimeout(_ request: TransportRequest) async throws -> TransportResponse {
        let (transport, sleeper) = (self.transport, self.sleeper)
        return try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await sleeper.timeout(after: request.timeout)
                throw TransportError.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TransportError.timedOut }
            return first
        }
    }

    private static func describe(_ outcome: RequestOutcome) -> String {
        switch outcome {
        case .network(let failure): return "no answer: \(failure)"
        case .response(let status, let code, _): return "HTTP \(status)\(code.map { " \($0)" } ?? "")"
        }
    }
}
