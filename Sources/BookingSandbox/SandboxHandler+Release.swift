import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/holds/{holdId}/release` (body empty or `{}`): gives the hold
    /// up, so its room is free for everyone now instead of when it runs out.
    ///
    /// The released hold ends at once (it reads `EXPIRED`, and paying or
    /// extending it is refused as for an expired hold). A hold that has
    /// ended already answers as it is: releasing twice, under one key or
    /// two, answers the same. A hold a live booking uses is never released
    /// (409 HOLD_ALREADY_BOOKED, naming the booking); an unknown hold, or
    /// another account's, is 404.
    func releaseHold(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let key = try idempotencyKey(request)
        _ = try RequestBody(request.body, allowed: [], emptyIsObject: true)
        guard Identifier.isValid(id, prefix: Identifier.hold) else { throw APIError.notFound("Hold") }
        let command = Command(route: .releaseHold(id: id), key: key, fingerprint: "holdId=\(id)")
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            var hold = try unbookedHold(
                id: id, account: account, db: db, now: now, message: "A booking uses this hold; it is not released.")
            if !hold.isExpired(now: now) {
                hold.expiresAtMs = now
                hold.version += 1
                try hold.update(db)
            }
            return JSONResponse.make(
                status: 200, hold.body(now: now, maximumExtensions: configuration.maximumHoldExtensions))
        }
    }
}
