import BookingSQLite
import Foundation

/// A row of `modification_quote`: new dates of a booking at one of its
/// versions, priced, for a while; and the body it is sent as.
struct ModificationQuote: AccountRow {
    var quoteId: String
    var account: String
    var bookingId: String
    var forVersion: Int64
    var checkIn: CalendarDay
    var checkOut: CalendarDay
    var price: PriceBody
    /// The new total minus the total paid so far (negative: a refund).
    var difference: Int64
    var createdAtMs: Int64
    var expiresAtMs: Int64

    /// How long a quote answers, on the sandbox's clock.
    static let lifetimeMilliseconds: Int64 = 10 * 60 * 1000

    static let table = "modification_quote"
    static let idColumn = "quote_id"
    static let columns = """
        quote_id, account, booking_id, for_version, check_in_day, check_out_day, price_json, total_amount,
        difference, currency, created_at_ms, expires_at_ms
        """

    static func read(_ statement: Statement) throws -> ModificationQuote {
        guard let price = JSONResponse.decode(PriceBody.self, from: statement.data(at: 6)) else {
            throw APIError.internalError
        }
        return ModificationQuote(
            quoteId: statement.string(at: 0), account: statement.string(at: 1), bookingId: statement.string(at: 2),
            forVersion: statement.int64(at: 3), checkIn: CalendarDay(dayNumber: statement.int64(at: 4)),
            checkOut: CalendarDay(dayNumber: statement.int64(at: 5)), price: price,
            difference: statement.int64(at: 8), createdAtMs: statement.int64(at: 10),
            expiresAtMs: statement.int64(at: 11))
    }

    /// Inserts this quote.
    func insert(_ db: Database) throws {
        try db.run(
            "INSERT INTO modification_quote (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(quoteId), .text(account), .text(bookingId), .integer(forVersion), .integer(checkIn.dayNumber),
                .integer(checkOut.dayNumber), .text(JSONResponse.text(price)), .integer(price.total.amount),
                .integer(difference), .text(price.total.currency), .integer(createdAtMs), .integer(expiresAtMs),
            ])
    }

    /// Whether it no longer answers at `now`.
    func isExpired(now: Int64) -> Bool { expiresAtMs <= now }

    /// The body it is sent as.
    var body: ModificationQuoteBody {
        let currency = price.total.currency
        return ModificationQuoteBody(
            quoteId: quoteId, bookingId: bookingId, version: forVersion, checkIn: checkIn.isoString,
            checkOut: checkOut.isoString, price: price,
            previousTotal: MoneyBody(amount: price.total.amount - difference, currency: currency),
            difference: MoneyBody(amount: difference, currency: currency),
            expiresAt: CalendarDay.timestamp(unixMilliseconds: expiresAtMs))
    }
}
