import BookingHTTPServer
import BookingSQLite
import Foundation

extension SandboxHandler {
    /// `POST /v1/bookings/close-key {idempotencyKey}`: closes a key of
    /// `POST /v1/bookings` for the client that can no longer send its
    /// request (after a restart the payment method is not in memory).
    ///
    /// A booking made under the key answers `USED` with that booking (read
    /// as `GET /v1/bookings?attempt=` would). Otherwise the key is closed
    /// (`CLOSED`): any request that arrives under it later is 409
    /// IDEMPOTENCY_KEY_CLOSED and never runs, so "not paid" is certain at
    /// once. A request still running under the key keeps it: 409
    /// IDEMPOTENCY_KEY_IN_USE, nothing closed (ask again). Closing is safe
    /// to repeat: a closed key answers `CLOSED` again. Keys are the
    /// account's own: another account's key is a key this account never used.
    func closeBookingKey(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let body = try RequestBody(request.body, allowed: ["idempotencyKey"])
        let key = try body.string("idempotencyKey", maxLength: 255)
        guard Identifier.isValidIdempotencyKey(key) else {
            throw APIError.validation(
                field: "idempotencyKey", "idempotencyKey must be an Idempotency-Key: 1 to 255 visible ASCII characters."
            )
        }
        return try await performRead(faults: faults) { db, now in
            if let booking = try BookingRecord.load(db, idempotencyKey: key, account: account) {
                recordLookup(of: booking.bookingId)
                let current = try currentBody(booking, db: db, now: now, stale: false)
                guard let made = JSONResponse.decode(BookingBody.self, from: current.body) else {
                    throw APIError.internalError
                }
                return JSONResponse.make(status: 200, KeyClosureBody(idempotencyKey: key, state: .used, booking: made))
            }
            let closing = try IdempotencyRecords.close(
                db, account: account, endpoint: Route.createBooking.endpoint, key: key, now: now)
            guard closing == .closed else {
                throw APIError(
                    status: 409, code: "IDEMPOTENCY_KEY_IN_USE",
                    message: "A payment with this Idempotency-Key is still running; the key is not closed. Ask again.")
            }
            paymentMethodStats.keyClosedWithoutBooking()
            return JSONResponse.make(status: 200, KeyClosureBody(idempotencyKey: key, state: .closed, booking: nil))
        }
    }
}
