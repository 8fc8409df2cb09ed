import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/bookings/{bookingId}/abandon` (body empty or `{}`): the
    /// client leaves a pending 3-D Secure challenge. An `ACTION_REQUIRED`
    /// booking ends `FAILED` (nothing charged) and frees its hold, which
    /// the client may pay again under a new key; a bank answer that
    /// arrives later is refused (409 CHALLENGE_NOT_PENDING), never charged.
    ///
    /// A booking that ended unpaid (`FAILED`, `EXPIRED`) answers as it is:
    /// abandoning twice answers the same. One the bank already passed
    /// (`PROCESSING`, `CONFIRMED`, `CANCELLED`) is 409
    /// BOOKING_NOT_ABANDONABLE with its state and version, nothing changed.
    /// Another account's booking, or an unknown one, is 404.
    func abandonBooking(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws
        -> HTTPResponse
    {
        let key = try idempotencyKey(request)
        _ = try RequestBody(request.body, allowed: [], emptyIsObject: true)
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        let command = Command(route: .abandonBooking(id: id), key: key, fingerprint: "bookingId=\(id)")
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            guard var booking = try BookingRecord.load(db, id: id, account: account),
                var hold = try HoldRecord.load(db, id: booking.holdId, account: account)
            else { throw APIError.notFound("Booking") }
            try settle(&booking, hold: &hold, db: db, now: now)
            switch booking.state {
            case .actionRequired:
                if hold.bookingId == booking.bookingId {
                    hold.bookingId = nil
                    hold.version += 1
                    try hold.update(db)
                }
                booking.wasAbandoned = true
                try booking.move(to: .failed, now: now, db: db, hold: hold)
                paymentMethodStats.abandoned(booking.bookingId)
            case .failed, .expired:
                break
            default:
                throw APIError.wrongState(
                    "BOOKING_NOT_ABANDONABLE", "Only a booking waiting for 3-D Secure can be abandoned.", booking)
            }
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: try BookingRecord.savedBody(db, id: id, version: booking.version)
                    ?? JSONResponse.encode(booking.body(hold: hold)))
        }
    }
}
