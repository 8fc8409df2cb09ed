/// A request that names a booking at one version and is saved under its
/// idempotency key before anything is sent: a cancellation, a change of
/// dates.
package protocol DurableRequest: Hashable, Sendable {
    /// The booking the request changes.
    var bookingID: BookingID { get }
    /// The version it changes: the server applies it at that version or refuses.
    var version: Version { get }
    /// The key every post of it carries.
    var key: IdempotencyKey { get }
}
