import BookingHTTPServer
import BookingSQLite

extension SandboxHandler {
    /// `GET /v1/places/suggest?q=`: cities whose name or country has a word
    /// starting with `q` (trimmed, 1...64 characters).
    func suggestPlaces(_ request: HTTPRequest, faults: FaultSet) async throws -> HTTPResponse {
        let query = try QueryParameters(request, allowed: ["q"])
        let text = try query.required("q", maxLength: 256).trimmingCharacters(in: .whitespaces)
        guard (1...64).contains(text.count) else {
            throw APIError.validation(field: "q", "Query parameter 'q' must have 1 to 64 characters besides spaces.")
        }
        let places = inventory.suggest(text)
        return try await performRead(faults: faults) { _, _ in
            JSONResponse.make(status: 200, PlaceList(items: places))
        }
    }

    /// `GET /v1/offers`: by `placeId` or by `bbox`, for dates and guests, a
    /// page at a time (`limit`, opaque `cursor`).
    func offers(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let query = try QueryParameters(
            request,
            allowed: Set(["placeId", "bbox", "checkIn", "checkOut", "guests", "cursor", "limit"])
                .union(OfferFilter.parameters))
        let filter = try OfferFilter(query)
        let properties: [Inventory.Property]
        let scope: String
        switch (query["placeId"], query["bbox"]) {
        case (.some, .some), (nil, nil):
            throw APIError.validation(field: "placeId", "Give exactly one of 'placeId' and 'bbox'.")
        case (.some, nil):
            let placeId = try query.required("placeId", maxLength: 64)
            guard let city = inventory.city(placeId: placeId) else { throw APIError.notFound("Place '\(placeId)'") }
            properties = inventory.properties.filter { $0.body.placeId == city.place.placeId }
            scope = "place=\(placeId)"
        case (nil, .some):
            let box = try BoundingBox(try query.required("bbox", maxLength: 128))
            properties = inventory.properties.filter { box.contains(lat: $0.body.lat, lon: $0.body.lon) }
            scope = "bbox=\(box.minLon),\(box.minLat),\(box.maxLon),\(box.maxLat)"
        }
        let checkIn = try query.date("checkIn")
        let checkOut = try query.date("checkOut")
        let guests = try query.integer("guests", in: SearchLimits.guests)
        try validateStay(checkIn: checkIn, checkOut: checkOut, now: now)
        let limit = try query.integer("limit", in: SearchLimits.pageSize, default: SearchLimits.defaultPageSize)
        let fingerprint =
            "offers|\(scope)|\(checkIn.isoString)|\(checkOut.isoString)|\(guests)|\(filter.fingerprint)"
        let keys = inventory.offerKeys(properties: properties, checkIn: checkIn, checkOut: checkOut, guests: guests)
            .filter { key in inventory.room(for: key).map { filter.admits($0.0) } ?? false }
        let offset =
            try query["cursor"].map { (cursor: String) throws(APIError) in try Cursor.offset(cursor, query: fingerprint)
            } ?? 0
        guard offset <= keys.count else {
            throw APIError(status: 400, code: "INVALID_CURSOR", message: "The cursor is not one this list gave out.")
        }
        return try await performRead(faults: faults) { db, now in
            let quotedAt = CalendarDay.timestamp(unixMilliseconds: now)
            // The price filter reads each offer's current price, so the list
            // (and its pages) holds exactly what the filters say.
            // So does the free-cancellation filter, with the terms as they stand now.
            var priced: [(Inventory.Property, Inventory.Room, OfferKey, PriceBody, Int64)] = []
            for key in keys {
                guard let (property, room) = inventory.room(for: key) else { continue }
                let epoch = try Self.offerEpoch(db, offerId: key.id)
                let price = inventory.price(property: property, room: room, key: key, epoch: epoch)
                let terms = Self.cancellation(property, room, key, price)
                if filter.admits(price, terms, now: now) { priced.append((property, room, key, price, epoch)) }
            }
            let page = priced[min(offset, priced.count)..<min(priced.count, offset + limit)]
            let nextCursor =
                offset + limit < priced.count ? Cursor.make(query: fingerprint, offset: offset + limit) : nil
            var items: [OfferBody] = []
            for (property, room, key, price, epoch) in page {
                items.append(
                    OfferBody(
                        OfferFields(
                            offerId: key.id, quoteId: inventory.quoteID(offerId: key.id, price: price, epoch: epoch),
                            quotedAt: quotedAt),
                        stay: StayBody(
                            property: property.body, room: room.body, checkIn: checkIn.isoString,
                            checkOut: checkOut.isoString, guests: guests, price: price,
                            cancellation: Self.cancellation(property, room, key, price))))
            }
            return JSONResponse.make(status: 200, Page(items: items, nextCursor: nextCursor))
        }
    }

    /// Checks a stay: check-out after check-in, 1...30 nights, check-in not
    /// before yesterday (UTC, so every time zone's today is allowed) and at
    /// most 550 days ahead.
    func validateStay(checkIn: CalendarDay, checkOut: CalendarDay, now: Int64) throws {
        let nights = checkOut.dayNumber - checkIn.dayNumber
        guard nights >= 1 else { throw APIError.validation(field: "checkOut", "checkOut must be after checkIn.") }
        guard nights <= Int64(SearchLimits.nights.upperBound) else {
            throw APIError.validation(field: "checkOut", "A stay is at most \(SearchLimits.nights.upperBound) nights.")
        }
        let today = CalendarDay(unixMilliseconds: now).dayNumber
        // A night that has begun is not for sale: the first night must be
        // today or later (UTC days, the sandbox's clock).
        guard checkIn.dayNumber >= today else { throw APIError.validation(field: "checkIn", "checkIn is in the past.") }
        guard checkIn.dayNumber <= today + SearchLimits.daysAhead else {
            throw APIError.validation(field: "checkIn", "checkIn is more than \(SearchLimits.daysAhead) days ahead.")
        }
    }

    /// The terms of cancelling an offer's stay at `price`.
    static func cancellation(
        _ property: Inventory.Property, _ room: Inventory.Room, _ key: OfferKey, _ price: PriceBody
    )
        -> CancellationPolicyBody
    {
        .forStay(roomType: room.body.type, placeId: property.body.placeId, checkIn: key.checkIn, price: price)
    }

    /// How many times the offer's price moved.
    static func offerEpoch(_ db: Database, offerId: String) throws -> Int64 {
        if case .integer(let epoch) = try db.scalar(
            "SELECT epoch FROM offer_epoch WHERE offer_id = ?", [.text(offerId)])
        {
            return epoch
        }
        return 0
    }
}
