import BookingCore

/// What closing a payment's key found.
package enum KeyClosureAnswer: Hashable, Sendable {
    /// The booking made under the key: it decides the attempt.
    case used(BookingSnapshot)
    /// No booking under the key, and none ever will be: the server refuses
    /// anything sent under it from now on. Certainly not paid.
    case closed
}

extension BookingAPIClient {
    /// `POST /v1/bookings/close-key {idempotencyKey}`: for a payment that
    /// cannot be sent again (after a restart its payment method is not in
    /// memory), the booking made under `key`, or the key closed so that the
    /// payment never runs. Safe to repeat (a closed key answers closed
    /// again), so it carries no key of its own.
    ///
    /// - Throws: `APIError.final` with the server's `IDEMPOTENCY_KEY_IN_USE`
    ///   when a request under the key still runs (nothing closed);
    ///   `APIError.notFound` from a server without the call;
    ///   `APIError.invalidResponse` when the answer is about another key, or
    ///   its booking was made under another key, or it is closed with a
    ///   booking or used without one.
    package func closeKey(_ key: IdempotencyKey) async throws(APIError) -> KeyClosureAnswer {
        let answer = try await post(
            "/v1/bookings/close-key", body: ["idempotencyKey": key.rawValue], key: nil, kind: .read,
            timeout: configuration.readTimeout, limit: BodyLimit.booking, as: KeyClosureSnapshot.self)
        guard answer.idempotencyKey == key else {
            throw .invalidResponse("the closing of key \(key) answered about key \(answer.idempotencyKey)")
        }
        switch (answer.state, answer.booking) {
        case (.used, let booking?):
            return .used(try AnswerCheck.booking(booking, key: key))
        case (.closed, nil):
            return .closed
        default:
            throw .invalidResponse("a key closing in state \(answer.state.rawValue) with the wrong booking field")
        }
    }
}
