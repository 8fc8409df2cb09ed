import BookingAPI
import BookingCore
import BookingStore
import Foundation

// The server's bookings: looked up by key or read by id, and applied to
// the attempt (and its trip) when newer.
extension BookingRepository {
    /// `GET /v1/bookings?attempt=<key>`: the booking made under the attempt's
    /// key, applied if newer. Nil when the server has none.
    package func lookUp(_ id: AttemptID) async throws -> BookingSnapshot? {
        let record = try saved(id)
        guard let booking = try await api.booking(forAttempt: record.idempotencyKey) else { return nil }
        try apply(booking, to: id)
        return booking
    }

    /// `GET /v1/bookings/{id}` for the attempt's booking, applied if newer.
    package func refresh(_ id: AttemptID) async throws -> BookingSnapshot {
        let record = try saved(id)
        guard let bookingID = record.bookingID else {
            guard let booking = try await lookUp(id) else {
                throw RepositoryError.wrongPhase(id, record.phase, "refresh a booking the server has not made")
            }
            return booking
        }
        let booking = try await api.booking(bookingID)
        try apply(booking, to: id)
        return booking
    }

    /// Applies a server answer to an attempt when its version is newer (the
    /// store ignores anything else). A confirmed booking is saved as a trip
    /// and its attempt finalized in one transaction. Returns whether the
    /// attempt moved.
    @discardableResult
    package func apply(_ booking: BookingSnapshot, to id: AttemptID) throws -> Bool {
        guard booking.idempotencyKey == (try saved(id)).idempotencyKey else { return false }
        let syncedAt = now()
        if booking.state == .confirmed || booking.state == .cancelled {
            let trip = Self.trip(from: booking, syncedAt: syncedAt)
            if booking.state == .confirmed {
                return try store.saveConfirmation(trip: trip, attempt: id, at: syncedAt)
            }
            try store.trips.upsert(trip)
        }
        return try store.update(
            AttemptChange(
                attemptID: id, phase: AttemptPhase(bookingStatus: booking.state), version: booking.version,
                holdID: booking.holdId, bookingID: booking.bookingId),
            challengeURL: booking.state == .actionRequired ? booking.nextAction?.url : nil, at: syncedAt)
    }

    /// Whether `booking` is saved on this device as a trip: what a flow
    /// reads before it says the trip is available offline. A file it cannot
    /// read says no.
    package func isSavedAsTrip(_ booking: BookingSnapshot) -> Bool {
        do {
            return try store.trips.trip(id: booking.bookingId) != nil
        } catch {
            logger.error(
                "cannot read the trip of a confirmed booking", error: error, ["booking": booking.bookingId.rawValue])
            return false
        }
    }

    static func trip(from booking: BookingSnapshot, syncedAt: Date) -> TripRecord {
        TripRecord(
            bookingID: booking.bookingId, status: booking.state == .cancelled ? .cancelled : .confirmed,
            propertyJSON: TripDetails(booking).json, checkIn: booking.checkIn.description,
            checkOut: booking.checkOut.description, voucherCode: booking.voucherCode, version: booking.version,
            syncedAt: syncedAt, refund: booking.refund?.refund)
    }
}
