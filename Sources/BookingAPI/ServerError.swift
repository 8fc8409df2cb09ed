import BookingCore
import Foundation

/// The error body every non-2xx answer carries: `{"error": {"code", "message", ...}}`.
package struct ServerError: Decodable, Hashable, Sendable, CustomStringConvertible {
    /// The machine code the client decides by (`PRICE_CHANGED`, `SOLD_OUT`, ...).
    package let code: String
    /// A message for people.
    package let message: String
    /// `PRICE_CHANGED`: the new price.
    package let price: PriceBreakdown?
    /// `PRICE_CHANGED`: the new quote.
    package let quoteId: QuoteID?
    /// A conflicting booking or the booking's current version, when the code carries one.
    package let bookingId: BookingID?
    /// The booking's current version, for `VERSION_CONFLICT`.
    package let version: Version?
    /// `QUOTE_EXPIRED`: a new quote for the same dates, when the room is still free.
    package let quote: ModificationQuoteSnapshot?
    /// `QUOTE_EXPIRED`, `QUOTE_CHANGED` on a cancel: the cancellation quoted again.
    package let cancellationQuote: CancellationQuoteSnapshot?

    private struct Envelope: Decodable { let error: ServerError }

    /// Reads the error body of an answer; nil when there is none or it is malformed
    /// (the status alone then decides).
    static func parse(_ body: Data) -> ServerError? {
        try? JSONWire.decode(Envelope.self, from: body).error
    }

    package var description: String { "\(code): \(message)" }
}
