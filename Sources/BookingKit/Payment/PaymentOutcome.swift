import BookingAPI
import BookingCore

/// How a payment call ended, as the repository saw it. The attempt row has
/// already been moved to match when the caller gets it.
package enum PaymentOutcome: Equatable, Sendable {
    /// The server answered with the booking (any state: confirmed, action
    /// required, processing, failed...).
    case answered(BookingSnapshot)
    /// A business refusal for the user (declined, expired, sold out...).
    case refused(UserFacingError, String)
    /// No clear answer: look the attempt up by its key; never pay again.
    case unknown(String)
    /// The server replayed an error it stored for the key (a 5xx with
    /// `Idempotent-Replayed: true`): it ran the request once and will not
    /// run the key again. A lookup decides: no booking under the key is "not paid".
    case serverFailedTheKey(String)
    /// The server refused the key as closed (`409 IDEMPOTENCY_KEY_CLOSED`):
    /// the payment never ran and never will; saved as not paid.
    case keyClosed(String)
    /// The server refused the payment with this machine code, neither a
    /// decline nor a business answer (`400 INVALID_PAYMENT_TOKEN`, `409
    /// HOLD_ALREADY_BOOKED`...): its own word that the request did not run
    /// under the key. Saved as not paid; the hold is not concluded.
    case rejected(code: String, String)
    /// A remembered `Retry-After` (the server's, from an earlier answer)
    /// stopped the call before it left: nothing was sent under the key.
    /// Saved as not paid, and the hold can be paid again under a new key.
    /// A 429 or 503 answered to the payment itself is never this: a gateway
    /// may have answered it after the server ran the payment, so it is
    /// looked up (`unknown`).
    case waitRequested(until: Int64, String)
    /// The request did not go through and certainly charged nothing.
    case notSent(String)
    /// The server refused the credential (HTTP 401): this try ran nothing,
    /// but an earlier try of the same call may have, so nothing is
    /// concluded: the row stays `PAYMENT_SUBMITTED`, to be looked up once
    /// the user signed in again.
    case credentialRefused(String)
    /// The server refused the payment because its kind is switched off
    /// (`409 PAYMENT_METHOD_DISABLED`): nothing ran; saved as not paid, the
    /// hold kept.
    case paymentMethodOff(String)
    /// The attempt cannot be paid (not held, already paid, or unknown).
    case notPayable(String)
    /// Another process started a new hold before this payment was saved as
    /// submitted: the attempt is abandoned and nothing was sent.
    case superseded
}
