import BookingHTTPServer
import BookingSQLite
import Foundation

extension SandboxHandler {
    /// A validated idempotent request: the key and the parameters it is
    /// compared by (path ids included).
    struct Command {
        var route: Route
        var key: String
        var fingerprint: String
    }

    /// The request's `Idempotency-Key`: missing or malformed is a 400 (not stored).
    func idempotencyKey(_ request: HTTPRequest) throws -> String {
        guard let key = request.headers["Idempotency-Key"] else {
            throw APIError(
                status: 400, code: "IDEMPOTENCY_KEY_MISSING", message: "This POST needs an Idempotency-Key header.")
        }
        guard Identifier.isValidIdempotencyKey(key) else {
            throw APIError(
                status: 400, code: "IDEMPOTENCY_KEY_INVALID",
                message: "An Idempotency-Key is 1 to 255 visible ASCII characters.")
        }
        return key
    }

    /// Runs an idempotent endpoint the Stripe v1 way.
    ///
    /// The key is claimed (its own commit), so a colliding request gets 409
    /// IDEMPOTENCY_KEY_IN_USE; a finished key replays its stored response with
    /// `Idempotent-Replayed: true`, or answers 422 IDEMPOTENCY_KEY_REUSED for
    /// other parameters; a closed key (`POST /v1/bookings/close-key`) is 409
    /// IDEMPOTENCY_KEY_CLOSED, never run. Then `body` runs in one transaction together with
    /// storing its response: the endpoint's changes and the stored result
    /// commit together. A `body` that throws `APIError` has its changes
    /// rolled back and the error stored; injected 500s are stored too.
    func performIdempotent(
        _ command: Command, account: String, faults: FaultSet, replayed: ((HTTPResponse) -> Void)? = nil,
        body: (Database, Int64) throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let endpoint = command.route.endpoint
        let lifetime = String(configuration.idempotencyKeyLifetimeSeconds)
        let claimedAt = now
        let claim = try database.transaction { db in
            try IdempotencyRecords.claim(
                db, account: account, endpoint: endpoint, key: command.key, fingerprint: command.fingerprint,
                now: claimedAt, lifetimeMs: configuration.idempotencyKeyLifetimeSeconds * 1000)
        }
        // A refused key's answer says how long the key lives.
        func refusal(_ error: APIError) -> HTTPResponse {
            var error = error
            error.headers[Self.lifetimeHeader] = lifetime
            return error.response
        }
        switch claim {
        case .inUse:
            return refusal(
                APIError(
                    status: 409, code: "IDEMPOTENCY_KEY_IN_USE",
                    message: "A request with this Idempotency-Key is still running; retry with the same key."))
        case .reused:
            return refusal(
                APIError(
                    status: 422, code: "IDEMPOTENCY_KEY_REUSED",
                    message: "This Idempotency-Key was used with other parameters; a changed request needs a new key."))
        case .closed:
            return refusal(
                APIError(
                    status: 409, code: "IDEMPOTENCY_KEY_CLOSED",
                    message:
                        "This Idempotency-Key was closed: nothing sent under it runs; a new request needs a new key."
                ))
        case .replay(var stored):
            replayed?(stored)
            await applyDelay(faults)
            if faults.contains(.dropResponseAfterCommit) { return .dropped }
            if let gateway = gatewayAnswer(faults) { return gateway }
            stored.headers["Idempotent-Replayed"] = "true"
            stored.headers[Self.lifetimeHeader] = lifetime
            return stored
        case .claimed:
            break
        }
        await applyDelay(faults)
        let startedAt = max(now, claimedAt)
        var response: HTTPResponse
        do {
            response = try database.transaction { db in
                var result: HTTPResponse
                if faults.contains(.error500BeforeCommit) {
                    result = Self.injected500("error-500-before-commit")
                } else {
                    do {
                        result = try db.transaction { try body(db, startedAt) }
                    } catch let error as APIError {
                        result = error.response
                    }
                    if faults.contains(.error500AfterCommit) { result = Self.injected500("error-500-after-commit") }
                }
                try IdempotencyRecords.finish(
                    db, account: account, endpoint: endpoint, key: command.key, response: result)
                return result
            }
        } catch {
            // The endpoint failed without storing a result: answer 500, store
            // it if the database lets us, or forget the claim.
            response = APIError.internalError.response
            let stored: Bool =
                (try? database.transaction { db in
                    try IdempotencyRecords.finish(
                        db, account: account, endpoint: endpoint, key: command.key, response: response)
                    return true
                }) ?? false
            if !stored {
                _ = try? database.transaction { db in
                    try IdempotencyRecords.release(db, account: account, endpoint: endpoint, key: command.key)
                }
            }
        }
        if faults.contains(.dropResponseAfterCommit) { return .dropped }
        if let gateway = gatewayAnswer(faults) { return gateway }
        response.headers[Self.lifetimeHeader] = lifetime
        return response
    }

    /// The contract's "wait" answer: 429 `RATE_LIMITED` or 503
    /// `UNAVAILABLE` with `Retry-After`, as the server itself gives it (before
    /// anything runs) and as a gateway in front of it copies it.
    func waitAnswer(rateLimited: Bool) -> APIError {
        var error =
            rateLimited
            ? APIError(
                status: 429, code: "RATE_LIMITED", message: "Too many requests; retry after the Retry-After delay.")
            : APIError(
                status: 503, code: "UNAVAILABLE",
                message: "The service is unavailable; retry after the Retry-After delay.")
        error.headers["Retry-After"] = String(configuration.retryAfterSeconds)
        return error
    }

    /// The answer a gateway gives in place of the server's, after the
    /// server ran the request and stored its real answer (the fault
    /// `gateway-<status>-after-commit`), if the request asked for one.
    func gatewayAnswer(_ faults: FaultSet) -> HTTPResponse? {
        guard let status = faults.gatewayStatus else { return nil }
        switch status {
        case 429, 503:
            return waitAnswer(rateLimited: status == 429).response
        default:
            let title = status == 504 ? "504 Gateway Time-out" : "502 Bad Gateway"
            let page =
                "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n<center><h1>\(title)</h1></center>\r\n"
                + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
            return HTTPResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
        }
    }

    /// Runs a read in one transaction (reads may move a booking on: a
    /// processing payment settles when it is read), with the delay and drop faults.
    func performRead(faults: FaultSet, body: (Database, Int64) throws -> HTTPResponse) async throws -> HTTPResponse {
        await applyDelay(faults)
        let now = self.now
        var response: HTTPResponse
        if faults.contains(.error500BeforeCommit) {
            response = Self.injected500("error-500-before-commit")
        } else {
            response = try database.transaction { db in try body(db, now) }
            if faults.contains(.error500AfterCommit) { response = Self.injected500("error-500-after-commit") }
        }
        if faults.contains(.dropResponseAfterCommit) { return .dropped }
        return gatewayAnswer(faults) ?? response
    }

    static func injected500(_ fault: String) -> HTTPResponse {
        APIError(status: 500, code: "INTERNAL_ERROR", message: "Injected fault: \(fault).").response
    }
}
