import BookingStore

extension BookingRepository {
    /// Whether a cancellation or a change of dates saved by any run on this
    /// data directory is still open: read on the attempts' connection, so a launch with none
    /// opens nothing more.
    ///
    /// - Throws: `SQLiteError` when the table cannot be read.
    package func hasOpenCancelRequests() throws -> Bool {
        try !store.cancels.allOpen().isEmpty || !store.modifies.allOpen().isEmpty
    }
}
