import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/sandbox/challenges/{bookingId} {"result": "pass"|"fail"}`:
    /// what the bank's 3-D Secure page would do. Pass: charged, `PROCESSING`,
    /// `CONFIRMED` when next read. Fail: `FAILED` (`authentication_failed`).
    /// 409 CHALLENGE_NOT_PENDING unless the booking is `ACTION_REQUIRED`. No
    /// Idempotency-Key needed; never faulted.
    func completeChallenge(bookingId id: String, request: HTTPRequest, account: String) async throws -> HTTPResponse {
        let body = try RequestBody(request.body, allowed: ["result"])
        let result = try body.oneOf("result", ["pass", "fail"])
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        return try await performRead(faults: FaultSet(faults: [])) { db, now in
            guard let booking = try BookingRecord.load(db, id: id, account: account) else {
                throw APIError.notFound("Booking")
            }
            let answered = try answerChallenge(booking, pass: result == "pass", db: db, now: now)
            guard let saved = try BookingRecord.savedBody(db, id: id, version: answered.version) else {
                throw APIError.internalError
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: saved)
        }
    }

    /// Moves `booking` as the bank's answer would, after settling it: pass
    /// charges it and makes it `PROCESSING`; fail makes it `FAILED` and
    /// frees its room. Both the JSON endpoint and the challenge page call it.
    ///
    /// - Throws: 409 CHALLENGE_NOT_PENDING (nothing changed) unless the
    ///   booking is `ACTION_REQUIRED`.
    func answerChallenge(_ booking: BookingRecord, pass: Bool, db: Database, now: Int64) throws -> BookingRecord {
        var booking = booking
        guard var hold = try HoldRecord.load(db, id: booking.holdId, account: booking.account) else {
            throw APIError.notFound("Booking")
        }
        try settle(&booking, hold: &hold, db: db, now: now)
        guard booking.state == .actionRequired else {
            throw APIError.wrongState("CHALLENGE_NOT_PENDING", "This booking is not waiting for 3-D Secure.", booking)
        }
        if pass {
            booking.charged = true
            try booking.move(to: .processing, now: now, db: db, hold: hold)
            try Ledger.record(.charge, db, booking: booking, hold: hold, ids: ids, now: now)
        } else {
            hold.bookingId = nil
            hold.version += 1
            try hold.update(db)
            try booking.move(to: .failed, now: now, db: db, hold: hold)
        }
        return booking
    }

    /// `GET /v1/sandbox/ledger`: the account's charges and refunds, with
    /// charge counts per idempotency key, hold and booking.
    func ledger(_ request: HTTPRequest, account: String) async throws -> HTTPResponse {
        _ = try QueryParameters(request, allowed: [])
        return try await performRead(faults: FaultSet(faults: [])) { db, _ in
            JSONResponse.make(status: 200, try Ledger.body(db, account: account))
        }
    }

    /// `GET /v1/sandbox/config`: the published settings (hold TTL, key
    /// lifetime, fault rates, tokens, fault names).
    func config(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try QueryParameters(request, allowed: [])
        var rates: [String: Double] = [:]
        for (fault, rate) in configuration.faultRates { rates[fault.description] = rate }
        let body = ConfigBody(
            holdTtlMs: configuration.holdTTLMilliseconds, maximumHoldExtensions: configuration.maximumHoldExtensions,
            idempotencyKeyLifetimeSeconds: configuration.idempotencyKeyLifetimeSeconds,
            retryAfterSeconds: configuration.retryAfterSeconds, inventorySeed: String(configuration.inventorySeed),
            faultRates: rates, paymentTokens: SandboxToken.allCases.map(\.rawValue),
            faults: SandboxFault.simpleCases.map(\.description) + ["delay-ms=<n>"])
        return JSONResponse.make(status: 200, body)
    }
}
