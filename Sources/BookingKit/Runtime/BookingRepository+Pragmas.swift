import BookingSQLite

extension BookingRepository {
    /// Sets a pragma on the repository's own connection. A seam for the
    /// package's simulation (storage faults such as `max_page_count`), not
    /// public API: it is `package`, so the simulation needs no testable
    /// import and release builds of the package compile it.
    package func setPragma(_ name: String, _ value: String) throws {
        try store.database.pragma(name, set: value)
    }

    /// Reads a pragma on the repository's own connection (the same seam).
    package func pragma(_ name: String) throws -> String? {
        try store.database.pragma(name)
    }
}
