import BookingCore
import BookingHTTPServer
import BookingSQLite
import Foundation

extension SandboxHandler {
    /// `POST /v1/bookings {holdId, paymentToken, returnUrl?, guest?, ifStayNotBooked?}`: pays
    /// for a hold. `guest` is checked by `GuestDetails`'s rule (400
    /// VALIDATION_ERROR naming `guest.<field>`), saved trimmed, echoed on
    /// every answer about the booking, and part of what the key is bound to.
    ///
    /// `tok_visa` is charged and `CONFIRMED` at once; `tok_chargeDeclined` is
    /// `FAILED` (the hold stays free for another attempt, with a new key);
    /// `tok_threeDSecureRequired` is `ACTION_REQUIRED` with `nextAction`;
    /// `tok_processingError` is `PROCESSING`, then `FAILED` when next read. An
    /// expired hold gives a booking in state `EXPIRED` (nothing charged). A
    /// hold another booking is using is 409 HOLD_ALREADY_BOOKED; a hold whose
    /// once-per-account coupon another booking of the account was paid with
    /// is 409 COUPON_ALREADY_USED; with `ifStayNotBooked: true`, a stay the
    /// account has booked already through another hold is 409
    /// STAY_ALREADY_BOOKED (`checkStayNotBooked`). `returnUrl` is where the 3-D Secure page
    /// sends the browser back (see `ReturnURL`).
    func createBooking(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let key = try idempotencyKey(request)
        let body = try RequestBody(
            request.body, allowed: ["holdId", "paymentToken", "returnUrl", "guest", "ifStayNotBooked"])
        let holdId = try body.string("holdId", maxLength: 64)
        guard Identifier.isValid(holdId, prefix: Identifier.hold) else {
            throw APIError.validation(field: "holdId", "holdId is not a hold id.")
        }
        let tokenText = try body.string("paymentToken", maxLength: 64)
        guard let token = SandboxToken(rawValue: tokenText) else {
            var error = APIError(
                status: 400, code: "INVALID_PAYMENT_TOKEN",
                message:
                    "Use one of the sandbox tokens: \(SandboxToken.allCases.map(\.rawValue).joined(separator: ", ")).")
            error.detail.field = "paymentToken"
            throw error
        }
        let returnURL = try body.optionalString("returnUrl", maxLength: ReturnURL.maximumLength)
        if let returnURL, !ReturnURL.isValid(returnURL) {
            throw APIError.validation(
                field: "returnUrl", "returnUrl must be an https:// or app-scheme URL of printable ASCII characters.")
        }
        let guest = try GuestBody.read(body)
        let ifStayNotBooked = try body.optionalBool("ifStayNotBooked")
        let origin = origin(of: request) ?? .fallback
        let command = Command(
            route: .createBooking, key: key,
            fingerprint: "holdId=\(holdId)&paymentToken=\(tokenText)&returnUrl=\(returnURL ?? "")"
                + (guest.map { "&guest=\($0.json)" } ?? "") + (ifStayNotBooked ? "&ifStayNotBooked=true" : ""))
        let kind = PaymentMethodKind(token: PaymentToken(token.rawValue))
        let cohort = try requestCohort(request)
        var made: String?
        defer { recordBooking(made, kind: kind, cohort: cohort) }
        return try await performIdempotent(
            command, account: account, faults: faults, replayed: { self.recordReplay(of: $0) }
        ) { db, now in
            try checkPaymentMethod(token, cohort: cohort)
            var hold = try unbookedHold(
                id: holdId, account: account, db: db, now: now, message: "Another booking holds this room already.")
            if !hold.isExpired(now: now) {
                try checkCouponAtPayment(hold, db: db, now: now)
                if ifStayNotBooked { try checkStayNotBooked(hold, db: db) }
            }
            let (bookingId, seq) = try ids.newID(prefix: Identifier.booking, db)
            let challengeToken = ids.challengeToken(sequence: seq)
            var booking = BookingRecord(
                bookingId: bookingId, seq: seq, account: account, holdId: holdId, idempotencyKey: key, token: token,
                state: .expired, version: 1, charged: false, createdAtMs: now, updatedAtMs: now, returnURL: returnURL,
                challengeURL: ChallengePage.url(origin: origin, bookingId: bookingId, token: challengeToken),
                storedVoucherCode: ids.voucherCode(sequence: seq), challengeToken: challengeToken, guest: guest)
            if !hold.isExpired(now: now) {
                switch token {
                case .visa, .walletVisa:
                    booking.state = .confirmed
                    booking.charged = true
                case .chargeDeclined: booking.state = .failed
                case .threeDSecureRequired: booking.state = .actionRequired
                case .processingError: booking.state = .processing
                }
                if booking.state != .failed {
                    hold.bookingId = bookingId
                    hold.version += 1
                    try hold.update(db)
                }
            }
            try booking.insert(db, hold: hold)
            made = bookingId
            if booking.charged {
                try Ledger.record(.charge, db, booking: booking, hold: hold, ids: ids, now: now)
            }
            return JSONResponse.make(status: 201, booking.body(hold: hold))
        }
    }

    /// `GET /v1/bookings/{bookingId}`: the booking now (a processing payment
    /// settles when read). Fault `stale-version` answers the version before.
    func readBooking(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        _ = try QueryParameters(request, allowed: [])
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        return try await performRead(faults: faults) { db, now in
            guard let booking = try BookingRecord.load(db, id: id, account: account) else {
                throw APIError.notFound("Booking")
            }
            return try currentBody(booking, db: db, now: now, stale: faults.contains(.staleVersion))
        }
    }

    /// `GET /v1/bookings?attempt=<key>`: the booking made under that
    /// idempotency key by this account (404 if none), and
    /// `GET /v1/bookings?limit=&cursor=`: the account's bookings, oldest first.
    func listBookings(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let query = try QueryParameters(request, allowed: ["attempt", "limit", "cursor"])
        let stale = faults.contains(.staleVersion)
        if let attempt = query["attempt"] {
            guard query["limit"] == nil, query["cursor"] == nil else {
                throw APIError.validation(field: "attempt", "'attempt' cannot be combined with 'limit' or 'cursor'.")
            }
            guard Identifier.isValidIdempotencyKey(attempt) else {
                throw APIError.validation(
                    field: "attempt", "'attempt' must be an Idempotency-Key: 1 to 255 visible ASCII characters.")
            }
            return try await performRead(faults: faults) { db, now in
                guard let booking = try BookingRecord.load(db, idempotencyKey: attempt, account: account) else {
                    throw APIError.notFound("A booking for this attempt")
                }
                recordLookup(of: booking.bookingId)
                return try currentBody(booking, db: db, now: now, stale: stale)
            }
        }
        let limit = try query.integer("limit", in: 1...100, default: 50)
        let fingerprint = "bookings|\(account)"
        let offset =
            try query["cursor"].map { (cursor: String) throws(APIError) in try Cursor.offset(cursor, query: fingerprint)
            } ?? 0
        return try await performRead(faults: faults) { db, now in
            let (records, more) = try BookingRecord.page(db, account: account, offset: offset, limit: limit)
            var items: [BookingBody] = []
            for booking in records {
                let response = try currentBody(booking, db: db, now: now, stale: stale)
                guard let body = JSONResponse.decode(BookingBody.self, from: response.body) else {
                    throw APIError.internalError
                }
                items.append(body)
            }
            let next = more ? Cursor.make(query: fingerprint, offset: offset + limit) : nil
            return JSONResponse.make(status: 200, Page(items: items, nextCursor: next))
        }
    }

    /// Settles `booking` and answers its saved body (the one before, for `stale`).
    func currentBody(_ booking: BookingRecord, db: Database, now: Int64, stale: Bool) throws -> HTTPResponse {
        var booking = booking
        guard var hold = try HoldRecord.load(db, id: booking.holdId, account: booking.account) else {
            throw APIError.internalError
        }
        try settle(&booking, hold: &hold, db: db, now: now)
        let version = stale && booking.version > 1 ? booking.version - 1 : booking.version
        guard let body = try BookingRecord.savedBody(db, id: booking.bookingId, version: version) else {
            throw APIError.internalError
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Moves a booking on as the payment processor would by the time it is
    /// read: a processing payment completes (3-D Secure passed: `CONFIRMED`;
    /// `tok_processingError`: `FAILED`), and a booking still awaiting
    /// 3-D Secure when its hold runs out is `EXPIRED`. A booking that ends
    /// frees its hold's room. A cancelled booking's `PENDING` refund whose
    /// time has come is `SUCCEEDED`, as a new version.
    func settle(_ booking: inout BookingRecord, hold: inout HoldRecord, db: Database, now: Int64) throws {
        let next: BookingStatus
        switch booking.state {
        case .cancelled:
            guard let settled = try Ledger.settleRefund(db, bookingId: booking.bookingId, now: now) else { return }
            booking.refund = settled
            next = .cancelled
        case .processing: next = booking.charged ? .confirmed : .failed
        case .actionRequired where hold.isExpired(now: now): next = .expired
        default: return
        }
        if next != .confirmed && next != .cancelled && hold.bookingId == booking.bookingId {
            hold.bookingId = nil
            hold.version += 1
            try hold.update(db)
        }
        try booking.move(to: next, now: now, db: db, hold: hold)
    }
}
