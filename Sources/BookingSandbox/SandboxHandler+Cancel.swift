import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/bookings/{bookingId}/cancellation-quotes` (no body, no
    /// Idempotency-Key: a quote moves nothing): what cancelling the booking
    /// now gives back and keeps (`Ledger.cancellationTerms`, the figures a
    /// cancel records), for its current version, for
    /// `CancellationQuote.lifetimeMilliseconds`. 404 for an unknown booking
    /// or another account's; 409 BOOKING_NOT_CANCELLABLE (with `state`,
    /// `version`) unless it is confirmed.
    func quoteCancellation(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws
        -> HTTPResponse
    {
        _ = try RequestBody(request.body, allowed: [], emptyIsObject: true)
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        return try await performRead(faults: faults) { db, now in
            let (booking, hold) = try cancellableBooking(id: id, account: account, db: db, now: now)
            let quote = try CancellationQuote.make(
                for: booking, terms: Ledger.cancellationTerms(hold: hold, now: now), ids: ids, db: db, now: now)
            return JSONResponse.make(status: 201, quote.body)
        }
    }

    /// `POST /v1/bookings/{bookingId}/cancel {version, quoteId?}`: cancels a
    /// confirmed booking whose current version is `version` (409
    /// VERSION_CONFLICT with the current version otherwise; 409
    /// BOOKING_NOT_CANCELLABLE when it is not confirmed). The charge is
    /// refunded as `Ledger.cancellationTerms` say and the answer carries the
    /// refund: `SUCCEEDED`, or `PENDING` for a minute of the sandbox's clock
    /// when the request says `Sandbox-Refund: pending` (settled by the first
    /// read after it, as a new version).
    ///
    /// With `quoteId`, the cancel runs only at the quoted refund: 404 for an
    /// unknown quote or another account's; 409 QUOTE_MISMATCH (with the
    /// quote's `bookingId`) for another booking's; 409 QUOTE_EXPIRED, or
    /// QUOTE_CHANGED when the booking or its refund moved since, each with
    /// a new `cancellationQuote` (saved with the answer).
    func cancelBooking(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse
    {
        let key = try idempotencyKey(request)
        let body = try RequestBody(request.body, allowed: ["version", "quoteId"])
        let version = try body.integer("version", in: 1...Int64(Int32.max))
        let quoteId = try Self.cancellationQuoteId(body)
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        let pendingRefund = try Self.pendingRefund(request)
        let command = Command(
            route: .cancelBooking(id: id), key: key,
            fingerprint: "bookingId=\(id)&version=\(version)" + (quoteId.map { "&quoteId=\($0)" } ?? ""))
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            let quote = try quoteId.map { try quoteOf(id, quoteId: $0, account: account, db: db) }
            var (booking, hold) = try cancellableBooking(id: id, account: account, db: db, now: now)
            if let quote, let refusal = try staleQuoteRefusal(quote, booking: booking, hold: hold, db: db, now: now) {
                // Returned, not thrown: the new quote commits with the answer.
                return refusal.response
            }
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

    /// The booking `id` of `account` with its hold, settled, when it is
    /// confirmed: 404, or 409 BOOKING_NOT_CANCELLABLE (with `state`, `version`).
    private func cancellableBooking(id: String, account: String, db: Database, now: Int64) throws
        -> (BookingRecord, HoldRecord)
    {
        try confirmedBooking(
            id: id, account: account, db: db, now: now,
            refusal: ("BOOKING_NOT_CANCELLABLE", "Only a confirmed booking can be cancelled."))
    }

    /// The account's cancellation quote `quoteId` for booking `id`: 404 when
    /// there is none, 409 QUOTE_MISMATCH (with its `bookingId`) when it
    /// quotes another booking.
    private func quoteOf(_ id: String, quoteId: String, account: String, db: Database) throws -> CancellationQuote {
        guard let quote = try CancellationQuote.load(db, id: quoteId, account: account) else {
            throw APIError.notFound("Quote")
        }
        guard quote.bookingId == id else {
            var error = APIError(status: 409, code: "QUOTE_MISMATCH", message: "This quote is for another booking.")
            error.detail.bookingId = quote.bookingId
            throw error
        }
        return quote
    }

    /// The refusal of a quote that no longer holds, with a new quote made
    /// now: QUOTE_EXPIRED past its time, QUOTE_CHANGED when the booking is
    /// at another version or cancelling it now gives other figures; `nil`
    /// while it holds.
    private func staleQuoteRefusal(
        _ quote: CancellationQuote, booking: BookingRecord, hold: HoldRecord, db: Database, now: Int64
    ) throws -> APIError? {
        let terms = Ledger.cancellationTerms(hold: hold, now: now)
        var error: APIError
        if quote.forVersion != booking.version || quote.terms != terms {
            error = APIError(
                status: 409, code: "QUOTE_CHANGED",
                message: "The booking or its refund changed since the quote; accept the new one, or keep the booking.")
        } else if quote.isExpired(now: now) {
            error = APIError(
                status: 409, code: "QUOTE_EXPIRED",
                message: "The quote expired; accept the new one, or keep the booking.")
        } else {
            return nil
        }
        error.detail.cancellationQuote =
            try CancellationQuote.make(for: booking, terms: terms, ids: ids, db: db, now: now).body
        return error
    }

    /// The optional `quoteId` of a cancel (absent or null: none): a
    /// cancellation quote's id, 400 otherwise.
    private static func cancellationQuoteId(_ body: RequestBody) throws -> String? {
        guard let quoteId = try body.optionalString("quoteId", maxLength: 64) else { return nil }
        guard Identifier.isValid(quoteId, prefix: Identifier.cancellationQuote) else {
            throw APIError.validation(field: "quoteId", "quoteId is not a cancellation quote id.")
        }
        return quoteId
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
