import BookingSQLite

extension SandboxHandler {
    /// Refuses a payment of `hold` that asked for it (`ifStayNotBooked:
    /// true`) when the account already has a booking
    /// of the same stay (the same property and room type on the same dates)
    /// that is `CONFIRMED` or being paid (`ACTION_REQUIRED`, `PROCESSING`),
    /// made through another hold: 409 `STAY_ALREADY_BOOKED` naming that
    /// booking, stored under the key, nothing charged, the hold unchanged.
    /// The server is the one place that sees every device of the account;
    /// the condition is the client's to send (left out, a second room for
    /// the same stay is booked, as when the traveller asked for one).
    func checkStayNotBooked(_ hold: HoldRecord, db: Database) throws {
        let value = try db.scalar(
            """
            SELECT b.booking_id FROM hold h JOIN booking b ON b.booking_id = h.booking_id
            WHERE h.account = ?1 AND h.hold_id <> ?2 AND h.property_id = ?3 AND h.room_type = ?4
              AND h.check_in_day = ?5 AND h.check_out_day = ?6
              AND b.state IN ('ACTION_REQUIRED', 'PROCESSING', 'CONFIRMED')
            ORDER BY b.seq LIMIT 1
            """,
            [
                .text(hold.account), .text(hold.holdId), .text(hold.offer.propertyId), .text(hold.offer.roomType),
                .integer(hold.checkIn.dayNumber), .integer(hold.checkOut.dayNumber),
            ])
        guard case .text(let bookingId)? = value else { return }
        var error = APIError(
            status: 409, code: "STAY_ALREADY_BOOKED",
            message:
                "This account already has a booking of this room for these dates; "
                + "send the payment without ifStayNotBooked to book a second room.")
        error.detail.bookingId = bookingId
        throw error
    }
}
