import BookingSQLite

extension HoldRecord {
    /// Moves the room kept to other dates at `price` (a modification of
    /// its booking): the offer, dates, price and total columns change.
    mutating func moveStay(checkIn: CalendarDay, checkOut: CalendarDay, price: PriceBody, db: Database) throws {
        offer.checkIn = checkIn
        offer.checkOut = checkOut
        self.price = price
        version += 1
        try db.run(
            """
            UPDATE hold SET offer_id = ?, check_in_day = ?, check_out_day = ?, price_json = ?, total_amount = ?,
                            version = ?
            WHERE hold_id = ?
            """,
            [
                .text(offerId), .integer(checkIn.dayNumber), .integer(checkOut.dayNumber),
                .text(JSONResponse.text(price)), .integer(price.total.amount), .integer(version), .text(holdId),
            ])
    }

    /// How many other rooms of this hold's type are taken on a night of
    /// `checkIn..<checkOut` (this hold's own room left out).
    func othersTaken(checkIn: CalendarDay, checkOut: CalendarDay, db: Database, now: Int64) throws -> Int {
        let all = try Self.roomsTaken(
            db, propertyId: offer.propertyId, roomType: offer.roomType, checkIn: checkIn, checkOut: checkOut, now: now)
        let overlaps = self.checkIn.dayNumber < checkOut.dayNumber && self.checkOut.dayNumber > checkIn.dayNumber
        return overlaps ? all - 1 : all
    }
}
