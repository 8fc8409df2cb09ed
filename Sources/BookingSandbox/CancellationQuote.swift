import BookingSQLite

/// A row of `cancellation_quote`: what cancelling a booking at one of its
/// versions gives back and keeps, for a while; and the body it is sent as.
/// Its figures are `Ledger.cancellationTerms`, the ones a cancel records.
struct CancellationQuote: AccountRow, Equatable {
    var quoteId: String
    var account: String
    var bookingId: String
    var forVersion: Int64
    var terms: Ledger.CancellationTerms
    var createdAtMs: Int64
    var expiresAtMs: Int64

    /// How long a quote answers, on the sandbox's clock (as a change of
    /// dates' quote does).
    static let lifetimeMilliseconds: Int64 = ModificationQuote.lifetimeMilliseconds

    static let table = "cancellation_quote"
    static let idColumn = "quote_id"
    static let columns = """
        quote_id, account, booking_id, for_version, refund_amount, penalty_amount, currency, created_at_ms,
        expires_at_ms
        """

    static func read(_ statement: Statement) throws -> CancellationQuote {
        let currency = statement.string(at: 6)
        return CancellationQuote(
            quoteId: statement.string(at: 0), account: statement.string(at: 1), bookingId: statement.string(at: 2),
            forVersion: statement.int64(at: 3),
            terms: Ledger.CancellationTerms(
                refund: MoneyBody(amount: statement.int64(at: 4), currency: currency),
                penalty: MoneyBody(amount: statement.int64(at: 5), currency: currency)),
            createdAtMs: statement.int64(at: 7), expiresAtMs: statement.int64(at: 8))
    }

    /// A new quote for `booking` at its version with `terms`, saved.
    static func make(
        for booking: BookingRecord, terms: Ledger.CancellationTerms, ids: IdentifierSource, db: Database, now: Int64
    ) throws -> CancellationQuote {
        let quote = CancellationQuote(
            quoteId: try ids.newID(prefix: Identifier.cancellationQuote, db).id, account: booking.account,
            bookingId: booking.bookingId, forVersion: booking.version, terms: terms, createdAtMs: now,
            expiresAtMs: now + lifetimeMilliseconds)
        try db.run(
            "INSERT INTO cancellation_quote (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(quote.quoteId), .text(quote.account), .text(quote.bookingId), .integer(quote.forVersion),
                .integer(terms.refund.amount), .integer(terms.penalty.amount), .text(terms.refund.currency),
                .integer(now), .integer(quote.expiresAtMs),
            ])
        return quote
    }

    /// Whether it no longer answers at `now`.
    func isExpired(now: Int64) -> Bool { expiresAtMs <= now }

    /// The body it is sent as.
    var body: CancellationQuoteBody {
        CancellationQuoteBody(
            quoteId: quoteId, bookingId: bookingId, version: forVersion, refund: terms.refund,
            penalty: terms.penalty, expiresAt: CalendarDay.timestamp(unixMilliseconds: expiresAtMs))
    }
}

/// A quote of a cancellation, as sent (the contract's `CancellationQuote`):
/// the refund and the penalty kept (their sum is the booking's total), at
/// one version of the booking, until `expiresAt`.
struct CancellationQuoteBody: Codable, Equatable, Sendable {
    var quoteId: String
    var bookingId: String
    /// The booking's version the quote was made for.
    var version: Int64
    var refund: MoneyBody
    var penalty: MoneyBody
    var expiresAt: String
}
