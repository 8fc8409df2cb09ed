import BookingCore

extension BookingAPIClient {
    /// `POST /v1/bookings/{id}/abandon` with its own key: leaves a pending
    /// 3-D Secure challenge. The answer is the booking: ended unpaid
    /// (`FAILED`, its hold free to pay again under a new key), or as it
    /// ended before (`FAILED`, `EXPIRED`).
    ///
    /// Sent with `postGivingUp`: it takes no money (a bank answer after it
    /// is refused), so a lost answer is asked again with the same key.
    ///
    /// - Throws: `APIError.final(.rejected(409, "BOOKING_NOT_ABANDONABLE"))`
    ///   with the booking's state when the bank passed it first (nothing
    ///   changed: read the booking); `APIError.final(.rejected(404, _))`
    ///   for a booking the account does not have, or a server without the
    ///   call; `APIError.invalidResponse` when the answer is another booking.
    package func abandonBooking(_ id: BookingID, key: IdempotencyKey) async throws(APIError) -> BookingSnapshot {
        let booking = try await postGivingUp(
            "/v1/bookings/\(Self.pathSegment(id.rawValue))/abandon", key: key, limit: BodyLimit.booking,
            as: BookingSnapshot.self)
        return try AnswerCheck.booking(booking, id: id)
    }
}
