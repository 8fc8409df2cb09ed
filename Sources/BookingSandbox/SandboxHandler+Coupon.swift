import BookingCore
import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/holds/{holdId}/coupon {code}` (no Idempotency-Key: a code
    /// applied is a set, and nothing moves money): the hold re-quoted at the
    /// discounted price, with a new `quoteId`, its `couponCode` and version
    /// one higher; a booking paid on it is charged that price. The same code
    /// again answers the hold as it is. 400 VALIDATION_ERROR for a code that
    /// is not 1 to 32 letters and digits (matched without case); 404
    /// NOT_FOUND for an unknown hold or another account's; 404
    /// COUPON_UNKNOWN; 409 COUPON_EXPIRED, COUPON_NOT_APPLICABLE (another
    /// place's code), COUPON_ALREADY_USED (a once-per-account code on a
    /// booking of the account that is confirmed or being paid, see
    /// `isUsed`), COUPON_ALREADY_APPLIED (another
    /// code is on the hold), HOLD_EXPIRED or HOLD_ALREADY_BOOKED: the hold
    /// unchanged.
    func applyCoupon(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws
        -> HTTPResponse
    {
        let body = try RequestBody(request.body, allowed: ["code"])
        let code = try body.string("code", maxLength: 32).uppercased()
        guard !code.isEmpty, code.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) }) else {
            throw APIError.validation(field: "code", "code is not a coupon code (letters and digits).")
        }
        guard Identifier.isValid(id, prefix: Identifier.hold) else { throw APIError.notFound("Hold") }
        return try await performRead(faults: faults) { db, now in
            var hold = try unbookedHold(
                id: id, account: account, db: db, now: now, message: "A booking holds this room already.")
            let maximumExtensions = configuration.maximumHoldExtensions
            if hold.couponCode == code {
                return JSONResponse.make(status: 200, hold.body(now: now, maximumExtensions: maximumExtensions))
            }
            guard !hold.isExpired(now: now) else {
                throw APIError(status: 409, code: "HOLD_EXPIRED", message: "The hold expired; search again.")
            }
            if let applied = hold.couponCode {
                throw APIError(
                    status: 409, code: "COUPON_ALREADY_APPLIED",
                    message: "The code \(applied) is applied to this hold already; a hold takes one code.")
            }
            let coupon = try usableCoupon(code, for: hold, db: db, now: now)
            guard let property = inventory.property(id: hold.offer.propertyId) else { throw APIError.internalError }
            let price = coupon.discounted(hold.price, taxBasisPoints: property.city.taxBasisPoints)
            let epoch = try Self.offerEpoch(db, offerId: hold.offerId)
            hold.price = price
            hold.quoteId = inventory.quoteID(offerId: hold.offerId, price: price, epoch: epoch)
            hold.couponCode = coupon.code
            hold.version += 1
            try db.run(
                "UPDATE hold SET price_json = ?, total_amount = ?, quote_id = ?, coupon_code = ?, version = ? WHERE hold_id = ?",
                [
                    .text(JSONResponse.text(price)), .integer(price.total.amount), .text(hold.quoteId),
                    .text(coupon.code), .integer(hold.version), .text(hold.holdId),
                ])
            return JSONResponse.make(status: 200, hold.body(now: now, maximumExtensions: maximumExtensions))
        }
    }

    /// The coupon `code`, when `hold` may take it now; the named refusal otherwise.
    private func usableCoupon(_ code: String, for hold: HoldRecord, db: Database, now: Int64) throws -> SandboxCoupon {
        guard let coupon = SandboxCoupon.named(code) else {
            throw APIError(status: 404, code: "COUPON_UNKNOWN", message: "There is no coupon \(code).")
        }
        switch coupon.rule {
        case .anyHold: break
        case .until(let end):
            guard now < end else {
                throw APIError(status: 409, code: "COUPON_EXPIRED", message: "The coupon \(code) has expired.")
            }
        case .place(let placeId):
            guard hold.property.placeId == placeId else {
                throw APIError(
                    status: 409, code: "COUPON_NOT_APPLICABLE", message: "The coupon \(code) is not for this room.")
            }
        case .oncePerAccount:
            if try isUsed(code, account: hold.account, db: db, now: now) { throw Self.alreadyUsed(code) }
        }
        return coupon
    }

    /// At payment (`POST /v1/bookings`, inside its keyed transaction): a
    /// hold carrying a once-per-account code is refused with 409
    /// COUPON_ALREADY_USED when another booking of the account paid with
    /// the code is confirmed or being paid. A code is applied to holds
    /// before anything is paid, so checked only then it let every hold it
    /// was applied to be paid at the discount (issue 36). The refusal is
    /// stored under the key like any business answer: nothing is charged,
    /// and the hold stays as it is.
    func checkCouponAtPayment(_ hold: HoldRecord, db: Database, now: Int64) throws {
        guard let code = hold.couponCode, SandboxCoupon.named(code)?.rule == .oncePerAccount else { return }
        if try isUsed(code, account: hold.account, db: db, now: now) { throw Self.alreadyUsed(code) }
    }

    /// Whether a booking of `account` paid with `code` is confirmed, charged
    /// (3-D Secure passed, `PROCESSING` until read) or waiting for 3-D
    /// Secure on a hold still live: one that will be charged the discount
    /// unless its payment fails. Checked in the transaction that would add
    /// another, so at most one booking per account is ever charged it (a
    /// cancelled one no longer counts: its money went back).
    private func isUsed(_ code: String, account: String, db: Database, now: Int64) throws -> Bool {
        let statement = try db.cachedStatement(
            """
            SELECT b.state, b.charged, b.hold_id FROM booking b JOIN hold h ON h.hold_id = b.hold_id
            WHERE b.account = ? AND h.coupon_code = ? AND b.state IN ('CONFIRMED', 'PROCESSING', 'ACTION_REQUIRED')
            """)
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        try statement.bind(code, at: 2)
        var waiting: [String] = []
        var used = false
        try statement.forEachRow { row in
            switch row.string(at: 0) {
            case BookingStatus.confirmed.rawValue: used = true
            case BookingStatus.processing.rawValue: used = used || row.int64(at: 1) == 1
            default: waiting.append(row.string(at: 2))
            }
        }
        if used { return true }
        for holdId in waiting {
            if let hold = try HoldRecord.load(db, id: holdId, account: account), !hold.isExpired(now: now) {
                return true
            }
        }
        return false
    }

    private static func alreadyUsed(_ code: String) -> APIError {
        APIError(
            status: 409, code: "COUPON_ALREADY_USED",
            message: "The coupon \(code) is once per account, and a booking of this account was paid with it already.")
    }
}
