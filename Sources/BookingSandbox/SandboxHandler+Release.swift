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
        try await changeUnbookedHold(
            .releaseHold(id: id), id: id, request: request, account: account, faults: faults,
            bookedMessage: "A booking uses this hold; it is not released."
        ) { hold, db, now in
            if !hold.isExpired(now: now) {
                hold.expiresAtMs = now
                hold.version += 1
                try hold.update(db)
            }
        }
    }
}
