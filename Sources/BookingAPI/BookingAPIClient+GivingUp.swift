import BookingCore

extension BookingAPIClient {
    /// A POST that gives something up (`/v1/bookings/{id}/abandon`,
    /// `/v1/holds/{id}/release`): an empty body under the request's own key,
    /// retried like a hold request. It moves no money, so a lost answer is
    /// asked again with the same key; the server answers the thing given up.
    func postGivingUp<Answer: Decodable>(_ path: String, key: IdempotencyKey, limit: Int, as type: Answer.Type)
        async throws(APIError) -> Answer
    {
        try await post(
            path, body: [:], key: key, kind: .hold, timeout: configuration.holdTimeout, limit: limit, as: type)
    }
}
