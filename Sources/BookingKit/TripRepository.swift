import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// The trips: synced from the server by version, read from `booking.sqlite`
/// with no network at all.
package actor TripRepository {
    let store: BookingDatabase
    private let api: BookingAPIClient?
    private let now: @Sendable () -> Date

    /// Opens the trips in `directory`. With `api` nil the repository is
    /// offline-only: reads work, `sync` does nothing. With `access`
    /// `.readOnly` it only reads (a file or directory it may not write still
    /// shows its trips) and is offline-only whatever `api` is.
    ///
    /// - Throws: what `BookingDatabase.init` throws.
    public init(
        directory: String, api: BookingAPIClient?, access: BookingDatabase.Access = .readWrite,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        store = try BookingDatabase(directory: directory, access: access)
        self.api = access == .readWrite ? api : nil
        self.now = now
    }

    /// One trip and what it shows.
    public struct Trip: Equatable, Sendable {
        /// The saved row.
        public var record: TripRecord
        /// Its details, when the saved JSON reads.
        public var details: TripDetails?
    }

    /// Every trip in check-in order, from the device.
    public func trips() throws -> [Trip] {
        var trips: [Trip] = []
        try store.trips.forEach { trips.append(Trip(record: $0, details: TripDetails(json: $0.propertyJSON))) }
        return trips
    }

    /// Calls `body` with each trip in check-in order, one row at a time
    /// (memory stays flat however many trips there are). Returns how many.
    @discardableResult
    public func forEachTrip(_ body: @Sendable (Trip) throws -> Void) throws -> Int {
        var count = 0
        try store.trips.forEach {
            count += 1
            try body(Trip(record: $0, details: TripDetails(json: $0.propertyJSON)))
        }
        return count
    }

    /// One trip, from the device.
    public func trip(_ id: BookingID) throws -> Trip? {
        try store.trips.trip(id: id).map { Trip(record: $0, details: TripDetails(json: $0.propertyJSON)) }
    }

    /// When the oldest saved copy was synced.
    public func oldestSync() throws -> Date? {
        try store.trips.oldestSync()
    }

    /// `GET /v1/bookings`: saves every confirmed or cancelled booking of the
    /// account, each only if its version is newer. Returns how many rows changed.
    @discardableResult
    public func sync() async throws -> Int {
        guard let api else { return 0 }
        let bookings = try await api.bookings()
        let syncedAt = now()
        var changed = 0
        try store.database.transaction {
            for booking in bookings where booking.state == .confirmed || booking.state == .cancelled {
                if try store.trips.upsert(BookingRepository.trip(from: booking, syncedAt: syncedAt)) { changed += 1 }
            }
        }
        return changed
    }

    /// `POST /v1/bookings/{id}/cancel` with the saved version and a fresh key,
    /// then saves the answer.
    public func cancel(_ id: BookingID, key: IdempotencyKey) async throws -> BookingSnapshot {
        guard let api else { throw APIError.final(.notSent, nil) }
        guard let trip = try store.trips.trip(id: id) else { throw RepositoryError.unknownBooking(id) }
        let booking = try await api.cancel(id, version: trip.version, key: key)
        try store.trips.upsert(BookingRepository.trip(from: booking, syncedAt: now()))
        return booking
    }
}
