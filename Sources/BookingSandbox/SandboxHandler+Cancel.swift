import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/bookings/{bookingId}/cancel {version}`: cancels a confirmed
    /// booking whose current version is `version` (409 VERSION_CONFLICT with
    /// the current version otherwise; 409 BOOKING_NOT_CANCELLABLE when it is
    /// not confirmed). The charge is refunded and the answer carries the
    /// refund: `SUCCEEDED`, or `PENDING` for a minute of the sandbox's clock
    /// when the request says `Sandbox-Refund: pending` (settled by the first
    /// read after it, as a new version).
    func cancelBooking(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse
    {
        let key = try idempotencyKey(request)
        let body = try RequestBody(request.body, allowed: ["version"])
        let version = try body.integer("version", in: 1...Int64(Int32.max))
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        let pendingRefund = try Self.pendingRefund(request)
        let command = Command(
            route: .cancelBooking(id: id), key: key, fingerprint: "bookingId=\(id)&version=\(version)")
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            var (booking, hold) = try confirmedBooking(
                id: id, account: account, db: db, now: now,
                refusal: ("BOOKING_NOT_CANCELLABLE", "Only a confirmed booking can be cancelled."))
            guard booking.version == version else {
                var error = APIError(
                    status: 409, code: "VERSION_CONFLICT",
                    message: "The booking changed; read it again and retry with its current version.")
                error.detail.version = booking.version
                throw error
            }
            booking.refund = try Ledger.refund(
                db, booking: booking, hold: hold, ids: ids, now: now,
                settlesAt: pendingRefund ? now + Ledger.pendingRefundMilliseconds : nil)
            try booking.move(to: .cancelled, now: now, db: db, hold: hold)
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: try BookingRecord.savedBody(db, id: id, version: booking.version)
                    ?? JSONResponse.encode(booking.body(hold: hold)))
        }
    }

    /// Whether the cancel asks for a refund left `PENDING` (`Sandbox-Refund:
    /// pending`, a sandbox option); any other value of the header is a 400.
    static func pendingRefund(_ request: HTTPRequest) throws -> Bool {
        guard let value = request.headers["Sandbox-Refund"] else { return false }
        guard value == "pending" else {
            throw APIError.validation(field: "Sandbox-Refund", "'Sandbox-Refund' must be 'pending'.")
        }
        return true
    }
}
