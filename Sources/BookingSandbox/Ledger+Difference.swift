import BookingSQLite

extension Ledger {
    /// Records the difference of the modification applying `quote` to
    /// `booking` (at its version before the change) under the modification's
    /// idempotency key: a `difference_charge` or a `difference_refund` of
    /// its size, nothing when it is zero. Returns the entry's id, if any.
    /// The database takes one entry per booking version, so a second one
    /// for the same change cannot be stored.
    static func recordDifference(
        _ db: Database, quote: ModificationQuote, booking: BookingRecord, key: String, ids: IdentifierSource, now: Int64
    ) throws -> String? {
        guard quote.difference != 0 else { return nil }
        let entryId = try ids.newID(prefix: Identifier.difference, db).id
        let seq = try db.nextSequence("ledger")
        try db.run(
            """
            INSERT INTO ledger_difference (entry_id, seq, kind, account, idempotency_key, hold_id, booking_id,
                                           quote_id, from_version, amount, currency, created_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(entryId), .integer(seq), .text(quote.difference > 0 ? "difference_charge" : "difference_refund"),
                .text(booking.account), .text(key), .text(booking.holdId), .text(booking.bookingId),
                .text(quote.quoteId), .integer(booking.version), .integer(abs(quote.difference)),
                .text(quote.price.total.currency), .integer(now),
            ])
        return entryId
    }
}
