import BookingAPI
import BookingCore
import BookingSQLite
import BookingStore
import Foundation

/// The trips: synced from the server by version, read from `booking.sqlite`
/// with no network at all.
package actor TripRepository {
    let store: BookingDatabase
    let api: BookingAPIClient?
    let now: @Sendable () -> Date
    /// The source of new cancellation keys (`Dependencies.makeUUID`).
    let newID: @Sendable () -> String
    /// Where failures that are worked around are logged.
    let logger: Logger
    /// Where each cancellation or change-of-dates run logs its events, by
    /// flow name; nil keeps no log (`BookingClient.Seams.flowRunLogPath`).
    let runLogPath: (@Sendable (String) -> String?)?
    let dependencies: Dependencies
    let logHandler: any LogHandler

    /// Opens the trips in `directory`. With `api` nil the repository is
    /// offline-only: reads work, `sync` does nothing. With `access`
    /// `.readOnly` it only reads (a file or directory it may not write still
    /// shows its trips) and is offline-only whatever `api` is.
    ///
    /// - Throws: what `BookingDatabase.init` throws.
    package init(
        directory: String, api: BookingAPIClient?, access: BookingDatabase.Access = .readWrite,
        dependencies: Dependencies = .live, logHandler: any LogHandler = SilentLogHandler(),
        runLogPath: (@Sendable (String) -> String?)? = nil
    ) throws {
        logger = Logger(handler: logHandler, source: "trips")
        self.runLogPath = runLogPath
        self.dependencies = dependencies
        self.logHandler = logHandler
        store = try BookingDatabase(directory: directory, access: access)
        self.api = access == .readWrite ? api : nil
        now = dependencies.now
        newID = { [dependencies] in dependencies.newID() }
    }

    /// One trip and what it shows.
    package struct Trip: Equatable, Sendable {
        /// The saved row, with its listed columns (`record.summary`).
        package var record: TripRecord

        /// Creates a trip over its row.
        package init(record: TripRecord) {
            self.record = record
        }

        /// The full saved details, decoded from the row's JSON when asked
        /// (a listing never asks: it reads `record.summary`).
        package var details: TripDetails? { record.propertyJSON.flatMap(TripDetails.init(json:)) }
    }

    /// What a sync changed.
    package struct SyncReport: Equatable, Sendable {
        /// The trips saved anew or updated, in the server's order.
        package var changed: [BookingID] = []
        /// Bookings the server sent that this build's schema refuses (a
        /// newer server's value): not saved, the older copy kept.
        package var refused: [BookingID] = []
    }

    /// Every trip in check-in order, from the device, with its details.
    package func trips() throws -> [Trip] {
        var trips: [Trip] = []
        try store.trips.forEach(includingJSON: true) { trips.append(Trip(record: $0)) }
        return trips
    }

    /// Calls `body` with each trip in check-in order, one row at a time
    /// (memory stays flat however many trips there are; `details` is not
    /// read), and `skipped` with
    /// each row that cannot be shown (a damaged file). Returns how many
    /// were shown.
    @discardableResult
    package func forEachTrip(
        skipping skipped: @Sendable (TripTable.Skipped) throws -> Void = { _ in },
        _ body: @Sendable (Trip) throws -> Void
    ) throws -> Int {
        var count = 0
        try store.trips.forEach(skipping: skipped) {
            count += 1
            try body(Trip(record: $0))
        }
        return count
    }

    /// One trip, from the device.
    package func trip(_ id: BookingID) throws -> Trip? {
        try store.trips.trip(id: id).map(Trip.init(record:))
    }

    /// When the oldest saved copy was synced.
    package func oldestSync() throws -> Date? {
        try store.trips.oldestSync()
    }

    /// `GET /v1/bookings`: saves every confirmed or cancelled booking of the
    /// account, each only if its version is newer. Returns how many rows changed.
    @discardableResult
    package func sync() async throws -> Int {
        try await syncReport().changed.count
    }

    /// `GET /v1/bookings`, as `sync`, saying which trips changed and which
    /// the schema refused (each skipped alone; the others are saved).
    package func syncReport() async throws -> SyncReport {
        guard let api else { return SyncReport() }
        let bookings = try await api.bookings()
        let syncedAt = now()
        var report = SyncReport()
        var behind: [BookingID] = []
        try store.database.transaction {
            for booking in bookings where booking.state == .confirmed || booking.state == .cancelled {
                do {
                    if try store.trips.upsert(BookingRepository.trip(from: booking, syncedAt: syncedAt)) {
                        report.changed.append(booking.bookingId)
                    } else if let saved = try store.trips.trip(id: booking.bookingId), saved.version > booking.version {
                        behind.append(booking.bookingId)
                    }
                } catch let error as SQLiteError where error.isConstraintViolation {
                    report.refused.append(booking.bookingId)
                }
            }
        }
        for id in behind where try await readAgainAndReplace(id, syncedAt: syncedAt) {
            report.changed.append(id)
        }
        return report
    }

    /// A trip the listing gave at a lower version than the one saved: read
    /// again by its id, and when the server says the same lower version
    /// again, its answer wins (the saved version is one no server keeps).
    /// An answer newer than the saved one is saved as any answer is.
    private func readAgainAndReplace(_ id: BookingID, syncedAt: Date) async throws -> Bool {
        guard let api else { return false }
        let booking = try await api.booking(id)
        guard booking.state == .confirmed || booking.state == .cancelled,
            let saved = try store.trips.trip(id: id)
        else { return false }
        let trip = BookingRepository.trip(from: booking, syncedAt: syncedAt)
        if booking.version >= saved.version { return try store.trips.upsert(trip) }
        logger.log(
            .warning, "the server's version of a trip is lower than the one saved: the server's answer replaces it",
            ["booking": id.rawValue, "saved": saved.version.description, "server": booking.version.description])
        return try store.trips.replace(trip)
    }
}
