import BookingCore

/// The answer of `POST /v1/bookings/close-key`: the key, and either the
/// booking made under it (`USED`) or the key closed for good (`CLOSED`,
/// `booking` null).
package struct KeyClosureSnapshot: Decodable, Hashable, Sendable {
    /// What the server found under the key.
    package enum State: String, Decodable, Hashable, Sendable {
        /// A booking was made under the key.
        case used = "USED"
        /// No booking, and the key is closed: nothing under it will run.
        case closed = "CLOSED"
    }

    /// The key closed.
    package let idempotencyKey: IdempotencyKey
    /// What the server found.
    package let state: State
    /// The booking made under the key, with `USED`.
    package let booking: BookingSnapshot?
}
