import BookingAPI
import BookingCore

extension BookingClient {
    /// Asks the server what new dates of the confirmed trip `id` cost: the
    /// new total and the difference to the total paid (positive: charged,
    /// negative: refunded), valid for a while and for the trip's current
    /// version. Nothing is saved, charged or refunded: show it, then call
    /// `modify(_:)` if the user accepts.
    ///
    /// ```swift
    /// let quote = try await client.modificationQuote(for: id, checkIn: newIn, checkOut: newOut)
    /// if userAccepts(quote.price.total, quote.difference) {
    ///     let trip = try await client.modify(quote)  // trip.version is the new one
    /// }
    /// ```
    ///
    /// - Throws: `BookingClientError.unknownTrip` when it is not on this
    ///   device, `.malformedID`; `.modify(.notModifiable)` when this
    ///   device's trip is not confirmed; `.modify(.refused)` with the
    ///   server's code: `INVALID_DATES` (in the past, reversed, the same
    ///   dates, too long), `SOLD_OUT`, `BOOKING_NOT_MODIFIABLE` (cancelled,
    ///   or the stay has begun), `NOT_FOUND` (another account's booking);
    ///   `.modify(.notSent)` or `.serverUnreachable` offline (nothing was
    ///   asked); `.alreadyBooked` when another confirmed booking on this
    ///   device has the same room on those dates (nothing was asked: say
    ///   so, and ask again with `bookingAgain: true` only if the traveller
    ///   wants a second room); `.apiKeyRefused`, `.closed`.
    public func modificationQuote(
        for id: BookingID, checkIn: CalendarDate, checkOut: CalendarDate, bookingAgain: Bool = false
    ) async throws(BookingClientError) -> ModificationQuoteSnapshot {
        guard Self.isWellFormed(id.rawValue) else { throw .malformedID(id.rawValue) }
        return try await guarded {
            try await $0.trips.modificationQuote(id, checkIn: checkIn, checkOut: checkOut, bookingAgain: bookingAgain)
        }
    }

    /// Changes the trip's dates as `quote` says, charging or refunding its
    /// difference exactly once, and returns the trip at its new version (saved
    /// on the device, so it shows offline). The request and its key are saved
    /// before it leaves; a change left open by a crash or a lost answer is
    /// settled by the next `modify(_:)` of the trip or by the next launch's
    /// reconciliation, with its own key.
    ///
    /// - Throws: `.modify(.refused)` with the server's code (nothing
    ///   changed): `VERSION_CHANGED` (the booking changed since the quote:
    ///   ask again), `QUOTE_MISMATCH`, `BOOKING_NOT_MODIFIABLE`, `SOLD_OUT`;
    ///   `.modify(.quoteExpired)` with the new quote for the same dates, to
    ///   show and accept or not; `.modify(.notSent)` when the request never
    ///   left the device (offline: nothing changed, nothing is kept open);
    ///   `.modify(.pending)` when the outcome is unknown (the answer was
    ///   lost or the server is busy: the request stays saved and is settled
    ///   later, never sent twice to charge twice); `.unknownTrip`,
    ///   `.storageFull`, `.apiKeyRefused`, `.closed`.
    @discardableResult
    public func modify(_ quote: ModificationQuoteSnapshot) async throws(BookingClientError) -> Trip {
        _ = try await modifyBooking(quote)
        return try await trip(id: quote.bookingId)
    }

    /// Changes the dates as `modify(_:)` does, and returns the server's
    /// answer as saved (with its version): the command line's report.
    package func modifyBooking(_ quote: ModificationQuoteSnapshot) async throws(BookingClientError)
        -> BookingSnapshot
    {
        guard Self.isWellFormed(quote.bookingId.rawValue) else { throw .malformedID(quote.bookingId.rawValue) }
        let boundary = seams.modifyBoundaryHook
        return try await backgroundHolds.during("a change of dates being sent") { () async throws(BookingClientError) in
            try await guarded { try await $0.trips.modify(quote, boundary: boundary) }
        }
    }
}
