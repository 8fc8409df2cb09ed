import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `POST /v1/holds {offerId, quoteId}`: keeps the room for the hold TTL
    /// at the quoted price, at most until the check-in day ends (400
    /// VALIDATION_ERROR when that day is already past). 409 PRICE_CHANGED (with the new price and quote)
    /// when the quote is not the offer's current one, 409 SOLD_OUT when every
    /// room of the type is taken for a night of the stay.
    func createHold(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let key = try idempotencyKey(request)
        let body = try RequestBody(request.body, allowed: ["offerId", "quoteId"])
        let offerId = try body.string("offerId", maxLength: 64)
        guard let offer = OfferKey(id: offerId) else {
            throw APIError.validation(field: "offerId", "offerId is not an offer id.")
        }
        let quoteId = try body.string("quoteId", maxLength: 64)
        guard Identifier.isValid(quoteId, prefix: Identifier.quote) else {
            throw APIError.validation(field: "quoteId", "quoteId is not a quote id.")
        }
        try validateStay(checkIn: offer.checkIn, checkOut: offer.checkOut, now: now)
        let command = Command(route: .createHold, key: key, fingerprint: "offerId=\(offerId)&quoteId=\(quoteId)")
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            guard let (property, room) = inventory.room(for: offer) else {
                throw APIError.notFound("Offer '\(offerId)'")
            }
            var epoch = try Self.offerEpoch(db, offerId: offerId)
            if faults.contains(.priceChanged) {
                epoch += 1
                try db.run(
                    "INSERT INTO offer_epoch (offer_id, epoch) VALUES (?, ?) ON CONFLICT (offer_id) DO UPDATE SET epoch = excluded.epoch",
                    [.text(offerId), .integer(epoch)])
            }
            let price = inventory.price(property: property, room: room, key: offer, epoch: epoch)
            let currentQuote = inventory.quoteID(offerId: offerId, price: price, epoch: epoch)
            guard currentQuote == quoteId else {
                var error = APIError(
                    status: 409, code: "PRICE_CHANGED",
                    message: "The price changed; accept the new price and quote, or go back.")
                error.detail.price = price
                error.detail.quoteId = currentQuote
                // Returned, not thrown: the price move commits with the answer.
                return error.response
            }
            let taken = try HoldRecord.roomsTaken(
                db, propertyId: property.body.id, roomType: room.body.type, checkIn: offer.checkIn,
                checkOut: offer.checkOut, now: now)
            if faults.contains(.soldOut) || taken >= room.units {
                throw APIError(status: 409, code: "SOLD_OUT", message: "No room of this type is left for these dates.")
            }
            let hold = HoldRecord(
                holdId: try ids.newID(prefix: Identifier.hold, db).id, account: account, offer: offer,
                quoteId: quoteId, price: price, property: property.body, room: room.body,
                createdAtMs: now,
                expiresAtMs: HoldRecord.expiry(
                    now: now, ttl: configuration.holdTTLMilliseconds, checkIn: offer.checkIn),
                extensions: 0, version: 1)
            try hold.insert(db)
            return JSONResponse.make(
                status: 201, hold.body(now: now, maximumExtensions: configuration.maximumHoldExtensions))
        }
    }

    /// `GET /v1/holds`: the account's live holds (`HELD`, time left, no
    /// booking using the room), newest first, at most 20, whichever device
    /// made them: so another device of the account can show a room held
    /// elsewhere, pay it or let it go. Each hold's booking is settled first
    /// (a failed payment frees its hold).
    func liveHolds(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        _ = try QueryParameters(request, allowed: [])
        return try await performRead(faults: faults) { db, now in
            var live: [HoldBody] = []
            for var hold in try HoldRecord.unexpired(db, account: account, now: now) {
                try settleBooking(of: &hold, db: db, now: now)
                guard hold.state(now: now) == .held else { continue }
                live.append(hold.body(now: now, maximumExtensions: configuration.maximumHoldExtensions))
                if live.count == Self.liveHoldLimit { break }
            }
            return JSONResponse.make(status: 200, Page(items: live, nextCursor: nil))
        }
    }

    /// The most holds `GET /v1/holds` lists.
    static let liveHoldLimit = 20

    /// `GET /v1/holds/{holdId}`: the hold read again, `expiresInMs` computed now.
    /// Reading does not extend it; `POST /v1/holds/{holdId}/extend` does.
    func readHold(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        _ = try QueryParameters(request, allowed: [])
        guard Identifier.isValid(id, prefix: Identifier.hold) else { throw APIError.notFound("Hold") }
        return try await performRead(faults: faults) { db, now in
            guard var hold = try HoldRecord.load(db, id: id, account: account) else { throw APIError.notFound("Hold") }
            try settleBooking(of: &hold, db: db, now: now)
            return JSONResponse.make(
                status: 200, hold.body(now: now, maximumExtensions: configuration.maximumHoldExtensions))
        }
    }

    /// `POST /v1/holds/{holdId}/extend` (body empty or `{}`): the hold runs
    /// for a full TTL from now, at most `maximumHoldExtensions` times. 409
    /// HOLD_EXPIRED, HOLD_ALREADY_BOOKED or HOLD_EXTENSION_LIMIT otherwise.
    func extendHold(id: String, request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        try await changeUnbookedHold(
            .extendHold(id: id), id: id, request: request, account: account, faults: faults,
            bookedMessage: "A booking holds this room already."
        ) { hold, db, now in
            guard !hold.isExpired(now: now) else {
                throw APIError(status: 409, code: "HOLD_EXPIRED", message: "The hold expired; search again.")
            }
            guard hold.extensions < configuration.maximumHoldExtensions else {
                throw APIError(
                    status: 409, code: "HOLD_EXTENSION_LIMIT", message: "This hold cannot be extended again.")
            }
            hold.extensions += 1
            hold.version += 1
            hold.expiresAtMs = HoldRecord.expiry(
                now: now, ttl: configuration.holdTTLMilliseconds, checkIn: hold.checkIn)
            try hold.update(db)
        }
    }

    /// A command on hold `id` (`route`, body empty or `{}`, under the
    /// request's idempotency key): `change` gets the hold when no booking
    /// holds its room (404 when there is no such hold, 409
    /// HOLD_ALREADY_BOOKED saying `bookedMessage` otherwise) and saves what
    /// it changes; the answer is the hold as it leaves it.
    func changeUnbookedHold(
        _ route: Route, id: String, request: HTTPRequest, account: String, faults: FaultSet, bookedMessage: String,
        change: (inout HoldRecord, Database, Int64) throws -> Void
    ) async throws -> HTTPResponse {
        let key = try idempotencyKey(request)
        _ = try RequestBody(request.body, allowed: [], emptyIsObject: true)
        guard Identifier.isValid(id, prefix: Identifier.hold) else { throw APIError.notFound("Hold") }
        let command = Command(route: route, key: key, fingerprint: "holdId=\(id)")
        return try await performIdempotent(command, account: account, faults: faults) { db, now in
            var hold = try unbookedHold(id: id, account: account, db: db, now: now, message: bookedMessage)
            try change(&hold, db, now)
            return JSONResponse.make(
                status: 200, hold.body(now: now, maximumExtensions: configuration.maximumHoldExtensions))
        }
    }

    /// Settles the booking that holds `hold`'s room, if any, so the hold's
    /// state is current (a failed or expired booking frees it).
    /// Hold `id` of `account` with its booking settled, when no booking
    /// holds its room: 404 when there is no such hold, 409
    /// HOLD_ALREADY_BOOKED (saying `message`, naming the booking) otherwise.
    func unbookedHold(id: String, account: String, db: Database, now: Int64, message: String) throws -> HoldRecord {
        guard var hold = try HoldRecord.load(db, id: id, account: account) else { throw APIError.notFound("Hold") }
        try settleBooking(of: &hold, db: db, now: now)
        if let bookingId = hold.bookingId {
            var error = APIError(status: 409, code: "HOLD_ALREADY_BOOKED", message: message)
            error.detail.bookingId = bookingId
            throw error
        }
        return hold
    }

    func settleBooking(of hold: inout HoldRecord, db: Database, now: Int64) throws {
        guard let bookingId = hold.bookingId,
            var booking = try BookingRecord.load(db, id: bookingId, account: hold.account)
        else { return }
        try settle(&booking, hold: &hold, db: db, now: now)
    }
}
