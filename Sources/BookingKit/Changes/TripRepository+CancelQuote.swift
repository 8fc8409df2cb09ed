import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// The refund before cancelling: the server quotes what cancelling a trip
/// gives back and keeps (nothing is saved or moved), and a cancellation
/// the user accepts names the quote, so the server cancels only at it.
extension TripRepository {
    /// `POST /v1/bookings/{id}/cancellation-quotes`: the refund and penalty
    /// of cancelling trip `id` now. Nothing is saved or sent that moves money.
    ///
    /// - Throws: `RepositoryError.unknownBooking` when no trip has this id;
    ///   `CancelError.alreadyCancelled` when the trip is cancelled here;
    ///   `CancelError.refused` with the server's code
    ///   (`BOOKING_NOT_CANCELLABLE`, `NOT_FOUND`) or `INVALID_QUOTE` for
    ///   figures that do not add up to the trip's total; `CancelError.notSent`
    ///   when no quote came (offline, the server busy); `APIError.final(.notSent(nil), nil)`
    ///   for an offline-only repository.
    package func cancellationQuote(_ id: BookingID) async throws -> CancellationQuote {
        guard let api else { throw APIError.final(.notSent(nil), nil) }
        guard let trip = try store.trips.trip(id: id) else { throw RepositoryError.unknownBooking(id) }
        guard trip.status == .confirmed else { throw CancelError.alreadyCancelled(id, trip.version) }
        let quote: CancellationQuote
        do {
            quote = try await api.cancellationQuote(id)
        } catch {
            let failure = Self.quoteFailure(error, id, now: now())
            if case CancelError.refused(_, "BOOKING_NOT_CANCELLABLE", let message, _) = failure {
                throw await notCancellable(id, message: message, api: api)
            }
            throw failure
        }
        if let contradiction = Self.contradiction(quote, trip) {
            throw CancelError.refused(
                id, code: "INVALID_QUOTE", message: "the server's quote cannot be used: \(contradiction)",
                current: nil)
        }
        return quote
    }

    /// The server will not quote: the booking is not confirmed there. It is
    /// read once (best effort) and saved as the trip, so this device shows
    /// the truth: `alreadyCancelled` when it is cancelled (by another device,
    /// or an earlier run), else the refusal with the booking as read.
    private func notCancellable(_ id: BookingID, message: String, api: BookingAPIClient) async -> CancelError {
        guard let booking = try? await api.booking(id) else {
            return .refused(id, code: "BOOKING_NOT_CANCELLABLE", message: message, current: nil)
        }
        let savedAt = now()
        if booking.state == .confirmed || booking.state == .cancelled {
            do {
                try store.trips.upsert(BookingRepository.trip(from: booking, syncedAt: savedAt))
            } catch {
                logger.warning(
                    "cannot save the booking read after a refused quote", error: error, ["booking": id.rawValue])
            }
        }
        if booking.state == .cancelled { return .alreadyCancelled(id, booking.version) }
        return .refused(
            id, code: "BOOKING_NOT_CANCELLABLE", message: message, current: BookingKit.Trip(read: booking, at: savedAt))
    }

    /// What in `quote` cannot be right for `trip`, or nil: at the version
    /// this device holds, the refund and the penalty add up to the trip's
    /// total in its currency (a quote at another version is the server's
    /// newer word; the cancel names it, and the server checks it).
    private static func contradiction(_ quote: CancellationQuote, _ trip: TripRecord) -> String? {
        guard quote.version == trip.version, let total = trip.summary?.price.total else { return nil }
        guard quote.refund.currency == total.currency,
            quote.refund.minorUnits + quote.penalty.minorUnits == total.minorUnits
        else {
            return "a refund of \(quote.refund.formatted) and a penalty of \(quote.penalty.formatted) "
                + "do not add up to the trip's total \(total.formatted)"
        }
        return nil
    }

    /// Why no quote came, as the cancel's error (a refused API key stays
    /// the API's error, which the client names).
    private static func quoteFailure(_ error: APIError, _ id: BookingID, now: Date) -> any Error {
        switch error {
        case .final(.rejected(401, _), _):
            return error
        case .final(.rejected(let status, let code), let detail) where status < 500:
            return CancelError.refused(
                id, code: code ?? detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)", current: nil)
        case .userFacing(_, let detail):
            return CancelError.refused(
                id, code: detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)", current: nil)
        case .notFound:
            return CancelError.refused(id, code: "NOT_FOUND", message: CancelFlow.notFoundMessage, current: nil)
        case .invalidResponse(let why):
            return CancelError.refused(
                id, code: "INVALID_QUOTE", message: "the server's quote cannot be used: \(why)", current: nil)
        default:
            return CancelError.notSent(id, reason(error, now: now))
        }
    }

    /// The new quote a refused cancel carries for `id` (`QUOTE_EXPIRED`,
    /// `QUOTE_CHANGED`), or nil.
    static func newQuote(in error: APIError, for id: BookingID) -> CancellationQuote? {
        guard case .final(.rejected(_, let code?), let detail) = error,
            code == "QUOTE_EXPIRED" || code == "QUOTE_CHANGED",
            let quote = detail?.cancellationQuote?.quote, quote.bookingID == id
        else { return nil }
        return quote
    }
}
