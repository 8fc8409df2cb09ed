import BookingAPI
import BookingCore
import BookingSQLite
import BookingStore
import Foundation

extension TripRepository {
    /// Reads again every trip whose saved refund is still `PENDING`
    /// (`GET /v1/bookings/{id}`) and saves the answer when it is newer (the
    /// upsert by version): a refund the server has settled since shows as
    /// refunded. Part of the cancellations' reconciliation (`booking
    /// reconcile`, every launch); one that cannot be read stays as saved
    /// until the next run. Says what changed in `report.messages`; a refund
    /// still pending is not open work (the server settles it), so it is
    /// counted nowhere.
    func refreshPendingRefunds(into report: inout CancelReport) async {
        guard let api else { return }
        let ids: [BookingID]
        do {
            ids = try store.trips.pendingRefunds()
        } catch {
            logger.warning("cannot read the trips with a pending refund", error: error)
            return
        }
        for id in ids {
            let booking: BookingSnapshot
            do {
                booking = try await api.booking(id)
            } catch {
                logger.warning("cannot read a booking whose refund is pending", error: error, ["booking": id.rawValue])
                continue
            }
            guard booking.state == .cancelled, let refund = booking.refund?.refund, refund.state != .pending else {
                continue
            }
            do {
                if try store.trips.upsert(BookingRepository.trip(from: booking, syncedAt: now())) {
                    report.messages.append("trip \(id): \(refund.text)")
                }
            } catch {
                logger.warning("cannot save a settled refund", error: error, ["booking": id.rawValue])
            }
        }
    }
}

extension TripRepository {
    /// Reads booking `id` from the server (`GET /v1/bookings/{id}`) and
    /// saves it when it is a trip (confirmed or cancelled) newer than the
    /// device's copy, by version. Returns the trip saved now; nil when the
    /// server has no such booking for this account, or it is not a trip
    /// (still being paid, or failed). Offline-only (no API): the device's
    /// copy.
    ///
    /// - Throws: `APIError` when the server could not be asked; the
    ///   database's error when the trip cannot be saved or read.
    package func fetch(_ id: BookingID) async throws -> Trip? {
        guard let api else { return try trip(id) }
        let booking: BookingSnapshot
        do {
            booking = try await api.booking(id)
        } catch {
            if case .notFound = error { return nil }
            throw error
        }
        guard booking.state == .confirmed || booking.state == .cancelled else { return nil }
        _ = try store.trips.upsert(BookingRepository.trip(from: booking, syncedAt: now()))
        return try trip(id)
    }
}
