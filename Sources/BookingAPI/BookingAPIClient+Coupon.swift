import BookingCore

extension BookingAPIClient {
    /// `POST /v1/holds/{id}/coupon {code}`: the hold re-quoted at the
    /// code's discounted price (a new quote, `couponCode` set). No key:
    /// applying a code is a set and moves no money, so it is retried like a
    /// read; the same code again answers the hold as it is.
    ///
    /// - Throws: `APIError.final(.rejected(404, "COUPON_UNKNOWN"))`;
    ///   `.final(.rejected(409, code))` with `COUPON_EXPIRED`,
    ///   `COUPON_NOT_APPLICABLE`, `COUPON_ALREADY_USED`,
    ///   `COUPON_ALREADY_APPLIED`, `HOLD_EXPIRED` or `HOLD_ALREADY_BOOKED`
    ///   (the hold unchanged), each possibly as `.userFacing` with the
    ///   server's error; `.final(.rejected(404, "NOT_FOUND"))` for a hold
    ///   the account does not have; `.invalidResponse` when the answer is
    ///   another hold.
    package func applyCoupon(_ code: String, to id: HoldID) async throws(APIError) -> HoldSnapshot {
        let hold = try await post(
            "/v1/holds/\(Self.pathSegment(id.rawValue))/coupon", body: ["code": code], key: nil, kind: .hold,
            timeout: configuration.holdTimeout, limit: BodyLimit.hold, as: HoldSnapshot.self)
        return try AnswerCheck.hold(hold, id: id)
    }
}
