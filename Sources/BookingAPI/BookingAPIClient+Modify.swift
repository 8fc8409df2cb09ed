import BookingCore

extension BookingAPIClient {
    /// `POST /v1/bookings/{id}/modification-quotes {checkIn, checkOut}`: the
    /// price of the booked room on new dates and the difference to the total
    /// paid. No key: a quote moves nothing, so it is retried like a read.
    ///
    /// - Throws: `APIError` (`INVALID_DATES`, `BOOKING_NOT_MODIFIABLE`,
    ///   `SOLD_OUT` as `.final(.rejected)`; `.notFound` for another account's
    ///   or an unknown booking); `.invalidResponse` for a quote of another booking.
    package func modificationQuote(_ id: BookingID, checkIn: CalendarDate, checkOut: CalendarDate)
        async throws(APIError) -> ModificationQuoteSnapshot
    {
        let quote = try await post(
            "/v1/bookings/\(Self.pathSegment(id.rawValue))/modification-quotes",
            body: ["checkIn": checkIn.description, "checkOut": checkOut.description], key: nil, kind: .read,
            timeout: configuration.cancelTimeout, limit: BodyLimit.booking, as: ModificationQuoteSnapshot.self)
        guard quote.bookingId == id else {
            throw .invalidResponse("a quote for booking \(quote.bookingId) answered a request about booking \(id)")
        }
        return quote
    }

    /// `POST /v1/bookings/{id}/modifications {quoteId, version}` with its own
    /// key: applies the quote once. An answer about another booking leaves
    /// the difference unknown (`APIError.unknownOutcome`).
    package func modify(_ id: BookingID, quoteID: String, version: Version, key: IdempotencyKey)
        async throws(APIError) -> ModificationSnapshot
    {
        let answer = try await post(
            "/v1/bookings/\(Self.pathSegment(id.rawValue))/modifications",
            body: ["quoteId": quoteID, "version": version.rawValue], key: key, kind: .modification,
            timeout: configuration.cancelTimeout, limit: BodyLimit.booking, as: ModificationSnapshot.self)
        _ = try AnswerCheck.booking(answer.booking, id: id, movesMoney: true)
        return answer
    }
}
