import BookingCore

extension BookingAPIClient {
    /// `POST /v1/bookings/{id}/cancellation-quotes`: what cancelling the
    /// booking now gives back and keeps, for its current version, for a
    /// while. No key: a quote moves nothing, so it is retried like a read.
    ///
    /// - Throws: `APIError` (`BOOKING_NOT_CANCELLABLE` as `.final(.rejected)`;
    ///   `.notFound` for another account's or an unknown booking);
    ///   `.invalidResponse` for a quote of another booking.
    package func cancellationQuote(_ id: BookingID) async throws(APIError) -> CancellationQuote {
        let answer = try await post(
            "/v1/bookings/\(Self.pathSegment(id.rawValue))/cancellation-quotes", body: [:], key: nil, kind: .read,
            timeout: configuration.cancelTimeout, limit: BodyLimit.booking, as: CancellationQuoteSnapshot.self)
        guard answer.quote.bookingID == id else {
            throw .invalidResponse(
                "a cancellation quote for booking \(answer.quote.bookingID) answered a request about booking \(id)")
        }
        return answer.quote
    }

    /// `POST /v1/bookings/{id}/cancel {version, quoteId}` with its own key:
    /// cancels only at the quoted refund (`cancel(_:version:key:)` without
    /// a quote). An answer about another booking leaves the refund unknown
    /// (`APIError.unknownOutcome`).
    package func cancel(_ id: BookingID, version: Version, quoteID: String?, key: IdempotencyKey)
        async throws(APIError) -> BookingSnapshot
    {
        guard let quoteID else { return try await cancel(id, version: version, key: key) }
        let booking = try await post(
            "/v1/bookings/\(Self.pathSegment(id.rawValue))/cancel",
            body: ["version": version.rawValue, "quoteId": quoteID], key: key, kind: .cancellation,
            timeout: configuration.cancelTimeout, limit: BodyLimit.booking, as: BookingSnapshot.self)
        return try AnswerCheck.booking(booking, id: id, movesMoney: true)
    }
}
