import Foundation

/// Settings of the booking repository.
package struct RepositoryConfiguration: Sendable {
    /// How long the server keeps idempotency keys (it publishes 24 hours).
    /// An attempt older than this is only looked up, never resent, and a
    /// payment the server never received is failed once it is this old.
    package var keyLifetime: TimeInterval
    /// The most reconciliation requests in flight at once.
    package var reconcileConcurrency: Int

    /// How young a hold request may be and still be in flight in another
    /// process: reconciliation leaves it pending rather than expiring it.
    package var inFlightGrace: TimeInterval

    /// Where the bank's 3-D Secure page sends the browser back: a link into
    /// the app, `{bookingId}` replaced by the server (for example
    /// `https://example.com/bookings/{bookingId}/3ds-return`). Sent with every
    /// payment, the same for each retry of a key (a key is never reused with
    /// other parameters); nil sends none.
    package var challengeReturnURL: String?

    /// Creates settings.
    package init(
        keyLifetime: TimeInterval = 24 * 60 * 60, reconcileConcurrency: Int = 8, inFlightGrace: TimeInterval = 60,
        challengeReturnURL: String? = nil
    ) {
        self.keyLifetime = keyLifetime
        self.reconcileConcurrency = max(1, reconcileConcurrency)
        self.inFlightGrace = inFlightGrace
        self.challengeReturnURL = challengeReturnURL
    }
}
