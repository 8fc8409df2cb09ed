/// The largest answer body the client reads from each endpoint, in bytes.
///
/// A body over its endpoint's cap is not read further (the transport stops
/// at the cap and drops the connection) and is a bad answer from the
/// server: `APIError.invalidResponse`, or `unknownOutcome` on a request
/// that moves money (looked up by its key). Never "offline", never retried.
/// Each cap is far above what the contract's largest answer of that
/// endpoint holds (a page of 50 offers is about 40 KB), and applies to the
/// error bodies of that endpoint too.
package enum BodyLimit {
    /// `GET /v1/places/suggest`: 256 KiB.
    package static let suggestions = 256 * 1_024
    /// `GET /v1/offers` (one page, either form): 1 MiB.
    package static let offers = 1_024 * 1_024
    /// `GET /v1/events` (at most 100 changes of about 80 bytes): 64 KiB.
    package static let events = 64 * 1_024
    /// `POST /v1/holds` and `GET /v1/holds/{id}`: 64 KiB.
    package static let hold = 64 * 1_024
    /// `GET /v1/holds`: at most 20 holds.
    package static let holdPage = 20 * hold
    /// One booking (`POST /v1/bookings`, `GET /v1/bookings/{id}`,
    /// `GET /v1/bookings?attempt=`, `POST /v1/bookings/{id}/cancel`): 64 KiB.
    package static let booking = 64 * 1_024
    /// `GET /v1/bookings` (one page of up to 100 bookings): 1 MiB.
    package static let bookingPage = 1_024 * 1_024
    /// `GET /v1/sandbox/ledger` (every charge of a test account): 16 MiB.
    package static let ledger = 16 * 1_024 * 1_024
    /// `POST /v1/sandbox/challenges/{id}`: 64 KiB.
    package static let challenge = 64 * 1_024
    /// `GET /v1/payment-methods` (the switch): 64 KiB.
    package static let paymentMethods = 64 * 1_024
}
