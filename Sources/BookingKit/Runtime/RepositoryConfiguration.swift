import BookingAPI
import BookingPrimitives
import Foundation

/// Settings of the booking repository.
package struct RepositoryConfiguration: Sendable {
    /// How long the server keeps idempotency keys at most, as far as this
    /// client knows (24 hours by default). The server's own
    /// `Idempotency-Key-Lifetime`, once read, shortens it, never lengthens
    /// it (`BookingRepository.keyLifetime()`). An attempt older than the
    /// lifetime is only looked up, never resent, and a payment the server
    /// never received is failed once it is this old.
    package var keyLifetime: TimeInterval
    /// The most reconciliation requests in flight at once.
    package var reconcileConcurrency: Int

    /// How young a hold request may be and still be in flight in another
    /// process: reconciliation leaves it pending rather than expiring it.
    /// By default `inFlightGrace(for: APIConfiguration())`.
    package var inFlightGrace: TimeInterval

    /// Where the bank's 3-D Secure page sends the browser back: a link into
    /// the app, `{bookingId}` replaced by the server (for example
    /// `https://example.com/bookings/{bookingId}/3ds-return`). Sent with every
    /// payment, the same for each retry of a key (a key is never reused with
    /// other parameters); nil sends none.
    package var challengeReturnURL: String?

    /// Creates settings.
    package init(
        keyLifetime: TimeInterval = 24 * 60 * 60, reconcileConcurrency: Int = 8, inFlightGrace: TimeInterval? = nil,
        challengeReturnURL: String? = nil
    ) {
        self.keyLifetime = keyLifetime
        self.reconcileConcurrency = max(1, reconcileConcurrency)
        self.inFlightGrace = inFlightGrace ?? Self.inFlightGrace(for: APIConfiguration())
        self.challengeReturnURL = challengeReturnURL
    }

    /// The longest a hold request can still be in flight in some process on
    /// the data directory: the one place the grace is derived. A call waits
    /// out a remembered `Retry-After` before its first try and a wait before
    /// each retry, each at most `policy.longestWait` (the back-off is
    /// capped below it; a longer `Retry-After` ends the call); its tries
    /// share `holdTimeout` on the server. Taken for `api` and for the default
    /// configuration, whichever is longer: a quick process (the viewer's
    /// one try) reconciling must leave time for a patient one's request.
    /// Five seconds more cover scheduling and the save after the answer.
    package static func inFlightGrace(for api: APIConfiguration) -> TimeInterval {
        func worstCase(_ api: APIConfiguration) -> Duration {
            let waits = api.policy.longestWait * api.policy.maxAttempts
            return waits + api.holdTimeout + .seconds(5)
        }
        let longest = max(worstCase(api), worstCase(APIConfiguration()))
        return longest.inSeconds
    }
}
