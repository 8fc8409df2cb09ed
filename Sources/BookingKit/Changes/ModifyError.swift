import BookingAPI
import BookingCore

/// Why a change of a booking's dates did not end changed. Each case says
/// what was saved and what the user can do; none loses anything, and none
/// charged or refunded anything by mistake.
public enum ModifyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// This device's copy of the trip is not confirmed: nothing was sent.
    case notModifiable(BookingID, BookingStatus)
    /// The server refused the quote or the change, so nothing changed:
    /// `code` is the server's (`INVALID_DATES`, `SOLD_OUT`,
    /// `BOOKING_NOT_MODIFIABLE`, `VERSION_CHANGED`, `QUOTE_MISMATCH`, `NOT_FOUND`, ...).
    case refused(BookingID, code: String, message: String)
    /// The quote expired before the change was applied; the server gave
    /// this new quote for the same dates, to accept or not. Nothing changed.
    case quoteExpired(BookingID, newQuote: ModificationQuoteSnapshot)
    /// The request certainly never reached the server (offline, refused
    /// connection, or it could not be saved first): nothing changed.
    case notSent(BookingID, String)
    /// The outcome is not known yet (the answer was lost, the server is
    /// unreachable or busy): the request stays saved under its key, and the
    /// next `modify` of this booking or reconciliation settles it.
    case pending(BookingID, IdempotencyKey, String)
    /// The crash hook stopped the change at this boundary (tests only).
    @_spi(Testing) case stopped(TripChangeBoundary)

    public var description: String {
        switch self {
        case .notModifiable(let id, let status):
            return "booking \(id) is \(status.rawValue) on this device; only a confirmed booking can change its dates"
        case .refused(let id, let code, let message):
            return "the server refused to change the dates of booking \(id): \(code): \(message); nothing changed"
        case .quoteExpired(let id, let quote):
            return
                "the quote for booking \(id) expired; the new total is \(quote.price.total.formatted) (difference \(quote.difference.formatted)); nothing changed"
        case .notSent(let id, let detail):
            return "the change of booking \(id) never reached the server (\(detail)); nothing changed"
        case .pending(let id, let key, let detail):
            return "the change of booking \(id) is saved (key \(key)) but its outcome is not known yet (\(detail))"
        case .stopped(let boundary): return "stopped at \(boundary)"
        }
    }
}
