import BookingAPI
import BookingCore

/// Why a cancellation did not end cancelled. Each case says what was saved
/// and what the user can do; none loses anything.
public enum CancelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// This device's copy of the trip is already cancelled: nothing was sent.
    case alreadyCancelled(BookingID, Version)
    /// The server refused this cancellation, so it cancelled nothing (a
    /// refusal whose read finds the booking cancelled, by an earlier try or
    /// another device, is never this: the cancel returns that booking):
    /// `code` is the server's (`VERSION_CONFLICT`, `BOOKING_NOT_CANCELLABLE`,
    /// `NOT_FOUND`, ...). `current` is the trip as the server has it now,
    /// when it could be read (this device's copy is updated from it).
    case refused(BookingID, code: String, message: String, current: Trip?)
    /// The quote accepted no longer holds (it expired, or the booking or its
    /// refund changed since): nothing was cancelled, and the server quoted
    /// again. Show `newQuote`, and cancel with it if the user accepts.
    case quoteChanged(BookingID, newQuote: CancellationQuote)
    /// The request certainly never reached the server (offline, refused
    /// connection): nothing was sent, and the request is closed.
    case notSent(BookingID, String)
    /// The outcome is not known yet (the answer was lost, the server is
    /// unreachable or busy): the request stays saved under its key, and the
    /// next `cancel` of this booking or reconciliation asks for it and
    /// resends it with the same key and version.
    case pending(BookingID, IdempotencyKey, String)
    /// The crash hook stopped the cancellation at this boundary (tests only:
    /// `@_spi(Testing) import BookingKit`).
    @_spi(Testing) case stopped(TripChangeBoundary)

    public var description: String {
        switch self {
        case .alreadyCancelled(let id, let version):
            return "booking \(id) is already cancelled (version \(version)); nothing was sent"
        case .refused(let id, let code, let message, let current):
            let now = current.map { " (the server has it \($0.status.rawValue), version \($0.version))" } ?? ""
            return "the server refused to cancel booking \(id): \(code): \(message)\(now); nothing was cancelled"
        case .quoteChanged(let id, let quote):
            return "the quote for cancelling booking \(id) no longer holds; the new one refunds "
                + "\(quote.refund.formatted) (penalty \(quote.penalty.formatted)); nothing was cancelled"
        case .notSent(let id, let detail):
            return "the cancellation of booking \(id) never reached the server (\(detail)); nothing was cancelled"
        case .pending(let id, let key, let detail):
            return
                "the cancellation of booking \(id) is saved (key \(key)) but its outcome is not known yet (\(detail))"
        case .stopped(let boundary): return "stopped at \(boundary)"
        }
    }
}
