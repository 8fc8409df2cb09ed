import BookingCore
import Foundation
import SQLite

/// `booking.sqlite`: what must never be lost, the attempts and the trips.
///
/// WAL with `synchronous=FULL` (read back after opening), owner-only files.
/// A damaged file is never deleted: opening it throws, and the caller shows
/// the error. Not `Sendable`; give it to one actor or thread.
public final class BookingDatabase {
    /// The file name inside the data directory.
    public static let fileName = "booking.sqlite"

    /// The connection, for what the tables below do not cover.
    public let database: Database
    /// The attempts.
    public let attempts: AttemptTable
    /// The confirmed bookings.
    public let trips: TripTable

    /// Opens (creating and migrating if needed) `booking.sqlite` in `directory`.
    ///
    /// - Throws: `SQLiteError` when the file cannot be opened, is not a
    ///   database, is read-only or is locked past the busy timeout;
    ///   `MigrationError.databaseIsNewer` when a newer build wrote it.
    public init(directory: String, busyTimeoutMilliseconds: Int = 5_000) throws {
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        database = try Database(
            path: path, options: .init(synchronous: .full, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
        try Migrator(steps: ClientSchema.bookingSteps).migrate(database)
        attempts = AttemptTable(database: database)
        trips = TripTable(database: database)
    }

    /// Saves a new attempt as the data directory's current hold: in one
    /// transaction, every earlier attempt still in a hold phase is abandoned
    /// (it never sent a payment, so no money moved) and the new row is
    /// inserted. Another process's `pay` that committed `PAYMENT_SUBMITTED`
    /// first keeps its attempt; one that commits after finds its attempt
    /// abandoned and sends nothing. Returns the attempts it superseded.
    ///
    /// - Throws: `SQLiteError`; nothing is written then.
    @discardableResult
    public func startAttempt(_ record: StoredAttempt) throws -> [StoredAttempt] {
        try database.transaction {
            let superseded = try attempts.abandonHolds(at: record.createdAt)
            try attempts.insert(record)
            return superseded
        }
    }

    /// Saves the confirmed booking as a trip and moves its attempt to
    /// `confirmed`, in one transaction: both or neither.
    ///
    /// Returns whether the attempt moved (it does not when it was already
    /// final or holds a newer version); the trip is upserted by version either way.
    @discardableResult
    public func saveConfirmation(trip: TripRecord, attempt: AttemptID, at date: Date) throws -> Bool {
        try database.transaction {
            try trips.upsert(trip)
            return try attempts.update(
                AttemptChange(attemptID: attempt, phase: .confirmed, version: trip.version, bookingID: trip.bookingID, at: date))
        }
    }

    /// Runs `PRAGMA integrity_check`; `["ok"]` when the file is sound.
    public func integrityCheck() throws -> [String] {
        let statement = try database.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        try statement.forEachRow { lines.append($0.string(at: 0)) }
        return lines
    }
}
