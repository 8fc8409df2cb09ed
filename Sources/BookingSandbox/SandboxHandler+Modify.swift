import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/bookings/{bookingId}/modification-quotes {checkIn, checkOut}`
    /// (no Idempotency-Key: a quote moves nothing): the price of the booked
    /// room on the new dates and the difference to the total paid, for the
    /// booking's current version, for `ModificationQuote.lifetimeMilliseconds`.
    /// 400 INVALID_DATES (with `field`) for dates in the past, reversed,
    /// too long or the booking's own; 404 for an unknown booking or another
    /// account's; 409 BOOKING_NOT_MODIFIABLE unless confirmed and not begun;
    /// 409 SOLD_OUT when no room of the type is free on a new night.
    func quoteModification(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws
        -> HTTPResponse
    {
        let body = try RequestBody(request.body, allowed: ["checkIn", "checkOut"])
        let checkIn = try Self.modificationDay(body, "checkIn")
        let checkOut = try Self.modificationDay(body, "checkOut")
        try validateModification(checkIn: checkIn, checkOut: checkOut, now: now)
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        return try await performRead(faults: faults) { db, now in
            let (booking, hold) = try modifiableBooking(id: id, account: account, db: db, now: now)
            guard checkIn != hold.checkIn || checkOut != hold.checkOut else {
                var error = APIError(
                    status: 400, code: "INVALID_DATES", message: "These are the booking's dates already.")
                error.detail.field = "checkIn"
                throw error
            }
            let quote = try makeQuote(
                for: booking, hold: hold, checkIn: checkIn, checkOut: checkOut, soldOut: faults.contains(.soldOut),
                db: db, now: now)
            return JSONResponse.make(status: 201, quote.body)
        }
    }

    /// `POST /v1/bookings/{bookingId}/modifications {quoteId, version}` with
    /// an Idempotency-Key: applies the quote once. The hold's dates and price
    /// change, the booking moves to a new version, and the difference is
    /// charged or refunded once in the ledger. 409 VERSION_CHANGED (with
    /// `version`) when the booking or the quote is at another version; 409
    /// QUOTE_EXPIRED (with a new `quote` when the room is still free);
    /// 409 QUOTE_MISMATCH (with the quote's `bookingId`); 409
    /// BOOKING_NOT_MODIFIABLE, SOLD_OUT; 404 for an unknown quote or booking.
    func modifyBooking(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws
        -> HTTPResponse
    {
        let key = try idempotencyKey(request)
        let body = try RequestBody(request.body, allowed: ["quoteId", "version"])
        let quoteId = try body.string("quoteId", maxLength: 64)
        guard Identifier.isValid(quoteId, prefix: Identifier.modificationQuote) else {
            throw APIError.validation(field: "quoteId", "quoteId is not a modification quote id.")
        }
        let version = try body.integer("version", in: 1...Int64(Int32.max))
        guard Identifier.isValid(id, prefix: Identifier.booking) else { throw APIError.notFound("Booking") }
        let command = Command(
            route: .modifyBooking(id: id), key: key,
            fingerprint: "bookingId=\(id)&quoteId=\(quoteId)&version=\(version)")
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            guard let quote = try ModificationQuote.load(db, id: quoteId, account: account) else {
                throw APIError.notFound("Quote")
            }
            guard quote.bookingId == id else {
                var error = APIError(
                    status: 409, code: "QUOTE_MISMATCH", message: "This quote is for another booking.")
                error.detail.bookingId = quote.bookingId
                throw error
            }
            var (booking, hold) = try modifiableBooking(id: id, account: account, db: db, now: now)
            guard booking.version == version, quote.forVersion == version else {
                var error = APIError.wrongState(
                    "VERSION_CHANGED", "The booking changed; read it again and ask for a new quote.", booking)
                error.detail.state = nil
                throw error
            }
            guard !quote.isExpired(now: now) else {
                var error = APIError(
                    status: 409, code: "QUOTE_EXPIRED", message: "The quote expired; accept the new one, or go back.")
                error.detail.quote =
                    try? makeQuote(
                        for: booking, hold: hold, checkIn: quote.checkIn, checkOut: quote.checkOut, soldOut: false,
                        db: db, now: now
                    ).body
                // Returned, not thrown: the new quote commits with the answer.
                return error.response
            }
            let othersTaken = try hold.othersTaken(checkIn: quote.checkIn, checkOut: quote.checkOut, db: db, now: now)
            if faults.contains(.soldOut) || othersTaken >= roomUnits(hold) {
                throw APIError(status: 409, code: "SOLD_OUT", message: "No room of this type is left for these dates.")
            }
            let entryId = try Ledger.recordDifference(
                db, quote: quote, booking: booking, key: key, ids: ids, now: now)
            try hold.moveStay(checkIn: quote.checkIn, checkOut: quote.checkOut, price: quote.price, db: db)
            try booking.move(to: .confirmed, now: now, db: db, hold: hold)
            let answer = ModificationBody(
                quoteId: quote.quoteId,
                difference: MoneyBody(amount: quote.difference, currency: quote.price.total.currency),
                entryId: entryId, booking: booking.body(hold: hold))
            return JSONResponse.make(status: 200, answer)
        }
    }

    /// The booking `id` of `account` with its hold, settled, when its dates
    /// may change: 404 when there is none, 409 BOOKING_NOT_MODIFIABLE (with
    /// `state`, `version`) unless it is confirmed and its stay has not begun.
    private func modifiableBooking(id: String, account: String, db: Database, now: Int64) throws
        -> (BookingRecord, HoldRecord)
    {
        let (booking, hold) = try confirmedBooking(
            id: id, account: account, db: db, now: now,
            refusal: ("BOOKING_NOT_MODIFIABLE", "Only a confirmed booking can change its dates."))
        guard CalendarDay(unixMilliseconds: now).dayNumber < hold.checkIn.dayNumber else {
            throw APIError.wrongState(
                "BOOKING_NOT_MODIFIABLE", "The stay has begun; its dates can no longer change.", booking)
        }
        return (booking, hold)
    }

    /// A new quote for `booking` (at its version) on `checkIn..<checkOut`,
    /// saved: 409 SOLD_OUT when no other room of the type is free then.
    private func makeQuote(
        for booking: BookingRecord, hold: HoldRecord, checkIn: CalendarDay, checkOut: CalendarDay,
        soldOut: Bool, db: Database, now: Int64
    ) throws -> ModificationQuote {
        let key = OfferKey(
            propertyId: hold.offer.propertyId, roomType: hold.offer.roomType, checkIn: checkIn, checkOut: checkOut,
            guests: hold.offer.guests)
        guard let (property, room) = inventory.room(for: key) else { throw APIError.internalError }
        let othersTaken = try hold.othersTaken(checkIn: checkIn, checkOut: checkOut, db: db, now: now)
        if soldOut || othersTaken >= room.units {
            throw APIError(status: 409, code: "SOLD_OUT", message: "No room of this type is left for these dates.")
        }
        let price = inventory.price(
            property: property, room: room, key: key, epoch: try Self.offerEpoch(db, offerId: key.id))
        let quote = ModificationQuote(
            quoteId: try ids.newID(prefix: Identifier.modificationQuote, db).id,
            account: booking.account,
            bookingId: booking.bookingId, forVersion: booking.version, checkIn: checkIn, checkOut: checkOut,
            price: price,
            difference: price.total.amount - hold.price.total.amount, createdAtMs: now,
            expiresAtMs: now + ModificationQuote.lifetimeMilliseconds)
        try quote.insert(db)
        return quote
    }

    /// How many rooms of the hold's type the property has.
    private func roomUnits(_ hold: HoldRecord) -> Int {
        inventory.property(id: hold.offer.propertyId)?.room(hold.offer.roomType)?.units ?? 0
    }

    /// A date field of a modification (400 INVALID_DATES when it is not one).
    private static func modificationDay(_ body: RequestBody, _ field: String) throws -> CalendarDay {
        guard let day = CalendarDay(try body.string(field, maxLength: 10)) else {
            throw invalidDates(field, "\(field) must be a date, YYYY-MM-DD.")
        }
        return day
    }

    /// New dates a booking may move to: check-out after check-in, at most
    /// the longest stay, the first night today or later (UTC, the sandbox's
    /// clock) and not too far ahead; 400 INVALID_DATES (with `field`) otherwise.
    private func validateModification(checkIn: CalendarDay, checkOut: CalendarDay, now: Int64) throws {
        let nights = checkOut.dayNumber - checkIn.dayNumber
        guard nights >= 1 else { throw Self.invalidDates("checkOut", "checkOut must be after checkIn.") }
        guard nights <= Int64(SearchLimits.nights.upperBound) else {
            throw Self.invalidDates("checkOut", "A stay is at most \(SearchLimits.nights.upperBound) nights.")
        }
        let today = CalendarDay(unixMilliseconds: now).dayNumber
        guard checkIn.dayNumber >= today else { throw Self.invalidDates("checkIn", "checkIn is in the past.") }
        guard checkIn.dayNumber <= today + SearchLimits.daysAhead else {
            throw Self.invalidDates("checkIn", "checkIn is more than \(SearchLimits.daysAhead) days ahead.")
        }
    }

    private static func invalidDates(_ field: String, _ message: String) -> APIError {
        var error = APIError(status: 400, code: "INVALID_DATES", message: message)
        error.detail.field = field
        return error
    }

    /// The booking `id` of `account` with its hold, settled: 404 when there
    /// is none (or it is another account's), 409 `refusal.code` (with
    /// `state`, `version`) unless it is confirmed.
    func confirmedBooking(
        id: String, account: String, db: Database, now: Int64, refusal: (code: String, message: String)
    ) throws -> (BookingRecord, HoldRecord) {
        guard var booking = try BookingRecord.load(db, id: id, account: account),
            var hold = try HoldRecord.load(db, id: booking.holdId, account: account)
        else { throw APIError.notFound("Booking") }
        try settle(&booking, hold: &hold, db: db, now: now)
        guard booking.state == .confirmed else { throw APIError.wrongState(refusal.code, refusal.message, booking) }
        return (booking, hold)
    }
}
