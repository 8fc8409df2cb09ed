import BookingHTTPServer

extension SandboxHandler {
    /// `GET /v1/offers/pins?bbox=&zoom=&checkIn=&checkOut=&guests=`: the
    /// properties in a map viewport with a room for the stay, grouped by
    /// zoom (`PinGrouping`), each with its lowest total. The box is checked
    /// as `GET /v1/offers` checks it (no wrap across the antimeridian: a
    /// client asks for the two halves), the stay as a search's.
    func offerPins(_ request: HTTPRequest, faults: FaultSet) async throws -> HTTPResponse {
        let query = try QueryParameters(request, allowed: ["bbox", "zoom", "checkIn", "checkOut", "guests"])
        let box = try BoundingBox(try query.required("bbox", maxLength: 128))
        let zoom = try query.integer("zoom", in: PinGrouping.zooms)
        let checkIn = try query.date("checkIn")
        let checkOut = try query.date("checkOut")
        let guests = try query.integer("guests", in: SearchLimits.guests)
        try validateStay(checkIn: checkIn, checkOut: checkOut, now: now)
        let properties = inventory.properties.filter { box.contains(lat: $0.body.lat, lon: $0.body.lon) }
        let keys = inventory.offerKeys(properties: properties, checkIn: checkIn, checkOut: checkOut, guests: guests)
        return try await performRead(faults: faults) { db, _ in
            // Each property's lowest total at the prices a search lists now.
            var lowest: [String: MoneyBody] = [:]
            for key in keys {
                guard let (property, room) = inventory.room(for: key) else { continue }
                let epoch = try Self.offerEpoch(db, offerId: key.id)
                let total = inventory.price(property: property, room: room, key: key, epoch: epoch).total
                if lowest[key.propertyId].map({ total.amount < $0.amount }) ?? true { lowest[key.propertyId] = total }
            }
            let members = properties.compactMap { property in
                lowest[property.body.id].map { PinGrouping.Member(property: property.body, lowestPrice: $0) }
            }
            return JSONResponse.make(status: 200, PinGrouping.group(members, zoom: zoom))
        }
    }
}
