import BookingCore

extension BookingAPIClient {
    /// `POST /v1/holds/{id}/release` with its own key: gives a hold up, so
    /// its room is free for everyone at once. The answer is the hold, ended
    /// (`EXPIRED`); a hold that had ended already answers the same.
    ///
    /// Sent with `postGivingUp` (it moves no money); safe to send again
    /// under the same key, or under another.
    ///
    /// - Throws: `APIError.final(.rejected(409, "HOLD_ALREADY_BOOKED"))`
    ///   when a live booking uses the hold (nothing released);
    ///   `APIError.final(.rejected(404, _))` for a hold the account does not
    ///   have (or a server without the call); `APIError.invalidResponse` when the
    ///   answer is another hold.
    package func releaseHold(_ id: HoldID, key: IdempotencyKey) async throws(APIError) -> HoldSnapshot {
        let hold = try await postGivingUp(
            "/v1/holds/\(Self.pathSegment(id.rawValue))/release", key: key, limit: BodyLimit.hold,
            as: HoldSnapshot.self)
        return try AnswerCheck.hold(hold, id: id)
    }
}
