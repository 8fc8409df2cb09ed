import BookingCore
import BookingSQLite
import Foundation

/// `booking.sqlite`: what must never be lost, the attempts and the trips.
///
/// WAL with `synchronous=FULL` (read back after opening), owner-only files
/// in an owner-only directory. A damaged file is never deleted: opening it
/// throws, and the caller shows the error; an emptied one (0 bytes) is
/// refused too, never silently started afresh. Not `Sendable`; give it to one actor or thread.
package final class BookingDatabase {
    /// The file name inside the data directory.
    package static let fileName = "booking.sqlite"

    /// The connection, for what the tables below do not cover.
    package let database: Database
    /// The attempts.
    package let attempts: AttemptTable
    /// The confirmed bookings.
    package let trips: TripTable

    /// How the file is opened.
    package enum Access: Sendable {
        /// Reading and writing: the data directory is created or tightened
        /// to `0700`, the file created and migrated if needed.
        case readWrite
        /// Reading only (`SQLITE_OPEN_READONLY`), for a viewer: nothing is
        /// created, tightened or migrated, so a file or directory the
        /// program may not write still shows its trips.
        case readOnly
    }

    /// Opens `booking.sqlite` in `directory`: for `.readWrite` (the default)
    /// creating the directory `0700` (tightening an existing one) and the
    /// file, and migrating it; for `.readOnly` only reading what is there.
    ///
    /// - Throws: `SQLiteError` when the file cannot be opened, is not a
    ///   database, is read-only (for `.readWrite`), is locked past the busy
    ///   timeout, is a symbolic link or not a regular file, or exists but
    ///   is empty (0 bytes: it lost what it held; it is refused, never
    ///   started afresh, and left as it is), or when the directory is a
    ///   symbolic link; `MigrationError.databaseIsNewer` when a newer build
    ///   wrote it; `MigrationError.needsUpgrade` when `.readOnly` and an
    ///   older build wrote it.
    package init(directory: String, access: Access = .readWrite, busyTimeoutMilliseconds: Int = 5_000) throws {
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        let migrator = Migrator(steps: ClientSchema.bookingSteps)
        switch access {
        case .readWrite:
            try Database.makeOwnerOnlyDirectory(atPath: directory)
            database = try Database(
                path: path, options: .init(synchronous: .full, busyTimeoutMilliseconds: busyTimeoutMilliseconds))
            try migrator.migrate(database)
            // Whoever follows the trips hears of each commit at once (`BookingChanges`).
            BookingChanges.announceCommits(of: database, directory: directory)
        case .readOnly:
            database = try Database(
                path: path,
                options: .init(synchronous: .full, busyTimeoutMilliseconds: busyTimeoutMilliseconds, readOnly: true))
            try migrator.verify(database)
        }
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
    /// - Parameter releasingHolds: also save, in the same transaction, a
    ///   release of every hold the device let go and has not given up yet
    ///   (`HoldReleaseTable.saveForgotten`): the one just superseded, a
    ///   declined one the user left for this attempt.
    /// - Throws: `SQLiteError`; nothing is written then.
    @discardableResult
    package func startAttempt(_ record: SavedAttempt, releasingHolds: Bool = false) throws -> [SavedAttempt] {
        try database.transaction {
            let superseded = try attempts.abandonHolds(at: record.createdAt)
            try attempts.insert(record)
            if releasingHolds {
                // The holds the new attempt leaves behind (the one it
                // replaced, a declined one the user left for it) are given
                // up in the same commit: never a moment with two rooms kept
                // and nothing saved to free one.
                _ = try releases.saveForgotten(
                    since: record.createdAt.addingTimeInterval(-Self.releaseHorizon), at: record.createdAt)
            }
            return superseded
        }
    }

    /// How far back a hold left without a release is still given up (far
    /// longer than any hold lives; an older one ended long ago).
    package static let releaseHorizon: TimeInterval = 24 * 3600

    /// Ends a submitted payment as not paid (`AttemptTable.concludeNotPaid`)
    /// and, in the same transaction, gives up its hold when a newer attempt
    /// superseded it meanwhile (`HoldReleaseTable.saveForgotten`): a room
    /// nobody will pay again. The latest attempt keeps its hold (its screen
    /// offers to pay it again). Returns whether the attempt moved.
    ///
    /// - Throws: `SQLiteError`; nothing is written then.
    @discardableResult
    package func concludeNotPaid(id: AttemptID, at date: Date) throws -> Bool {
        try database.transaction {
            let moved = try attempts.concludeNotPaid(id: id, at: date)
            if moved { try releaseForgotten(at: date) }
            return moved
        }
    }

    /// Saves a change of an attempt (`AttemptTable.update`) and, when it
    /// ends the attempt `FAILED` (a decline, a left 3-D Secure), in the same
    /// transaction gives up its hold if a newer attempt superseded it
    /// meanwhile, as `concludeNotPaid` does. Returns whether the attempt moved.
    ///
    /// - Parameter challengeURL: the bank's page of an `actionRequired`
    ///   change, saved in the same write (`AttemptTable.update`).
    /// - Throws: `SQLiteError`; nothing is written then.
    @discardableResult
    package func update(_ change: AttemptChange, challengeURL: String? = nil, at date: Date) throws -> Bool {
        guard change.phase == .failed else {
            return try attempts.update(change, challengeURL: challengeURL, at: date)
        }
        return try database.transaction {
            let moved = try attempts.update(change, challengeURL: challengeURL, at: date)
            if moved { try releaseForgotten(at: date) }
            return moved
        }
    }

    /// The releases of the holds the device let go, saved in the caller's transaction.
    private func releaseForgotten(at date: Date) throws {
        _ = try releases.saveForgotten(since: date.addingTimeInterval(-Self.releaseHorizon), at: date)
    }

    /// Saves the confirmed booking as a trip and moves its attempt to
    /// `confirmed`, in one transaction: both or neither.
    ///
    /// Returns whether the attempt moved (it does not when it was already
    /// final or holds a newer version); the trip is upserted by version either way.
    @discardableResult
    package func saveConfirmation(trip: TripRecord, attempt: AttemptID, at date: Date) throws -> Bool {
        try database.transaction {
            try trips.upsert(trip)
            return try attempts.update(
                AttemptChange(attemptID: attempt, phase: .confirmed, version: trip.version, bookingID: trip.bookingID),
                at: date)
        }
    }

    /// Creates the data directory `path` (and missing parents) `0700`, or
    /// tightens an existing one to `0700` (what `init` does for `.readWrite`).
    ///
    /// - Throws: `SQLiteError` when `path` itself is a symbolic link (it is
    ///   refused, its target left as it is; a link higher up the path is
    ///   followed), is not a directory, or cannot be created or tightened.
    package static func makeDataDirectory(atPath path: String) throws {
        try Database.makeOwnerOnlyDirectory(atPath: path)
    }

    /// Whether `error` says the device's storage is full (`SQLITE_FULL`:
    /// SQLite's answer to `ENOSPC`, or to the page limit).
    package static func isStorageFull(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isFull == true
    }

    /// Copies the WAL's commits into `booking.sqlite` itself (a passive
    /// checkpoint: it waits for no reader and is skipped past one), so
    /// that the file alone holds every booking, as a copy or a backup of it
    /// would. Syncs the WAL, then the file: the launch job's, after its
    /// last write, never a hold's or a payment's (BENCHMARKS.md).
    ///
    /// - Returns: whether every frame was copied (false when a reader of
    ///   another process kept some; the next checkpoint copies them).
    @discardableResult
    package func checkpoint() throws -> Bool {
        let statement = try database.prepare("PRAGMA wal_checkpoint(PASSIVE)")
        var complete = false
        try statement.forEachRow { row in
            // busy, frames in the WAL, frames copied (-1, -1 outside WAL mode).
            complete = row.int64(at: 0) == 0 && row.int64(at: 1) == row.int64(at: 2)
        }
        return complete
    }

    /// Runs `PRAGMA integrity_check`; `["ok"]` when the file is sound.
    package func integrityCheck() throws -> [String] {
        let statement = try database.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        try statement.forEachRow { lines.append($0.string(at: 0)) }
        return lines
    }
}
